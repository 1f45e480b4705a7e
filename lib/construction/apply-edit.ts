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
