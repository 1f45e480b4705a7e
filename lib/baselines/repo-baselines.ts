// The baselines of a repository-retrieval version, written as ordinary run files (JSON lines)
// so they travel the same path as a vendor's: checked by intake, scored by the kind, published by
// a maintainer.
// - BM25 over files, path-aware (lib/repo-search/bm25-files.ts): the query's canonical text
//   against each file's content and path;
// - structural, in the spirit of RepoMap (lib/repo-search/structural.ts): definitions,
//   references and imports, personalised PageRank from what the query names;
// - their reciprocal rank fusion (k = 60, lib/repo-runs/rrf.ts).
// Each lists at most 100 files per sample; a tie group that would cross rank 100 is left out
// whole (lib/repo-runs/cut-at-depth.ts).
import { loadRepoVersion } from "@/lib/repo-benchmark/load-version";
import { snapshotTexts } from "@/lib/repo-benchmark/snapshot-texts";
import { FileBm25 } from "@/lib/repo-search/bm25-files";
import { RepoGraph } from "@/lib/repo-search/structural";
import { dropTied } from "@/lib/repo-runs/cut-at-depth";
import { RRF_K, rrfFuse } from "@/lib/repo-runs/rrf";
import type { BaselineFile } from "./build-baselines";

export const REPO_BASELINE_MODELS = {
  bm25: "BM25 (path-aware, files)",
  structural: "Structural map (PageRank)",
  fusion: "RRF(BM25 + structural)",
} as const;

type Lists = { paths: string[]; scores: number[] }[];

function runFile(sampleIds: readonly string[], lists: Lists): Buffer {
  return Buffer.from(sampleIds.map((id, i) => JSON.stringify({ sample_id: id, files: lists[i].paths, scores: lists[i].scores })).join("\n") + "\n", "utf8");
}

export async function buildRepoBaselines(versionId: number, onProgress?: (message: string) => void): Promise<BaselineFile[]> {
  const v = await loadRepoVersion(versionId);
  const bm25: Lists = new Array(v.samples.length);
  const structural: Lists = new Array(v.samples.length);
  for (const snap of v.snapshots) {
    const samples = v.samples.map((s, i) => [s, i] as const).filter(([s]) => s.snapshot.id === snap.id);
    onProgress?.(`baselines: ${snap.key}, ${snap.files.length} files, ${samples.length} samples`);
    const files = await snapshotTexts(snap.id);
    const index = new FileBm25(files);
    const graph = new RepoGraph(files);
    for (const [s, i] of samples) {
      bm25[i] = dropTied(index.search(s.queryText));
      structural[i] = dropTied(graph.rank(s.queryText, s.given));
    }
  }
  const fusion: Lists = v.samples.map((_, i) => dropTied(rrfFuse([bm25[i], structural[i]])));
  const ids = v.samples.map((s) => s.sampleId);
  const common = { provider: "ExecBoard baseline", openWeights: true };
  return [
    {
      key: "repo-bm25",
      file: runFile(ids, bm25),
      metadata: {
        ...common,
        model: REPO_BASELINE_MODELS.bm25,
        notes: "Okapi BM25 (k1 = 1.2, b = 0.75) over whole files, two fields scored apart and summed: the content and the path (directory and file names); words are letter/digit runs, lowercased, identifiers also split at camelCase and snake_case. The query's canonical text; files sharing no word with it are not retrieved.",
      },
    },
    {
      key: "repo-structural",
      file: runFile(ids, structural),
      metadata: {
        ...common,
        model: REPO_BASELINE_MODELS.structural,
        notes: "A repository map in the spirit of RepoMap: files linked by imports and by identifiers one uses and another defines (names defined in more than 20 files link nothing); personalised PageRank (damping 0.5) restarting at the files that define the query's identifiers, whose path words it uses, and that it hands over as given context.",
      },
    },
    {
      key: "repo-fusion",
      file: runFile(ids, fusion),
      metadata: { ...common, model: REPO_BASELINE_MODELS.fusion, notes: `Reciprocal rank fusion (k = ${RRF_K}) of the two baselines' rankings; a file tied in an input takes its group's mean rank.` },
    },
  ];
}
