import crypto from "node:crypto";
import path from "node:path";
import { createUser } from "@/lib/auth/create-user";
import { importBenchmark } from "@/lib/benchmark/import-benchmark";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import { writeNpz } from "@/lib/embeddings/write-npz";
import { getQueue } from "@/lib/queue/enqueue";
import { createSandbox } from "@/lib/sandbox";

// Integration tests run against the services scripts/test.sh started: Postgres, Redis, a
// worker with the Docker sandbox, and the web app at EXECBOARD_URL.
export const DEMO_DIR = path.resolve("benchmarks/demo");
export const DEMO_SLUG = "execretrieval-demo";

export function baseUrl(): string {
  return getConfig().EXECBOARD_URL;
}

export async function importDemo() {
  const sandbox = await createSandbox({ backend: "docker" });
  try {
    return await importBenchmark(DEMO_DIR, sandbox);
  } finally {
    await sandbox.close();
  }
}

export async function newUser(role: "vendor" | "maintainer") {
  return createUser({ email: `${role}-${crypto.randomUUID()}@test.execboard`, role });
}

export interface DemoLayout {
  queryIds: string[];
  corpusIds: string[];
  /** For each corpus row: index of its query, and its slot (0 canonical, 1.. distractors). */
  owner: { query: number; slot: number }[];
}

export async function demoLayout(versionId: number): Promise<DemoLayout> {
  const queries = await db().query.findMany({ where: { versionId }, orderBy: { position: "asc" }, select: { queryId: true } });
  const corpus = await db().corpusItem.findMany({ where: { versionId }, orderBy: { position: "asc" }, select: { corpusId: true, queryId: true, role: true } });
  const qIndex = new Map(queries.map((q, i) => [q.queryId, i]));
  const seen = new Map<string, number>();
  return {
    queryIds: queries.map((q) => q.queryId),
    corpusIds: corpus.map((c) => c.corpusId),
    owner: corpus.map((c) => {
      const slot = c.role === "canonical" ? 0 : (seen.get(c.queryId) ?? 0) + 1;
      if (c.role === "distractor") seen.set(c.queryId, slot);
      return { query: qIndex.get(c.queryId)!, slot };
    }),
  };
}

// Synthetic embeddings with a known answer: every snippet is e_query + 0.5·f_slot, and each
// query is e_query + 0.5·f_target (+ 0.1·f_0 when target is not the canonical). target 0 puts
// the canonical at rank 1; target 1 puts the first distractor at rank 1 and the canonical
// strictly at rank 2, above the query's other distractors (which tie with one another).
// `scale` multiplies every value (cosine rankings must not change).
export function syntheticNpz(layout: DemoLayout, target: number, opts: { dtype?: "float32" | "float64"; scale?: number } = {}): Buffer {
  const Q = layout.queryIds.length;
  const dims = Q + 5;
  const s = opts.scale ?? 1;
  const Arr = opts.dtype === "float64" ? Float64Array : Float32Array;
  const queries = new Arr(Q * dims);
  for (let q = 0; q < Q; q++) {
    queries[q * dims + q] = 1 * s;
    queries[q * dims + Q + target] = 0.5 * s;
    if (target !== 0) queries[q * dims + Q] = 0.1 * s;
  }
  const corpus = new Arr(layout.corpusIds.length * dims);
  layout.owner.forEach((o, c) => {
    corpus[c * dims + o.query] = 1 * s;
    corpus[c * dims + Q + o.slot] = 0.5 * s;
  });
  return writeNpz({
    query_embeddings: { data: queries, shape: [Q, dims] },
    corpus_embeddings: { data: corpus, shape: [layout.corpusIds.length, dims] },
    query_ids: layout.queryIds,
    corpus_ids: layout.corpusIds,
  });
}

/** Queue jobs in every state: jobs moving between states leave it unchanged, a new job does not. */
export async function totalJobs(): Promise<number> {
  return Object.values(await getQueue().getJobCounts()).reduce((a, b) => a + b, 0);
}

export async function postSubmission(token: string | null, file: Buffer | null, metadata: unknown, slug = DEMO_SLUG): Promise<Response> {
  const form = new FormData();
  if (file) form.set("file", new Blob([new Uint8Array(file)]), "embeddings.npz");
  if (metadata !== undefined) form.set("metadata", typeof metadata === "string" ? metadata : JSON.stringify(metadata));
  return fetch(`${baseUrl()}/api/v1/benchmarks/${slug}/submissions`, {
    method: "POST",
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
}

export async function getSubmissionJson(id: string, token?: string) {
  const res = await fetch(`${baseUrl()}/api/v1/submissions/${id}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: await res.json() };
}

export async function waitUntilFinal(id: string, token: string, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  const seen = new Set<string>();
  for (;;) {
    const { body } = await getSubmissionJson(id, token);
    seen.add(body.status);
    if (["scored", "failed", "published", "rejected"].includes(body.status)) return { body, seen };
    if (Date.now() > deadline) throw new Error(`submission ${id} still ${body.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const METADATA = { model: "synthetic-oracle", provider: "ExecBoard tests", similarity: "cosine", openWeights: true };
