import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { OUTCOME_PATTERN, parseRunnerLine } from "@/lib/sandbox/runner-protocol";
import { runnerDir } from "@/lib/sandbox/runner-script";

// One outcome grammar on both sides of the protocol: the pattern in docker/runner/labels.py
// is the one in runner-protocol.ts, and the runner's own check and the pool's parser agree on
// every label, including the ones a candidate can make up (class names, forged frames).

const LABELS = [
  "pass", "FAIL", "TIMEOUT", "FAIL:ValueError", "ERROR:SyntaxError", "FAIL:NotPlainData", "FAIL:_x1",
  "FAIL:Ошибка", "FAIL:a.b", "FAIL:a b", "FAIL:", "ERROR:", "FAIL:1x", `FAIL:${"E".repeat(100)}`, `FAIL:${"E".repeat(101)}`,
  "pass\n", "FAIL\n", " pass", "PASS", "FAIL:ValueError\n", "FAIL:Ünïcode", "FAIL:ǅ", "ERROR:x\u0000", "TIMEOUT:x",
];

function python(script: string): string {
  const run = spawnSync("/usr/bin/python3.11", ["-I", "-B", "-c", script], { encoding: "utf8", env: { PATH: "/usr/bin:/bin" } as unknown as NodeJS.ProcessEnv, input: JSON.stringify(LABELS) });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout;
}

describe("the outcome grammar", () => {
  it("is the same pattern in labels.py and runner-protocol.ts", () => {
    const source = readFileSync(path.join(runnerDir(), "labels.py"), "utf8");
    expect(source.match(/^PATTERN = r"([^"]+)"$/m)?.[1]).toBe(OUTCOME_PATTERN);
  });

  it("classifies every label alike on both sides", () => {
    const script = `import json, sys; sys.path.insert(0, ${JSON.stringify(runnerDir())}); import labels; print(json.dumps([labels.checked(l) == l for l in json.load(sys.stdin)]))`;
    const python_ = JSON.parse(python(script)) as boolean[];
    const ours = LABELS.map((l) => new RegExp(OUTCOME_PATTERN).test(l));
    expect(python_).toEqual(ours);
    expect(ours.filter(Boolean).length).toBe(8);
  });

  it("refuses a result line with a label outside it", () => {
    const line = (outcome: string) => JSON.stringify({ id: "1", outcomes: [outcome], passed: false, durationMs: 1, inProcess: [] });
    expect(parseRunnerLine(line("FAIL:ValueError"))?.kind).toBe("result");
    expect(parseRunnerLine(line("FAIL:Ошибка"))).toBeUndefined();
  });
});

describe("runner internals", () => {
  const run = (body: string) => python(`import sys; sys.path.insert(0, ${JSON.stringify(runnerDir())})\n${body}`);

  it("sees when a trusted process's limits change", () => {
    const out = run(["import os, resource, leftovers", "l = leftovers.Limits()", "l.remember(os.getpid())", "before = l.changed()", "soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)", "resource.setrlimit(resource.RLIMIT_NOFILE, (soft - 1, hard))", "print(before, l.changed() == [os.getpid()])"].join("\n"));
    expect(out.trim()).toBe("[] True");
  });

  it("treats a missing scratch place as an error, never as clean", () => {
    const out = run(["import leftovers", "print(repr(leftovers.sweep(set(), 0, (), '/nonexistent/scratch')[0]))", "print(leftovers.scratch_problem(('/dev/mqueue-not-here',)))", "print(leftovers.scratch_problem(('/tmp',)) is None or 'not a tmpfs' in leftovers.scratch_problem(('/tmp',)))"].join("\n"));
    const [sweep, unknown, tmp] = out.trim().split("\n");
    expect(sweep).toMatch(/a scratch place could not be checked/);
    expect(unknown).toBe("unknown scratch place /dev/mqueue-not-here");
    expect(tmp).toBe("True");
  });
});
