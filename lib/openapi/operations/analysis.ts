import { submissionAnalysisQuery } from "@/lib/analysis/get-submission-analysis";
import { pairwiseQuerySchema } from "@/lib/leaderboard/version-query";
import { answer, defineOperations, ok } from "../operation";
import { difficultySchema, pairwiseSchema, submissionAnalysisSchema, versionAnalysisSchema } from "../schemas/analysis";
import { submissionRead, versionRead } from "./shared";

// The analysis routes, with their answers pinned by the schemas in ../schemas/analysis.ts.

export const ANALYSIS_OPERATIONS = defineOperations({ tag: "Analysis", access: "public" }, {
  "GET /api/v1/benchmarks/{slug}/analysis": versionRead({
    id: "getVersionAnalysis",
    summary: "Cross-submission summary: systems, tie groups with the leader, difficulty distribution",
    success: ok("the version's analysis", answer("VersionAnalysis", versionAnalysisSchema)),
  }),
  "GET /api/v1/benchmarks/{slug}/difficulty": versionRead({
    id: "getDifficulty",
    summary: "Per query, how many published systems solve it at rank 1 (expected counts: a tie at rank 1 counts its chance)",
    success: ok("per-query difficulty", answer("Difficulty", difficultySchema)),
  }),
  "GET /api/v1/benchmarks/{slug}/pairwise": versionRead({
    id: "getPairwise",
    summary: "Paired comparisons of published systems: paired sign-flip p and expected discordant counts (exec), paired-bootstrap Δ with 95% CI",
    description:
      "exec@k per query is tie-aware (a fraction when scores tie), so aOnly/bOnly are expected counts and pValue comes from the two-sided paired sign-flip test, which is McNemar's exact test when nothing is tied; pMethod says whether p is exact or a Monte Carlo estimate.",
    query: pairwiseQuerySchema,
    success: ok("the comparisons", answer("Pairwise", pairwiseSchema)),
    errors: { 400: "invalid filter" },
  }),
  "GET /api/v1/submissions/{id}/analysis": submissionRead({
    id: "getSubmissionAnalysis",
    summary: "A submission's metrics, miss attribution, similarity gap, deception, per-domain exec@1, pool density, tie diagnostics, per-query records",
    query: submissionAnalysisQuery,
    success: ok("the analysis", answer("SubmissionAnalysis", submissionAnalysisSchema)),
    errors: { 400: "invalid perQuery (true or false)" },
  }),
});
