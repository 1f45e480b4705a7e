import { submissionAnalysisQuery } from "@/lib/analysis/get-submission-analysis";
import { pairwiseQuerySchema, versionQuerySchema } from "@/lib/leaderboard/version-query";
import type { Operation } from "../operation";
import { difficultySchema, pairwiseSchema, submissionAnalysisSchema, versionAnalysisSchema } from "../schemas/analysis";

// The analysis routes, with their answers pinned by the schemas in ../schemas/analysis.ts.

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
    success: { status: 200, description: "the version's analysis", schema: versionAnalysisSchema, name: "VersionAnalysis" },
    errors: { 400: "invalid version", 404: "no such benchmark or version" },
  },
  {
    method: "get",
    path: "/api/v1/benchmarks/{slug}/difficulty",
    operationId: "getDifficulty",
    summary: "Per query, how many published systems solve it at rank 1 (expected counts: a tie at rank 1 counts its chance)",
    tag: "Analysis",
    auth: "none",
    pathParams: { slug: "benchmark slug" },
    query: versionQuerySchema,
    success: { status: 200, description: "per-query difficulty", schema: difficultySchema, name: "Difficulty" },
    errors: { 400: "invalid version", 404: "no such benchmark or version" },
  },
  {
    method: "get",
    path: "/api/v1/benchmarks/{slug}/pairwise",
    operationId: "getPairwise",
    summary: "Paired comparisons of published systems: paired sign-flip p and expected discordant counts (exec), paired-bootstrap Δ with 95% CI",
    description:
      "exec@k per query is tie-aware (a fraction when scores tie), so aOnly/bOnly are expected counts and pValue comes from the two-sided paired sign-flip test, which is McNemar's exact test when nothing is tied; pMethod says whether p is exact or a Monte Carlo estimate.",
    tag: "Analysis",
    auth: "none",
    pathParams: { slug: "benchmark slug" },
    query: pairwiseQuerySchema,
    success: { status: 200, description: "the comparisons", schema: pairwiseSchema, name: "Pairwise" },
    errors: { 400: "invalid filter", 404: "no such benchmark or version" },
  },
  {
    method: "get",
    path: "/api/v1/submissions/{id}/analysis",
    operationId: "getSubmissionAnalysis",
    summary: "A submission's metrics, miss attribution, similarity gap, deception, per-domain exec@1, pool density, tie diagnostics, per-query records",
    description: "Unpublished submissions are visible to their owner, the members of the organisation they were made for, and maintainers; anyone else gets 404.",
    tag: "Analysis",
    auth: "optional",
    pathParams: { id: "submission id" },
    query: submissionAnalysisQuery,
    success: { status: 200, description: "the analysis", schema: submissionAnalysisSchema, name: "SubmissionAnalysis" },
    errors: { 401: "an Authorization header was sent but the token is not valid", 404: "no such submission, or not visible to the caller" },
  },
];
