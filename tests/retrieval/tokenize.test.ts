import { describe, expect, it } from "vitest";
import { countTerms, foldedIdentifiers, tokenize } from "@/lib/retrieval/tokenize";

describe("tokenize", () => {
  it("splits code on non-alphanumerics and snake_case", () => {
    expect(tokenize("def lowest_set_bit(n):\n    return n & (-n)")).toEqual(["def", "lowest", "set", "bit", "n", "return", "n", "n"]);
  });

  it("splits camelCase, PascalCase and acronyms", () => {
    expect(tokenize("parseHTTPResponse")).toEqual(["parse", "http", "response"]);
    expect(tokenize("XMLHttpRequest")).toEqual(["xml", "http", "request"]);
    expect(tokenize("isHTML")).toEqual(["is", "html"]);
    expect(tokenize("iPhone")).toEqual(["i", "phone"]);
  });

  it("keeps digit runs as their own tokens", () => {
    expect(tokenize("base64Encode(x2, 10)")).toEqual(["base", "64", "encode", "x", "2", "10"]);
    expect(tokenize("sha256")).toEqual(["sha", "256"]);
  });

  it("handles natural language, case and non-ASCII letters", () => {
    expect(tokenize("Return the LOWEST set bit; e.g. Café.")).toEqual(["return", "the", "lowest", "set", "bit", "e", "g", "café"]);
    expect(tokenize("  ,;()  ")).toEqual([]);
    expect(tokenize("")).toEqual([]);
  });

  it("is deterministic", () => {
    const text = "def fooBar_baz(x: int) -> List[int]: return [x] * 3";
    expect(tokenize(text)).toEqual(tokenize(text));
  });
});

describe("foldedIdentifiers and countTerms", () => {
  it("fold case and underscores so naming conventions meet", () => {
    expect(foldedIdentifiers("lowest_set_bit lowestSetBit __init__ 2")).toEqual(["lowestsetbit", "lowestsetbit", "init", "2"]);
    expect(foldedIdentifiers("a + _")).toEqual(["a"]);
  });

  it("counts terms in first-occurrence order", () => {
    expect([...countTerms(["n", "return", "n"])]).toEqual([["n", 2], ["return", 1]]);
  });
});
