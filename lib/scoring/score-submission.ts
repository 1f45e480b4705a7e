import { db } from "@/lib/db/client";
import { recordScoredEvaluation } from "@/lib/provenance/record-scored-evaluation";
import type { Sandbox } from "@/lib/sandbox/types";
import { isFinal, reportProgress, transition } from "@/lib/submissions/status";
import { scoreStored, STORED_SUBMISSION_SELECT } from "./score-stored";
import { headlineOf, writeResults } from "./write-results";

export type ScoreOutcome = "scored" | "skipped";

class AlreadyFinal extends Error {}

// A submission's first scoring (a score-submission job): the benchmark kind scores the stored
// file in memory (lib/kinds), moving the submission through its stages with live progress;
// then the results, the `scored` status and the run's evaluation (lib/provenance) are written in
// one transaction. Safe to run again after a crash at any point: nothing is written before that
// transaction, executions come from the cache. A submission already final, or finalised by
// someone else meanwhile, is left alone.
export async function scoreSubmission(submissionId: string, sandbox: Sandbox): Promise<ScoreOutcome> {
  const sub = await db().submission.findUnique({ where: { id: submissionId }, select: STORED_SUBMISSION_SELECT });
  if (!sub || isFinal(sub.status)) return "skipped";
  const stored = await scoreStored(sub, sandbox, {
    enter: (stage, total) => transition(sub.id, stage, { progressTotal: total }),
    report: (done, total) => reportProgress(sub.id, done, total),
  });
  if (!stored) return "skipped";
  const { run, kind } = stored;
  const headline = headlineOf(run);
  return db()
    .$transaction(
      async (tx) => {
        await writeResults(tx, sub.id, run);
        const moved = await transition(sub.id, "scored", { message: headline ? `${headline.label} = ${headline.value.toFixed(3)}` : undefined }, tx);
        if (!moved) throw new AlreadyFinal();
        await recordScoredEvaluation(tx, sub.id, run.metrics, kind.engine.version, headline);
      },
      { timeout: 60_000 },
    )
    .then(
      () => "scored" as const,
      (e) => {
        if (e instanceof AlreadyFinal) return "skipped" as const;
        throw e;
      },
    );
}
