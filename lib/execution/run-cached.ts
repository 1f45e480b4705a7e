import { db } from "@/lib/db/client";
import { RUNNER_VERSION, type Sandbox, type TestOutcome } from "@/lib/sandbox/types";
import { hashTests, sha256 } from "./hash";

export interface PairRequest {
  code: string;
  tests: string[];
}

export interface PairVerdict {
  outcomes: TestOutcome[];
  passed: boolean;
  cached: boolean;
}

export interface RunCachedOptions {
  sandbox: Sandbox;
  timeoutMs?: number;
  onProgress?: (done: number, total: number) => void | Promise<void>;
}

const FLUSH_EVERY = 50;

export function pairKey(code: string, tests: readonly string[]): string {
  return `${sha256(code)}:${hashTests(tests)}`;
}

// Executes (code, tests) pairs through the execution cache: a pair already executed with the
// current runner version is never run again, and every new result is written as soon as it
// arrives, so a job killed half-way keeps what it had finished.
export async function runPairsCached(pairs: PairRequest[], opts: RunCachedOptions): Promise<Map<string, PairVerdict>> {
  const unique = new Map<string, PairRequest & { codeHash: string; testsHash: string }>();
  for (const p of pairs) {
    const codeHash = sha256(p.code);
    const testsHash = hashTests(p.tests);
    unique.set(`${codeHash}:${testsHash}`, { ...p, codeHash, testsHash });
  }
  const verdicts = new Map<string, PairVerdict>();
  const codeHashes = [...new Set([...unique.values()].map((p) => p.codeHash))];
  const rows = codeHashes.length
    ? await db().execution.findMany({
        where: { runnerVersion: RUNNER_VERSION, codeHash: { in: codeHashes } },
        select: { codeHash: true, testsHash: true, outcomes: true, passed: true },
      })
    : [];
  for (const r of rows) {
    const key = `${r.codeHash}:${r.testsHash}`;
    if (unique.has(key)) verdicts.set(key, { outcomes: r.outcomes as TestOutcome[], passed: r.passed, cached: true });
  }
  const missing = [...unique.entries()].filter(([key]) => !verdicts.has(key));
  const total = unique.size;
  let done = verdicts.size;
  await opts.onProgress?.(done, total);
  if (missing.length === 0) return verdicts;

  const byId = new Map(missing);
  let pending: { key: string; outcomes: TestOutcome[]; passed: boolean; durationMs: number }[] = [];
  const flush = async () => {
    if (!pending.length) return;
    const batch = pending;
    pending = [];
    await db().execution.createMany({
      data: batch.map((b) => {
        const p = byId.get(b.key)!;
        return {
          codeHash: p.codeHash,
          testsHash: p.testsHash,
          runnerVersion: RUNNER_VERSION,
          outcomes: b.outcomes,
          passed: b.passed,
          durationMs: b.durationMs,
          backend: opts.sandbox.backend,
        };
      }),
      skipDuplicates: true,
    });
    await opts.onProgress?.(done, total);
  };
  const seen = new Set<string>();
  let flushing: Promise<void> = Promise.resolve();
  const results = await opts.sandbox.run(
    missing.map(([key, p]) => ({ id: key, code: p.code, tests: p.tests, timeoutMs: opts.timeoutMs })),
    {
      onResult: (r) => {
        done += 1;
        seen.add(r.id);
        pending.push({ key: r.id, outcomes: r.outcomes, passed: r.passed, durationMs: r.durationMs });
        if (pending.length >= FLUSH_EVERY) flushing = flushing.then(flush);
      },
    },
  );
  await flushing;
  // Results the callback did not see (a backend that only returns at the end) are kept too.
  for (const r of results) {
    if (!seen.has(r.id)) {
      pending.push({ key: r.id, outcomes: r.outcomes, passed: r.passed, durationMs: r.durationMs });
    }
    verdicts.set(r.id, { outcomes: r.outcomes, passed: r.passed, cached: false });
  }
  await flush();
  return verdicts;
}
