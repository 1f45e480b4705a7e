import type { Job } from "bullmq";
import { getConfig } from "@/lib/config";
import { jobs } from "@/lib/queue/jobs";
import { RUNNER_VERSION, type Sandbox } from "@/lib/sandbox/types";
import { sha256 } from "./hash";
import { enqueueExecutePairs, getExecuteQueue } from "./execute-queue";
import { keyed, lookupCached, runPairsCached, type KeyedPair, type PairRequest, type PairVerdict } from "./run-cached";

export interface FanOutOptions {
  /** When given, this process also executes chunks nobody has taken yet. */
  sandbox?: Sandbox;
  timeoutMs?: number;
  chunkSize?: number;
  onProgress?: (done: number, total: number) => void | Promise<void>;
  pollMs?: number;
}

interface Chunk {
  id: string;
  keys: string[];
  pairs: KeyedPair[];
}

const CHECK_JOBS_EVERY_MS = 2_000;
const CLAIMABLE = new Set(["waiting", "prioritized", "delayed"]);

// Executes pairs across every worker: the pairs the execution cache lacks are cut into chunks
// (sorted by key, so a retried coordinator cuts the same chunks), each a job on the execution
// queue with a deterministic id; any worker process runs them into the cache. This process
// waits for the cache to fill, helps by running chunks nobody has started (claimed by removing
// their job, which fails once a worker holds it), and fails if a chunk's job fails for good.
// A worker killed mid-chunk loses nothing: its job is taken over once its lock lapses, and the
// recorded results are skipped by the cache.
export async function runPairsFanOut(pairs: PairRequest[], opts: FanOutOptions = {}): Promise<Map<string, PairVerdict>> {
  const chunkSize = opts.chunkSize ?? getConfig().EXECBOARD_EXECUTE_CHUNK;
  const unique = keyed(pairs);
  const verdicts = await lookupCached(pairs);
  const total = unique.size;
  await opts.onProgress?.(verdicts.size, total);
  const missing = [...unique.keys()].filter((k) => !verdicts.has(k)).sort();
  if (missing.length === 0) return verdicts;
  if (opts.sandbox && missing.length <= chunkSize) {
    // One chunk's worth is not worth the round trip through the queue.
    return runPairsCached(pairs, { sandbox: opts.sandbox, timeoutMs: opts.timeoutMs, onProgress: opts.onProgress });
  }
  const chunks: Chunk[] = [];
  for (let i = 0; i < missing.length; i += chunkSize) {
    const keys = missing.slice(i, i + chunkSize);
    chunks.push({ id: sha256(`${RUNNER_VERSION}\n${opts.timeoutMs ?? ""}\n${keys.join("\n")}`).slice(0, 32), keys, pairs: keys.map((k) => unique.get(k)!) });
  }
  await Promise.all(chunks.map((c) => enqueueChunk(c, opts.timeoutMs)));

  let lastCheck = Date.now();
  for (;;) {
    const open = chunks.filter((c) => c.keys.some((k) => !verdicts.has(k)));
    if (open.length === 0) return verdicts;
    const helped = opts.sandbox ? await helpWithOne(open, opts.sandbox, opts.timeoutMs) : undefined;
    for (const [k, v] of helped ?? (await lookupCached(open.flatMap((c) => c.pairs)))) verdicts.set(k, v);
    await opts.onProgress?.([...unique.keys()].filter((k) => verdicts.has(k)).length, total);
    if (Date.now() - lastCheck >= CHECK_JOBS_EVERY_MS) {
      lastCheck = Date.now();
      await checkJobs(open.filter((c) => c.keys.some((k) => !verdicts.has(k))), opts.timeoutMs);
    }
    if (!helped) await new Promise((r) => setTimeout(r, opts.pollMs ?? 250));
  }
}

function payload(chunk: Chunk, timeoutMs: number | undefined) {
  return { chunkId: chunk.id, runnerVersion: RUNNER_VERSION, timeoutMs, pairs: chunk.pairs.map(({ code, tests }) => ({ code, tests })) };
}

async function getChunkJob(chunk: Chunk): Promise<Job | undefined> {
  return getExecuteQueue().getJob(jobs.executePairs.jobId({ chunkId: chunk.id }));
}

async function enqueueChunk(chunk: Chunk, timeoutMs: number | undefined): Promise<void> {
  await enqueueExecutePairs(payload(chunk, timeoutMs)); // a no-op when the job exists
  const job = await getChunkJob(chunk);
  if (job && (await job.getState()) === "failed") await job.retry("failed"); // an earlier coordinator gave up on it
}

/** Runs one chunk nobody has started, if there is one; returns its verdicts. */
async function helpWithOne(open: Chunk[], sandbox: Sandbox, timeoutMs: number | undefined): Promise<Map<string, PairVerdict> | undefined> {
  // From the back: workers take jobs from the front.
  for (const chunk of [...open].reverse()) {
    const job = await getChunkJob(chunk);
    if (!job || !CLAIMABLE.has(await job.getState())) continue;
    try {
      await job.remove(); // fails once a worker holds the job's lock
    } catch {
      continue;
    }
    return runPairsCached(chunk.pairs, { sandbox, timeoutMs });
  }
  return undefined;
}

async function checkJobs(open: Chunk[], timeoutMs: number | undefined): Promise<void> {
  for (const chunk of open) {
    const job = await getChunkJob(chunk);
    if (!job) {
      // Claimed by a coordinator that died, or expired: put it back.
      await enqueueExecutePairs(payload(chunk, timeoutMs));
      continue;
    }
    const state = await job.getState();
    if (state === "failed") throw new Error(`executing ${chunk.pairs.length} pairs failed: ${job.failedReason}`);
    if (state === "completed" && (await lookupCached(chunk.pairs)).size < chunk.keys.length) {
      // Done, yet not all in the cache (rows removed meanwhile): run it again.
      await job.remove().catch(() => undefined);
      await enqueueExecutePairs(payload(chunk, timeoutMs));
    }
  }
}
