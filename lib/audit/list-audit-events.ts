import { z } from "zod";
import { db } from "@/lib/db/client";
import { AUDIT_ACTIONS, type AuditEntry, type AuditPage } from "./audit-entry";

export const listAuditInput = z.object({
  submission: z.string().uuid().optional().describe("only this submission's entries"),
  action: z.enum(AUDIT_ACTIONS).optional().describe("only this action"),
  before: z.string().regex(/^\d+$/, "before must be an entry id").optional().describe("entries older than this id"),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ListAuditInput = z.input<typeof listAuditInput>;

// The audit log, newest first, a page at a time. Callers check the viewer is a maintainer.
export async function listAuditEvents(raw: ListAuditInput = {}): Promise<AuditPage> {
  const input = listAuditInput.parse(raw);
  const rows = await db().auditEvent.findMany({
    where: {
      ...(input.submission ? { submissionId: input.submission } : {}),
      ...(input.action ? { action: input.action } : {}),
      ...(input.before ? { id: { lt: BigInt(input.before) } } : {}),
    },
    orderBy: { id: "desc" },
    take: input.limit + 1,
    select: {
      id: true,
      createdAt: true,
      action: true,
      actorId: true,
      actorLabel: true,
      fromStatus: true,
      toStatus: true,
      reason: true,
      details: true,
      organisation: { select: { slug: true, name: true } },
      submission: { select: { id: true, modelName: true, provider: true, version: { select: { version: true, benchmark: { select: { slug: true } } } } } },
    },
  });
  const page = rows.slice(0, input.limit);
  const entries: AuditEntry[] = page.map((r) => ({
    id: r.id.toString(),
    at: r.createdAt.toISOString(),
    action: r.action,
    actor: { userId: r.actorId, label: r.actorLabel },
    submission: r.submission
      ? { id: r.submission.id, model: r.submission.modelName, provider: r.submission.provider, benchmark: r.submission.version.benchmark.slug, version: r.submission.version.version }
      : null,
    organisation: r.organisation,
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    reason: r.reason,
    details: r.details && typeof r.details === "object" && !Array.isArray(r.details) ? (r.details as Record<string, unknown>) : null,
  }));
  return { entries, nextBefore: rows.length > input.limit ? page[page.length - 1].id.toString() : null };
}
