import type { SubmissionKind } from "@/lib/db/generated/enums";
import { z } from "zod";
import { insiderSubmissionsWhere } from "@/lib/auth/policies";
import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import type { SubmissionStatus } from "@/lib/submissions/status";

// A vendor's own submissions and those of their organisations (by any member), newest first, as
// their submissions page lists them.
export interface OwnSubmission {
  id: string;
  benchmark: { slug: string; version: string };
  status: SubmissionStatus;
  progress: { done: number; total: number };
  model: { name: string; provider: string };
  /** Submitted for this organisation (the label on the page), or null for a personal one. */
  organisation: { slug: string; name: string } | null;
  /** Who submitted it: the viewer, or another member of the organisation. */
  submittedBy: { email: string; you: boolean };
  kind: SubmissionKind;
  createdAt: string;
  exec1: { value: number; ci95: [number, number] } | null;
  error: string | null;
  review: { verified: boolean; warningNote: string | null; reason: string | null };
}

export const ownSubmissionsQuerySchema = z.strictObject({
  benchmark: z.string().min(1).max(100).optional().describe("only submissions to this benchmark (its slug)"),
  limit: z.coerce.number().int().min(1).max(500).default(200).describe("at most this many, newest first (default 200)"),
});
export type OwnSubmissionsQuery = z.input<typeof ownSubmissionsQuerySchema>;

export async function listOwnSubmissions(viewer: Principal, query: OwnSubmissionsQuery = {}): Promise<OwnSubmission[]> {
  const { benchmark, limit } = ownSubmissionsQuerySchema.parse(query);
  const rows = await db().submission.findMany({
    where: { AND: [insiderSubmissionsWhere(viewer), benchmark ? { version: { benchmark: { slug: benchmark } } } : {}] },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: limit,
    select: {
      id: true,
      status: true,
      progressDone: true,
      progressTotal: true,
      modelName: true,
      provider: true,
      userId: true,
      user: { select: { email: true } },
      organisation: { select: { slug: true, name: true } },
      kind: true,
      createdAt: true,
      error: true,
      verifiedAt: true,
      warningNote: true,
      reviewReason: true,
      version: { select: { version: true, benchmark: { select: { slug: true } } } },
      metrics: { where: { name: "exec", k: 1 }, select: { value: true, ciLow: true, ciHigh: true } },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    benchmark: { slug: r.version.benchmark.slug, version: r.version.version },
    status: r.status,
    progress: { done: r.progressDone, total: r.progressTotal },
    model: { name: r.modelName, provider: r.provider },
    organisation: r.organisation,
    submittedBy: { email: r.user.email, you: r.userId === viewer.userId },
    kind: r.kind,
    createdAt: r.createdAt.toISOString(),
    exec1: r.metrics[0] ? { value: r.metrics[0].value, ci95: [r.metrics[0].ciLow, r.metrics[0].ciHigh] } : null,
    error: r.error,
    review: { verified: r.verifiedAt !== null, warningNote: r.warningNote, reason: r.reviewReason },
  }));
}
