// What deserves a maintainer's second look before publishing, computed for the submissions the
// queue or a review page shows (a few queries for all of them, not one per item):
// - high-exec1: exec@1 of at least HIGH_EXEC1 (the paper's best system reaches 0.33; this high
//   suggests the benchmark leaked into training, or the file is not what it claims);
// - edit-blind: canonicals and their single-edit distractors scored identically too often;
// - duplicate-file: byte for byte the same file (SHA-256) as another submission;
// - repeated-failures: the same account's own files failed at least REPEATED_FAILURES times in
//   the last FAILURE_WINDOW_DAYS days (platform failures, which are refunded, do not count).
import { z } from "zod";
import type { TieDiagnostics } from "@/lib/analysis/ties";
import { db } from "@/lib/db/client";

export const HIGH_EXEC1 = 0.95;
export const REPEATED_FAILURES = 3;
export const FAILURE_WINDOW_DAYS = 30;
/** Other submissions listed per duplicate-file flag. */
const RELATED_MAX = 5;

export const REVIEW_FLAG_KINDS = ["high-exec1", "edit-blind", "duplicate-file", "repeated-failures"] as const;
export type ReviewFlagKind = (typeof REVIEW_FLAG_KINDS)[number];

export const reviewFlagSchema = z.strictObject({
  kind: z.enum(REVIEW_FLAG_KINDS),
  message: z.string().describe("what was found, in words"),
  related: z
    .array(z.strictObject({ id: z.string().uuid(), model: z.string(), status: z.string() }))
    .describe("the other submissions involved (duplicate-file: those with the same file)"),
});
export type ReviewFlag = z.infer<typeof reviewFlagSchema>;

export interface FlagSubject {
  id: string;
  userId: string;
  fileSha256: string;
  exec1: number | null;
  ties: TieDiagnostics | null;
  isBaseline: boolean;
}

export async function loadReviewFlags(subjects: readonly FlagSubject[], now = new Date()): Promise<Map<string, ReviewFlag[]>> {
  const out = new Map<string, ReviewFlag[]>(subjects.map((s) => [s.id, []]));
  if (subjects.length === 0) return out;
  const since = new Date(now.getTime() - FAILURE_WINDOW_DAYS * 86_400_000);
  const [sameFile, failures] = await Promise.all([
    db().submission.findMany({
      where: { fileSha256: { in: [...new Set(subjects.map((s) => s.fileSha256))] } },
      select: { id: true, modelName: true, status: true, fileSha256: true },
      orderBy: { createdAt: "asc" },
    }),
    db().submission.groupBy({
      by: ["userId"],
      where: { userId: { in: [...new Set(subjects.map((s) => s.userId))] }, status: "failed", quotaRefundedAt: null, createdAt: { gte: since } },
      _count: { _all: true },
    }),
  ]);
  const failed = new Map(failures.map((f) => [f.userId, f._count._all]));
  for (const s of subjects) {
    const flags = out.get(s.id)!;
    if (s.exec1 !== null && s.exec1 >= HIGH_EXEC1) {
      flags.push({ kind: "high-exec1", message: `exec@1 is ${s.exec1.toFixed(3)}, at least ${HIGH_EXEC1}: check for benchmark leakage or a file that is not what it claims`, related: [] });
    }
    if (s.ties?.editBlind) {
      const share = s.ties.scoredPairs > 0 ? s.ties.canonicalDistractorTies / s.ties.scoredPairs : 0;
      flags.push({ kind: "edit-blind", message: `scores ${(100 * share).toFixed(1)}% of canonical–distractor pairs exactly alike (flag at ${(100 * s.ties.threshold).toFixed(0)}%)`, related: [] });
    }
    const twins = sameFile.filter((o) => o.fileSha256 === s.fileSha256 && o.id !== s.id);
    if (twins.length > 0) {
      flags.push({
        kind: "duplicate-file",
        message: `the same file (SHA-256 ${s.fileSha256.slice(0, 12)}…) as ${twins.length} other submission${twins.length === 1 ? "" : "s"}`,
        related: twins.slice(0, RELATED_MAX).map((o) => ({ id: o.id, model: o.modelName, status: o.status })),
      });
    }
    const n = failed.get(s.userId) ?? 0;
    if (!s.isBaseline && n >= REPEATED_FAILURES) {
      flags.push({ kind: "repeated-failures", message: `its account's files failed ${n} times in the last ${FAILURE_WINDOW_DAYS} days`, related: [] });
    }
  }
  return out;
}
