import { db, type Tx } from "@/lib/db/client";
import { isFinal } from "@/lib/submissions/status";
import { appendRunLog } from "./run-log";
import { describeWorker, type WorkerProvenance } from "./worker-provenance";

// Starts (or resumes) the evaluation behind a submission's score-submission job, and records
// who runs this attempt. A retried or requeued job continues the same evaluation; a maintainer's
// re-run (rerunAt after the evaluation began) starts a new one. Returns null when the submission
// is already final (the job will skip it). Serialised per submission, so two workers that
// briefly hold the same job (a stalled lock) cannot open two evaluations.
export async function beginEvaluation(submissionId: string, worker: WorkerProvenance): Promise<string | null> {
  return db().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`evaluation:${submissionId}`}, 0))`;
    const s = await tx.submission.findUnique({
      where: { id: submissionId },
      select: { status: true, createdAt: true, rerunAt: true, version: { select: { version: true, sourceSha256: true } } },
    });
    if (!s || isFinal(s.status)) return null;
    const runStarted = s.rerunAt ?? s.createdAt;
    let ev = await tx.evaluation.findFirst({
      where: { submissionId, trigger: { not: "rescore" }, status: "running" },
      orderBy: { seq: "desc" },
      select: { id: true, createdAt: true, log: true, attempts: true },
    });
    if (ev && ev.createdAt < runStarted) {
      await abandon(tx, ev.id, "ended without a result: the submission was queued for a new run meanwhile");
      ev = null;
    }
    if (!ev) {
      const previous = await tx.evaluation.count({ where: { submissionId, trigger: { not: "rescore" } } });
      const seq = ((await tx.evaluation.aggregate({ where: { submissionId }, _max: { seq: true } }))._max.seq ?? 0) + 1;
      // A maintainer's re-run removed the previous results; the submission has none current.
      if (previous > 0) await tx.submission.update({ where: { id: submissionId }, data: { currentEvaluationId: null } });
      ev = await tx.evaluation.create({
        data: {
          submissionId,
          seq,
          trigger: previous > 0 ? "rerun" : "submission",
          status: "running",
          benchmarkVersion: s.version.version,
          benchmarkSha256: s.version.sourceSha256,
        },
        select: { id: true, createdAt: true, log: true, attempts: true },
      });
    }
    const attempt = ev.attempts + 1;
    await tx.evaluation.update({
      where: { id: ev.id },
      data: { ...provenanceFields(worker), attempts: attempt, startedAt: ev.attempts === 0 ? new Date() : undefined },
    });
    // An attempt that started and never reported back: its worker died or lost the job's lock.
    const lastLine = ev.log.trimEnd().split("\n").pop() ?? "";
    if (/ attempt \d+ started on /.test(lastLine)) await appendRunLog(ev.id, "the previous attempt ended without a report (its worker stopped or lost the job)", tx);
    await appendRunLog(ev.id, `attempt ${attempt} started on ${describeWorker(worker)}`, tx);
    return ev.id;
  });
}

export function provenanceFields(w: WorkerProvenance) {
  return {
    runnerVersion: w.runnerVersion,
    sandboxBackend: w.sandboxBackend,
    sandboxImage: w.sandboxImage,
    execboardVersion: w.execboardVersion,
    execboardCommit: w.execboardCommit,
    worker: w.worker,
  };
}

async function abandon(tx: Tx, evaluationId: string, why: string): Promise<void> {
  await tx.evaluation.update({ where: { id: evaluationId }, data: { status: "failed", error: why, finishedAt: new Date() } });
  await appendRunLog(evaluationId, why, tx);
}
