import { z } from "zod";
import { repoScopeQuery, runsQuery, winnersQuery } from "@/lib/repo-board/queries";
import { corpusQuery } from "@/lib/repo-benchmark/corpus-stream";
import { answer, defineOperations, ok } from "../operation";
import { compareRunsSchema, fusionSchema, repoAnalysisSchema, repoBoardSchema, sampleDrilldownSchema, taskWinnersSchema } from "../schemas/repo-retrieval";
import { submissionRead, versionRead } from "./shared";

// The routes of repository-retrieval benchmarks (the second track).
const scopeNote =
  "Metrics are means over positive samples (no-gold samples are scored by selective retrieval only), tie-aware (the exact expectation over the orders of tied files), at depth 100, with 95% bootstrap intervals; weighting=repo averages each repository's samples first.";
const NO_SUCH_RUN = "no such benchmark, version or published run";

export const REPO_RETRIEVAL_OPERATIONS = defineOperations({ tag: "Repository retrieval", access: "public" }, {
  "GET /api/v1/benchmarks/{slug}/corpus": versionRead({
    id: "getRepoCorpus",
    summary: "The text of a repository-retrieval version's corpus: one JSON line per file, {snapshot, path, sha256, text}, in corpus order (the canonical chunks' order)",
    query: corpusQuery,
    success: ok("JSON lines", answer("RepoCorpus", z.string(), "application/x-ndjson")),
    errors: { 400: "invalid query", 404: "no such benchmark, version or snapshot, or not a repository-retrieval benchmark" },
  }),
  "GET /api/v1/benchmarks/{slug}/repo-board": versionRead({
    id: "getRepoBoard",
    summary: "A repository-retrieval leaderboard: Recall@5/10/20, MRR, BCY at a budget, per task, weighting and candidate filter",
    description: scopeNote,
    query: repoScopeQuery,
    success: ok("the leaderboard", answer("RepoBoard", repoBoardSchema)),
    errors: { 400: "invalid scope" },
  }),
  "GET /api/v1/benchmarks/{slug}/task-winners": versionRead({
    id: "getTaskWinners",
    summary: "Per task and metric (MRR, Recall@20, BCY@8k): the best published run, the runner-up, the paired test between them",
    query: winnersQuery,
    success: ok("the winners", answer("TaskWinners", taskWinnersSchema)),
    errors: { 400: "invalid weighting" },
  }),
  "GET /api/v1/benchmarks/{slug}/fusion": versionRead({
    id: "getFusion",
    summary: "Reciprocal rank fusion (k = 60) of 2-4 published runs, scored live, with the paired test against each input",
    description: "A file tied in an input run takes its tie group's mean rank; the fused run is scored exactly as a submission is. " + scopeNote,
    query: runsQuery,
    success: ok("the fused run", answer("Fusion", fusionSchema)),
    errors: { 400: "fewer than 2 or more than 4 runs, or an invalid scope", 404: NO_SUCH_RUN },
  }),
  "GET /api/v1/benchmarks/{slug}/compare-runs": versionRead({
    id: "compareRepoRuns",
    summary: "2-4 published runs side by side: headline metrics with intervals and every pair's paired test",
    description: scopeNote,
    query: runsQuery,
    success: ok("the comparison", answer("RepoRunComparison", compareRunsSchema)),
    errors: { 400: "more than 4 runs, or an invalid scope", 404: NO_SUCH_RUN },
  }),
  "GET /api/v1/submissions/{id}/repo-analysis": submissionRead({
    id: "getRepoAnalysis",
    summary: "A repository-retrieval submission's analysis: per task in both weightings, first-gold depth, budgets, candidate filters, selective retrieval, per sample",
    success: ok("the analysis", answer("RepoAnalysis", repoAnalysisSchema)),
  }),
  "GET /api/v1/submissions/{id}/samples/{sampleId}": submissionRead({
    id: "getRepoSampleDrilldown",
    summary: "One sample as a submission ranked it: query, given and gold files, ranked files with roles, ties, tokens and what fits in each budget",
    success: ok("the sample", answer("RepoSampleDrilldown", sampleDrilldownSchema)),
    errors: { 404: "no such submission or sample, or not visible to the caller" },
  }),
});
