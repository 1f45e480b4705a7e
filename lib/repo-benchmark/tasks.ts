// The tasks of a repository-retrieval benchmark. Four have gold files (what an agent needs next);
// two have none and test whether a system returns nothing: natural no-gold cases (resolved
// outside the repository: an upstream dependency, an external service, the user's error) and
// counterfactual controls (a plausible query against the wrong repository).
import type { RepoTask } from "@/lib/db/generated/enums";

export const POSITIVE_TASKS = ["code2test", "comment2context", "trace2code", "edit2ripple"] as const satisfies readonly RepoTask[];
export const NO_GOLD_TASKS = ["nogold_natural", "nogold_counterfactual"] as const satisfies readonly RepoTask[];
export const ALL_TASKS: readonly RepoTask[] = [...POSITIVE_TASKS, ...NO_GOLD_TASKS];
export type PositiveTask = (typeof POSITIVE_TASKS)[number];

export function isPositiveTask(task: RepoTask): task is PositiveTask {
  return (POSITIVE_TASKS as readonly string[]).includes(task);
}

export const TASK_LABELS: Record<RepoTask, string> = {
  code2test: "code2test",
  comment2context: "comment2context",
  trace2code: "trace2code",
  edit2ripple: "edit2ripple",
  nogold_natural: "no-gold (natural)",
  nogold_counterfactual: "no-gold (counterfactual)",
};

export const TASK_DESCRIPTIONS: Record<RepoTask, string> = {
  code2test: "an implementation change (PR intent, the changed file given): find the tests it needs",
  comment2context: "a review comment on a given file: find the other files needed to answer it",
  trace2code: "a reproduced failure (command and output): find the root-cause source files",
  edit2ripple: "one anchored edit with its intent: find the other files the change must touch",
  nogold_natural: "a query resolved outside the repository: nothing should be returned",
  nogold_counterfactual: "a plausible query against the wrong repository: nothing should be returned",
};
