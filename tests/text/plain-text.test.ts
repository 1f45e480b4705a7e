import { describe, expect, it } from "vitest";
import { parseSubmissionMetadata, publicMetadata } from "@/lib/submissions/metadata";
import { textProblem, unstorableString } from "@/lib/text/plain-text";
import { AppError } from "@/lib/errors/app-error";

const META = { model: "acme-embed", provider: "Acme" };

function refusal(raw: unknown): AppError {
  try {
    parseSubmissionMetadata(raw);
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return e as AppError;
  }
  throw new Error("accepted");
}

describe("user text", () => {
  it("refuses what Postgres cannot store: NUL and unpaired surrogates, in every kind of field", () => {
    for (const kind of ["name", "line", "multiline"] as const) {
      expect(textProblem("a\u0000b", kind)).toMatch(/control character U\+0000/);
      expect(textProblem("a\ud800b", kind)).toMatch(/unpaired surrogate/);
      expect(textProblem("a\udc00", kind)).toMatch(/unpaired surrogate/);
    }
    expect(textProblem("emoji 😀 pair", "name")).toBeNull();
  });

  it("allows line breaks only in multi-line fields", () => {
    expect(textProblem("one\ntwo", "multiline")).toBeNull();
    expect(textProblem("one\ttwo", "multiline")).toBeNull();
    expect(textProblem("one\ntwo", "line")).toMatch(/U\+000A.*one line/);
    expect(textProblem("one\u2028two", "name")).toMatch(/U\+2028/);
  });

  it("refuses in names the characters that let one name pass for another", () => {
    for (const [s, cp] of [
      ["Acme\u200b", "U+200B"], // zero-width space
      ["Ac\u202eemc", "U+202E"], // right-to-left override
      ["\u2066Acme\u2069", "U+2066"], // isolate
      ["Ac\u00adme", "U+00AD"], // soft hyphen
      ["Acme\ufeff", "U+FEFF"],
      ["A\u200dcme", "U+200D"],
      ["Acme\u{e0041}", "U+E0041"], // tag character
    ] as const) {
      expect(textProblem(s, "name")).toContain(cp);
      expect(textProblem(s, "multiline")).toBeNull(); // notes may quote them
    }
    expect(textProblem("Ünïcode Läb 北京 ООО", "name")).toBeNull();
  });

  it("finds the first unstorable string anywhere in a JSON value, keys included", () => {
    expect(unstorableString({ a: ["ok", { b: "x\u0000" }] })).toEqual({ path: "a[1].b", problem: "contains a NUL character" });
    expect(unstorableString({ ["k\ud800"]: 1 })?.problem).toMatch(/its key contains an unpaired surrogate/);
    expect(unstorableString({ a: [1, true, null, "fine"] })).toBeNull();
  });
});

describe("submission metadata", () => {
  it("names the field and the character it refuses", () => {
    expect(refusal({ ...META, model: "acme\u0000" }).message).toMatch(/model: contains the control character U\+0000/);
    expect(refusal({ ...META, provider: "Acme\u202e" }).message).toMatch(/provider: contains the invisible or direction-changing character U\+202E/);
    expect(refusal({ ...META, notes: "bad \ud800 half" }).message).toMatch(/notes: contains an unpaired surrogate/);
    expect(refusal(JSON.stringify({ ...META, notes: "x\u0000y" })).code).toBe("BAD_REQUEST");
    expect(parseSubmissionMetadata({ ...META, notes: "line one\nline two\tindented" }).notes).toBe("line one\nline two\tindented");
  });

  it("takes only http and https links", () => {
    for (const bad of ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "file:///etc/passwd", "ftp://example.com/x", "JAVASCRIPT:alert(1)", "http://", "vbscript:msgbox"]) {
      expect(refusal({ ...META, link: bad }).message).toMatch(/link: /);
    }
    expect(parseSubmissionMetadata({ ...META, link: "https://huggingface.co/acme/embed" }).link).toBe("https://huggingface.co/acme/embed");
    expect(parseSubmissionMetadata({ ...META, link: "http://example.com/a?b=c" }).link).toBe("http://example.com/a?b=c");
  });

  it("hands out a stored non-web link as no link at all", () => {
    expect(publicMetadata({ ...META, link: "javascript:alert(1)" })).toEqual(META);
    expect(publicMetadata({ ...META, link: "https://ok.example" })).toEqual({ ...META, link: "https://ok.example" });
    expect(publicMetadata(null)).toBeNull();
  });
});
