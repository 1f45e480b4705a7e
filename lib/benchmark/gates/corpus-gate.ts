import { alive, fail, type BuildTask } from "../build-state";

// Gate 5, corpus integrity, the part decided per task: function names are unique across the
// benchmark (a later task reusing a name is excluded, naming the task that has it). The rest
// of gate 5 (every correct_corpus_id exists and is its query's canonical, every canonical is
// referenced) is checked on the assembled rows by checkIntegrity, as import does.
export function runCorpusGate(tasks: BuildTask[]): void {
  const owner = new Map<string, string>();
  for (const t of alive(tasks)) {
    const first = owner.get(t.task.function_name);
    if (first) fail(t, 5, [`function_name ${t.task.function_name} is already used by ${first}; names must be unique across the benchmark`]);
    else owner.set(t.task.function_name, t.source);
  }
}
