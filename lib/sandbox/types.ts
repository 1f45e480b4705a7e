// The sandbox contract: what callers hand in, what comes back, and the backend interface.

// Bump together with RUNNER_VERSION in docker/runner/runner.py (tests/sandbox/runner-version
// checks both). Execution results are cached by (code sha, tests sha, RUNNER_VERSION).
// 2: verdicts decided outside the candidate's process, strict plain-data comparison.
// 3: Python's meaning for builtin values (1 == True, generators, views, namedtuples, methods
//    and repr of returned objects, identity across holes), exceptions by the real builtin
//    hierarchy, builtins never the candidate's, a judge process, candidates under their own uid.
export const RUNNER_VERSION = "3";

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
 * FAIL:NotPlainData (the test used what a candidate object's own code decides: its ==, its
 * truthiness...), FAIL:SystemExit (the child exited mid-suite), FAIL:Crash (a signal killed
 * it, OOM included) and FAIL:OutputLimit (it printed more than the cap). Every label matches
 * OUTCOME_PATTERN (runner-protocol.ts).
 */
export type TestOutcome = "pass" | "FAIL" | "TIMEOUT" | `FAIL:${string}` | `ERROR:${string}`;

export interface ExecResult {
  id: string;
  outcomes: TestOutcome[];
  /** True when every test is `pass` (and there is at least one test). */
  passed: boolean;
  durationMs: number;
  /**
   * Indices of tests that could not be split into candidate calls and a trusted check, and
   * ran the old way, inside the candidate's process: their outcomes are weaker evidence (a
   * candidate could have forged them). Empty for the benchmark's single-assert tests.
   */
  inProcessTests: number[];
}

export type SandboxBackendName = "docker" | "process";

/**
 * container: a Docker container per lane. namespaces: bubblewrap user/pid/net/ipc/mount
 * namespaces plus cgroup limits (the process backend's best). process: a plain process with
 * rlimits only (the process backend's fallback, refused unless explicitly allowed).
 */
export type SandboxIsolation = "container" | "namespaces" | "process";

export interface RunOptions {
  /** Called once per pair as soon as its result is known (completion order). */
  onResult?: (result: ExecResult) => void;
  /** Aborting drops this call's queued pairs and rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface Sandbox {
  readonly backend: SandboxBackendName;
  readonly isolation: SandboxIsolation;
  /** What this sandbox cannot contain, for users to read (empty for the container). */
  readonly limitations: string[];
  /** Runners started so far, and how many were retired early (timeouts, crashes, leftovers). */
  stats(): { started: number; recycled: number };
  /** Results come back in the order of `pairs`. Concurrent calls share one worker pool. */
  run(pairs: ExecPair[], opts?: RunOptions): Promise<ExecResult[]>;
  close(): Promise<void>;
}
