import { submissionKindSchema } from "@/lib/submissions/submission-kind";
import { z } from "zod";
import type { TieDiagnostics } from "@/lib/analysis/ties";
import type { Prisma } from "@/lib/db/generated/client";
import { SubmissionStatus } from "@/lib/db/generated/enums";
import { loadReviewFlags, reviewFlagSchema, type FlagSubject, type ReviewFlag } from "./review-flags";
import { allowedReviewActions, REVIEW_ACTIONS } from "./review-rules";

// A submission as the review queue and the review actions answer with it (maintainers only:
// it names the owner).
const status = z.enum(Object.values(SubmissionStatus) as [SubmissionStatus, ...SubmissionStatus[]]);
const interval = z.strictObject({ value: z.number(), ci95: z.tuple([z.number(), z.number()]) });

export const reviewItemSchema = z.strictObject({
  id: z.string().uuid(),
  benchmark: z.strictObject({ slug: z.string(), version: z.string() }),
  status,
  kind: submissionKindSchema,
  model: z.strictObject({ name: z.string(), provider: z.string(), similarity: z.string(), dims: z.number().int(), dtype: z.string() }),
  owner: z.strictObject({ email: z.string() }),
  isBaseline: z.boolean(),
  createdAt: z.iso.datetime(),
  scoredAt: z.iso.datetime().nullable(),
  publishedAt: z.iso.datetime().nullable(),
  error: z.string().nullable(),
  exec1: interval.nullable().describe("exec@1 with its 95% interval, once scored"),
  review: z.strictObject({
    verified: z.boolean(),
    verifiedAt: z.iso.datetime().nullable(),
    warningNote: z.string().nullable(),
    reason: z.string().nullable().describe("why it was rejected or hidden (shown to the owner)"),
    rerunAt: z.iso.datetime().nullable().describe("when a maintainer last re-ran it"),
  }),
  actions: z.array(z.enum(REVIEW_ACTIONS)).describe("the review actions its current state allows"),
  ties: z
    .strictObject({
      editBlind: z.boolean(),
      canonicalDistractorTies: z.number().int(),
      scoredPairs: z.number().int(),
      rank1Tied: z.number().int(),
      boundaryTied: z.number().int(),
      queries: z.number().int(),
    })
    .nullable()
    .describe("exact ties in its scores once scored: editBlind when it scores at least 5% of (canonical, own distractor) pairs identically"),
  flags: z.array(reviewFlagSchema).describe("what deserves a second look before publishing: high-exec1, edit-blind, duplicate-file, repeated-failures"),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const reviewItemSelect = {
  id: true,
  status: true,
  kind: true,
  modelName: true,
  provider: true,
  similarity: true,
  dims: true,
  dtype: true,
  isBaseline: true,
  createdAt: true,
  scoredAt: true,
  publishedAt: true,
  error: true,
  verifiedAt: true,
  warningNote: true,
  reviewReason: true,
  rerunAt: true,
  userId: true,
  fileSha256: true,
  user: { select: { email: true } },
  version: { select: { version: true, benchmark: { select: { slug: true } } } },
  metrics: { where: { name: "exec", k: 1 }, select: { value: true, ciLow: true, ciHigh: true } },
} satisfies Prisma.SubmissionSelect;

type Row = Prisma.SubmissionGetPayload<{ select: typeof reviewItemSelect }>;

/** The facts the review flags are computed from. */
export function flagSubject(r: Row, ties: TieDiagnostics | null): FlagSubject {
  return { id: r.id, userId: r.userId, fileSha256: r.fileSha256, exec1: r.metrics[0]?.value ?? null, ties, isBaseline: r.isBaseline };
}

/** Review items for rows, with their ties and flags. */
export async function toReviewItems(rows: Row[], ties: Map<string, TieDiagnostics>): Promise<ReviewItem[]> {
  const flags = await loadReviewFlags(rows.map((r) => flagSubject(r, ties.get(r.id) ?? null)));
  return rows.map((r) => toReviewItem(r, ties.get(r.id) ?? null, flags.get(r.id) ?? []));
}

export function toReviewItem(r: Row, ties: TieDiagnostics | null = null, flags: ReviewFlag[] = []): ReviewItem {
  const m = r.metrics[0];
  const verified = r.verifiedAt !== null;
  return {
    id: r.id,
    benchmark: { slug: r.version.benchmark.slug, version: r.version.version },
    status: r.status,
    kind: r.kind,
    model: { name: r.modelName, provider: r.provider, similarity: r.similarity, dims: r.dims, dtype: r.dtype },
    owner: { email: r.user.email },
    isBaseline: r.isBaseline,
    createdAt: r.createdAt.toISOString(),
    scoredAt: r.scoredAt?.toISOString() ?? null,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    error: r.error,
    exec1: m ? { value: m.value, ci95: [m.ciLow, m.ciHigh] } : null,
    review: {
      verified,
      verifiedAt: r.verifiedAt?.toISOString() ?? null,
      warningNote: r.warningNote,
      reason: r.reviewReason,
      rerunAt: r.rerunAt?.toISOString() ?? null,
    },
    actions: allowedReviewActions({ status: r.status, verified }),
    ties: ties && {
      editBlind: ties.editBlind,
      canonicalDistractorTies: ties.canonicalDistractorTies,
      scoredPairs: ties.scoredPairs,
      rank1Tied: ties.rank1Tied,
      boundaryTied: ties.boundaryTied,
      queries: ties.queries,
    },
    flags,
  };
}
