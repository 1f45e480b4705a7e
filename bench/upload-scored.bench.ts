// Upload to scored at the paper's shape: a vendor's .npz of 939 query and 4,694 corpus
// embeddings, d = 3,072, float32 (69 MiB of matrices), posted to the API of a running service
// (web process + worker + sandbox) on the SYNTHETIC paper-size benchmark, timed until the
// submission is scored: with a cold execution cache (every executed pair runs in the sandbox),
// then warm (the same rankings again: every verdict comes from the cache). Prints the stages
// from the submission's own history. bench/upload-scored.sh starts everything on its own ports:
//   bash bench/upload-scored.sh            # BENCH_DIMS=3072 BENCH_REPS=2 by default
import { Xoshiro128 } from "@/lib/metrics/prng";
import { writeNpz } from "@/lib/embeddings/write-npz";
import { SYNTHETIC_LABEL } from "./synthetic/paper-size";
import { SYNTHETIC_SLUG, syntheticBenchmark } from "./pages-synthetic";
import os from "node:os";
import pg from "pg";

const base = process.env.BENCH_URL ?? "http://127.0.0.1:3163";
const token = process.env.BENCH_TOKEN, dbUrl = process.env.BENCH_DATABASE_URL;
if (!token || !dbUrl) {
  console.error("set BENCH_URL, BENCH_TOKEN and BENCH_DATABASE_URL (bench/upload-scored.sh does)");
  process.exit(2);
}
const dims = Number(process.env.BENCH_DIMS ?? 3072);
const reps = Number(process.env.BENCH_REPS ?? 2);
const b = syntheticBenchmark();
const Q = b.queries.length, C = b.corpus.length;

// Embeddings with the paper's structure: a topic per query; its canonical near the topic, its
// distractors near the canonical; the query near its topic. `scale` multiplies every value
// (cosine: the same rankings, other bytes).
function embeddings(scale: number): Buffer {
  const rng = new Xoshiro128(11);
  const normal = () => (rng.nextUint32() + rng.nextUint32() + rng.nextUint32() + rng.nextUint32()) / 2 ** 32 / 0.5773502691896258 - 2 / 0.5773502691896258;
  const topics = Float32Array.from({ length: Q * dims }, normal);
  const queries = new Float32Array(Q * dims), corpus = new Float32Array(C * dims);
  for (let q = 0; q < Q; q++) for (let t = 0; t < dims; t++) queries[q * dims + t] = scale * (topics[q * dims + t] + normal());
  b.ownRows.forEach((rows, q) => {
    const [canonical, ...distractors] = rows;
    for (let t = 0; t < dims; t++) corpus[canonical * dims + t] = scale * (topics[q * dims + t] + 0.8 * normal());
    for (const r of distractors) for (let t = 0; t < dims; t++) corpus[r * dims + t] = corpus[canonical * dims + t] + scale * 0.05 * normal();
  });
  return writeNpz({
    query_embeddings: { data: queries, shape: [Q, dims] },
    corpus_embeddings: { data: corpus, shape: [C, dims] },
    query_ids: b.queries.map((q) => q.queryId),
    corpus_ids: b.corpus.map((c) => c.corpusId),
  });
}

interface Status {
  status: string;
  error?: string | null;
  history: { status: string; at: string }[];
}

async function uploadAndWait(file: Buffer, model: string): Promise<{ total: number; post: number; history: Status["history"]; status: string }> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(file)]), "embeddings.npz");
  form.set("metadata", JSON.stringify({ model, provider: "ExecBoard bench", similarity: "cosine", openWeights: true, dimensions: dims }));
  const t0 = performance.now();
  const res = await fetch(`${base}/api/v1/benchmarks/${SYNTHETIC_SLUG}/submissions`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  const post = performance.now() - t0;
  const created = await res.json();
  if (res.status !== 202 && res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(created)}`);
  for (;;) {
    const s = (await (await fetch(`${base}/api/v1/submissions/${created.id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Status;
    if (["scored", "failed", "published", "rejected"].includes(s.status)) {
      if (s.status !== "scored") throw new Error(`submission ${created.id} ${s.status}: ${s.error}`);
      return { total: performance.now() - t0, post, history: s.history, status: s.status };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

function stages(history: Status["history"]): string {
  const out: string[] = [];
  for (let i = 1; i < history.length; i++) out.push(`${history[i - 1].status} ${((Date.parse(history[i].at) - Date.parse(history[i - 1].at)) / 1000).toFixed(1)} s`);
  return out.join(", ");
}

const client = new pg.Client({ connectionString: dbUrl });
await client.connect();
console.log(`${SYNTHETIC_LABEL}: upload Q=${Q} C=${C} d=${dims} float32 to ${base}; ${os.cpus()[0].model}, ${os.availableParallelism()} cores`);
// Every file made before the first upload (making one takes seconds: between polls, a
// kept-alive connection could time out under the next POST).
const file = embeddings(1);
const warmFiles = Array.from({ length: reps }, (_, r) => embeddings(2 + r));
console.log(`file ${(file.length / 2 ** 20).toFixed(0)} MiB`);
const results: Record<string, number[]> = { cold: [], warm: [] };
for (let r = 0; r < reps; r++) {
  for (const cache of ["cold", "warm"] as const) {
    if (cache === "cold") await client.query("DELETE FROM executions");
    const load = os.loadavg()[0].toFixed(1);
    const run = await uploadAndWait(cache === "cold" ? file : warmFiles[r], `upload-bench-${cache}-${Date.now()}`);
    const executions = (await client.query<{ n: string }>("SELECT count(*) AS n FROM executions")).rows[0].n;
    results[cache].push(run.total);
    console.log(`${cache} cache: upload → scored ${(run.total / 1000).toFixed(1)} s (POST answered in ${(run.post / 1000).toFixed(1)} s; ${stages(run.history)}); ${executions} cached verdicts after; load ${load}→${os.loadavg()[0].toFixed(1)}`);
  }
}
const best = (xs: number[]) => Math.min(...xs) / 1000;
console.log(`best: cold ${best(results.cold).toFixed(1)} s, warm ${best(results.warm).toFixed(1)} s (target: warm under 5 s)`);
await client.end();
