// Chunk embeddings ranked on the server: for each sample, every canonical chunk of its
// snapshot is scored against the sample's query vector (cosine or dot, the first track's exact
// float64 arithmetic, lib/retrieval/exact-scorer.ts); a file scores the maximum of its chunks
// (max chunk-to-file aggregation); files rank by that score. Equal file scores are exact ties:
// they are listed by path (a documented order, bytewise) and every metric takes the expectation
// over their orders (lib/repo-metrics/tie-groups.ts), so the listing order decides nothing.
// The kept list is the first EVAL_DEPTH files and every file tied with the last of them; a tie
// group of more than TIE_GROUP_CAP files across that cut-off is refused as the submission's
// fault (its vectors cannot tell the files apart). Files without chunks (empty files) are
// never ranked.
import { refuseDegenerateRows } from "@/lib/retrieval/degenerate-rows";
import { ExactScorer, assertDotRange, largestMagnitude, normalise, type Similarity } from "@/lib/retrieval/exact-scorer";
import type { SubmissionRows } from "@/lib/retrieval/submission-rows";
import { chunkRanges } from "@/lib/repo-files/chunks";
import type { RepoVersion } from "@/lib/repo-benchmark/load-version";
import { keepTied } from "@/lib/repo-runs/cut-at-depth";
import type { SampleRanking } from "@/lib/repo-metrics/analyze-run";

export const TIE_GROUP_CAP = 100;

export function rankChunkEmbeddings(v: RepoVersion, rows: SubmissionRows, similarity: Similarity, report?: (done: number) => void): SampleRanking[] {
  refuseDegenerateRows(rows.queries, rows.corpus);
  const q = normalise(rows.queries, similarity, "query");
  const c = normalise(rows.corpus, similarity, "chunk");
  if (similarity === "dot") assertDotRange(largestMagnitude(q), largestMagnitude(c));
  const scorer = new ExactScorer(q, c, rows.dims);
  // Each snapshot's chunks are one run of rows, each file's chunks a run within it.
  const firstRow = new Map<number, number>();
  let row = 0;
  for (const s of v.snapshots) {
    firstRow.set(s.id, row);
    for (const f of s.files) row += chunkRanges(f.lines).length;
  }
  return v.samples.map((sample, i) => {
    scorer.setQuery(i);
    let r = firstRow.get(sample.snapshot.id)!;
    const files: { path: string; score: number }[] = [];
    for (const f of sample.snapshot.files) {
      const n = chunkRanges(f.lines).length;
      if (n === 0) continue;
      let best = -Infinity;
      for (let k = 0; k < n; k++) best = Math.max(best, scorer.score(r + k));
      r += n;
      files.push({ path: f.path, score: best });
    }
    report?.(i + 1);
    return { ...keepTied(files, sample.sampleId, TIE_GROUP_CAP), abstention: null };
  });
}
