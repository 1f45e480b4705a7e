import { ANALYSIS_ENGINE_VERSION } from "@/lib/metrics/scoring-engine";
import type { Tx } from "@/lib/db/client";
import { RUNNER_VERSION } from "@/lib/sandbox/types";
import { getExecboardVersion } from "./execboard-version";
import { appendRunLog } from "./run-log";

export interface MetricRow {
  name: string;
  k: number;
  value: number;
  ciLow: number;
  ciHigh: number;
}

// Part of the pipeline's final write (score-stage.ts), in its transaction: the running
// evaluation is marked scored with its metrics kept (they outlive a later re-score), and the
// submission points at it as its current results. A run started without beginEvaluation (a
// script calling scoreSubmission directly) gets an evaluation here, with what this process
// knows of its provenance (the sandbox image stays unknown).
export async function recordScoredEvaluation(tx: Tx, submissionId: string, metrics: readonly MetricRow[]): Promise<string> {
  const ev = (await tx.evaluation.findFirst({
    where: { submissionId, trigger: { not: "rescore" }, status: "running" },
    orderBy: { seq: "desc" },
    select: { id: true },
  })) ?? (await createUntracked(tx, submissionId));
  await tx.evaluationMetric.deleteMany({ where: { evaluationId: ev.id } });
  await tx.evaluationMetric.createMany({ data: metrics.map((m) => ({ evaluationId: ev.id, name: m.name, k: m.k, value: m.value, ciLow: m.ciLow, ciHigh: m.ciHigh })) });
  await tx.evaluation.update({ where: { id: ev.id }, data: { status: "scored", scoringEngine: ANALYSIS_ENGINE_VERSION, finishedAt: new Date(), failedStage: null, error: null } });
  const exec1 = metrics.find((m) => m.name === "exec" && m.k === 1);
  await appendRunLog(ev.id, `scored${exec1 ? `: exec@1 = ${exec1.value.toFixed(3)}` : ""}`, tx);
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
