import { spawn } from "node:child_process";
import type { ExecPair } from "@/lib/sandbox/types";

// Plain Python as the reference for verdicts: a fresh `python3.11 -I` per pair runs each test
// as the paper's runner did (the code, then the test, in a fresh namespace per test), with a
// pytest.raises that behaves as pytest's (the exception type, `match`, and `.value` on what it
// binds). No isolation and no judge: what Python itself says of honest code. The differential
// suite's reference, and the paper-style baseline of the sandbox benches
// (bench/sandbox-paper-baseline.ts).

const HARNESS = String.raw`
import json, re, sys, types
pair = json.loads(sys.stdin.read())
class _Info:
    value = type = None
class _Raises:
    def __init__(self, expected, match):
        self.expected, self.match, self.info = expected, match, _Info()
    def __enter__(self):
        return self.info
    def __exit__(self, t, v, tb):
        if t is None:
            raise AssertionError("DID NOT RAISE")
        if not issubclass(t, self.expected):
            return False
        if self.match is not None and not re.search(self.match, str(v)):
            raise AssertionError("no match")
        self.info.value, self.info.type = v, t
        return True
pytest = types.ModuleType("pytest")
pytest.raises = lambda expected, match=None: _Raises(expected, match)
sys.modules["pytest"] = pytest
out = []
for test in pair["tests"]:
    ns = {"__name__": "candidate", "pytest": pytest}
    try:
        exec(compile(pair["code"], "<candidate>", "exec"), ns)
    except BaseException as e:
        out.append("ERROR:" + type(e).__name__)
        continue
    try:
        exec(compile(test, "<test>", "exec"), ns)
        out.append("pass")
    except AssertionError:
        out.append("FAIL")
    except BaseException as e:
        out.append("FAIL:" + type(e).__name__)
sys.__stdout__.write("\n" + json.dumps(out))
`;

/**
 * The outcomes plain Python gives `pair`'s tests, or null when it gave none within the pair's
 * timeout (5 s by default), as when the code loops forever or breaks the harness.
 */
export function plainPythonOutcomes(pair: ExecPair, python = "/usr/bin/python3.11"): Promise<string[] | null> {
  return new Promise((resolve) => {
    const child = spawn(python, ["-I", "-W", "ignore", "-c", HARNESS], { env: { PATH: "/usr/bin:/bin" } as unknown as NodeJS.ProcessEnv, stdio: ["pipe", "pipe", "ignore"] });
    let out = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), pair.timeoutMs ?? 5000);
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stdin.on("error", () => undefined);
    child.on("close", () => {
      clearTimeout(timer);
      try {
        const outcomes = JSON.parse(out.trimEnd().split("\n").pop() ?? "") as string[];
        if (Array.isArray(outcomes) && outcomes.length === pair.tests.length) return resolve(outcomes);
      } catch {
        // killed at the timeout, or the candidate broke the harness
      }
      resolve(null);
    });
    child.stdin.end(JSON.stringify({ code: pair.code, tests: pair.tests }));
  });
}

/** As plainPythonOutcomes, for a pair that must have outcomes. */
export async function runInPlainPython(pair: ExecPair, python?: string): Promise<string[]> {
  const outcomes = await plainPythonOutcomes(pair, python);
  if (!outcomes) throw new Error(`plain Python gave no outcomes for ${pair.id} (timed out, or the code broke the harness)`);
  return outcomes;
}
