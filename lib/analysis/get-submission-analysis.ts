import type { SubmissionKind } from "@/lib/db/generated/enums";
// GET /api/v1/submissions/{id}/analysis: a submission's headline metrics and every stored
// per-submission analysis, visible exactly when the submission itself is (owner, maintainer,
// or anyone once published).
import { z } from "zod";
import type { Principal } from "@/lib/auth/authenticate";
import { db } from "@/lib/db/client";
import { getSubmission } from "@/lib/submissions/get-submission";
import type { MetricTable } from "@/lib/submissions/serialize";
import type { SubmissionAnalysis } from "./analyze-submission";

/** GET /api/v1/submissions/{id}/analysis?perQuery=true|false */
export const submissionAnalysisQuery = z.object({ perQuery: z.enum(["true", "false"]).default("true").describe("include per-query records (default true)") });

export interface SubmissionAnalysisView {
  id: string;
  benchmark: { slug: string; version: string };
  kind: SubmissionKind;
  status: string;
  metrics: MetricTable | null;
  computedAt: string | null;
  /** null until the submission is scored (see `status`). */
  analysis: Omit<SubmissionAnalysis, "perQuery"> | null;
  /** Per-query records; left out when asked with perQuery=false. */
  perQuery?: SubmissionAnalysis["perQuery"];
}

export async function getSubmissionAnalysis(id: string, viewer: Principal | null, opts: { perQuery?: boolean } = {}): Promise<SubmissionAnalysisView> {
  const s = await getSubmission(id, viewer); // NOT_FOUND unless the viewer may see it
  const row = await db().submissionAnalysis.findUnique({
    where: { submissionId: s.id },
    select: { computedAt: true, payload: true, submission: { select: { kind: true } } },
  });
  const kind = row?.submission.kind ?? (await db().submission.findUniqueOrThrow({ where: { id: s.id }, select: { kind: true } })).kind;
  const payload = (row?.payload ?? null) as SubmissionAnalysis | null;
  const { perQuery, ...analysis } = payload ?? { perQuery: undefined };
  return {
    id: s.id,
    benchmark: s.benchmark,
    kind,
    status: s.status,
    metrics: s.metrics,
    computedAt: row?.computedAt.toISOString() ?? null,
    analysis: payload ? (analysis as Omit<SubmissionAnalysis, "perQuery">) : null,
    ...(opts.perQuery === false ? {} : { perQuery: perQuery ?? [] }),
  };
}
