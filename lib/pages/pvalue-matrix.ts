// The p-value heatmap of the Compare page: the exact McNemar p of exec@k for every pair of
// published systems of a version, from the stored pairwise statistics, in leaderboard order.
import { getPairwise } from "@/lib/leaderboard/get-pairwise";

export interface PValueMatrix {
  systems: { submissionId: string; model: string }[];
  /** p[i][j] for i != j (symmetric); null on the diagonal or when the pair is not computed yet. */
  p: (number | null)[][];
  /** sign[i][j]: +1 when row i has the higher exec@k, -1 lower, 0 equal. */
  sign: number[][];
  stale: boolean;
}

export async function getPValueMatrix(slug: string, version: string, k: number): Promise<PValueMatrix> {
  const view = await getPairwise(slug, { version, metric: "exec", k });
  const systems: PValueMatrix["systems"] = [];
  const index = new Map<string, number>();
  const add = (s: { submissionId: string; model: string }) => {
    if (!index.has(s.submissionId)) {
      index.set(s.submissionId, systems.length);
      systems.push(s);
    }
  };
  // Pairs come sorted by the a-system's placement, then b's: this recovers leaderboard order.
  for (const c of view.comparisons) add(c.a);
  for (const c of view.comparisons) add(c.b);
  const n = systems.length;
  const p = Array.from({ length: n }, () => new Array<number | null>(n).fill(null));
  const sign = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (const c of view.comparisons) {
    const i = index.get(c.a.submissionId)!, j = index.get(c.b.submissionId)!;
    p[i][j] = p[j][i] = c.pValue;
    sign[i][j] = Math.sign(c.delta);
    sign[j][i] = -Math.sign(c.delta);
  }
  return { systems, p, sign, stale: view.stale };
}
