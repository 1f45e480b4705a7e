import type { EditRecord, GeneratedDistractor, TaskGeneration } from "@/lib/construction/generate-distractors";
import type { TestOutcome } from "@/lib/sandbox/types";
import type { SourceTask } from "./source-format";

// The working record of one source task as it moves through the build's gates. The gates run
// in the paper's order; the first one a task fails excludes it and is what the report names.

export const GATES = {
  1: "schema",
  2: "AST semantics",
  3: "canonical execution",
  dup: "near-duplicate tasks",
  4: "distractor execution",
  5: "corpus integrity",
  sweep1: "distractor-sanity sweep",
  sweep2: "cross-canonical sweep",
} as const;

export type GateId = keyof typeof GATES;

/** The gates in the order the build runs them (an object's integer keys would come first). */
export const GATE_ORDER: readonly GateId[] = [1, 2, 3, "dup", 4, 5, "sweep1", "sweep2"];

export interface GateFailure {
  gate: GateId;
  reasons: string[];
}

export interface BuildDistractor {
  code: string;
  bugType: string;
  bugDescription: string;
  origin: "hand_written" | "generated";
  /** The edit that made it from the canonical (generated distractors only). */
  edit: EditRecord | null;
  /** Outcomes against the task's tests at the full scoring timeout (gate 4). */
  outcomes: TestOutcome[] | null;
  /** How long that run of the suite took (ms). */
  durationMs: number | null;
}

export interface BuildTask {
  source: string;
  file: string;
  task: SourceTask | null;
  failure: GateFailure | null;
  canonicalOutcomes: TestOutcome[] | null;
  canonicalDurationMs: number | null;
  distractors: BuildDistractor[];
  generation: TaskGeneration | null;
  /** Defined function names per snippet (canonical first), for the cross-canonical sweep. */
  functionNames: string[][];
  warnings: string[];
}

export function fail(t: BuildTask, gate: GateId, reasons: string[]): void {
  if (!t.failure && reasons.length) t.failure = { gate, reasons };
}

export function alive(tasks: BuildTask[]): (BuildTask & { task: SourceTask })[] {
  return tasks.filter((t): t is BuildTask & { task: SourceTask } => !t.failure && t.task !== null);
}

export function fromGenerated(d: GeneratedDistractor): BuildDistractor {
  return { code: d.code, bugType: d.bugType, bugDescription: d.bugDescription, origin: "generated", edit: d.edit, outcomes: null, durationMs: null };
}

/** "FAIL", "FAIL:ZeroDivisionError"…: a readable list of what went wrong on which tests. */
export function describeOutcomes(outcomes: readonly TestOutcome[], tests: readonly string[]): string {
  return outcomes
    .map((o, i) => (o === "pass" ? null : `test ${i + 1} ${o} (${truncate(tests[i] ?? "", 70)})`))
    .filter(Boolean)
    .join(", ");
}

function truncate(s: string, n: number): string {
  return s.length > n ? s.slice(0, n - 1) + "…" : s;
}
