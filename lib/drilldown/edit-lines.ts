// A single edit laid out as lines of code, for the drilldown's code views: the canonical with the
// span its distractor changes, the distractor with what it put there, or one unified view.
//
// An edit that removes or adds whole lines (a deleted guard) is first slid to the start of its
// lines: the character diff of "    if n < 1:\n        return 0\n    return n" against
// "    return n" names "if n < 1:\n        return 0\n    " as removed, which would strike the
// indentation of the line that stays. Sliding the same deletion left by its indentation makes it
// "    if n < 1:\n        return 0\n", two whole lines, and the next line untouched.
import { widenToTokens, type SingleEdit } from "./single-edit-diff";

export type Mark = "none" | "removed" | "added";

export interface LineSegment {
  text: string;
  mark: Mark;
}

export interface DisplayLine {
  /** 1-based line number in the code this view shows; null for a line that is not in it. */
  number: number | null;
  /** removed/added: the whole line is the edit; changed: part of it; marker: where lines went. */
  kind: "same" | "changed" | "removed" | "added" | "marker";
  segments: LineSegment[];
  /** For a marker: what it stands for ("2 lines removed"). */
  note?: string;
}

/** Slides a pure insertion or deletion that spans lines left, to the start of its first line. */
export function slideToLineStart(edit: SingleEdit): SingleEdit {
  const deleting = edit.added === "" && edit.removed !== "";
  const inserting = edit.removed === "" && edit.added !== "";
  if (!deleting && !inserting) return edit;
  let span = deleting ? edit.removed : edit.added;
  if (!span.includes("\n")) return edit;
  let { prefix, suffix } = edit;
  while (prefix.length > 0 && !prefix.endsWith("\n") && prefix[prefix.length - 1] === span[span.length - 1]) {
    const c = prefix[prefix.length - 1];
    prefix = prefix.slice(0, -1);
    span = c + span.slice(0, -1);
    suffix = c + suffix;
  }
  return deleting ? { ...edit, prefix, removed: span, suffix } : { ...edit, prefix, added: span, suffix };
}

/** The edit as the views show it: whole lines when it spans lines, whole tokens otherwise. */
export function displayEdit(edit: SingleEdit): SingleEdit {
  const multiLine = edit.removed.includes("\n") || edit.added.includes("\n");
  return multiLine ? slideToLineStart(edit) : widenToTokens(edit);
}

function splitLines(segments: LineSegment[]): LineSegment[][] {
  const lines: LineSegment[][] = [[]];
  for (const seg of segments) {
    const parts = seg.text.split("\n");
    parts.forEach((part, i) => {
      if (i > 0) lines.push([]);
      if (part !== "") lines[lines.length - 1].push({ text: part, mark: seg.mark });
    });
  }
  // Code ending in a newline has no line after it.
  if (lines.length > 1 && lines[lines.length - 1].length === 0) lines.pop();
  return lines;
}

function plural(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? "" : "s"}`;
}

/**
 * One side of the edit as numbered lines. "canonical": the canonical's code, its edited span
 * marked removed; "variant": the distractor's code, its span marked added, and a marker line
 * where whole lines were deleted; "unified": the distractor's code with the canonical's
 * removed text shown too (removed lines unnumbered).
 */
export function editLines(edit: SingleEdit, side: "canonical" | "variant" | "unified"): DisplayLine[] {
  const e = displayEdit(edit);
  const wholeLines = (s: string) => s !== "" && (e.prefix === "" || e.prefix.endsWith("\n")) && s.endsWith("\n");
  const removedLines = wholeLines(e.removed) && e.added === "";
  const segments: LineSegment[] = [{ text: e.prefix, mark: "none" }];
  if (side !== "variant") segments.push({ text: e.removed, mark: "removed" });
  if (side !== "canonical") segments.push({ text: e.added, mark: "added" });
  const markerAt = side === "variant" && removedLines ? e.prefix.split("\n").length - 1 : -1;
  segments.push({ text: e.suffix, mark: "none" });

  const out: DisplayLine[] = [];
  let number = 0;
  splitLines(segments).forEach((segs, i) => {
    if (i === markerAt) out.push({ number: null, kind: "marker", segments: [], note: `${plural(e.removed.split("\n").length - 1, "line")} removed here` });
    const marks = new Set(segs.map((s) => s.mark));
    const only = (m: Mark) => marks.size === 1 && marks.has(m);
    const kind: DisplayLine["kind"] = only("removed") ? "removed" : only("added") ? "added" : marks.size > 1 || (!marks.has("none") && marks.size > 0) ? "changed" : "same";
    // A removed line is not part of the distractor's code (unified view): no number.
    const numbered = !(side === "unified" && kind === "removed");
    if (numbered) number++;
    out.push({ number: numbered ? number : null, kind, segments: segs });
  });
  if (markerAt >= 0 && markerAt >= out.filter((l) => l.kind !== "marker").length) {
    out.push({ number: null, kind: "marker", segments: [], note: `${plural(e.removed.split("\n").length - 1, "line")} removed here` });
  }
  return out;
}
