import type { MutationEdit } from "./mutation-edit";

// UTF-16 index of a code-point offset: JavaScript strings index by UTF-16 units, Python (and
// the recorded spans) by code points; they differ only after astral characters.
function utf16Index(text: string, codePoints: number): number {
  let units = 0;
  let seen = 0;
  for (const ch of text) {
    if (seen === codePoints) return units;
    units += ch.length;
    seen += 1;
  }
  if (seen === codePoints) return units;
  throw new RangeError(`offset ${codePoints} is past the end of the source (${seen} code points)`);
}

/** The mutant: source with [start, end) replaced; every other character is untouched. */
export function applyEdit(source: string, edit: Pick<MutationEdit, "start" | "end" | "replacement" | "original">): string {
  const start = utf16Index(source, edit.start);
  const end = utf16Index(source, edit.end);
  if (source.slice(start, end) !== edit.original) {
    throw new Error(`edit span [${edit.start}, ${edit.end}) does not hold ${JSON.stringify(edit.original)}`);
  }
  return source.slice(0, start) + edit.replacement + source.slice(end);
}

/** Characters (code points) the edit removes plus those it inserts: its size. */
export function editSize(edit: Pick<MutationEdit, "original" | "replacement">): number {
  return [...edit.original].length + [...edit.replacement].length;
}

/** Character edit distance between what an edit removes and what it inserts (`<` → `<=`: 1). */
export function charactersChanged(original: string, replacement: string): number {
  const a = [...original], b = [...replacement];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

/** Source lines an edit's removed (or inserted) text spans: 1 for an edit within a line. */
export function linesTouched(original: string, replacement: string): number {
  const lines = (t: string) => (t === "" ? 0 : t.replace(/\n$/, "").split("\n").length);
  return Math.max(1, lines(original), lines(replacement));
}
