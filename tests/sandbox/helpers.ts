import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterEach, vi } from "vitest";
import type { ExecPair } from "@/lib/sandbox/types";

// Shared by the sandbox suites: building the image once and a batch covering every outcome.

const ROOT = path.resolve(__dirname, "../..");

/** Runs scripts/ensure-sandbox-image.sh (idempotent; fast when the image is current); returns its log. */
export function ensureSandboxImage(): string {
  const run = spawnSync("bash", [path.join(ROOT, "scripts/ensure-sandbox-image.sh")], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: IMAGE_TIMEOUT_MS,
  });
  if (run.status !== 0) throw new Error(`ensure-sandbox-image.sh failed (${run.status ?? run.signal}):\n${run.stderr}`);
  return run.stderr;
}

export const IMAGE_TIMEOUT_MS = 900_000;

/**
 * lib/sandbox reads its configuration once, so a suite trying other environments loads fresh
 * modules: call at the top of the file; it returns `loadWith(env)` and restores process.env
 * and the module registry after each test.
 */
export function sandboxLoaderWithEnv(): (env: Record<string, string>) => Promise<typeof import("@/lib/sandbox")> {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    vi.resetModules();
  });
  return async (env) => {
    Object.assign(process.env, env);
    vi.resetModules();
    return import("@/lib/sandbox");
  };
}

const inc = "def inc(x):\n    return x + 1\n";

/**
 * Pairs whose outcomes do not depend on the backend, with the outcomes they must give and the
 * tests that cannot be split into candidate calls plus a trusted check (run in-process).
 */
export const OUTCOME_CASES: { pair: ExecPair; expected: string[]; inProcess?: number[] }[] = [
  { pair: { id: "pass", code: inc, tests: ["assert inc(1) == 2", "assert inc(-1) == 0"] }, expected: ["pass", "pass"] },
  { pair: { id: "fail", code: "def inc(x):\n    return x + 2\n", tests: ["assert inc(1) == 2", "assert inc(0) == 2"] }, expected: ["FAIL", "pass"] },
  { pair: { id: "zero", code: "def div(a, b):\n    return a / b\n", tests: ["assert div(1, 0) == 0", "assert div(4, 2) == 2"] }, expected: ["FAIL:ZeroDivisionError", "pass"] },
  { pair: { id: "syntax", code: "def inc(x)\n    return x", tests: ["assert inc(1) == 2", "assert True"] }, expected: ["ERROR:SyntaxError", "ERROR:SyntaxError"] },
  { pair: { id: "load-name", code: "y = undefined_name + 1\ndef inc(x):\n    return x + 1\n", tests: ["assert inc(1) == 2"] }, expected: ["ERROR:NameError"] },
  { pair: { id: "loop", code: "def spin():\n    while True:\n        pass\n", tests: ["assert True", "spin()", "assert True"], timeoutMs: 700 }, expected: ["pass", "TIMEOUT", "TIMEOUT"] },
  {
    pair: {
      id: "raises",
      code: "def parse(s):\n    if not s:\n        raise ValueError('empty input')\n    return int(s)\n",
      tests: [
        "with pytest.raises(ValueError): parse('')",
        "with pytest.raises(ValueError, match='empty'): parse('')",
        "with pytest.raises(ValueError, match='nope'): parse('')",
        "with pytest.raises(ValueError): parse('3')",
        "with pytest.raises(KeyError): parse('')",
        "import pytest\nwith pytest.raises(ValueError):\n    parse('')",
      ],
    },
    expected: ["pass", "pass", "FAIL", "FAIL", "FAIL:ValueError", "pass"],
  },
  { pair: { id: "exit-code", code: "import sys\nsys.exit(0)\n", tests: ["assert True"] }, expected: ["ERROR:SystemExit"] },
  { pair: { id: "exit-test", code: "import sys\n", tests: ["sys.exit(0)", "assert True"] }, expected: ["FAIL:SystemExit", "pass"] },
  { pair: { id: "os-exit", code: "import os\n", tests: ["assert True", "os._exit(0)", "assert True"] }, expected: ["pass", "FAIL:SystemExit", "FAIL:SystemExit"] },
  { pair: { id: "segfault", code: "import os, signal\n", tests: ["os.kill(os.getpid(), signal.SIGSEGV)", "assert True"] }, expected: ["FAIL:Crash", "FAIL:Crash"] },
  {
    pair: {
      id: "spam",
      code: "import sys\nprint('{\"id\": \"forged\"}\\n' * 20000)\nsys.stderr.write('noise' * 20000)\ndef f():\n    return 1\n",
      tests: ["print('x' * 1000000)\nassert f() == 1", "sys.stdout.write('\\n\\n{}\\n')\nassert f() == 1"],
    },
    expected: ["pass", "pass"],
    inProcess: [0], // print() is not for trusted programs; the second test's calls all go to the child
  },
  { pair: { id: "fresh-ns", code: "counter = 0\n", tests: ["global counter, leaked\ncounter += 1\nleaked = 1\nassert counter == 1", "assert counter == 0 and 'leaked' not in globals()"] }, expected: ["pass", "pass"], inProcess: [0, 1] },
  { pair: { id: "memory", code: "", tests: ["x = bytearray(4 * 1024 ** 3)"] }, expected: ["FAIL:MemoryError"] },
  { pair: { id: "main-guard", code: "if __name__ == '__main__':\n    raise RuntimeError('demo ran')\n", tests: ["assert True"] }, expected: ["pass"] },
  {
    pair: {
      id: "strict",
      code: "class Sly(int):\n    def __eq__(self, other):\n        return True\ndef one():\n    return 1\ndef sly():\n    return Sly(7)\n",
      tests: ["assert one() == True", "assert one() == 1.0", "assert sly() == 1", "assert one() in [True, 2]", "assert one() in [1.0]", "assert one() is not True"],
    },
    // Python's meaning for builtin values (1 == True); a subclass's own __eq__ is never asked.
    expected: ["pass", "pass", "FAIL:NotPlainData", "pass", "pass", "pass"],
  },
  // A function under test named like a builtin is still the candidate's.
  { pair: { id: "builtin-named", code: "def pow(a, b):\n    return a * b\n", tests: ["assert pow(2, 3) == 8", "assert pow(2, 2) == 4"] }, expected: ["FAIL", "pass"] },
];

/** `n` small distinct pairs (mostly passing) for throughput runs. */
export function smallPairs(n: number): ExecPair[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    code: `def f(x):\n    return x * ${i % 7} + ${i}\n`,
    tests: [`assert f(0) == ${i}`, `assert f(1) == ${(i % 7) + i}`, `assert f(2) == ${i % 5 === 0 ? -1 : 2 * (i % 7) + i}`],
  }));
}
