// Reciprocal rank fusion (Cormack, Clarke & Büttcher, SIGIR 2009): a file's fused score is the sum
// over the input runs that rank it of 1/(k + rank), k = 60; runs that do not rank it add nothing.
// Ties in an input run are not the run's order: a file in a tie group spanning ranks a+1..a+n
// takes the group's mean rank a + (n+1)/2. Each file's terms are added smallest first, so files
// with the same ranks get bitwise the same score whatever the order of the runs: exact ties,
// which the metrics score as such (lib/repo-metrics/tie-groups.ts). The fused ranking lists
// files by score, ties by path.
import { tieGroups } from "@/lib/repo-metrics/tie-groups";

export const RRF_K = 60;

export interface RunList {
  paths: readonly string[];
  scores: readonly number[];
}

export function rrfFuse(runs: readonly RunList[], k = RRF_K): { path: string; score: number }[] {
  const terms = new Map<string, number[]>();
  for (const run of runs) {
    for (const g of tieGroups(run.scores)) {
      const rank = g.start + (g.end - g.start + 1) / 2;
      for (let i = g.start; i < g.end; i++) {
        const t = terms.get(run.paths[i]) ?? [];
        t.push(1 / (k + rank));
        terms.set(run.paths[i], t);
      }
    }
  }
  const fused = [...terms].map(([path, t]) => ({ path, score: t.sort((a, b) => a - b).reduce((s, x) => s + x, 0) }));
  fused.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return fused;
}
