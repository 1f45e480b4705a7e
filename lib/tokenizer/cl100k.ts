// The canonical tokenizer of repository-retrieval benchmarks: OpenAI's cl100k_base byte-pair
// encoding (the tokenizer of GPT-4, GPT-3.5 and text-embedding-3), implemented here. Budgeted
// context yield (lib/repo-metrics) counts a file's cost in these tokens, so "8k tokens" means
// what it means to the models agents run on.
//
// The encoding, as tiktoken defines it:
// 1. the text is split into pieces by the pre-tokenizer pattern below (contractions, letter
//    runs with one optional leading non-letter, digit runs of at most 3, punctuation runs with
//    their trailing newlines, newline runs, other whitespace);
// 2. each piece's UTF-8 bytes are one token if the vocabulary has them, else are merged pair by
//    pair, always the adjacent pair whose merge has the lowest rank first, until no adjacent
//    pair is in the vocabulary; the pieces left are the tokens.
// Special tokens (<|endoftext|> …) are plain text here: corpus files are never instructions.
// The merge ranks (100,256 byte strings) are data, read from the tiktoken package's
// encoders/cl100k_base.json; nothing of its code runs.
import fs from "node:fs";
import { createRequire } from "node:module";

// Unicode White_Space, as the pattern's \s means it (JavaScript's \s differs: it adds U+FEFF and
// lacks U+0085).
const WS = "\\t\\n\\v\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000";
const PATTERN = new RegExp(
  [
    "'(?:[sS]|[tT]|[rR][eE]|[vV][eE]|[mM]|[lL][lL]|[dD])",
    "[^\\r\\n\\p{L}\\p{N}]?\\p{L}+",
    "\\p{N}{1,3}",
    ` ?[^${WS}\\p{L}\\p{N}]+[\\r\\n]*`,
    `[${WS}]*[\\r\\n]+`,
    `[${WS}]+(?![^${WS}])`,
    `[${WS}]+`,
  ].join("|"),
  "gu",
);

export const TOKENIZER_NAME = "cl100k_base";

/** The merge ranks: byte strings (one char per byte, latin1) to rank. */
let ranks: Map<string, number> | null = null;

function loadRanks(): Map<string, number> {
  if (ranks) return ranks;
  const require = createRequire(import.meta.url);
  const file = require.resolve("tiktoken/encoders/cl100k_base.json");
  const data = JSON.parse(fs.readFileSync(file, "utf8")) as { bpe_ranks: string };
  // tiktoken's compact layout: each line is "<label> <first rank> <base64 token> <base64 token> …",
  // the tokens of a line taking consecutive ranks.
  const map = new Map<string, number>();
  for (const line of data.bpe_ranks.split("\n")) {
    if (!line) continue;
    const parts = line.split(" ");
    const first = Number(parts[1]);
    for (let i = 2; i < parts.length; i++) map.set(Buffer.from(parts[i], "base64").toString("latin1"), first + i - 2);
  }
  if (map.size !== 100_256) throw new Error(`cl100k_base ranks: expected 100256 byte strings, read ${map.size}`);
  ranks = map;
  return map;
}

const encoder = new TextEncoder();

/** Byte-pair merge of one piece (bytes as a latin1 string): the ranks of its tokens. */
function mergePiece(piece: string, table: Map<string, number>): number[] {
  const whole = table.get(piece);
  if (whole !== undefined) return [whole];
  return piece.length > LONG_PIECE ? mergeLong(piece, table) : mergeShort(piece, table);
}

