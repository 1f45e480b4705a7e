import type { ExecPair } from "@/lib/sandbox/types";
import { plainPythonOutcomes } from "../tests/sandbox/python-reference";

// The paper's execution approach, as the baseline: a fresh `python3 -I` process per pair, with
// a minimal environment, iterating the suite with a fresh namespace per test (code first, then
// the test), a pytest.raises shim, and a 5 s timeout for the whole suite: the harness the
// differential suite uses as Python's word (tests/sandbox/python-reference.ts); a suite that
// gives no outcomes in time is TIMEOUT throughout.

export async function runPaperPair(python: string, pair: ExecPair): Promise<string[]> {
  return (await plainPythonOutcomes(pair, python)) ?? pair.tests.map(() => "TIMEOUT");
}

/** Runs every pair the paper's way, `parallel` processes at a time; outcomes in input order. */
export async function runPaperBaseline(python: string, pairs: ExecPair[], parallel: number): Promise<string[][]> {
  const results: string[][] = new Array(pairs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < pairs.length) {
        const i = next++;
        results[i] = await runPaperPair(python, pairs[i]);
      }
    }),
  );
  return results;
}
