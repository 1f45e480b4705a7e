// A multi-GiB upload end to end, with its memory. Writes an .npz of float32 matrices larger
// than 4 GiB (zip64, as np.savez writes it), then:
//   1. the server-side checks of a completed upload (SHA-256 + streaming validation) and the
//      scoring job's read of both matrices, each in a fresh process: time and peak RSS (VmHWM);
//   2. with BENCH_HTTP=1: the real HTTP path against EXECBOARD_URL (a synthetic benchmark with
//      matching ids is inserted for the run and removed after): chunked PUTs, then completion,
//      sampling the web server's RSS (BENCH_SERVER_PID) throughout. Stop your workers first:
//      the submission is removed before anything scores it.
// Run once: npx tsx bench/upload-large.bench.ts   (needs ~2x the file in free disk; the file
// is deleted after). Shape: BENCH_QUERIES, BENCH_CORPUS, BENCH_DIMS.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { float32Rows, unicodeBlock, writeLargeNpz } from "../tests/embeddings/files/write-large-npz";

const Q = Number(process.env.BENCH_QUERIES ?? 2_000);
const C = Number(process.env.BENCH_CORPUS ?? 100_000);
const D = Number(process.env.BENCH_DIMS ?? 10_752);
const here = import.meta.dirname;
const GiB = 1024 ** 3, MiB = 1024 ** 2;
const fmt = (n: number) => (n >= GiB ? `${(n / GiB).toFixed(2)} GiB` : `${(n / MiB).toFixed(0)} MiB`);
const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

const dir = fs.mkdtempSync(path.join(process.env.BENCH_DIR ?? os.tmpdir(), "execboard-upload-bench-"));
const file = path.join(dir, "large.npz");
const matrixBytes = (Q + C) * D * 4;
try {
  const t0 = performance.now();
  const fileBytes = await writeLargeNpz(file, [
    { name: "query_embeddings", descr: "<f4", shape: [Q, D], blocks: () => float32Rows(Q, D, 1, 64) },
    { name: "corpus_embeddings", descr: "<f4", shape: [C, D], blocks: () => float32Rows(C, D, 2, 64) },
    { name: "query_ids", descr: "<U6", shape: [Q], blocks: () => [unicodeBlock(ids("q", Q), 6)] },
    { name: "corpus_ids", descr: "<U7", shape: [C], blocks: () => [unicodeBlock(ids("c", C), 7)] },
  ]);
  console.log(`file: Q=${Q} C=${C} d=${D} float32, matrices ${fmt(matrixBytes)}, file ${fmt(fileBytes)} (zip64), written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  for (const step of ["validate", "read"] as const) {
    const out = execFileSync(process.execPath, ["--import", "tsx", path.join(here, "../tests/embeddings/files/memory-child.ts"), step, file, String(Q), String(C)], { encoding: "utf8", maxBuffer: 1 << 20 });
    const r = JSON.parse(out.trim().split("\n").pop()!);
    const what = step === "validate" ? "complete-time checks (SHA-256 + streaming validation)" : "scoring read (both matrices into typed arrays)";
    console.log(`${what}: ${(r.ms / 1000).toFixed(1)} s (${fmt(fileBytes / (r.ms / 1000))}/s), peak RSS +${fmt(r.increase)} over ${fmt(r.baseline)} = ${(r.increase / matrixBytes).toFixed(3)}x the matrices`);
  }

  if (process.env.BENCH_HTTP === "1") await overHttp(fileBytes);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

async function overHttp(fileBytes: number): Promise<void> {
  const { createUser } = await import("@/lib/auth/create-user");
  const { getConfig } = await import("@/lib/config");
  const { db, disconnectDb } = await import("@/lib/db/client");
  const { closeQueue, getQueue } = await import("@/lib/queue/enqueue");
  const { jobs } = await import("@/lib/queue/jobs");
  const { deleteFile } = await import("@/lib/storage/file-store");
  const { ApiClient } = await import("@/lib/cli/api-client");
  const { ResumableUpload } = await import("@/lib/cli/resumable-upload");
  const slug = `bench-large-${crypto.randomBytes(3).toString("hex")}`;
  const serverPid = Number(process.env.BENCH_SERVER_PID ?? 0);
  const rss = () => (serverPid ? Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${serverPid}/status`, "utf8"))![1]) * 1024 : 0);
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 100);
  const benchmark = await db().benchmark.create({ data: { slug, name: slug, description: "upload bench (temporary)", license: "none" } });
  const version = await db().benchmarkVersion.create({ data: { benchmarkId: benchmark.id, version: "1", description: "", sourceSha256: "0".repeat(64), queryCount: Q, corpusCount: C } });
  const user = await createUser({ email: `${slug}@bench.execboard`, role: "vendor" });
  try {
    for (let i = 0; i < Q; i += 10_000) {
      await db().query.createMany({ data: ids("q", Q).slice(i, i + 10_000).map((queryId, k) => ({ versionId: version.id, queryId, position: i + k, functionName: "f", domain: "d", text: "", tests: ["assert True"], testsHash: "0", correctCorpusIds: [] })) });
    }
    for (let i = 0; i < C; i += 10_000) {
      await db().corpusItem.createMany({ data: ids("c", C).slice(i, i + 10_000).map((corpusId, k) => ({ versionId: version.id, corpusId, queryId: "q0", position: i + k, role: "distractor" as const, code: "", codeHash: "0" })) });
    }
    const client = new ApiClient(getConfig().EXECBOARD_URL, user.token);
    const baseline = rss();
    let t = performance.now();
    const session = await client.request<{ id: string; size: number; receivedBytes: number; maxChunkBytes: number }>("POST", "/api/v1/uploads", { json: { benchmark: slug, size: fileBytes } });
    await new ResumableUpload(client).sendFile(file, session as never, { chunkBytes: 64 * MiB });
    const uploadS = (performance.now() - t) / 1000;
    const uploadPeak = peak;
    peak = 0;
    t = performance.now();
    const done = await client.request<{ submission: { id: string } }>("POST", `/api/v1/uploads/${session.id}/complete`, { json: { metadata: { model: "bench", provider: "bench" } } });
    const completeS = (performance.now() - t) / 1000;
    console.log(
      `HTTP: ${fmt(fileBytes)} in ${Math.ceil(fileBytes / (64 * MiB))} chunks of 64 MiB: ${uploadS.toFixed(1)} s (${fmt(fileBytes / uploadS)}/s); ` +
        `complete (hash + validate + create): ${completeS.toFixed(1)} s` +
        (serverPid ? `; web server RSS ${fmt(baseline)} before, peak ${fmt(uploadPeak)} while uploading, ${fmt(peak)} while completing` : ""),
    );
    const sub = await db().submission.findUniqueOrThrow({ where: { id: done.submission.id }, select: { id: true, storageKey: true } });
    await (await getQueue().getJob(jobs.scoreSubmission.jobId({ submissionId: sub.id })))?.remove();
    await db().submission.delete({ where: { id: sub.id } });
    await deleteFile(sub.storageKey);
  } finally {
    clearInterval(sampler);
    await db().uploadSession.deleteMany({ where: { userId: user.id } });
    await db().benchmark.delete({ where: { id: benchmark.id } });
    await db().user.delete({ where: { id: user.id } });
    await closeQueue();
    await disconnectDb();
  }
}
