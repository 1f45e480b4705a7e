import type { Prisma } from "@/lib/db/generated/client";
import { kindOfVersion } from "@/lib/kinds/registry";
import type { ScoredRun, ScoringProgress } from "@/lib/kinds/kind";
import type { Sandbox } from "@/lib/sandbox/types";
import type { SubmissionMetadata } from "@/lib/submissions/metadata";

/** What a scoring run reads of the submission it scores. */
export const STORED_SUBMISSION_SELECT = {
  id: true,
  status: true,
  versionId: true,
  storageKey: true,
  fileSha256: true,
  kind: true,
  metadata: true,
  similarity: true,
} as const satisfies Prisma.SubmissionSelect;

export type StoredSubmission = Prisma.SubmissionGetPayload<{ select: typeof STORED_SUBMISSION_SELECT }>;

// The benchmark kind's score() over a stored submission, exactly as on arrival: first scoring and
// re-scoring differ only in how they report progress and what they write afterwards.
export async function scoreStored(sub: StoredSubmission, sandbox: Sandbox, progress: ScoringProgress): Promise<ScoredRun | null> {
  const kind = await kindOfVersion(sub.versionId);
  return kind.score({
    submissionId: sub.id,
    versionId: sub.versionId,
    storageKey: sub.storageKey,
    fileSha256: sub.fileSha256,
    submissionType: sub.kind,
    metadata: { ...(sub.metadata as SubmissionMetadata), similarity: sub.similarity },
    sandbox,
    progress,
  });
}
