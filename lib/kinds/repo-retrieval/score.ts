// Scoring a submission to a repository-retrieval benchmark, in memory from the stored file to the
// metrics: validating (the stored file is still the accepted one, parsed again), ranking (a run
// file's own rankings, or chunk embeddings ranked on the server: rank-chunks.ts), scoring (every
// metric, tie-aware, with intervals: lib/repo-metrics/analyze-run.ts). No execution. Nothing is
// written here: the ScoredRun's write() stores the rankings and the analysis in the caller's
// transaction (lib/scoring).
import fs from "node:fs/promises";
import { getConfig } from "@/lib/config";
import type { Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { costOf, loadRepoVersion, type RepoVersion } from "@/lib/repo-benchmark/load-version";
import { analyzeRun, type RunAnalysis, type SampleRanking } from "@/lib/repo-metrics/analyze-run";
import { HEADLINE_METRICS, storedMetric } from "@/lib/repo-metrics/definitions";
import { readSubmissionRows } from "@/lib/retrieval/submission-rows";
import { withStoredFile } from "@/lib/storage/file-store";
import { hashFile } from "@/lib/storage/hash-file";
import type { MetricRow, ScoredRun, ScoringInput } from "../kind";
import { rankChunkEmbeddings } from "./rank-chunks";
import { chunkExpectation, parseRunFile } from "./submission-types";

async function rankStored(input: ScoringInput, v: RepoVersion, onRanked: (done: number) => void): Promise<SampleRanking[]> {
  return withStoredFile(input.storageKey, async (path) => {
    const { sha256 } = await hashFile(path);
    if (sha256 !== input.fileSha256) throw new AppError("INVALID_UPLOAD", "the stored upload no longer matches the file that was accepted (SHA-256 differs); submit it again");
    if (input.submissionType === "run_trec" || input.submissionType === "run_jsonl") {
      const run = await parseRunFile(await fs.readFile(path), input.versionId, input.submissionType === "run_trec" ? "trec" : "jsonl");
      return run.samples.map((s) => ({ paths: s.files, scores: s.scores, abstention: s.abstention }));
    }
    const rows = await readSubmissionRows(path, await chunkExpectation(input.versionId), { maxBytes: getConfig().EXECBOARD_UPLOAD_SESSION_MAX_BYTES });
    return rankChunkEmbeddings(v, rows, input.metadata.similarity, onRanked);
  });
}

/** The headline metrics table: sample-weighted means over positive samples. */
export function headlineRows(a: RunAnalysis): MetricRow[] {
  if (!a.overall) return [];
  return HEADLINE_METRICS.map((id) => {
    const e = a.overall!.sample[a.metrics.indexOf(id)];
    return { ...storedMetric(id), value: e.value, ciLow: e.ciLow, ciHigh: e.ciHigh };
  });
}

export async function scoreRepoRetrieval(input: ScoringInput): Promise<ScoredRun | null> {
  const { progress } = input;
  if (!(await progress.enter("validating", 0))) return null;
  const v = await loadRepoVersion(input.versionId);
  if (!(await progress.enter("ranking", v.samples.length))) return null;
  let last = 0;
  const rankings = await rankStored(input, v, (done) => {
    if (done === v.samples.length || Date.now() - last > 500) {
      last = Date.now();
      void progress.report(done, v.samples.length);
    }
  });
  if (!(await progress.enter("scoring", v.samples.length))) return null;
  const analysis = analyzeRun(
    v.samples.map((s) => ({ sampleId: s.sampleId, task: s.task, repo: s.repo, gold: new Set(s.gold) })),
    rankings,
    costOf(v),
  );
  return {
    metrics: headlineRows(analysis),
    headline: { name: "mrr", k: 100, label: "MRR" },
    async write(tx: Tx, submissionId: string) {
      await tx.repoRanking.deleteMany({ where: { submissionId } });
      await tx.repoRanking.createMany({ data: v.samples.map((s, i) => ({ submissionId, sampleDbId: s.dbId, paths: [...rankings[i].paths], scores: [...rankings[i].scores], abstention: rankings[i].abstention })) });
      await tx.repoAnalysis.upsert({
        where: { submissionId },
        create: { submissionId, engineVersion: analysis.engine, payload: analysis as object },
        update: { engineVersion: analysis.engine, payload: analysis as object, computedAt: new Date() },
      });
    },
  };
}
