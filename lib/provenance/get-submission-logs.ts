import { canSeeSubmission, isMaintainer, isSubmissionInsider } from "@/lib/auth/policies";
import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { EVALUATION_SELECT, toEvaluationView, type EvaluationLogView } from "@/lib/submissions/evaluation-view";

export interface SubmissionLogsView {
  submissionId: string;
  status: string;
  /** The submission's own error (what `status` shows), if it failed. */
  error: string | null;
  /** Every scoring run, oldest first: provenance, where it failed, and its log. */
  evaluations: EvaluationLogView[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The logs of a submission's scoring runs, for its owner (and organisation) and maintainers: each attempt (which
// worker, runner and sandbox image), the stage a failed one stopped in, its error and, when the
// platform rather than the file was at fault, the stack. Anyone who may not see the submission
// gets NOT_FOUND; anyone else who is not its owner or a maintainer, FORBIDDEN.
export async function getSubmissionLogs(id: string, viewer: Principal): Promise<SubmissionLogsView> {
  const s = UUID.test(id)
    ? await db().submission.findUnique({ where: { id }, select: { id: true, userId: true, organisationId: true, status: true, error: true, currentEvaluationId: true } })
    : null;
  if (!s || !canSeeSubmission(viewer, s)) throw new AppError("NOT_FOUND", `no submission ${id}`);
  if (!isMaintainer(viewer) && !isSubmissionInsider(viewer, s)) {
    throw new AppError("FORBIDDEN", "the logs of a submission are shown to its owner, its organisation's members and maintainers only");
  }
  const rows = await db().evaluation.findMany({ where: { submissionId: id }, orderBy: { seq: "asc" }, select: { ...EVALUATION_SELECT, log: true } });
  return {
    submissionId: s.id,
    status: s.status,
    error: s.error,
    evaluations: rows.map(({ log, ...e }) => {
      const { metrics: _metrics, ...view } = toEvaluationView(e, s, []);
      return { ...view, worker: e.worker, attempts: e.attempts, log };
    }),
  };
}
