import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { RUNNER_VERSION, type ExecResult, type Sandbox, type TestOutcome } from "@/lib/sandbox/types";
import { hashTests, sha256 } from "./hash";

export interface PairRequest {
  code: string;
  tests: string[];
}

export interface PairVerdict {
  outcomes: TestOutcome[];
  passed: boolean;
  cached: boolean;
  /** Tests that ran inside the candidate's process (weaker evidence); see ExecResult. */
  inProcessTests: number[];
  /** How long the suite ran when it was executed (ms). */
  durationMs: number;
}

export interface RunCachedOptions {
  sandbox: Sandbox;
  timeoutMs?: number;
  onProgress?: (done: number, total: number) => void | Promise<void>;
}

// New results are written in small batches, at least this often, so a job killed half-way
// loses (and later re-executes) only the last moment's work.
const FLUSH_EVERY = 25;
const FLUSH_AFTER_MS = 250;

export function pairKey(code: string, tests: readonly string[]): string {
  return `${sha256(code)}:${hashTests(tests)}`;
}

export type KeyedPair = PairRequest & { codeHash: string; testsHash: string };

/** The distinct pairs, by pairKey. */
export function keyed(pairs: PairRequest[]): Map<string, KeyedPair> {
  const unique = new Map<string, KeyedPair>();
  for (const p of pairs) {
    const codeHash = sha256(p.code);
    const testsHash = hashTests(p.tests);
    unique.set(`${codeHash}:${testsHash}`, { ...p, codeHash, testsHash });
  }
  return unique;
}

/** Cached verdicts of the current runner version for these pairs, by pairKey. */
export async function lookupCached(pairs: PairRequest[]): Promise<Map<string, PairVerdict>> {
  const unique = keyed(pairs);
  const verdicts = new Map<string, PairVerdict>();
  const codeHashes = [...new Set([...unique.values()].map((p) => p.codeHash))];
  const rows = codeHashes.length
    ? await db().execution.findMany({
        where: { runnerVersion: RUNNER_VERSION, codeHash: { in: codeHashes } },
        select: { codeHash: true, testsHash: true, outcomes: true, passed: true, inProcessTests: true, durationMs: true },
      })
    : [];
  for (const r of rows) {
    const key = `${r.codeHash}:${r.testsHash}`;
    if (unique.has(key)) {
      verdicts.set(key, { outcomes: r.outcomes as TestOutcome[], passed: r.passed, cached: true, inProcessTests: r.inProcessTests, durationMs: r.durationMs });
    }
  }
  return verdicts;
}

// Executes (code, tests) pairs through the execution cache: a pair already executed with the
// current runner version is never run again (cache hits never reach a sandbox), and every new
// result is written as soon as it arrives; rows are unique per (code, tests, runner version),
// so two executors racing on a pair still leave one row.
export async function runPairsCached(pairs: PairRequest[], opts: RunCachedOptions): Promise<Map<string, PairVerdict>> {
  const unique = keyed(pairs);
  const verdicts = await lookupCached(pairs);
  const missing = [...unique.entries()].filter(([key]) => !verdicts.has(key));
  const total = unique.size;
  let done = verdicts.size;
  await opts.onProgress?.(done, total);
  if (missing.length === 0) return verdicts;

  const byId = new Map(missing);
  let pending: ExecResult[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    if (!pending.length) return;
    const batch = pending;
    pending = [];
    await db().execution.createMany({
      data: batch.map((r) => {
        const p = byId.get(r.id)!;
        return {
          codeHash: p.codeHash,
          testsHash: p.testsHash,
          runnerVersion: RUNNER_VERSION,
          outcomes: r.outcomes,
          passed: r.passed,
          durationMs: r.durationMs,
          backend: opts.sandbox.backend,
          inProcessTests: r.inProcessTests,
          // What the judge saw per test, for the drilldown; the column stays null without it.
          ...(r.observations ? { observations: r.observations as Prisma.InputJsonArray } : {}),
        };
      }),
      skipDuplicates: true,
    });
    await opts.onProgress?.(done, total);
  };
  // Writes run in a chain behind the sandbox; a failed write (the database restarting, say) is
  // kept and rethrown once the run is over, never left as an unhandled rejection that would
  // take the whole worker down. Unwritten results are simply executed again on the retry.
  let flushing: Promise<void> = Promise.resolve();
  let flushError: unknown;
  const schedule = () => {
    flushing = flushing.then(flush).catch((e) => {
      flushError ??= e;
    });
  };
  const seen = new Set<string>();
  let results: ExecResult[];
  try {
    results = await opts.sandbox.run(
      missing.map(([key, p]) => ({ id: key, code: p.code, tests: p.tests, timeoutMs: opts.timeoutMs })),
      {
        onResult: (r) => {
          done += 1;
          seen.add(r.id);
          pending.push(r);
          if (pending.length >= FLUSH_EVERY) schedule();
          else timer ??= setTimeout(schedule, FLUSH_AFTER_MS);
        },
      },
    );
  } finally {
    clearTimeout(timer);
    schedule(); // what arrived before a failure is kept
    await flushing;
  }
  if (flushError) throw flushError;
  // Results the callback did not see (a backend that only returns at the end) are kept too.
  pending = results.filter((r) => !seen.has(r.id));
  for (const r of results) {
    verdicts.set(r.id, { outcomes: r.outcomes, passed: r.passed, cached: false, inProcessTests: r.inProcessTests, durationMs: r.durationMs });
  }
  await flush();
  return verdicts;
}
