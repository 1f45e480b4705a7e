import { describe, expect, it } from "vitest";
import { readSourceDir } from "@/lib/benchmark/read-source-dir";
import { CLAMP, writeSourceDir } from "./source-dir";

// Gate 1 (schema) is decided while reading: every bad line becomes a task that failed gate 1,
// with all of its problems, and the read goes on.
describe("readSourceDir (gate 1: schema)", () => {
  it("reads tasks in (file name, line) order and names each by file and line", async () => {
    const dir = await writeSourceDir({
      string_processing: [{ ...CLAMP, function_name: "b_task", domain: "string_processing" }],
      math_numerical: [CLAMP, "", { ...CLAMP, function_name: "a_task" }],
    });
    const src = await readSourceDir(dir);
    expect(src.lines.map((l) => [l.source, l.task?.function_name, l.problems])).toEqual([
      ["tasks/math_numerical.jsonl:1", "clamp_value", []],
      ["tasks/math_numerical.jsonl:3", "a_task", []],
      ["tasks/string_processing.jsonl:1", "b_task", []],
    ]);
    expect(src.sourceSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses bad lines with every problem named, without stopping the read", async () => {
    const dir = await writeSourceDir({
      math_numerical: [
        "{not json",
        { ...CLAMP, test_suite: CLAMP.test_suite.slice(0, 6) },
        { ...CLAMP, distractor: [] },
        { ...CLAMP, domain: "geometry" },
        { ...CLAMP, test_suite: [...CLAMP.test_suite.slice(0, 7), "clamp_value(1, 0, 2)", "assert clamp_value(1,\n 0, 2) == 1"] },
        { ...CLAMP, distractors: [{ code: "def clamp_value(x, lo, hi):\n    return x\n", bug_type: "wrong_semantics", bug_description: "x" }] },
        { ...CLAMP, canonical: CLAMP.canonical.replaceAll("\n", "\r\n") },
        { ...CLAMP, function_name: "not-an-identifier" },
      ],
    });
    const problems = (await readSourceDir(dir)).lines.map((l) => l.problems.join(" | "));
    expect(problems[0]).toMatch(/^invalid JSON/);
    expect(problems[1]).toBe("test_suite: at least 7 tests");
    expect(problems[2]).toMatch(/Unrecognized key: "distractor"/);
    expect(problems[3]).toBe('domain "geometry" does not match its file tasks/math_numerical.jsonl');
    expect(problems[4]).toBe("test 8 does not start with `assert` | test 9 is not a single line");
    expect(problems[5]).toMatch(/^distractors\.0\.bug_type: bug_type must be one of off_by_one, /);
    expect(problems[6]).toBe('canonical uses \\r line breaks; write "\\n" newlines');
    expect(problems[7]).toBe("function_name: function_name must be a Python identifier");
  });

  it("refuses a directory without benchmark.json or without tasks", async () => {
    await expect(readSourceDir("/nonexistent-execboard-src")).rejects.toThrow(/benchmark.json: file not found/);
    const empty = await writeSourceDir({});
    await expect(readSourceDir(empty)).rejects.toThrow(/no tasks\/\*\.jsonl files/);
  });
});
