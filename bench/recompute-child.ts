// Child of recompute.bench.ts, running against the throwaway database it created.
import os from "node:os";
import { buildLayout, toQueryOutcomes, type SubmissionEvidence } from "@/lib/analysis";
import { db, disconnectDb } from "@/lib/db/client";
import { recomputeVersionAnalysis } from "@/lib/leaderboard/recompute-version-analysis";
import { scoreQueries } from "@/lib/metrics/score-queries";
import { rankCorpus } from "@/lib/retrieval/rank";
import { syntheticBenchmark, syntheticEmbeddings } from "./synthetic/paper-size";

const SYSTEMS = 25, DIMS = 64;
const b = syntheticBenchmark(1);
const layout = buildLayout(b);
const own = b.queries.map((_, q) => b.owner.flatMap((o, j) => (o === q ? [j] : [])));

const benchmark = await db().benchmark.create({ data: { slug: "synthetic-paper-size", name: "SYNTHETIC paper-size (bench only)", description: "synthetic", license: "none" } });
const version = await db().benchmarkVersion.create({
  data: { benchmarkId: benchmark.id, version: "bench", description: "synthetic", sourceSha256: "synthetic", queryCount: b.queries.length, corpusCount: b.corpus.length },
});
await db().query.createMany({
  data: b.queries.map((q, position) => ({ versionId: version.id, queryId: q.queryId, position, functionName: `f_${position}`, domain: q.domain, text: "synthetic", tests: [], testsHash: "synthetic", correctCorpusIds: q.correctCorpusIds })),
});
await db().corpusItem.createMany({
  data: b.corpus.map((c, position) => ({ versionId: version.id, corpusId: c.corpusId, queryId: c.queryId, position, role: c.role, code: c.code, codeHash: "synthetic", bugType: c.bugType })),
});
const queryRows = await db().query.findMany({ where: { versionId: version.id }, orderBy: { position: "asc" }, select: { id: true } });
const corpusRows = await db().corpusItem.findMany({ where: { versionId: version.id }, orderBy: { position: "asc" }, select: { id: true } });
const user = await db().user.create({ data: { email: "bench@synthetic.example", role: "vendor" } });

for (let s = 0; s < SYSTEMS; s++) {
  const { queries, corpus } = syntheticEmbeddings(b, DIMS, 100 + s, 0.6 + s * 0.05);
  const r = rankCorpus({ queries, corpus, dims: DIMS, similarity: "cosine", k: 10, watch: own });
  const passes = r.top.map((top, q) => Array.from(top, (row) => row === own[q][0]));
  const evidence: SubmissionEvidence = r.top.map((top, q) => ({ top, scores: r.scores[q], passes: passes[q], ownScores: new Map() }));
  const scored = scoreQueries(toQueryOutcomes(layout, evidence), { replicates: 10 });
  const sub = await db().submission.create({
    data: {
      versionId: version.id, userId: user.id, status: "published", modelName: `synthetic-${s}`, provider: "bench", similarity: "cosine",
      metadata: {}, dims: DIMS, dtype: "float32", fileSha256: "synthetic", fileBytes: 0n, storageKey: `synthetic-${s}.npz`, publishedAt: new Date(),
    },
  });
  await db().metric.createMany({ data: scored.metrics.map((m) => ({ submissionId: sub.id, name: m.name, k: m.k, value: m.value, ciLow: m.ciLow, ciHigh: m.ciHigh })) });
  await db().ranking.createMany({
    data: r.top.map((top, q) => ({
      submissionId: sub.id, queryDbId: queryRows[q].id, topCorpusIds: Array.from(top, (row) => corpusRows[row].id), topScores: Array.from(r.scores[q]),
      watchedCorpusIds: own[q].map((row) => corpusRows[row].id), watchedScores: Array.from(r.watched[q]), passes: passes[q],
    })),
  });
}

const cpu0 = process.cpuUsage();
const t0 = performance.now();
const result = await recomputeVersionAnalysis(version.id);
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
console.log(`recompute job, ${result.systems} published systems, ${result.pairs} pairs, ${result.analysesRefreshed} per-submission analyses computed: ${(ms / 1000).toFixed(2)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU in this process (target < 10 s; ${os.availableParallelism()} cores, load ${os.loadavg()[0].toFixed(1)})`);
const pairRows = await db().pairwiseComparison.count({ where: { versionId: version.id } });
console.log(`stored: ${pairRows} paired comparisons, ${await db().submissionAnalysis.count()} submission analyses, status ${result.status}`);
await disconnectDb();
