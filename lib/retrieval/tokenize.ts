// One tokenizer for code and natural language, shared by BM25 and the lexical embedder so
// both baselines see identical terms. Pure function of its input: no locale, no state.

// Alphanumeric runs; everything else (punctuation, whitespace, `_`, operators) separates.
const RUN = /[\p{L}\p{N}]+/gu;

// Pieces of one run, tried in order:
//   an acronym followed by a capitalised word ("HTTP" in "HTTPServer"),
//   a (capitalised) lowercase word ("Server", "parse"),
//   a trailing or standalone acronym ("HTML"),
//   a digit run ("64" in "base64"),
//   letters without case (CJK, etc.).
const PIECE = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+|\p{L}+/gu;

/** Split text into lowercase word pieces: snake_case, camelCase and digit runs are split. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const run of text.matchAll(RUN)) {
    for (const piece of run[0].matchAll(PIECE)) out.push(piece[0].toLowerCase());
  }
  return out;
}

// Identifier-like runs keep `_` so that "lowest_set_bit" stays one unit.
const IDENTIFIER = /[\p{L}\p{N}_]+/gu;

/**
 * Identifiers with case and underscores folded away ("lowestSetBit" and "lowest_set_bit"
 * both become "lowestsetbit"), so character n-grams match across naming conventions.
 */
export function foldedIdentifiers(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IDENTIFIER)) {
    const folded = m[0].replace(/_/g, "").toLowerCase();
    if (folded.length > 0) out.push(folded);
  }
  return out;
}

// The plain tokenizer of the reference BM25 baseline (the paper's way): maximal runs of letters
// and digits, lowercased; everything else separates (whitespace, punctuation, `_`, operators).
// Identifiers are not split further: "lowestSetBit" is one token, "lowest_set_bit" three.
const PLAIN = /[\p{L}\p{N}]+/gu;

export function plainTokenize(text: string): string[] {
  return Array.from(text.matchAll(PLAIN), (m) => m[0].toLowerCase());
}

/** Term counts of a token list, in first-occurrence order (Map iteration is insertion order). */
export function countTerms(tokens: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}
