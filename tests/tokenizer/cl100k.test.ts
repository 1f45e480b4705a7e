// The cl100k_base encoder implemented in lib/tokenizer against the reference (tiktoken's own
// encoder, compiled to WebAssembly in the same package): the same token ids for source files of
// this project, whitespace and Unicode edge cases, and pieces long enough for the heap merge.
import fs from "node:fs";
import { get_encoding } from "tiktoken";
import { afterAll, describe, expect, it } from "vitest";
import { countTokens, encodeCl100k } from "@/lib/tokenizer/cl100k";

const reference = get_encoding("cl100k_base");
afterAll(() => reference.free());
const ids = (text: string) => Array.from(reference.encode_ordinary(text));

describe("cl100k_base", () => {
  it("encodes known strings as tiktoken does", () => {
    expect(encodeCl100k("hello world")).toEqual([15339, 1917]);
    expect(countTokens("")).toBe(0);
  });

  it.each([
    ["contractions", "I'm sure they'LL say it's what we'VE done"],
    ["whitespace", "a  b\t\tc\n\n\n  d \r\n\r\n e   \n"],
    ["unicode", "naïve café — 日本語のテキスト 😀👍🏽 \u0085 \u00a0x \ufeffy"],
    ["digits", "x = 1234567; y = 3.14159e-10; 0x1F"],
    ["punctuation runs", "=>>===!!?? ::<>{}[]()\n\n// ###"],
    ["a long letter run", "q".repeat(3000) + "abc".repeat(700)],
    ["a long base64 run", "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=".repeat(80)],
  ])("matches the reference on %s", (_, text) => {
    expect(encodeCl100k(text)).toEqual(ids(text));
  });

  it("matches the reference on this project's own files", () => {
    for (const f of ["lib/repo-metrics/bcy.ts", "README.md", "prisma/schema.prisma", "app/globals.css"]) {
      const text = fs.readFileSync(f, "utf8");
      expect(encodeCl100k(text), f).toEqual(ids(text));
      expect(countTokens(text)).toBe(ids(text).length);
    }
  });
});
