// The database bench/upload-scored.bench.ts uploads into: the SYNTHETIC paper-size benchmark
// (bench/pages-synthetic.ts: 939 queries with executable Python tests, 4,694 snippets), with no
// submissions and no execution results, and a vendor account with an API token.
//   BENCH_DATABASE_URL=postgresql://…/execboard_bench_upload npx tsx bench/upload-seed.ts <env-file>
// Writes BENCH_TOKEN as a shell export to <env-file> (mode 0600). Refuses a database whose name
// lacks "bench", so it never lands on a real leaderboard.
import fs from "node:fs";
import { benchDatabaseUrl, dropBenchmark, ensureDatabase } from "./bench-database";
import { SYNTHETIC_NAME, SYNTHETIC_NOTE, SYNTHETIC_SLUG, codeHash, syntheticBenchmark, testsHash } from "./pages-synthetic";

const out = process.argv[2];
const url = benchDatabaseUrl(out ? process.env.BENCH_DATABASE_URL : undefined, "usage: BENCH_DATABASE_URL=<a database of its own whose name contains 'bench'> npx tsx bench/upload-seed.ts <env-file>");
await ensureDatabase(url);

process.env.DATABASE_URL = url; // lib/config reads it once, on first use below
const { migrate } = await import("@/lib/db/migrate");
const { db, disconnectDb } = await import("@/lib/db/client");
const { createUser, issueToken } = await import("@/lib/auth/create-user");
await migrate(url);
const prisma = db();
await dropBenchmark(prisma, SYNTHETIC_SLUG);
await prisma.execution.deleteMany({});
const b = syntheticBenchmark();
const bench = await prisma.benchmark.create({ data: { slug: SYNTHETIC_SLUG, name: SYNTHETIC_NAME, description: SYNTHETIC_NOTE, license: "synthetic (no license needed)" } });
const version = await prisma.benchmarkVersion.create({
  data: { benchmarkId: bench.id, version: "synthetic-1", description: SYNTHETIC_NOTE, sourceSha256: "0".repeat(64), queryCount: b.queries.length, corpusCount: b.corpus.length },
});
await prisma.query.createMany({
  data: b.queries.map((q, i) => ({ versionId: version.id, queryId: q.queryId, position: i, functionName: q.functionName, domain: q.domain, text: q.text, tests: q.tests, testsHash: testsHash(q.tests), correctCorpusIds: q.correctCorpusIds })),
});
await prisma.corpusItem.createMany({ data: b.corpus.map((c, i) => ({ versionId: version.id, position: i, codeHash: codeHash(c.code), ...c })) });
const email = "synthetic-upload-bench@bench.invalid";
if (!(await prisma.user.findUnique({ where: { email } }))) await createUser({ email, role: "vendor" });
const token = await issueToken(email, { name: "upload bench" });
fs.writeFileSync(out, `export BENCH_TOKEN=${token}\n`, { mode: 0o600 });
console.log(`seeded ${SYNTHETIC_SLUG}: ${b.queries.length} queries, ${b.corpus.length} snippets, no executions; vendor ${email}`);
await disconnectDb();
