// What a run file is checked against: the version's sample ids and each sample's corpus.
import type { RepoVersion } from "@/lib/repo-benchmark/load-version";
import type { RunExpectation } from "@/lib/repo-runs/run-format";

export function runExpectation(v: RepoVersion): RunExpectation {
  return {
    sampleIds: v.samples.map((s) => s.sampleId),
    hasFile: (i, path) => v.samples[i].snapshot.byPath.has(path),
    corpusOf: (i) => v.samples[i].snapshot.key,
  };
}
