// Every cross-system statistic of one benchmark version from its published systems' per-query
// scores: paired comparisons, per-query difficulty and tie groups.
import { BOOTSTRAP_METHOD, BOOTSTRAP_REPLICATES, BOOTSTRAP_SEED, type BootstrapOptions } from "@/lib/metrics/bootstrap";
import { measureDifficulty, type QueryDifficulty } from "./difficulty";
import { comparePairs, type PairwiseComparison } from "./pairwise";
import type { SystemScores } from "./system-scores";
import { findTieGroups, type TieGroup } from "./tie-groups";

export interface SystemComparison {
  bootstrap: { replicates: number; seed: number; method: string };
  pairs: PairwiseComparison[];
  difficulty: QueryDifficulty;
  tieGroups: TieGroup[];
}

/** `systems` in leaderboard order; each pair is oriented (better-placed, worse-placed). */
export function compareSystems(queryIds: readonly string[], systems: readonly SystemScores[], opts: BootstrapOptions = {}): SystemComparison {
  for (const s of systems) {
    if (s.columns.exec[1].length !== queryIds.length) throw new RangeError(`system ${s.submissionId} has scores for ${s.columns.exec[1].length} of ${queryIds.length} queries`);
  }
  const pairs = comparePairs(systems, opts);
  return {
    bootstrap: { replicates: opts.replicates ?? BOOTSTRAP_REPLICATES, seed: opts.seed ?? BOOTSTRAP_SEED, method: BOOTSTRAP_METHOD },
    pairs,
    difficulty: measureDifficulty(queryIds, systems),
    tieGroups: findTieGroups(systems, pairs),
  };
}
