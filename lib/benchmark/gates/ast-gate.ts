import { inspectSnippets, type InspectRequest } from "@/lib/construction/inspect-snippets";
import { alive, fail, type BuildTask } from "../build-state";

// Gate 2, AST semantics: the canonical and every distractor parse and define the target
// function at module level; every test is one `assert` statement that calls it. Run on the
// sources before execution, and again on generated distractors once they exist. Parsing is
// also where each snippet's function names are collected for the cross-canonical sweep.
export async function runAstGate(tasks: BuildTask[], scope: "sources" | "generated"): Promise<void> {
  const live = alive(tasks);
  const requests: InspectRequest[] = [];
  live.forEach((t, i) => {
    const fn = t.task.function_name;
    if (scope === "sources") requests.push({ id: `${i}:c`, code: t.task.canonical, function_name: fn, tests: t.task.test_suite });
    t.distractors.forEach((d, k) => {
      if (scope === "sources" || d.origin === "generated") requests.push({ id: `${i}:${k}`, code: d.code, function_name: fn });
    });
  });
  const replies = await inspectSnippets(requests);
  live.forEach((t, i) => {
    const fn = t.task.function_name;
    const reasons: string[] = [];
    const canonical = replies.get(`${i}:c`);
    if (canonical) {
      if (canonical.syntax_error) reasons.push(`canonical does not parse (${canonical.syntax_error})`);
      else if (!canonical.defines_target) reasons.push(`canonical does not define ${fn}() at module level`);
      for (const p of canonical.test_problems) reasons.push(`test ${p.index + 1} ${p.problem}`);
      t.functionNames = [canonical.function_names];
    }
    t.distractors.forEach((d, k) => {
      const r = replies.get(`${i}:${k}`);
      if (!r) return;
      const label = `${d.origin === "generated" ? "generated" : "hand-written"} distractor ${k + 1} (${d.bugType})`;
      if (r.syntax_error) reasons.push(`${label} is a syntax error (${r.syntax_error})`);
      else if (!r.defines_target) reasons.push(`${label} does not define ${fn}() at module level`);
      t.functionNames[k + 1] = r.function_names;
    });
    fail(t, 2, reasons);
  });
}
