// The first kind of benchmark: execution-grounded code retrieval (ExecRetrieval). A retrieved
// snippet counts only if it passes the query's tests when executed.
import { requestVersionRecompute } from "@/lib/leaderboard/request-recompute";
import { METRIC_KS } from "@/lib/metrics/per-query-metrics";
import { ANALYSIS_ENGINE_VERSION } from "@/lib/metrics/scoring-engine";
import { RUNNER_VERSION } from "@/lib/sandbox/types";
import type { BenchmarkKind } from "../kind";
import { scoreExecRetrieval } from "./score";
import { EXEC_RETRIEVAL_SUBMISSION_TYPES } from "./submission-types";

export const execRetrievalKind: BenchmarkKind = {
  id: "exec_retrieval",
  title: "execution-grounded code retrieval",
  engine: { version: ANALYSIS_ENGINE_VERSION, change: "tie-aware metrics (exact expectations over the orders of tied snippets)" },
  // Verdicts come from the sandbox runner: results of another runner are due a re-score.
  runnerVersion: RUNNER_VERSION,
  submissionTypes: EXEC_RETRIEVAL_SUBMISSION_TYPES,
  score: scoreExecRetrieval,
  async requestVersionStatistics(versionId) {
    await requestVersionRecompute(versionId);
  },
  presentation: {
    reference: {
      key: "kapoor2026execretrieval",
      title: "ExecRetrieval: Measuring the Functional-Correctness Gap in Code-Embedding Retrieval",
      authors: ["Kapoor, Aaryan", "Khan, Md Abdullah Al Hafiz"],
      year: 2026,
      venue: "arXiv preprint arXiv:2609.01865",
      url: "https://arxiv.org/abs/2609.01865",
    },
    metrics: [
      { name: "exec", label: "exec", ks: METRIC_KS },
      { name: "execution_precision", label: "execution precision", ks: METRIC_KS },
      { name: "ndcg", label: "nDCG", ks: METRIC_KS },
    ],
    primary: { name: "exec", k: 1 },
    summary: [
      { name: "exec", k: 1, label: "exec@1" },
      { name: "exec", k: 10, label: "exec@10" },
      { name: "ndcg", k: 10, label: "nDCG@10" },
    ],
  },
};
