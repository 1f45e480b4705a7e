// Edit size of a single-edit distractor (paper Appendix G.1): the characters spanned by the
// non-equal region of a character-level diff against its canonical. With one edit, that region
// is what remains after removing the longest common prefix and then the longest common suffix
// of the rest; its size is the longer of the two remainders, so a one-character substitution
// (`&` → `|`), insertion (`<` → `<=`) or deletion all count 1. Characters are Unicode code points.

export function editSize(canonical: string, distractor: string): number {
  const a = Array.from(canonical), b = Array.from(distractor);
  const shorter = Math.min(a.length, b.length);
  let prefix = 0;
  while (prefix < shorter && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < shorter - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  return Math.max(a.length - prefix - suffix, b.length - prefix - suffix);
}

export interface EditSizeBucket {
  label: string;
  min: number;
  /** Inclusive; null for the open-ended last bucket. */
  max: number | null;
}

/** Table 8's fixed buckets. */
export const EDIT_SIZE_BUCKETS: readonly EditSizeBucket[] = [
  { label: "1", min: 1, max: 1 },
  { label: "2-5", min: 2, max: 5 },
  { label: "6-20", min: 6, max: 20 },
  { label: "21+", min: 21, max: null },
];

/** Index into EDIT_SIZE_BUCKETS, or -1 for size 0 (identical code, which no valid distractor has). */
export function editSizeBucket(size: number): number {
  return EDIT_SIZE_BUCKETS.findIndex((b) => size >= b.min && (b.max === null || size <= b.max));
}
