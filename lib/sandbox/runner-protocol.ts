import { z } from "zod";
import { DEFAULT_TIMEOUT_MS, type ExecPair, type TestOutcome } from "./types";

// The wire format spoken with docker/runner.py (see its docstring). Runner output is parsed
// strictly: a line that does not fit means the runner or its container misbehaved.

const OUTCOME = /^(pass|FAIL|TIMEOUT|FAIL:[\w.]{1,100}|ERROR:[\w.]{1,100})$/;

const resultLine = z.object({
  id: z.string(),
  outcomes: z.array(z.string().regex(OUTCOME)),
  passed: z.boolean(),
  durationMs: z.number().int().nonnegative(),
});
const errorLine = z.object({ id: z.string().nullable(), error: z.string() });

export type RunnerLine =
  | { kind: "result"; id: string; outcomes: TestOutcome[]; passed: boolean; durationMs: number }
  | { kind: "error"; id: string | null; error: string };

export function parseRunnerLine(line: string): RunnerLine | undefined {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return undefined;
  }
  const result = resultLine.safeParse(json);
  if (result.success) return { kind: "result", ...result.data, outcomes: result.data.outcomes as TestOutcome[] };
  const error = errorLine.safeParse(json);
  return error.success ? { kind: "error", ...error.data } : undefined;
}

/** One protocol line; `wireId` replaces the caller's id, which need not be unique. */
export function encodePair(wireId: string, pair: ExecPair): string {
  const timeoutMs = pair.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return JSON.stringify({ id: wireId, code: pair.code, tests: pair.tests, timeoutMs }) + "\n";
}

export function uniformOutcomes(pair: ExecPair, outcome: TestOutcome): TestOutcome[] {
  return pair.tests.map(() => outcome);
}
