// One review action on many submissions at once (the queue's bulk bar, the API, scripts): each
// item goes through the same service function as alone, so each is checked against its own
// state, written in its own transaction with its own audit-log entry, and one refusal never
// stops the others. The answer says, per item, what happened.
import { z } from "zod";
import type { AuditActor } from "@/lib/audit/audit-actor";
import { isAppError } from "@/lib/errors/app-error";
import { publishReviewedSubmission } from "./publish-reviewed-submission";
import { rejectSubmission } from "./reject-submission";
import { reviewItemSchema, type ReviewItem } from "./review-item";
import { verifySubmission } from "./verify-submission";
import { plainText } from "@/lib/text/plain-text";

export const BULK_ACTIONS = ["publish", "reject", "verify"] as const;
export const BULK_MAX = 100;

export const bulkReviewInput = z
  .strictObject({
    action: z.enum(BULK_ACTIONS),
    ids: z.array(z.string().uuid("each id must be a submission id")).min(1, "name at least one submission").max(BULK_MAX, `at most ${BULK_MAX} submissions at once`),
    reason: z.string().trim().max(2000).superRefine(plainText("multiline")).optional().describe("required to reject (its owners see it); recorded in the audit log"),
  })
  .superRefine((v, ctx) => {
    if (v.action === "reject" && (v.reason ?? "").length < 3) ctx.addIssue({ code: "custom", path: ["reason"], message: "give a reason (at least 3 characters): the owners see it" });
  });
export type BulkReviewInput = z.infer<typeof bulkReviewInput>;

export const bulkReviewResultSchema = z.strictObject({
  action: z.enum(BULK_ACTIONS),
  done: z.number().int(),
  refused: z.number().int(),
  results: z.array(
    z.union([
      z.strictObject({ id: z.string(), ok: z.literal(true), item: reviewItemSchema }),
      z.strictObject({ id: z.string(), ok: z.literal(false), error: z.strictObject({ code: z.string(), message: z.string() }) }),
    ]),
  ),
});
export type BulkReviewResult = z.infer<typeof bulkReviewResultSchema>;

function one(actor: AuditActor, input: BulkReviewInput, id: string): Promise<ReviewItem> {
  switch (input.action) {
    case "publish":
      return publishReviewedSubmission(actor, id, { reason: input.reason || undefined });
    case "verify":
      return verifySubmission(actor, id, { verified: true, reason: input.reason || undefined });
    case "reject":
      return rejectSubmission(actor, id, { reason: input.reason! });
  }
}

export async function bulkReview(actor: AuditActor, input: BulkReviewInput): Promise<BulkReviewResult> {
  const results: BulkReviewResult["results"] = [];
  // In the order given, one at a time: publishing queues the version's statistics once per item,
  // and the job for the last one describes the final published set.
  for (const id of [...new Set(input.ids)]) {
    try {
      results.push({ id, ok: true, item: await one(actor, input, id) });
    } catch (e) {
      if (!isAppError(e) || e.code === "INTERNAL") throw e;
      results.push({ id, ok: false, error: { code: e.code, message: e.message } });
    }
  }
  return { action: input.action, done: results.filter((r) => r.ok).length, refused: results.filter((r) => !r.ok).length, results };
}
