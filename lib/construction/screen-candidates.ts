import { db } from "@/lib/db/client";
import { hashTests, sha256 } from "@/lib/execution/hash";
import { RUNNER_VERSION, type ExecResult, type Sandbox, type TestOutcome } from "@/lib/sandbox/types";

// Screens mutation candidates in the sandbox with a short suite timeout. Mutants often loop
// forever (`lo <= hi` in a binary search); at the scoring timeout of 5 s each such mutant
// would cost 5 s, and hundreds of them dominate a build. The short-timeout results are cached
// in the execution table under their own runner-version tag ("1+screen-1000ms"), so a rebuild
// reuses them and they can never stand in for a real, full-timeout result of the same pair.
// Candidates that are kept are executed again through the normal cache by gate 4. A suite of
// single-line asserts finishes in milliseconds, so 1 s separates hangs from slow code with a
// wide margin; on a badly overloaded machine raise it (--screen-timeout-ms), since a cached
// verdict is reused by every later build.

export interface ScreenPair {
  code: string;
  tests: string[];
}

export interface ScreenResult {
  executed: number;
  cached: number;
  outcomes: Map<string, TestOutcome[]>;
  /** How long each pair's suite ran (ms), as measured when it was executed. */
  durations: Map<string, number>;
}

export function screenKey(code: string, tests: readonly string[]): string {
  return `${sha256(code)}:${hashTests(tests)}`;
}

export async function screenCandidates(pairs: ScreenPair[], sandbox: Sandbox, timeoutMs: number): Promise<ScreenResult> {
  const tag = `${RUNNER_VERSION}+screen-${timeoutMs}ms`;
  const unique = new Map<string, ScreenPair & { codeHash: string; testsHash: string }>();
  for (const p of pairs) {
    const codeHash = sha256(p.code);
    const testsHash = hashTests(p.tests);
    unique.set(`${codeHash}:${testsHash}`, { ...p, codeHash, testsHash });
  }
  const outcomes = new Map<string, TestOutcome[]>();
  const durations = new Map<string, number>();
  const codeHashes = [...new Set([...unique.values()].map((p) => p.codeHash))];
  for (let i = 0; i < codeHashes.length; i += 5000) {
    const rows = await db().execution.findMany({
      where: { runnerVersion: tag, codeHash: { in: codeHashes.slice(i, i + 5000) } },
      select: { codeHash: true, testsHash: true, outcomes: true, durationMs: true },
    });
    for (const r of rows) {
      const key = `${r.codeHash}:${r.testsHash}`;
      if (!unique.has(key)) continue;
      outcomes.set(key, r.outcomes as TestOutcome[]);
      durations.set(key, r.durationMs);
    }
  }
  const cached = outcomes.size;
  const missing = [...unique.entries()].filter(([key]) => !outcomes.has(key));
  // Results are written in batches as they arrive, so an interrupted build keeps its work.
  let pending: ExecResult[] = [];
  let writing: Promise<unknown> = Promise.resolve();
  let writeError: unknown = null; // surfaced after the run, never as an unhandled rejection
  const flush = () => {
    const batch = pending;
    pending = [];
    const data = batch.map((r) => {
      const p = unique.get(r.id)!;
      const row = { codeHash: p.codeHash, testsHash: p.testsHash, runnerVersion: tag, outcomes: r.outcomes };
      return { ...row, passed: r.passed, durationMs: r.durationMs, backend: sandbox.backend };
    });
    writing = writing
      .then(() => (data.length ? db().execution.createMany({ data, skipDuplicates: true }) : null))
      .catch((e: unknown) => (writeError ??= e));
  };
  const results = await sandbox.run(
    missing.map(([key, p]) => ({ id: key, code: p.code, tests: p.tests, timeoutMs })),
    {
      onResult: (r) => {
        pending.push(r);
        if (pending.length >= 200) flush();
      },
    },
  );
  flush();
  await writing;
  if (writeError) throw writeError;
  for (const r of results) {
    outcomes.set(r.id, r.outcomes);
    durations.set(r.id, r.durationMs);
  }
  return { executed: results.length, cached, outcomes, durations };
}
