import { z } from "zod";
import { pairwiseQuerySchema, versionQuerySchema } from "@/lib/leaderboard/version-query";
import type { Operation } from "../operation";

// The analysis routes. Their answers are documented as open objects for now: the exact shapes
// (VersionAnalysisView, DifficultyView, PairwiseView, SubmissionAnalysisView) live in
// lib/leaderboard and lib/analysis and should be pinned by zod schemas here.
const open = (what: string) => z.record(z.string(), z.unknown()).describe(what);

export const ANALYSIS_OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/api/v1/benchmarks/{slug}/analysis",
    operationId: "getVersionAnalysis",
    summary: "Cross-submission summary: systems, tie groups with the leader, difficulty distribution",
    tag: "Analysis",
    auth: "none",
    pathParams: { slug: "benchmark slug" },
    query: versionQuerySchema,
    success: { status: 200, description: "the version's analysis", schema: open("VersionAnalysisView (lib/leaderboard/get-version-analysis.ts)"), name: "VersionAnalysis" },
    errors: { 400: "invalid version", 404: "no such benchmark or version" },
  },
  {
    method: "get",
    path: "/api/v1/benchmarks/{slug}/difficulty",
    operationId: "getDifficulty",
    summary: "Per query, how many published systems solve it at rank 1",
    tag: "Analysis",
    auth: "none",
    pathParams: { slug: "benchmark slug" },
    query: versionQuerySchema,
    success: { status: 200, description: "per-query difficulty", schema: open("DifficultyView (lib/leaderboard/get-difficulty.ts)"), name: "Difficulty" },
    errors: { 400: "invalid version", 404: "no such benchmark or version" },
  },
  {
    method: "get",
    path: "/api/v1/benchmarks/{slug}/pairwise",
    operationId: "getPairwise",
    summary: "Paired comparisons of published systems: McNemar and discordant counts (exec), paired-bootstrap Δ with 95% CI",
    tag: "Analysis",
    auth: "none",
    pathParams: { slug: "benchmark slug" },
    query: pairwiseQuerySchema,
    success: { status: 200, description: "the comparisons", schema: open("PairwiseView (lib/leaderboard/get-pairwise.ts)"), name: "Pairwise" },
    errors: { 400: "invalid filter", 404: "no such benchmark or version" },
  },
  {
    method: "get",
    path: "/api/v1/submissions/{id}/analysis",
    operationId: "getSubmissionAnalysis",
    summary: "A submission's metrics, miss attribution, similarity gap, deception, per-domain exec@1, pool density, per-query records",
    description: "Unpublished submissions are visible to their owner, the members of the organisation they were made for, and maintainers; anyone else gets 404.",
    tag: "Analysis",
    auth: "optional",
    pathParams: { id: "submission id" },
    query: z.object({ perQuery: z.enum(["true", "false"]).optional().describe("include per-query records (default true)") }),
    success: { status: 200, description: "the analysis", schema: open("SubmissionAnalysisView (lib/analysis/get-submission-analysis.ts)"), name: "SubmissionAnalysis" },
    errors: { 401: "an Authorization header was sent but the token is not valid", 404: "no such submission, or not visible to the caller" },
  },
];
