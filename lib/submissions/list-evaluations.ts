import { db } from "@/lib/db/client";
import { EVALUATION_SELECT, toEvaluationView, type EvaluationView } from "./evaluation-view";

// A submission's scoring runs, oldest first, each with its provenance and metrics; the caller
// has already decided the viewer may see the submission.
export async function listEvaluations(submission: { id: string; currentEvaluationId: string | null; status: string; error: string | null }): Promise<EvaluationView[]> {
  const rows = await db().evaluation.findMany({
    where: { submissionId: submission.id },
    orderBy: { seq: "asc" },
    select: { ...EVALUATION_SELECT, metrics: { select: { name: true, k: true, value: true, ciLow: true, ciHigh: true } } },
  });
  return rows.map(({ metrics, ...e }) => toEvaluationView(e, submission, metrics));
}
