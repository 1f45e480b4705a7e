// The one sentence above a leaderboard's chart: what its numbers say, from the numbers alone.
// Always about exec@1 (the benchmark's headline metric) and the whole published board, whatever
// the table's k, filters or sort.
import type { MetricValue } from "@/lib/submissions/serialize";

export interface HeadlineRow {
  model: string;
  isBaseline: boolean;
  exec1: MetricValue | null;
  exec10: MetricValue | null;
}

export interface HeadlineInput {
  /** Every published row, in leaderboard order (exec@1 first). */
  rows: HeadlineRow[];
  /** How many systems share the leader's statistical tie group at exec@1 (itself included), if known. */
  leaderGroup: number | null;
  /** exec@1 of a uniformly random ranking. */
  chance1: number;
}

const pct = (v: number) => `${(100 * v).toFixed((v >= 0.995 && v < 1) || (v > 0 && v < 0.1) ? 1 : 0)}%`;
const ci = (m: MetricValue) => `[${m.ci95[0].toFixed(3)}, ${m.ci95[1].toFixed(3)}]`;

export function headlineFinding({ rows, leaderGroup, chance1 }: HeadlineInput): string | null {
  const lead = rows.find((r) => r.exec1 !== null);
  if (!lead || !lead.exec1) return null;
  const e1 = lead.exec1;
  const baselinesOnly = rows.every((r) => r.isBaseline);
  let s = baselinesOnly
    ? `Only baselines so far: the best, ${lead.model}, puts passing code first for ${pct(e1.value)} of queries`
    : `${lead.model} leads, putting passing code first for ${pct(e1.value)} of queries`;
  s += ` (exec@1 ${e1.value.toFixed(3)} ${ci(e1)})`;
  // Of the queries it misses at rank 1 (1 − e1), those with passing code lower in its top 10:
  // "yet" when they are most of them, a ranking rather than a recall problem.
  const e10 = lead.exec10?.value;
  if (e10 !== undefined && e10 - e1.value > 0.005) s += `${e10 - e1.value > (1 - e1.value) / 2 ? " yet" : " and"} within its top 10 for ${pct(e10)}`;
  if (e1.value < 5 * chance1) s += `, barely above chance (${chance1.toFixed(3)})`;
  const others = leaderGroup === null ? null : leaderGroup - 1;
  if (others !== null && others > 0) s += `; ${others} other system${others === 1 ? " is" : "s are"} not significantly behind it`;
  else if (others === 0 && rows.length > 1) s += "; every other system is significantly behind";
  return `${s}.`;
}
