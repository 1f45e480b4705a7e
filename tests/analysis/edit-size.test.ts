import { describe, expect, it } from "vitest";
import { EDIT_SIZE_BUCKETS, editSize, editSizeBucket } from "@/lib/analysis";
import { GUARD, handLayout } from "./hand-case";

describe("editSize (common prefix/suffix diff)", () => {
  it("counts a one-character substitution, insertion or deletion as 1", () => {
    expect(editSize("return n & (-n)", "return n | (-n)")).toBe(1);
    expect(editSize("if n < 1:", "if n <= 1:")).toBe(1);
    expect(editSize("if n <= 1:", "if n < 1:")).toBe(1);
  });

  it("counts the longer side of a replaced span", () => {
    expect(editSize("x = a + b", "x = a - b - 1")).toBe(7); // "+ b" → "- b - 1": no common suffix
    expect(editSize("range(n)", "range(n - 1)")).toBe(4);
  });

  it("never lets prefix and suffix overlap", () => {
    expect(editSize("aa", "aaa")).toBe(1);
    expect(editSize("abab", "ab")).toBe(2);
    expect(editSize("", "abc")).toBe(3);
  });

  it("counts code points, not UTF-16 units, and 0 for identical code", () => {
    expect(editSize("s = '😀'", "s = '😁'")).toBe(1);
    expect(editSize("same", "same")).toBe(0);
  });

  it("buckets sizes as Table 8 does", () => {
    expect(EDIT_SIZE_BUCKETS.map((b) => b.label)).toEqual(["1", "2-5", "6-20", "21+"]);
    expect([0, 1, 2, 5, 6, 20, 21, 540].map(editSizeBucket)).toEqual([-1, 0, 1, 1, 2, 2, 3, 3]);
  });

  it("is computed for every distractor against its own query's canonical when the layout is built", () => {
    const layout = handLayout();
    expect(layout.corpus.map((c) => c.editSize)).toEqual([null, 1, 4, null, 1, GUARD.length, null, 1]);
    expect(GUARD.length).toBe(31);
    expect(layout.corpus.map((c) => c.mechanical)).toEqual([false, true, true, false, true, true, false, false]);
  });
});