// Short pieces (almost all): rescan for the lowest-ranked pair after every merge.
function mergeShort(piece: string, table: Map<string, number>): number[] {
  // Part i starts at byte starts[i]; pairRank[i] ranks merging parts i and i+1.
  const starts: number[] = [];
  for (let i = 0; i <= piece.length; i++) starts.push(i);
  const rankOf = (i: number) => (i + 2 < starts.length ? (table.get(piece.slice(starts[i], starts[i + 2])) ?? Infinity) : Infinity);
  const pairRank: number[] = [];
  for (let i = 0; i + 1 < starts.length; i++) pairRank.push(rankOf(i));
  for (;;) {
    let best = Infinity, at = -1;
    for (let i = 0; i < pairRank.length - 1; i++) if (pairRank[i] < best) [best, at] = [pairRank[i], i];
    if (at < 0) break;
    starts.splice(at + 1, 1);
    pairRank.splice(at + 1, 1);
    pairRank[at] = rankOf(at);
    if (at > 0) pairRank[at - 1] = rankOf(at - 1);
  }
  const out: number[] = [];
  for (let i = 0; i + 1 < starts.length; i++) out.push(table.get(piece.slice(starts[i], starts[i + 1]))!);
  return out;
}

const LONG_PIECE = 64;

// Long pieces (a minified line, a base64 run): the same merges in the same order — lowest rank
// first, the leftmost of equal ranks — from a heap over a linked list, O(n log n) instead of
// O(n^2). A heap entry is stale once either of its parts has changed; stale entries are skipped.
function mergeLong(piece: string, table: Map<string, number>): number[] {
  const n = piece.length;
  const next = new Int32Array(n + 1), prev = new Int32Array(n + 1), stamp = new Int32Array(n + 1);
  for (let i = 0; i <= n; i++) [next[i], prev[i]] = [i + 1, i - 1];
  // Entries: [rank, start, stamp of start, end of its right part, stamp of that part's start].
  const heap: number[][] = [];
  const less = (a: number[], b: number[]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
  const push = (e: number[]) => {
    heap.push(e);
    for (let i = heap.length - 1; i > 0; ) {
      const p = (i - 1) >> 1;
      if (!less(heap[i], heap[p])) break;
      [heap[i], heap[p]] = [heap[p], heap[i]];
      i = p;
    }
  };
  const pop = () => {
    const top = heap[0], last = heap.pop()!;
    if (heap.length) {
      heap[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1, r = l + 1;
        let m = i;
        if (l < heap.length && less(heap[l], heap[m])) m = l;
        if (r < heap.length && less(heap[r], heap[m])) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m], heap[i]];
        i = m;
      }
    }
    return top;
  };
  const consider = (a: number) => {
    if (a < 0 || a >= n) return;
    const b = next[a];
    if (b >= n) return;
    const rank = table.get(piece.slice(a, next[b]));
    if (rank !== undefined) push([rank, a, stamp[a], b, stamp[b]]);
  };
  for (let i = 0; i < n; i++) consider(i);
  while (heap.length) {
    const [, a, sa, b, sb] = pop();
    if (stamp[a] !== sa || stamp[b] !== sb || next[a] !== b) continue;
    // Merge part b into part a.
    next[a] = next[b];
    prev[next[b]] = a;
    stamp[a]++;
    stamp[b]++;
    consider(prev[a]);
    consider(a);
  }
  const out: number[] = [];
  for (let i = 0; i < n; i = next[i]) out.push(table.get(piece.slice(i, next[i]))!);
  return out;
}

function pieceBytes(piece: string): string {
  const bytes = encoder.encode(piece);
  let s = "";
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return s;
}

/** The token ids of `text` (tests compare them with the reference implementation). */
export function encodeCl100k(text: string): number[] {
  const table = loadRanks();
  const out: number[] = [];
  for (const m of text.matchAll(PATTERN)) out.push(...mergePiece(pieceBytes(m[0]), table));
  return out;
}

// Source files repeat their identifiers and indentation: counts of recent pieces are reused.
const COUNT_CACHE_LIMIT = 200_000;
const countCache = new Map<string, number>();

/** How many cl100k_base tokens `text` is. */
export function countTokens(text: string): number {
  const table = loadRanks();
  let n = 0;
  for (const m of text.matchAll(PATTERN)) {
    const piece = m[0];
    let c = countCache.get(piece);
    if (c === undefined) {
      c = mergePiece(pieceBytes(piece), table).length;
      if (countCache.size >= COUNT_CACHE_LIMIT) countCache.clear();
      countCache.set(piece, c);
    }
    n += c;
  }
  return n;
}
