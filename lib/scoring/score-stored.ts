import type { Prisma } from "@/lib/db/generated/client";
import { kindOfVersion } from "@/lib/kinds/registry";
import type { BenchmarkKind, ScoredRun, ScoringProgress } from "@/lib/kinds/kind";
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

/** A scoring run and the kind that scored it (its engine is what the evaluation records). */
export interface StoredRun {
  run: ScoredRun;
  kind: BenchmarkKind;
}

// The benchmark kind's score() over a stored submission, exactly as on arrival: first scoring and
// re-scoring differ only in how they report progress and what they write afterwards.
export async function scoreStored(sub: StoredSubmission, sandbox: Sandbox, progress: ScoringProgress): Promise<StoredRun | null> {
  const kind = await kindOfVersion(sub.versionId);
  const run = await kind.score({
    submissionId: sub.id,
    versionId: sub.versionId,
    storageKey: sub.storageKey,
    fileSha256: sub.fileSha256,
    submissionType: sub.kind,
    metadata: { ...(sub.metadata as SubmissionMetadata), similarity: sub.similarity },
    sandbox,
    progress,
  });
  return run && { run, kind };
}
