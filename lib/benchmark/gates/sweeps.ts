import { pairKey, runPairsCached, type PairRequest } from "@/lib/execution/run-cached";
import type { Sandbox } from "@/lib/sandbox/types";
import { alive, fail, type BuildTask } from "../build-state";

export interface SweepReport {
  distractorSanity: { checked: number; passedAll: string[] };
  crossCanonical: { snippets: number; nameMatches: number; collisions: string[] };
  execution: { pairs: number; cached: number };
}

// The paper's two integrity sweeps over the corpus that survived gates 1-5.
// 1. Distractor sanity: every distractor against its own query's tests; none may pass.
// 2. Cross-canonical: every snippet defining a function (anywhere in it) named like another
//    query's target runs against that query's tests; none may pass them all, or a retriever
//    returning it for that query would be right while the benchmark calls it wrong.
export async function runSweeps(tasks: BuildTask[], sandbox: Sandbox): Promise<SweepReport> {
  const live = alive(tasks);
  const ownerOf = new Map(live.map((t) => [t.task.function_name, t]));
  const sanity: PairRequest[] = live.flatMap((t) => t.distractors.map((d) => ({ code: d.code, tests: t.task.test_suite })));
  const matches: { task: BuildTask; label: string; code: string; other: (typeof live)[number]; name: string }[] = [];
  let snippets = 0;
  for (const t of live) {
    const codes = [t.task.canonical, ...t.distractors.map((d) => d.code)];
    codes.forEach((code, k) => {
      snippets += 1;
      for (const name of t.functionNames[k] ?? []) {
        const other = ownerOf.get(name);
        if (other && other !== t) matches.push({ task: t, label: k === 0 ? "canonical" : `distractor ${k}`, code, other, name });
      }
    });
  }
  const verdicts = await runPairsCached([...sanity, ...matches.map((m) => ({ code: m.code, tests: m.other.task.test_suite }))], { sandbox });

  const passedAll: string[] = [];
  for (const t of live) {
    t.distractors.forEach((d, k) => {
      if (verdicts.get(pairKey(d.code, t.task.test_suite))!.passed) {
        passedAll.push(`${t.source} distractor ${k + 1}`);
        fail(t, "sweep1", [`distractor ${k + 1} (${d.bugType}) passes every test of its own query`]);
      }
    });
  }
  const collisions: string[] = [];
  for (const m of matches) {
    if (verdicts.get(pairKey(m.code, m.other.task.test_suite))!.passed) {
      collisions.push(`${m.task.source} ${m.label} → ${m.other.source}`);
      fail(m.task, "sweep2", [`its ${m.label} defines ${m.name}(), the function of ${m.other.source}, and passes all of that task's tests; rename it`]);
    }
  }
  return {
    distractorSanity: { checked: sanity.length, passedAll },
    crossCanonical: { snippets, nameMatches: matches.length, collisions },
    execution: { pairs: verdicts.size, cached: [...verdicts.values()].filter((v) => v.cached).length },
  };
}
