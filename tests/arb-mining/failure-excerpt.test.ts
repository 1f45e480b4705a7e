import { describe, expect, it } from "vitest";
import { failureExcerpt, projectFrames, redactMutated } from "@/lib/construction/arb-mining/failure-excerpt";
import type { VitestFileResult } from "@/lib/construction/arb-mining/vitest-sandbox";

const stack = [
  "TypeError: Cannot read properties of undefined (reading 'score')",
  "    at tieGroups (/repo/lib/metrics/tie-aware.ts:64:32)",
  "    at rank (file:///repo/lib/retrieval/rank.ts:10:3)",
  "    at /repo/tests/metrics/tie-aware.test.ts:12:15",
  "    at file:///repo/node_modules/@vitest/runner/dist/chunk-artifact.js:302:11",
  "    at new Promise (<anonymous>)",
  "    at node:internal/process/task_queues:95:5",
].join("\n");

const file = (name: string, tests: VitestFileResult["tests"], errors: VitestFileResult["errors"] = []): VitestFileResult => ({ file: name, state: "failed", errors, tests });
const failed = (name: string, message: string, extra: Partial<VitestFileResult["tests"][number]["errors"][number]> = {}) => ({ name, state: "failed", duration: 1, errors: [{ name: "AssertionError", message, ...extra }] });
const passed = (name: string) => ({ name, state: "passed", duration: 1, errors: [] });

describe("the failure excerpt of a trace2code query", () => {
  it("keeps the project's frames, repository-relative, and drops node_modules and node's own", () => {
    expect(projectFrames(stack)).toEqual([" ❯ tieGroups lib/metrics/tie-aware.ts:64:32", " ❯ rank lib/retrieval/rank.ts:10:3", " ❯ tests/metrics/tie-aware.test.ts:12:15"]);
  });

  it("never names the mutated file: its path, import path and name become [path], its lines [line]", () => {
    expect(redactMutated("at f (lib/metrics/tie-aware.ts:64:32) from '@/lib/metrics/tie-aware' in tie-aware.ts; lib/metrics/tie-aware.test.ts stays", "lib/metrics/tie-aware.ts")).toBe(
      "at f ([path]:[line]) from '[path]' in [path]; lib/metrics/tie-aware.test.ts stays",
    );
  });

  it("is vitest's layout: the command, each failure with its message, diff and frames, then the counts", () => {
    const text = failureExcerpt({
      command: "npx vitest run tests/metrics/tie-aware.test.ts",
      mutatedFile: "lib/metrics/tie-aware.ts",
      files: [file("tests/metrics/tie-aware.test.ts", [failed("tie groups > sorted", "expected 3 to be 4 // Object.is equality", { diff: "\u001b[32m- Expected\u001b[39m\n+ Received\n\n- 4\n+ 3", stack }), passed("tie groups > other")])],
    });
    expect(text).toBe(
      [
        "$ npx vitest run tests/metrics/tie-aware.test.ts",
        "",
        " FAIL  tests/metrics/tie-aware.test.ts > tie groups > sorted",
        "AssertionError: expected 3 to be 4 // Object.is equality",
        "",
        "- Expected",
        "+ Received",
        "",
        "- 4",
        "+ 3",
        " ❯ tieGroups [path]:[line]",
        " ❯ rank lib/retrieval/rank.ts:10:3",
        " ❯ tests/metrics/tie-aware.test.ts:12:15",
        "",
        " Test Files  1 failed (1)",
        "      Tests  1 failed | 1 passed (2)",
      ].join("\n"),
    );
  });

  it("shows at most three failures and counts the rest; a file that does not load is a failure of its own", () => {
    const tests = ["a", "b", "c"].map((n) => failed(`t > ${n}`, `broke ${n}`));
    const text = failureExcerpt({ command: "npx vitest run x", mutatedFile: "src/m.ts", files: [file("tests/x.test.ts", tests, [{ name: "Error", message: "Cannot load" }])] });
    expect(text.match(/ FAIL {2}/g)).toHaveLength(3);
    expect(text).toContain(" FAIL  tests/x.test.ts [ tests/x.test.ts ]\nError: Cannot load");
    expect(text).toContain("… 1 more failure\n");
    expect(text).toContain("      Tests  3 failed (3)");
  });

  it("writes control characters a message quotes as escapes, so the text can be stored and read", () => {
    const text = failureExcerpt({ command: "npx vitest run x", mutatedFile: "src/m.ts", files: [file("tests/x.test.ts", [failed("t", "expected '\u0093NUMPY\u0001\u0000x' to be 'y'")])] });
    expect(text).toContain("expected '\\u0093NUMPY\\u0001\\u0000x' to be 'y'");
    expect([...text].filter((c) => c !== "\n" && (c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) < 0xa0)))).toEqual([]);
  });
});
