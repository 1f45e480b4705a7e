// The sandbox contract: what callers hand in, what comes back, and the backend interface.

// Bump together with RUNNER_VERSION in docker/runner.py (tests/sandbox/runner-version.test.ts
// checks both). Execution results are cached by (code sha, tests sha, RUNNER_VERSION).
export const RUNNER_VERSION = "1";

export const DEFAULT_TIMEOUT_MS = 5000; // the paper's per-suite timeout

export interface ExecPair {
  id: string;
  code: string;
  tests: string[];
  /** Per-suite timeout; defaults to DEFAULT_TIMEOUT_MS. */
  timeoutMs?: number;
}

/**
 * Per-test outcome, as the paper's runner. Beyond exception names, the runner may report
 * FAIL:SystemExit (the child exited mid-suite) and FAIL:Crash (a signal killed it).
 */
export type TestOutcome = "pass" | "FAIL" | "TIMEOUT" | `FAIL:${string}` | `ERROR:${string}`;

export interface ExecResult {
  id: string;
  outcomes: TestOutcome[];
  /** True when every test is `pass` (and there is at least one test). */
  passed: boolean;
  durationMs: number;
}

export type SandboxBackendName = "docker" | "process";

export interface RunOptions {
  /** Called once per pair as soon as its result is known (completion order). */
  onResult?: (result: ExecResult) => void;
  /** Aborting drops this call's queued pairs and rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface Sandbox {
  readonly backend: SandboxBackendName;
  readonly isolation: "container" | "process";
  /** Results come back in the order of `pairs`. Concurrent calls share one worker pool. */
  run(pairs: ExecPair[], opts?: RunOptions): Promise<ExecResult[]>;
  close(): Promise<void>;
}
