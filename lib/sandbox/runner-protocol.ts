import { z } from "zod";
import { parseObservations } from "./observations";
import { DEFAULT_TIMEOUT_MS, RUNNER_VERSION, type ExecPair, type TestObservation, type TestOutcome } from "./types";

// The wire format spoken with docker/runner/runner.py (see its docstring). Runner output is
// parsed strictly: a line that does not fit means the runner or its sandbox misbehaved.

/**
 * Outcome labels, one grammar on both sides: docker/runner/labels.py holds the same pattern,
 * sends it in its hello and maps every label onto it before sending (an exception class named
 * outside it is reported by its nearest builtin ancestor), and the pool refuses a runner whose
 * pattern differs (tests/sandbox/runner-protocol.test.ts compares the two files too).
 */
export const OUTCOME_PATTERN = "^(?:pass|FAIL|TIMEOUT|(?:FAIL|ERROR):[A-Za-z_][A-Za-z0-9_]{0,99})$";
const OUTCOME = new RegExp(OUTCOME_PATTERN);

const helloLine = z.object({
  hello: z.object({
    runnerVersion: z.string(),
    optimize: z.number(),
    isolated: z.number(),
    dontWriteBytecode: z.number(),
    pid1: z.boolean(),
    execFilter: z.boolean(),
    separateUids: z.boolean(),
    labelPattern: z.string(),
  }),
});
const resultLine = z.object({
  id: z.string(),
  outcomes: z.array(z.string().regex(OUTCOME)),
  passed: z.boolean(),
  durationMs: z.number().int().nonnegative(),
  inProcess: z.array(z.number().int().nonnegative()),
  // Read apart (parseObservations): what does not fit is left out, never a reason to refuse.
  observations: z.unknown().optional(),
  recycle: z.string().optional(),
});
const errorLine = z.object({ id: z.string().nullable(), error: z.string() });
const requeueLine = z.object({ id: z.string(), requeue: z.string() });
const fatalLine = z.object({ fatal: z.string() });

export type RunnerHello = z.infer<typeof helloLine>["hello"];

export type RunnerLine =
  | { kind: "hello"; hello: RunnerHello }
  | {
      kind: "result";
      id: string;
      outcomes: TestOutcome[];
      durationMs: number;
      inProcessTests: number[];
      observations: (TestObservation | null)[] | null;
      recycle?: string;
    }
  | { kind: "error"; id: string | null; error: string }
  | { kind: "requeue"; id: string; requeue: string }
  | { kind: "fatal"; fatal: string };

export function parseRunnerLine(line: string): RunnerLine | undefined {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return undefined;
  }
  const result = resultLine.safeParse(json);
  if (result.success) {
    const { id, outcomes, durationMs, inProcess, observations, recycle } = result.data;
    return {
      kind: "result",
      id,
      outcomes: outcomes as TestOutcome[],
      durationMs,
      inProcessTests: inProcess,
      observations: parseObservations(observations, outcomes.length),
      recycle,
    };
  }
  const hello = helloLine.safeParse(json);
  if (hello.success) return { kind: "hello", hello: hello.data.hello };
  const requeue = requeueLine.safeParse(json);
  if (requeue.success) return { kind: "requeue", ...requeue.data };
  const error = errorLine.safeParse(json);
  if (error.success) return { kind: "error", ...error.data };
  const fatal = fatalLine.safeParse(json);
  return fatal.success ? { kind: "fatal", fatal: fatal.data.fatal } : undefined;
}

export interface HelloRequirements {
  /** The runner must be PID 1 of its sandbox (container or PID namespace) to clean up. */
  pid1?: boolean;
  /** Candidates must run under a uid of their own (the sandbox lets the runner switch uids). */
  separateUids?: boolean;
}

/** Why a runner must not be used, or undefined when its hello is acceptable. */
export function helloProblem(hello: RunnerHello, require: HelloRequirements = {}): string | undefined {
  if (hello.runnerVersion !== RUNNER_VERSION) return `runner version ${hello.runnerVersion}, expected ${RUNNER_VERSION} (rebuild the sandbox image)`;
  if (hello.optimize !== 0) return "the runner's Python runs optimised (asserts stripped); refusing";
  if (hello.isolated !== 1 || hello.dontWriteBytecode !== 1) return "the runner's Python must run with -I -B";
  if (hello.labelPattern !== OUTCOME_PATTERN) return `the runner's outcome grammar ${hello.labelPattern} is not ours (${OUTCOME_PATTERN})`;
  if (require.pid1 && !hello.pid1) return "the runner is not PID 1 of its sandbox, so it cannot clean up after pairs";
  if (require.separateUids && !hello.separateUids) return "the sandbox does not let the runner give candidates a uid of their own";
  return undefined;
}

/** One protocol line; `wireId` replaces the caller's id, which need not be unique. */
export function encodePair(wireId: string, pair: ExecPair): string {
  const timeoutMs = pair.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return JSON.stringify({ id: wireId, code: pair.code, tests: pair.tests, timeoutMs }) + "\n";
}

export function uniformOutcomes(pair: ExecPair, outcome: TestOutcome): TestOutcome[] {
  return pair.tests.map(() => outcome);
}
