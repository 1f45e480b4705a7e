// The edit that turns a canonical into one of its distractors. Distractors are single
// targeted edits, so the common prefix and suffix leave exactly the edited span.
export interface SingleEdit {
  prefix: string;
  removed: string;
  added: string;
  suffix: string;
  /** Characters touched: the longer of the removed and added spans. */
  size: number;
}

export function singleEditDiff(canonical: string, variant: string): SingleEdit {
  let start = 0;
  const max = Math.min(canonical.length, variant.length);
  while (start < max && canonical[start] === variant[start]) start++;
  let endA = canonical.length;
  let endB = variant.length;
  while (endA > start && endB > start && canonical[endA - 1] === variant[endB - 1]) {
    endA--;
    endB--;
  }
  const removed = canonical.slice(start, endA);
  const added = variant.slice(start, endB);
  return { prefix: canonical.slice(0, start), removed, added, suffix: canonical.slice(endA), size: Math.max(removed.length, added.length) };
}

const GLUE = /[\w<>=!+\-*/%&|^~]/;

// For display: widen the edited span to whole tokens on both sides, so `<` → `<=` reads as
// that rather than as an inserted `=`. The measured size stays the minimal one.
export function widenToTokens(edit: SingleEdit): SingleEdit {
  let { prefix, removed, added, suffix } = edit;
  while (prefix.length > 0 && GLUE.test(prefix[prefix.length - 1]) && (removed + added).length > 0) {
    const ch = prefix[prefix.length - 1];
    if (!GLUE.test(removed[0] ?? added[0] ?? suffix[0] ?? " ")) break;
    prefix = prefix.slice(0, -1);
    removed = ch + removed;
    added = ch + added;
  }
  while (suffix.length > 0 && GLUE.test(suffix[0])) {
    const last = (removed || added).slice(-1);
    if (!GLUE.test(last || prefix.slice(-1) || " ")) break;
    removed += suffix[0];
    added += suffix[0];
    suffix = suffix.slice(1);
  }
  return { prefix, removed, added, suffix, size: edit.size };
}
