import { describe, expect, it } from "vitest";
import { displayEdit, editLines, slideToLineStart, type DisplayLine } from "@/lib/drilldown/edit-lines";
import { singleEditDiff } from "@/lib/drilldown/single-edit-diff";

const canonical = "def lowest_set_bit(n):\n    if n < 1:\n        return 0\n    return n & (-n)\n";
const noGuard = "def lowest_set_bit(n):\n    return n & (-n)\n";

// A line as text, with removed spans as [-…] and added ones as [+…].
const show = (l: DisplayLine) => (l.kind === "marker" ? `(${l.note})` : l.segments.map((s) => (s.mark === "removed" ? `[-${s.text}]` : s.mark === "added" ? `[+${s.text}]` : s.text)).join(""));

describe("edit lines", () => {
  it("slides a deleted guard to whole lines, so the line after it keeps its indentation unmarked", () => {
    const raw = singleEditDiff(canonical, noGuard);
    // The character diff ends the deletion inside the next line's indentation.
    expect(raw.removed.endsWith("\n    ")).toBe(true);
    const slid = slideToLineStart(raw);
    expect(slid.removed).toBe("    if n < 1:\n        return 0\n");
    expect(slid.prefix + slid.removed + slid.suffix).toBe(canonical);
    expect(slid.prefix + slid.suffix).toBe(noGuard);

    const unified = editLines(raw, "unified");
    expect(unified.map((l) => [l.number, l.kind, show(l)])).toEqual([
      [1, "same", "def lowest_set_bit(n):"],
      [null, "removed", "[-    if n < 1:]"],
      [null, "removed", "[-        return 0]"],
      [2, "same", "    return n & (-n)"],
    ]);
  });

  it("shows each side of a deleted guard on its own: struck lines in the canonical, a marker in the distractor", () => {
    const e = singleEditDiff(canonical, noGuard);
    expect(editLines(e, "canonical").map((l) => [l.number, l.kind])).toEqual([
      [1, "same"],
      [2, "removed"],
      [3, "removed"],
      [4, "same"],
    ]);
    const variant = editLines(e, "variant");
    expect(variant.map(show)).toEqual(["def lowest_set_bit(n):", "(2 lines removed here)", "    return n & (-n)"]);
    expect(variant.filter((l) => l.kind !== "marker").map((l) => l.number)).toEqual([1, 2]);
  });

  it("marks an operator change inside its line, widened to whole tokens", () => {
    const e = singleEditDiff(canonical, canonical.replace("n < 1", "n <= 1"));
    const unified = editLines(e, "unified");
    expect(unified[1]).toMatchObject({ number: 2, kind: "changed" });
    expect(show(unified[1])).toBe("    if n [-<][+<=] 1:");
    expect(unified.filter((l) => l.kind !== "same")).toHaveLength(1);
    expect(displayEdit(e)).toMatchObject({ removed: "<", added: "<=" });
  });

  it("shows an inserted line as added, numbered in the distractor", () => {
    const withExtra = canonical.replace("    return n & (-n)\n", "    n = abs(n)\n    return n & (-n)\n");
    const e = singleEditDiff(canonical, withExtra);
    const variant = editLines(e, "variant");
    expect(variant.map((l) => [l.number, l.kind, show(l)])).toContainEqual([4, "added", "[+    n = abs(n)]"]);
    expect(variant.at(-1)).toMatchObject({ number: 5, kind: "same" });
  });

  it("leaves code without an edit as plain numbered lines", () => {
    const lines = editLines(singleEditDiff(canonical, canonical), "variant");
    expect(lines.map((l) => l.kind)).toEqual(["same", "same", "same", "same"]);
    expect(lines.map((l) => l.number)).toEqual([1, 2, 3, 4]);
  });
});
