import type { Tx } from "@/lib/db/client";
import { RUNNER_VERSION } from "@/lib/sandbox/types";
import type { MetricRow } from "@/lib/submissions/serialize";
import { getExecboardVersion } from "./execboard-version";
import { appendRunLog } from "./run-log";

/** A run's headline, for its log line: "exec@1 = 0.331". */
export interface Headline {
  label: string;
  value: number;
}

/** Replaces an evaluation's own copy of its metrics (kept with it when a later run replaces the submission's). */
export async function writeEvaluationMetrics(tx: Tx, evaluationId: string, metrics: readonly MetricRow[]): Promise<void> {
  await tx.evaluationMetric.deleteMany({ where: { evaluationId } });
  await tx.evaluationMetric.createMany({ data: metrics.map((m) => ({ evaluationId, name: m.name, k: m.k, value: m.value, ciLow: m.ciLow, ciHigh: m.ciHigh })) });
}

// Part of the pipeline's final write (score-stage.ts), in its transaction: the running
// evaluation is marked scored with its metrics kept (they outlive a later re-score) and the
// scoring engine of its benchmark's kind, and the submission points at it as its current results. A run started without beginEvaluation (a
// script calling scoreSubmission directly) gets an evaluation here, with what this process
// knows of its provenance (the sandbox image stays unknown).
export async function recordScoredEvaluation(tx: Tx, submissionId: string, metrics: readonly MetricRow[], scoringEngine: number, headline?: Headline): Promise<string> {
  const ev = (await tx.evaluation.findFirst({
    where: { submissionId, trigger: { not: "rescore" }, status: "running" },
    orderBy: { seq: "desc" },
    select: { id: true },
  })) ?? (await createUntracked(tx, submissionId));
  await writeEvaluationMetrics(tx, ev.id, metrics);
  await tx.evaluation.update({ where: { id: ev.id }, data: { status: "scored", scoringEngine, finishedAt: new Date(), failedStage: null, error: null } });
  await appendRunLog(ev.id, `scored${headline ? `: ${headline.label} = ${headline.value.toFixed(3)}` : ""}`, tx);
  await tx.submission.update({ where: { id: submissionId }, data: { currentEvaluationId: ev.id } });
  return ev.id;
}

async function createUntracked(tx: Tx, submissionId: string): Promise<{ id: string }> {
  const s = await tx.submission.findUniqueOrThrow({ where: { id: submissionId }, select: { version: { select: { version: true, sourceSha256: true } } } });
  const agg = await tx.evaluation.aggregate({ where: { submissionId }, _max: { seq: true } });
  const build = getExecboardVersion();
  return tx.evaluation.create({
    data: {
      submissionId,
      seq: (agg._max.seq ?? 0) + 1,
      trigger: (agg._max.seq ?? 0) > 0 ? "rerun" : "submission",
      status: "running",
      benchmarkVersion: s.version.version,
      benchmarkSha256: s.version.sourceSha256,
      runnerVersion: RUNNER_VERSION,
      execboardVersion: build.version,
      execboardCommit: build.commit,
      startedAt: new Date(),
      attempts: 1,
      log: "",
    },
    select: { id: true },
  });
}
