// The sandbox contract: what callers hand in, what comes back, and the backend interface.

// Bump together with RUNNER_VERSION in docker/runner/runner.py (tests/sandbox/runner-version
// checks both). Execution results are cached by (code sha, tests sha, RUNNER_VERSION).
// 2: verdicts decided outside the candidate's process, strict plain-data comparison.
// 3: Python's meaning for builtin values (1 == True, generators, views, namedtuples, methods
//    and repr of returned objects, identity across holes), exceptions by the real builtin
//    hierarchy, builtins never the candidate's, a judge process, candidates under their own uid.
// 4: per-test observations (what the judge saw: a bounded repr of the value returned, the
//    exception type raised); outcomes as runner 3's.
export const RUNNER_VERSION = "5";

/** Longest returned-value repr the runner reports, in characters (code points). */
export const OBSERVATION_REPR_MAX = 200;

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

/**
 * What the runner's verdict side (its judge) saw of one test, for readers: never text the
 * candidate wrote. Each part is there only when the judge knew it.
 */
export interface TestObservation {
  /** Python's repr of the value the test last read from the candidate, cut to OBSERVATION_REPR_MAX characters. */
  returned?: string;
  /** True when `returned` was cut. */
  truncated?: boolean;
  /** The builtin exception type the candidate's call raised, or the test's own check raised on its value. */
  exception?: string;
}

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
  /** One entry per test (null where the judge decided nothing), or null when the runner reported none. */
  observations: (TestObservation | null)[] | null;
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
