import type { AuditActor } from "@/lib/audit/audit-actor";
import { publishSubmission } from "@/lib/review/publish-submission";
import { getReviewItem } from "./get-review-item";
import type { ReasonOptionalInput } from "./review-inputs";
import type { ReviewItem } from "./review-item";

// The review page's and API's publish: publishSubmission (audited as the maintainer) answering
// with the submission as the review queue shows it.
export async function publishReviewedSubmission(actor: AuditActor, id: string, input: ReasonOptionalInput = {}): Promise<ReviewItem> {
  await publishSubmission(id, { actor, reason: input.reason || undefined });
  return getReviewItem(id);
}
