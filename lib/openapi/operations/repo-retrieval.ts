import { z } from "zod";
import { repoScopeQuery, runsQuery, winnersQuery } from "@/lib/repo-board/queries";
import { corpusQuery } from "@/lib/repo-benchmark/corpus-stream";
import type { Operation } from "../operation";
import { compareRunsSchema, fusionSchema, repoAnalysisSchema, repoBoardSchema, sampleDrilldownSchema, taskWinnersSchema } from "../schemas/repo-retrieval";

// The routes of repository-retrieval benchmarks (the second track).
const scopeNote =
  "Metrics are means over positive samples (no-gold samples are scored by selective retrieval only), tie-aware (the exact expectation over the orders of tied files), at depth 100, with 95% bootstrap intervals; weighting=repo averages each repository's samples first.";

export const REPO_RETRIEVAL_OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/api/v1/benchmarks/{slug}/corpus",
    operationId: "getRepoCorpus",
    summary: "The text of a repository-retrieval version's corpus: one JSON line per file, {snapshot, path, sha256, text}, in corpus order (the canonical chunks' order)",
    tag: "Repository retrieval",
    auth: "none",
    pathParams: { slug: "benchmark slug" },
    query: corpusQuery,
    success: { status: 200, description: "JSON lines", schema: z.string(), name: "RepoCorpus", contentType: "application/x-ndjson" },
    errors: { 400: "invalid query", 404: "no such benchmark, version or snapshot, or not a repository-retrieval benchmark" },
  },
  {
    method: "get",
    path: "/api/v1/benchmarks/{slug}/repo-board",
    operationId: "getRepoBoard",
    summary: "A repository-retrieval leaderboard: Recall@5/10/20, MRR, BCY at a budget, per task, weighting and candidate filter",
    description: scopeNote,
    tag: "Repository retrieval",
    auth: "none",
    pathParams: { slug: "benchmark slug" },
    query: repoScopeQuery,
    success: { status: 200, description: "the leaderboard", schema: repoBoardSchema, name: "RepoBoard" },
    errors: { 400: "invalid scope", 404: "no such benchmark or version" },
  },
  {
    method: "get",
    path: "/api/v1/benchmarks/{slug}/task-winners",
    operationId: "getTaskWinners",
    summary: "Per task and metric (MRR, Recall@20, BCY@8k): the best published run, the runner-up, the paired test between them",
    tag: "Repository retrieval",
    auth: "none",
    pathParams: { slug: "benchmark slug" },
    query: winnersQuery,
    success: { status: 200, description: "the winners", schema: taskWinnersSchema, name: "TaskWinners" },
    errors: { 400: "invalid weighting", 404: "no such benchmark or version" },
  },
  {
    method: "get",
    path: "/api/v1/benchmarks/{slug}/fusion",
    operationId: "getFusion",
    summary: "Reciprocal rank fusion (k = 60) of 2-4 published runs, scored live, with the paired test against each input",
    description: "A file tied in an input run takes its tie group's mean rank; the fused run is scored exactly as a submission is. " + scopeNote,
    tag: "Repository retrieval",
    auth: "none",
    pathParams: { slug: "benchmark slug" },
    query: runsQuery,
    success: { status: 200, description: "the fused run", schema: fusionSchema, name: "Fusion" },
    errors: { 400: "fewer than 2 or more than 4 runs, or an invalid scope", 404: "no such benchmark, version or published run" },
  },
  {
    method: "get",
    path: "/api/v1/benchmarks/{slug}/compare-runs",
    operationId: "compareRepoRuns",
    summary: "2-4 published runs side by side: headline metrics with intervals and every pair's paired test",
    description: scopeNote,
    tag: "Repository retrieval",
    auth: "none",
    pathParams: { slug: "benchmark slug" },
    query: runsQuery,
    success: { status: 200, description: "the comparison", schema: compareRunsSchema, name: "RepoRunComparison" },
    errors: { 400: "more than 4 runs, or an invalid scope", 404: "no such benchmark, version or published run" },
  },
  {
    method: "get",
    path: "/api/v1/submissions/{id}/repo-analysis",
    operationId: "getRepoAnalysis",
    summary: "A repository-retrieval submission's analysis: per task in both weightings, first-gold depth, budgets, candidate filters, selective retrieval, per sample",
    description: "Unpublished submissions are visible to their owner, the members of the organisation they were made for, and maintainers; anyone else gets 404.",
    tag: "Repository retrieval",
    auth: "optional",
    pathParams: { id: "submission id" },
    success: { status: 200, description: "the analysis", schema: repoAnalysisSchema, name: "RepoAnalysis" },
    errors: { 401: "an Authorization header was sent but the token is not valid", 404: "no such submission, or not visible to the caller" },
  },
  {
    method: "get",
    path: "/api/v1/submissions/{id}/samples/{sampleId}",
    operationId: "getRepoSampleDrilldown",
    summary: "One sample as a submission ranked it: query, given and gold files, ranked files with roles, ties, tokens and what fits in each budget",
    tag: "Repository retrieval",
    auth: "optional",
    pathParams: { id: "submission id", sampleId: "sample id" },
    success: { status: 200, description: "the sample", schema: sampleDrilldownSchema, name: "RepoSampleDrilldown" },
    errors: { 401: "an Authorization header was sent but the token is not valid", 404: "no such submission or sample, or not visible to the caller" },
  },
];
