// Writes the SYNTHETIC paper-size benchmark (bench/pages-synthetic.ts) into its OWN database
// for the page benchmarks: 939 queries, 4,694 snippets, 25 published synthetic systems with
// rankings, per-test outcomes, metrics, per-submission analyses and the version's pairwise
// statistics (computed by the real lib/ code, as the worker would).
//   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:55445/execboard_bench_pages npx tsx bench/pages-seed.ts
// Refuses a database whose name does not contain "bench", so it never lands on a real leaderboard.
import { benchDatabaseUrl, dropBenchmark, ensureDatabase } from "./bench-database";
import { SYNTHETIC_NAME, SYNTHETIC_NOTE, SYNTHETIC_SLUG, SYNTHETIC_VENDOR, codeHash, syntheticBenchmark, testsHash } from "./pages-synthetic";

const url = benchDatabaseUrl(process.env.BENCH_DATABASE_URL, "set BENCH_DATABASE_URL to a database of its own whose name contains 'bench'");

await ensureDatabase(url);
process.env.DATABASE_URL = url; // lib/config reads it once, on first use below
const { migrate } = await import("@/lib/db/migrate");
const { db, disconnectDb } = await import("@/lib/db/client");
const { recomputeVersionAnalysis } = await import("@/lib/leaderboard/recompute-version-analysis");
const { loadScoringContext } = await import("@/lib/analysis/version-context");
const { toQueryOutcomes } = await import("@/lib/analysis/query-outcomes");
const { scoreQueries } = await import("@/lib/metrics/score-queries");
const { RUNNER_VERSION } = await import("@/lib/sandbox/types");
const { ANALYSIS_ENGINE_VERSION } = await import("@/lib/metrics/scoring-engine");
const { createUser } = await import("@/lib/auth/create-user");

const t0 = performance.now();
const lap = (what: string) => console.log(`${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s  ${what}`);
await migrate(url);
const prisma = db();
await dropBenchmark(prisma, SYNTHETIC_SLUG);

const b = syntheticBenchmark();
lap(`generated ${b.queries.length} queries, ${b.corpus.length} snippets, ${b.systems.length} systems`);
const bench = await prisma.benchmark.create({
  data: { slug: SYNTHETIC_SLUG, name: SYNTHETIC_NAME, description: SYNTHETIC_NOTE, license: "synthetic (no license needed)" },
});
const version = await prisma.benchmarkVersion.create({
  data: { benchmarkId: bench.id, version: "synthetic-1", description: SYNTHETIC_NOTE, sourceSha256: "0".repeat(64), queryCount: b.queries.length, corpusCount: b.corpus.length },
});
await prisma.query.createMany({
  data: b.queries.map((q, i) => ({
    versionId: version.id,
    queryId: q.queryId,
    position: i,
    functionName: q.functionName,
    domain: q.domain,
    text: q.text,
    tests: q.tests,
    testsHash: testsHash(q.tests),
    correctCorpusIds: q.correctCorpusIds,
  })),
});
await prisma.corpusItem.createMany({
  data: b.corpus.map((c, i) => ({ versionId: version.id, position: i, codeHash: codeHash(c.code), ...c })),
});
const execRows = [...b.outcomes].map(([key, outcomes]) => {
  const [q, row] = key.split(":").map(Number);
  return { codeHash: codeHash(b.corpus[row].code), testsHash: testsHash(b.queries[q].tests), runnerVersion: RUNNER_VERSION, outcomes, passed: outcomes.every((o) => o === "pass"), durationMs: 40, backend: "synthetic" };
});
for (let i = 0; i < execRows.length; i += 2000) await prisma.execution.createMany({ data: execRows.slice(i, i + 2000), skipDuplicates: true });
lap(`wrote the version and ${execRows.length} execution rows`);

const ctx = await loadScoringContext(version.id);
// The synthetic systems' vendor, an ordinary vendor account (bench/service-seed.ts signs in as it).
const user = (await prisma.user.findUnique({ where: { email: SYNTHETIC_VENDOR }, select: { id: true } })) ?? (await createUser({ email: SYNTHETIC_VENDOR, role: "vendor" }));
const day = 24 * 3600 * 1000;
for (const [s, sys] of b.systems.entries()) {
  const passes = sys.rankings.map((r, q) => r.top.map((row) => row === b.ownRows[q][0]));
  const evidence = sys.rankings.map((r, q) => ({ top: r.top, scores: r.topScores, passes: passes[q], ownScores: new Map(r.own.map((o) => [o.row, o.score])) }));
  const scored = scoreQueries(toQueryOutcomes(ctx.layout, evidence));
  const publishedAt = new Date(Date.UTC(2026, 0, 5) + s * 3 * day);
  const sub = await prisma.submission.create({
    data: {
      versionId: version.id,
      userId: user.id,
      status: "published",
      modelName: sys.model,
      provider: sys.provider,
      similarity: sys.similarity,
      metadata: { model: sys.model, provider: sys.provider, similarity: sys.similarity, openWeights: sys.openWeights, dimensions: sys.dims || undefined, notes: SYNTHETIC_NOTE },
      isBaseline: sys.isBaseline,
      dims: sys.dims,
      dtype: "float32",
      fileSha256: "0".repeat(64),
      fileBytes: 0n,
      storageKey: "synthetic/none",
      scoredAt: publishedAt,
      publishedAt,
      metrics: { createMany: { data: scored.metrics.map((m) => ({ name: m.name, k: m.k, value: m.value, ciLow: m.ciLow, ciHigh: m.ciHigh })) } },
    },
  });
  await prisma.ranking.createMany({
    data: sys.rankings.map((r, q) => ({
      submissionId: sub.id,
      queryDbId: ctx.queries[q].dbId,
      topCorpusIds: r.top.map((row) => ctx.corpus[row].dbId),
      topScores: r.topScores,
      watchedCorpusIds: r.own.map((o) => ctx.corpus[o.row].dbId),
      watchedScores: r.own.map((o) => o.score),
      passes: passes[q],
    })),
  });
  // The scoring run whose results these are, by the current engine (else the version's
  // statistics would list the system as provisional and leave its analysis to a re-score).
  const evaluation = await prisma.evaluation.create({
    data: {
      submissionId: sub.id, seq: 1, trigger: "submission", status: "scored", benchmarkVersion: version.version, benchmarkSha256: version.sourceSha256,
      runnerVersion: RUNNER_VERSION, scoringEngine: ANALYSIS_ENGINE_VERSION, sandboxBackend: "synthetic", startedAt: publishedAt, finishedAt: publishedAt,
      metrics: { createMany: { data: scored.metrics.map((m) => ({ name: m.name, k: m.k, value: m.value, ciLow: m.ciLow, ciHigh: m.ciHigh })) } },
    },
  });
  await prisma.submission.update({ where: { id: sub.id }, data: { currentEvaluationId: evaluation.id } });
  lap(`${sys.model}: exec@1 ${scored.metrics[0].value.toFixed(3)}`);
}
const result = await recomputeVersionAnalysis(version.id);
lap(`version analysis ${result.status}: ${result.systems} systems, ${result.pairs} pairs, ${result.analysesRefreshed} analyses`);
await disconnectDb();
