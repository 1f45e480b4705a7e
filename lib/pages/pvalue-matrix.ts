// The p-value heatmap of the Compare page: the paired sign-flip p of exec@k (the exact McNemar
// test when nothing is tied) for every pair of published systems of a version, from the stored
// pairwise statistics, in leaderboard order.
import { getPairwise } from "@/lib/leaderboard/get-pairwise";
import { loadProvisional, type ProvisionalSystem } from "./provisional";

export interface PValueMatrix {
  systems: { submissionId: string; model: string }[];
  /** p[i][j] for i != j (symmetric); null on the diagonal or when the pair is not computed yet. */
  p: (number | null)[][];
  /** sign[i][j]: +1 when row i has the higher exec@k, -1 lower, 0 equal. */
  sign: number[][];
  /** monteCarlo[i][j]: p was estimated from random sign flips, not computed exactly. */
  monteCarlo: boolean[][];
  stale: boolean;
  /** Published systems awaiting their re-score by the current engine. */
  provisional: ProvisionalSystem[];
}

export async function getPValueMatrix(slug: string, version: string, k: number): Promise<PValueMatrix> {
  const [view, provisional] = await Promise.all([getPairwise(slug, { version, metric: "exec", k }), loadProvisional(slug, version)]);
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
  const monteCarlo = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
  for (const c of view.comparisons) {
    const i = index.get(c.a.submissionId)!, j = index.get(c.b.submissionId)!;
    p[i][j] = p[j][i] = c.pValue;
    sign[i][j] = Math.sign(c.delta);
    sign[j][i] = -Math.sign(c.delta);
    monteCarlo[i][j] = monteCarlo[j][i] = c.pMethod === "monte-carlo";
  }
  return { systems, p, sign, monteCarlo, stale: view.stale, provisional };
}
