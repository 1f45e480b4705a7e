// The second kind of benchmark: repository context retrieval for coding agents (Agent
// Retrieval Bench). Given a workflow query and a repository frozen at a base commit, rank the
// files an agent needs next; scored by Recall@k, MRR and budgeted context yield, with selective
// retrieval where no file should be returned. No execution: the pipeline skips that stage.
import { REPO_ENGINE_VERSION } from "@/lib/repo-metrics/analyze-run";
import type { BenchmarkKind } from "../kind";
import { scoreRepoRetrieval } from "./score";
import { REPO_RETRIEVAL_SUBMISSION_TYPES } from "./submission-types";

export const repoRetrievalKind: BenchmarkKind = {
  id: "repo_retrieval",
  title: "repository context retrieval for coding agents",
  engine: { version: REPO_ENGINE_VERSION, change: "the first engine of repository retrieval" },
  // Nothing executes: no runner change touches these results.
  runnerVersion: null,
  submissionTypes: REPO_RETRIEVAL_SUBMISSION_TYPES,
  score: scoreRepoRetrieval,
  // Every cross-submission statistic of this kind (paired tests, task winners, fusion) is
  // computed from the stored rankings when a page asks, memoized by the published set
  // (lib/repo-board): there is nothing to precompute on publication.
  async requestVersionStatistics() {},
  presentation: {
    reference: {
      key: "qin2026agentretrievalbench",
      title: "Agent Retrieval Bench: Evaluating Repository Context Retrieval for Coding Agents",
      authors: ["Qin, Bowen", "Xie, Yi"],
      year: 2026,
      venue: "arXiv preprint arXiv:2607.24882",
      url: "https://arxiv.org/abs/2607.24882",
    },
    metrics: [
      { name: "recall", label: "Recall", ks: [5, 10, 20] },
      { name: "mrr", label: "MRR", ks: [100] },
      { name: "bcy", label: "BCY", ks: [4000, 8000, 16000, 32000] },
    ],
    primary: { name: "mrr", k: 100 },
    summary: [
      { name: "mrr", k: 100, label: "MRR" },
      { name: "recall", k: 20, label: "Recall@20" },
      { name: "bcy", k: 8000, label: "BCY@8k" },
    ],
  },
};
