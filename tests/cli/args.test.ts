import { describe, expect, it } from "vitest";
import { intOption, parse } from "@/lib/cli/args";
import { AppError } from "@/lib/errors/app-error";

// The one option parser every command declares its options to (lib/cli/args.ts).
function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("expected a refusal");
}

describe("parse", () => {
  it("reads the declared strings, booleans and repeatable lists, around positionals", () => {
    const { positionals, values } = parse(["build", "src", "--out=dir", "--zip", "--from", "a", "--from", "b", "--name", "N"], {
      strings: ["out", "name"],
      booleans: ["zip", "check"],
      lists: ["from"],
    });
    expect(positionals).toEqual(["build", "src"]);
    expect(values).toEqual({ out: "dir", zip: true, from: ["a", "b"], name: "N" });
    expect(values.check).toBeUndefined();
  });

  it("gives the API commands --url, --token and --json, and no one else", () => {
    const argv = ["--url", "http://x", "--token", "t", "--json"];
    expect(parse(argv, { api: true, strings: ["benchmark"] }).values).toEqual({ url: "http://x", token: "t", json: true });
    expect(refusal(() => parse(["--json"], { strings: ["url", "token"] })).message).toMatch(/Unknown option '--json'/);
  });

  it("refuses an undeclared option, and a string option without its value, as a usage error", () => {
    const unknown = refusal(() => parse(["--frobnicate"], { booleans: ["wait"] }));
    expect(unknown.code).toBe("BAD_REQUEST");
    expect(unknown.message).toMatch(/--frobnicate/);
    const bare = refusal(() => parse(["--benchmark"], { strings: ["benchmark"] }));
    expect(bare.code).toBe("BAD_REQUEST");
    expect(bare.message).toMatch(/--benchmark/);
    expect(refusal(() => parse(["--wait=yes"], { booleans: ["wait"] })).code).toBe("BAD_REQUEST");
  });
});

describe("intOption", () => {
  it("is the fallback when absent, the number when within bounds, else a usage error naming the bounds", () => {
    expect(intOption(undefined, "trace", 40, 0, 1000)).toBe(40);
    expect(intOption("0", "trace", 40, 0, 1000)).toBe(0);
    expect(intOption("1000", "trace", 40, 0, 1000)).toBe(1000);
    for (const bad of ["1001", "-1", "2.5", "ten"]) {
      const e = refusal(() => intOption(bad, "trace", 40, 0, 1000));
      expect(e.code).toBe("BAD_REQUEST");
      expect(e.message).toBe("--trace must be an integer from 0 to 1000");
    }
  });
});
