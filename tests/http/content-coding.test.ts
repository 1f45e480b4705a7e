// Which coding a kept answer goes out in (RFC 9110 §12.5.3), and that coding it round-trips.
import { describe, expect, it } from "vitest";
import { chooseCoding, decode, encode } from "@/lib/http/content-coding";

describe("chooseCoding", () => {
  const both = ["br", "gzip"] as const;
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip, deflate, br, zstd", "br"], // a browser's
    ["gzip, deflate", "gzip"], // curl --compressed, Node's fetch
    ["x-gzip", "gzip"],
    ["GZIP;Q=0.8, BR;q=0.9", "br"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, gzip;q=0", "identity"],
    ["deflate", "identity"],
    ["*", "br"],
    ["*;q=0.5, identity", "identity"],
    ["br;q=abc, gzip;q=0.1", "gzip"], // a malformed weight refuses its coding
    ["identity;q=0", "identity"], // nothing else offered: identity all the same
  ])("Accept-Encoding %j gets %s", (header, want) => {
    expect(chooseCoding(header, both)).toBe(want);
  });

  it("chooses only among the codings made so far", () => {
    expect(chooseCoding("gzip, br", ["gzip"])).toBe("gzip");
    expect(chooseCoding("br", ["gzip"])).toBe("identity");
    expect(chooseCoding("gzip, br", [])).toBe("identity");
    expect(chooseCoding(["gzip", "br;q=0"], both)).toBe("gzip");
  });
});

describe("encode and decode", () => {
  it("round-trip a page in every coding, and refuse one they cannot undo", async () => {
    const page = Buffer.from(Array.from({ length: 500 }, (_, i) => `<tr><td>q_${i}</td><td>✓ ${i % 3}</td></tr>`).join(""));
    for (const coding of ["br", "gzip"] as const) {
      const coded = await encode(page, coding);
      expect(coded.length).toBeLessThan(page.length / 5);
      expect((await decode(coded, coding))!.equals(page)).toBe(true);
    }
    expect((await decode(page, undefined))!.equals(page)).toBe(true);
    expect((await decode(page, "identity"))!.equals(page)).toBe(true);
    expect(await decode(page, "zstd")).toBeNull();
  });
});
