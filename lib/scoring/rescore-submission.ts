import { db, type Tx } from "@/lib/db/client";
import { provenanceFields } from "@/lib/provenance/begin-evaluation";
import { writeEvaluationMetrics } from "@/lib/provenance/record-scored-evaluation";
import { appendRunLog } from "@/lib/provenance/run-log";
import { describeWorker, type WorkerProvenance } from "@/lib/provenance/worker-provenance";
import type { Sandbox } from "@/lib/sandbox/types";
import { FINAL_STATUSES } from "@/lib/submissions/status";
import { refreshAfterRescores } from "./refresh-after-rescores";
import { scoreStored, STORED_SUBMISSION_SELECT } from "./score-stored";
import { headlineOf, writeResults } from "./write-results";

export type RescoreOutcome = "scored" | "skipped" | "superseded";

/** A failure during a re-score, with the stage it happened in; the failure itself is its cause. */
export class RescoreStageError extends Error {
  constructor(
    readonly stage: string,
    readonly original: unknown,
  ) {
    super(original instanceof Error ? original.message : String(original), { cause: original });
    this.name = "RescoreStageError";
  }
}

// One submission's re-score (a rescore-submission job): the benchmark kind scores the stored file
// again exactly as on arrival (the same kind.score as first scoring), by this worker's runner
// and sandbox, and
// only at the end, in one transaction, do the new results replace the current ones: rankings,
// metrics, analysis, and the submission's pointer to its current evaluation. Until then readers
// see the old results; afterwards both runs stay in `evaluations`, each with its provenance and
// metrics. The submission's status is left alone. If a maintainer re-ran the submission meanwhile
// (it is back in the pipeline), the re-score stands down ("superseded").
export async function rescoreSubmission(evaluationId: string, sandbox: Sandbox, worker: WorkerProvenance): Promise<RescoreOutcome> {
  const ev = await db().evaluation.findUnique({
    where: { id: evaluationId },
    select: {
      status: true,
      trigger: true,
      attempts: true,
      submission: { select: STORED_SUBMISSION_SELECT },
    },
  });
  if (!ev || ev.trigger !== "rescore" || (ev.status !== "pending" && ev.status !== "running")) return "skipped";
  const sub = ev.submission;
  if (!FINAL_STATUSES.includes(sub.status)) return supersede(evaluationId, sub.status);
  const attempt = ev.attempts + 1;
  await db().evaluation.update({
    where: { id: evaluationId },
    data: { ...provenanceFields(worker), status: "running", attempts: attempt, startedAt: ev.attempts === 0 ? new Date() : undefined },
  });
  await appendRunLog(evaluationId, `attempt ${attempt} started on ${describeWorker(worker)}`);

  let stage = "validating";
  try {
    // Quiet: the submission keeps its status and progress; the stage names a failure.
    const stored = await scoreStored(sub, sandbox, {
      enter: async (s) => {
        stage = s;
        return true;
      },
      report: async () => undefined,
    });
    stage = "scoring";
    if (!stored) throw new Error("the benchmark kind stopped a re-score it was told to run");
    const { run, kind } = stored;
    const headline = headlineOf(run);
    const outcome = await db().$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`evaluation:${sub.id}`}, 0))`;
        const now = await tx.submission.findUniqueOrThrow({
          where: { id: sub.id },
          select: {
            status: true,
            currentEvaluation: { select: { runnerVersion: true, scoringEngine: true, metrics: { where: { name: run.headline.name, k: run.headline.k }, select: { value: true } } } },
          },
        });
        const current = await tx.evaluation.findUniqueOrThrow({ where: { id: evaluationId }, select: { status: true } });
        if (current.status !== "running") return "skipped" as const;
        if (!FINAL_STATUSES.includes(now.status)) return supersede(evaluationId, now.status, tx);
        await writeResults(tx, sub.id, run);
        await writeEvaluationMetrics(tx, evaluationId, run.metrics);
        await tx.evaluation.update({ where: { id: evaluationId }, data: { status: "scored", scoringEngine: kind.engine.version, finishedAt: new Date(), failedStage: null, error: null } });
        await tx.submission.update({ where: { id: sub.id }, data: { currentEvaluationId: evaluationId } });
        const before = now.currentEvaluation;
        // A result recorded before engines were is the first engine's.
        const engineChange = (before?.scoringEngine ?? 1) !== kind.engine.version ? `scoring engine ${before?.scoringEngine ?? 1} → ${kind.engine.version}` : "";
        // The runner matters only to a kind that executes.
        const runnerChange = kind.runnerVersion === null ? "" : `runner ${before?.runnerVersion ?? "unknown"} → ${worker.runnerVersion}`;
        const message =
          `re-scored by a maintainer (${[runnerChange, engineChange].filter(Boolean).join(", ") || "same scoring engine"})` +
          (headline ? `: ${headline.label} ${before?.metrics[0]?.value.toFixed(3) ?? "?"} → ${headline.value.toFixed(3)}` : "");
        await tx.submissionEvent.create({ data: { submissionId: sub.id, status: now.status, message } });
        await appendRunLog(evaluationId, `scored; now the submission's current results${headline ? ` (${headline.label} = ${headline.value.toFixed(3)})` : ""}`, tx);
        return "scored" as const;
      },
      { timeout: 60_000 },
    );
    await refreshAfterRescores(sub.versionId);
    return outcome;
  } catch (e) {
    throw new RescoreStageError(stage, e);
  }
}

// A maintainer re-ran the submission (it is back in the pipeline): that run decides its results.
async function supersede(evaluationId: string, status: string, tx?: Tx): Promise<"superseded"> {
  const why = `superseded: the submission was queued for a new run (${status}) meanwhile; its results were left to that run`;
  await (tx ?? db()).evaluation.update({ where: { id: evaluationId }, data: { status: "failed", error: why, finishedAt: new Date() } });
  await appendRunLog(evaluationId, why, tx);
  return "superseded";
}
