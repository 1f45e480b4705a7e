import { spawn } from "node:child_process";
import type { ExecPair } from "@/lib/sandbox/types";

// The paper's execution approach, as the baseline: a fresh `python3 -I` process per pair, with
// a minimal environment, iterating the suite with a fresh namespace per test (code first, then
// the test), a pytest.raises shim, and a 5 s timeout for the whole suite.

const HARNESS = String.raw`
import json, re, sys, types
pair = json.loads(sys.stdin.read())
class _Raises:
    def __init__(self, expected, match):
        self.expected, self.match = expected, match
    def __enter__(self):
        return self
    def __exit__(self, t, v, tb):
        if t is None:
            raise AssertionError("DID NOT RAISE")
        if not issubclass(t, self.expected):
            return False
        if self.match is not None and not re.search(self.match, str(v)):
            raise AssertionError("no match")
        return True
pytest = types.ModuleType("pytest")
pytest.raises = lambda expected, match=None: _Raises(expected, match)
sys.modules["pytest"] = pytest
out = []
for test in pair["tests"]:
    ns = {"__name__": "candidate", "pytest": pytest}
    try:
        exec(pair["code"], ns)
    except BaseException as e:
        out.append("ERROR:" + type(e).__name__)
        continue
    try:
        exec(test, ns)
        out.append("pass")
    except AssertionError:
        out.append("FAIL")
    except BaseException as e:
        out.append("FAIL:" + type(e).__name__)
sys.__stdout__.write("\n" + json.dumps(out))
`;

export function runPaperPair(python: string, pair: ExecPair): Promise<string[]> {
  return new Promise((resolve) => {
    const child = spawn(python, ["-I", "-c", HARNESS], { env: { PATH: "/usr/bin:/bin" } as unknown as NodeJS.ProcessEnv, stdio: ["pipe", "pipe", "ignore"] });
    let out = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), pair.timeoutMs ?? 5000);
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stdin.on("error", () => undefined);
    child.on("close", () => {
      clearTimeout(timer);
      const last = out.trimEnd().split("\n").pop() ?? "";
      try {
        const outcomes = JSON.parse(last) as string[];
        if (Array.isArray(outcomes) && outcomes.length === pair.tests.length) return resolve(outcomes);
      } catch {
        // killed at the timeout, or the candidate broke the harness
      }
      resolve(pair.tests.map(() => "TIMEOUT"));
    });
    child.stdin.end(JSON.stringify({ code: pair.code, tests: pair.tests }));
  });
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
