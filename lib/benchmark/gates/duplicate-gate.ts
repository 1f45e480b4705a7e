import { screenCandidates, screenKey } from "@/lib/construction/screen-candidates";
import type { Sandbox } from "@/lib/sandbox/types";
import { alive, fail, type BuildTask } from "../build-state";
import type { ExecutionCount } from "./canonical-gate";

// The near-duplicate gate: no task may be another under a new name. Two checks, in source order
// (the later task of a pair is the one excluded):
// - by text: canonicals whose token 4-grams overlap (Jaccard, the function's own name made
//   anonymous) at CODE_LIMIT or more, or queries whose content words overlap at QUERY_LIMIT or
//   more, are near-duplicates outright;
// - by behaviour: for pairs that take the same number of arguments and share a domain or look
//   alike (either overlap at SUSPECT or more), each canonical, renamed, runs against the other's
//   tests (at the screening timeout). One that passes all of them does what the other task's
//   tests ask. If the queries also ask alike (overlap at BEHAVIOUR_QUERY_LIMIT or more) the later
//   task is the same task reworded and is excluded; otherwise the tasks ask for different
//   things the tests cannot tell apart (two sorting algorithms, say): both are kept and the pair
//   is listed, with a warning on the later task. Across tasks, function names keep such pairs
//   apart in scoring: a snippet of one never passes the other's tests.
export const CODE_LIMIT = 0.8;
export const QUERY_LIMIT = 0.75;
export const SUSPECT = 0.25;
export const BEHAVIOUR_QUERY_LIMIT = 0.4;

const STOP = new Set(
  "a an the of to in and or is are be for with by on as at from that this it its return returns given each if list string integer number".split(" "),
);

export function queryWords(query: string): Set<string> {
  return new Set((query.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !STOP.has(w)));
}

// Python tokens, roughly: names, numbers, strings, operators; comments and layout dropped.
const TOKEN = /[A-Za-z_][A-Za-z0-9_]*|\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\*\*=?|\/\/=?|<<=?|>>=?|[-+*/%&|^<>=!]=|->|[-+*/%&|^~<>=()[\]{}:,.;@]/g;

export function codeShingles(code: string, functionName: string, k = 4): Set<string> {
  const tokens = (code.replace(/#[^\n]*/g, "").match(TOKEN) ?? []).map((t) => (t === functionName ? "FN" : t));
  const out = new Set<string>();
  for (let i = 0; i + k <= tokens.length; i++) out.add(tokens.slice(i, i + k).join("\u0001"));
  return out;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let both = 0;
  for (const x of a) if (b.has(x)) both += 1;
  return both / (a.size + b.size - both);
}

function arity(code: string, functionName: string): number | null {
  const m = code.match(new RegExp(`def\\s+${functionName}\\s*\\(([^)]*)\\)`));
  if (!m) return null;
  return m[1].split(",").map((p) => p.trim()).filter((p) => p && p !== "*" && p !== "/").length;
}

/** `code` with every whole-word occurrence of `from` renamed `to`. */
export function renameFunction(code: string, from: string, to: string): string {
  return code.replace(new RegExp(`\\b${from}\\b`, "g"), to);
}

export interface DuplicateReport {
  pairs_compared: number;
  suspects_executed: number;
  duplicates: string[];
  /** Kept pairs whose canonicals pass each other's tests but whose queries ask for different things. */
  same_behaviour: string[];
}

export async function runDuplicateGate(tasks: BuildTask[], sandbox: Sandbox, screenTimeoutMs: number): Promise<ExecutionCount & { report: DuplicateReport }> {
  const live = alive(tasks);
  const words = live.map((t) => queryWords(t.task.query));
  const shingles = live.map((t) => codeShingles(t.task.canonical, t.task.function_name));
  const arities = live.map((t) => arity(t.task.canonical, t.task.function_name));
  const textual: { later: number; earlier: number; code: number; query: number }[] = [];
  const suspects: { a: number; b: number; code: number; query: number }[] = [];
  let compared = 0;
  for (let i = 0; i < live.length; i++) {
    for (let j = i + 1; j < live.length; j++) {
      compared += 1;
      const code = jaccard(shingles[i], shingles[j]);
      const query = jaccard(words[i], words[j]);
      if (code >= CODE_LIMIT || query >= QUERY_LIMIT) textual.push({ earlier: i, later: j, code, query });
      else if (arities[i] !== null && arities[i] === arities[j] && (live[i].task.domain === live[j].task.domain || code >= SUSPECT || query >= SUSPECT)) {
        suspects.push({ a: i, b: j, code, query });
      }
    }
  }
  // Each suspect in both directions: b's canonical as a, against a's tests, and the reverse.
  const swapped = (from: number, as: number) => renameFunction(live[from].task.canonical, live[from].task.function_name, live[as].task.function_name);
  const pairs = suspects.flatMap((s) => [
    { code: swapped(s.b, s.a), tests: live[s.a].task.test_suite },
    { code: swapped(s.a, s.b), tests: live[s.b].task.test_suite },
  ]);
  const screened = pairs.length ? await screenCandidates(pairs, sandbox, screenTimeoutMs) : { outcomes: new Map(), executed: 0, cached: 0 };
  const passesAll = (code: string, tests: string[]) => {
    const outcomes = screened.outcomes.get(screenKey(code, tests));
    return Boolean(outcomes && outcomes.length > 0 && outcomes.every((o: string) => o === "pass"));
  };
  const duplicates: string[] = [];
  const sameBehaviour: string[] = [];
  const name = (k: number) => `${live[k].task.function_name} (${live[k].source})`;
  const sim = (x: { code: number; query: number }) => `code overlap ${x.code.toFixed(2)}, query overlap ${x.query.toFixed(2)}`;
  for (const d of textual) {
    if (live[d.later].failure) continue; // already out as a duplicate of an earlier task
    duplicates.push(`${name(d.later)} ~ ${name(d.earlier)}: ${sim(d)}`);
    fail(live[d.later], "dup", [`a near-duplicate of ${name(d.earlier)} (${sim(d)})`]);
  }
  const excluded = new Set(textual.map((d) => d.later));
  for (const s of suspects) {
    if (excluded.has(s.a) || excluded.has(s.b)) continue; // a task already out is compared no further
    const bDoesA = passesAll(swapped(s.b, s.a), live[s.a].task.test_suite);
    const aDoesB = passesAll(swapped(s.a, s.b), live[s.b].task.test_suite);
    if (!bDoesA && !aDoesB) continue;
    const how = bDoesA ? `its canonical passes every test of ${name(s.a)}` : `the canonical of ${name(s.a)} passes every one of its tests`;
    if (s.query >= BEHAVIOUR_QUERY_LIMIT) {
      excluded.add(s.b);
      duplicates.push(`${name(s.b)} ~ ${name(s.a)}: ${how} (${sim(s)})`);
      fail(live[s.b], "dup", [`does what ${name(s.a)} does: ${how}; the tests cannot tell the two apart and the queries ask alike`]);
    } else {
      sameBehaviour.push(`${name(s.b)} ~ ${name(s.a)}: ${how} (${sim(s)})`);
      live[s.b].warnings.push(`${how}: the tests cannot tell it from ${name(s.a)}, though the queries ask for different things (${sim(s)})`);
    }
  }
  return {
    pairs: screened.executed + screened.cached,
    cached: screened.cached,
    report: { pairs_compared: compared, suspects_executed: suspects.length, duplicates, same_behaviour: sameBehaviour },
  };
}
