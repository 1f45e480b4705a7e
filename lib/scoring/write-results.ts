import type { Tx } from "@/lib/db/client";
import type { ScoredRun } from "@/lib/kinds/kind";

// Replaces a submission's results with a scoring run's, in the caller's transaction: the
// headline metrics (with their intervals) and the kind's own rows (rankings, verdicts,
// analyses). First scoring and re-scoring write through this one function.
export async function writeResults(tx: Tx, submissionId: string, run: ScoredRun): Promise<void> {
  await tx.metric.deleteMany({ where: { submissionId } });
  await tx.metric.createMany({ data: run.metrics.map((m) => ({ submissionId, name: m.name, k: m.k, value: m.value, ciLow: m.ciLow, ciHigh: m.ciHigh })) });
  await run.write(tx, submissionId);
}

/** "exec@1 = 0.331" for a history line, or undefined when the run has no such metric. */
export function headlineOf(run: ScoredRun): { label: string; value: number } | undefined {
  const m = run.metrics.find((x) => x.name === run.headline.name && x.k === run.headline.k);
  return m ? { label: run.headline.label, value: m.value } : undefined;
}
