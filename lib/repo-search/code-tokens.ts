// Words of code and prose for the lexical baseline: maximal runs of letters and digits,
// lowercased; an identifier also yields its camelCase and snake_case parts ("parseFormMapping"
// gives parseformmapping, parse, form, mapping), so a query's words meet the code's names.
// Runs of one character are dropped.
const RUN = /[A-Za-z0-9]+/g;
const PART = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g;

export function codeTokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(RUN)) {
    const run = m[0];
    if (run.length > 1) out.push(run.toLowerCase());
    const parts = run.match(PART);
    if (parts && parts.length > 1) for (const p of parts) if (p.length > 1) out.push(p.toLowerCase());
  }
  return out;
}

/** A path's words: its directory names, file name and stem, split like code. */
export function pathTokens(path: string): string[] {
  return codeTokens(path.replace(/[/._-]+/g, " "));
}
