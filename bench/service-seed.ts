// What the authenticated part of bench/load-service.ts needs, added to the synthetic benchmark's
// database after bench/pages-seed.ts: an API token for the synthetic vendor (lib/auth issueToken,
// as `execboard users token` issues one), a web session opened with it (lib/auth signIn, as
// /signin does), and one private submission of that vendor: scored, not published, holding a
// copy of a published system's metrics, rankings and analysis.
//   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:55445/execboard_bench_pages npx tsx bench/service-seed.ts <env-file>
// Writes BENCH_TOKEN, BENCH_SESSION and BENCH_PRIVATE_ID as shell exports to <env-file> (mode
// 0600; the secrets of a throwaway database). Refuses a database whose name lacks "bench".
import fs from "node:fs";
import { SYNTHETIC_NOTE, SYNTHETIC_PRIVATE_MODEL as PRIVATE_MODEL, SYNTHETIC_SLUG, SYNTHETIC_VENDOR } from "./pages-synthetic";

const url = process.env.BENCH_DATABASE_URL;
const out = process.argv[2];
if (!url || !new URL(url).pathname.includes("bench") || !out) {
  console.error("usage: BENCH_DATABASE_URL=<a database of its own whose name contains 'bench'> npx tsx bench/service-seed.ts <env-file>");
  process.exit(2);
}
process.env.DATABASE_URL = url; // lib/config reads it once, on first use below
const { db, disconnectDb } = await import("@/lib/db/client");
const { issueToken } = await import("@/lib/auth/create-user");
const { signIn } = await import("@/lib/auth/sign-in");

const prisma = db();
const version = await prisma.benchmarkVersion.findFirstOrThrow({ where: { benchmark: { slug: SYNTHETIC_SLUG } }, select: { id: true } });
const template = await prisma.submission.findFirstOrThrow({
  where: { versionId: version.id, status: "published", user: { email: SYNTHETIC_VENDOR } },
  orderBy: { publishedAt: "asc" },
  select: { userId: true, similarity: true, dims: true, metrics: true, rankings: true, analysis: true },
});
await prisma.submission.deleteMany({ where: { versionId: version.id, modelName: PRIVATE_MODEL } });
const { metrics, rankings, analysis } = template;
const strip = <T extends { submissionId: string }>({ submissionId: _, ...rest }: T) => rest;
const priv = await prisma.submission.create({
  data: {
    versionId: version.id,
    userId: template.userId,
    status: "scored",
    modelName: PRIVATE_MODEL,
    provider: "Synthetic Lab A",
    similarity: template.similarity,
    metadata: { model: PRIVATE_MODEL, provider: "Synthetic Lab A", notes: SYNTHETIC_NOTE },
    dims: template.dims,
    dtype: "float32",
    fileSha256: "0".repeat(64),
    fileBytes: 0n,
    storageKey: "synthetic/none",
    scoredAt: new Date(),
    events: { create: [{ status: "queued" }, { status: "scored", message: "synthetic copy for the load bench" }] },
    metrics: { createMany: { data: metrics.map(strip) } },
    rankings: { createMany: { data: rankings.map(strip) } },
    ...(analysis ? { analysis: { create: { engineVersion: analysis.engineVersion, payload: analysis.payload ?? {} } } } : {}),
  },
  select: { id: true },
});
const token = await issueToken(SYNTHETIC_VENDOR, { name: "load bench", expiresInDays: 1 });
const session = await signIn({ token });
fs.writeFileSync(out, `export BENCH_TOKEN=${token} BENCH_SESSION=${session.sessionId} BENCH_PRIVATE_ID=${priv.id}\n`, { mode: 0o600 });
console.log(`vendor ${SYNTHETIC_VENDOR}: a token and a session for the load bench, private submission ${priv.id} (${rankings.length} rankings); written to ${out}`);
await disconnectDb();
