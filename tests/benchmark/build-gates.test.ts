import { beforeAll, describe, expect, it } from "vitest";
import { buildBenchmark, type BuildResult } from "@/lib/benchmark/build-benchmark";
import { CLAMP, RUN_LENGTH, tests, writeSourceDir } from "./source-dir";
import { dockerSandboxForSuite } from "./docker-sandbox";

// benchmark build against the real sandbox and execution cache: one source directory in which
// each task trips exactly one gate or sweep, beside tasks that must come through intact.

const BOUNDED_SUM = {
  function_name: "bounded_sum",
  domain: "math_numerical",
  query: "Sum a list of numbers, then clamp the total into [lo, hi].",
  // Its helper is named like another task's function and does what that task asks: sweep 2.
  canonical:
    "def clamp_value(x, lo, hi):\n    if x < lo:\n        return lo\n    if x > hi:\n        return hi\n    return x\n\n\n" +
    "def bounded_sum(xs, lo, hi):\n    total = 0\n    for i in range(len(xs)):\n        total += xs[i]\n    return clamp_value(total, lo, hi)\n",
  test_suite: tests("bounded_sum", [
    ["[1, 2, 3], 0, 10", "6"],
    ["[], 0, 10", "0"],
    ["[5, 5, 5], 0, 10", "10"],
    ["[-4, 1], -2, 5", "-2"],
    ["[2], 3, 9", "3"],
    ["[7, -1], 0, 100", "6"],
    ["[1, 1, 1, 1], 0, 3", "3"],
  ]),
};

describe("benchmark build: gates and sweeps", () => {
  const sandbox = dockerSandboxForSuite();
  let result: BuildResult;
  const entry = (source: string) => result.report.tasks.find((t) => t.source === source)!;

  beforeAll(async () => {
    const dir = await writeSourceDir({
      math_numerical: [
        CLAMP, // 1: kept, four generated distractors
        { ...CLAMP, function_name: "short_suite", test_suite: CLAMP.test_suite.slice(0, 5) }, // 2: gate 1
        { ...CLAMP, function_name: "clamp_a", canonical: CLAMP.canonical.replaceAll("clamp_value", "clamp_a"), test_suite: [...CLAMP.test_suite.map((t) => t.replace("clamp_value", "clamp_a")).slice(0, 7), "assert 1 == 1"] }, // 3: gate 2
        { ...CLAMP, function_name: "clamp_b", canonical: CLAMP.canonical.replaceAll("clamp_value", "clamp_b").replace("return lo", "return hi"), test_suite: CLAMP.test_suite.map((t) => t.replace("clamp_value", "clamp_b")) }, // 4: gate 3
        { ...CLAMP, function_name: "clamp_c", canonical: CLAMP.canonical.replaceAll("clamp_value", "clamp_c"), test_suite: CLAMP.test_suite.map((t) => t.replace("clamp_value", "clamp_c")), distractors: [{ code: CLAMP.canonical.replaceAll("clamp_value", "clamp_c").replace("x < lo", "lo > x"), bug_type: "swap_arguments", bug_description: "Swapped the operands of <." }] }, // 5: gate 4, an equivalent hand-written distractor
        { function_name: "identity_value", domain: "math_numerical", query: "Return x unchanged.", canonical: "def identity_value(x):\n    return x\n", test_suite: tests("identity_value", [["1", "1"], ["0", "0"], ["-2", "-2"], ["'a'", "'a'"], ["None", "None"], ["[1]", "[1]"], ["2.5", "2.5"]]) }, // 6: gate 4, nothing to mutate
        BOUNDED_SUM, // 7: sweep 2
        { ...CLAMP, function_name: "clamp_d", canonical: CLAMP.canonical.replaceAll("clamp_value", "clamp_d"), test_suite: CLAMP.test_suite.map((t) => t.replace("clamp_value", "clamp_d")), distractors: [{ code: "def clamp_d(x, lo, hi:\n    return x\n", bug_type: "off_by_one", bug_description: "Broken." }] }, // 8: gate 2, syntax-error distractor
      ],
      string_processing: [RUN_LENGTH, { ...CLAMP, domain: "string_processing" }], // 9: kept with a hand-written distractor; 10: gate 5
    });
    result = await buildBenchmark(dir, { sandbox: sandbox() });
  });

  it("excludes each failing task at its first failing gate, naming the task and why", () => {
    const failed = Object.fromEntries(result.report.tasks.filter((t) => t.failed).map((t) => [t.source, [t.failed!.gate, t.failed!.reasons.join("; ")]]));
    expect(Object.keys(failed).sort()).toEqual(
      [2, 3, 4, 5, 6, 7, 8].map((l) => `tasks/math_numerical.jsonl:${l}`).concat(["tasks/string_processing.jsonl:2"]).sort(),
    );
    expect(failed["tasks/math_numerical.jsonl:2"]).toEqual(["1", "test_suite: at least 7 tests"]);
    expect(failed["tasks/math_numerical.jsonl:3"]).toEqual(["2", "test 8 does not call clamp_a()"]);
    expect(failed["tasks/math_numerical.jsonl:4"][0]).toBe("3");
    expect(failed["tasks/math_numerical.jsonl:4"][1]).toMatch(/^canonical fails its own tests: test 2 FAIL \(assert clamp_b\(-3, 0, 10\) == 0\)/);
    expect(failed["tasks/math_numerical.jsonl:5"]).toEqual(["4", "hand-written distractor 1 (swap_arguments) passes every test: it is not a bug the tests can see"]);
    expect(failed["tasks/math_numerical.jsonl:6"][0]).toBe("4");
    expect(failed["tasks/math_numerical.jsonl:6"][1]).toMatch(/^only 0 distractor\(s\), at least 3 required: 0 candidates: the canonical has no mutation site$/);
    expect(failed["tasks/math_numerical.jsonl:7"][0]).toBe("sweep2");
    expect(failed["tasks/math_numerical.jsonl:7"][1]).toMatch(/canonical defines clamp_value\(\), the function of tasks\/math_numerical.jsonl:1, and passes all of that task's tests/);
    expect(failed["tasks/math_numerical.jsonl:8"][0]).toBe("2");
    expect(failed["tasks/math_numerical.jsonl:8"][1]).toMatch(/^hand-written distractor 1 \(off_by_one\) is a syntax error \(SyntaxError/);
    expect(failed["tasks/string_processing.jsonl:2"]).toEqual(["5", "function_name clamp_value is already used by tasks/math_numerical.jsonl:1; names must be unique across the benchmark"]);
    expect(result.report.gates.map((g) => [g.gate, g.failed])).toEqual([["1", 1], ["2", 2], ["3", 1], ["4", 2], ["5", 1], ["sweep1", 0], ["sweep2", 1]]);
    // the canonical and every distractor that kept the helper intact collide
    const collisions = result.report.sweeps.cross_canonical.collisions;
    expect(collisions).toContain("tasks/math_numerical.jsonl:7 canonical → tasks/math_numerical.jsonl:1");
    expect(collisions.every((c) => c.startsWith("tasks/math_numerical.jsonl:7 ") && c.endsWith(" → tasks/math_numerical.jsonl:1"))).toBe(true);
    expect(result.report.sweeps.cross_canonical.foreign_name_matches_run).toBe(5);
  });

  it("numbers the kept tasks in source order and lays out canonical then distractors", () => {
    expect(result.data.queries.map((q) => [q.query_id, q.function_name, q.correct_corpus_ids])).toEqual([
      ["q_0001", "clamp_value", ["c_0001"]],
      ["q_0002", "longest_run", ["c_0006"]],
    ]);
    expect(result.data.corpus.map((c) => `${c.corpus_id}:${c.query_id}:${c.role}`)).toEqual([
      "c_0001:q_0001:canonical",
      ...[2, 3, 4, 5].map((i) => `c_000${i}:q_0001:distractor`),
      "c_0006:q_0002:canonical",
      ...[7, 8, 9, 10].map((i) => `c_${String(i).padStart(4, "0")}:q_0002:distractor`),
    ]);
  });

  it("keeps a hand-written distractor first and fills the other slots from the engine", () => {
    const run = result.data.corpus.filter((c) => c.query_id === "q_0002" && c.role === "distractor");
    expect(run[0]).toMatchObject({ bug_type: "off_by_one", bug_description: "Reset the run to 0 instead of 1." });
    expect(run[0].edit).toBeUndefined();
    expect(run.slice(1).every((d) => d.edit && d.edit.size > 0 && /^(Changed|Swapped|Deleted) /.test(d.bug_description ?? ""))).toBe(true);
    expect(entry("tasks/string_processing.jsonl:1").distractors.map((d) => d.origin)).toEqual(["hand_written", "generated", "generated", "generated"]);
  });

  it("gives every kept task distractors that each fail a test, with distinct bug types and failing subsets", () => {
    for (const source of ["tasks/math_numerical.jsonl:1", "tasks/string_processing.jsonl:1"]) {
      const t = entry(source);
      expect(t.status).toBe("kept");
      expect(t.distractors).toHaveLength(4);
      expect(t.distractors.every((d) => d.failing_tests.length > 0)).toBe(true);
      expect(new Set(t.distractors.map((d) => d.failing_tests.join(","))).size).toBeGreaterThan(1);
    }
    // clamp_value has guards and comparisons only: both families appear before either repeats
    expect(new Set(entry("tasks/math_numerical.jsonl:1").distractors.map((d) => d.bug_type))).toEqual(new Set(["remove_edge_case_check", "wrong_comparison"]));
    expect(new Set(entry("tasks/string_processing.jsonl:1").distractors.map((d) => d.bug_type)).size).toBe(4);
    const clamp = result.data.corpus.filter((c) => c.query_id === "q_0001" && c.role === "distractor");
    for (const d of clamp) {
      // one edit: the canonical outside the recorded span is untouched
      const canonical = CLAMP.canonical;
      expect(d.code.slice(0, d.edit!.start)).toBe(canonical.slice(0, d.edit!.start));
      expect(d.code.slice(d.code.length - (canonical.length - d.edit!.end))).toBe(canonical.slice(d.edit!.end));
    }
  });

  it("reports totals, candidates per reason and sweeps, in JSON and in the readable report", () => {
    const r = result.report;
    expect(r.totals).toMatchObject({ tasks_read: 10, tasks_kept: 2, tasks_excluded: 8, queries: 2, corpus: 10, distractors: 8, hand_written: 1, generated: 7 });
    expect(r.tasks_per_domain).toEqual({ math_numerical: { read: 8, kept: 1 }, string_processing: { read: 2, kept: 1 } });
    expect(Object.values(r.distractors_per_bug_type).reduce((a, b) => a + b, 0)).toBe(8);
    const outcomes = Object.values(r.candidates.outcomes).reduce((a, b) => a + (b ?? 0), 0);
    expect(outcomes).toBe(r.candidates.generated);
    expect(r.sweeps.distractor_sanity).toEqual({ distractors_run: 8 + 4, passed_all_tests: [] });
    const md = result.files["gate-report.md"];
    expect(md).toContain("# Gate report: Build test 1");
    expect(md).toContain("| 3 | canonical execution | 1 |");
    expect(md).toMatch(/- `tasks\/math_numerical.jsonl:4` clamp_b: gate 3 \(canonical execution\): canonical fails its own tests/);
    expect(md).toMatch(/## Mutation candidates\n\n\d+ candidates generated for \d+ tasks/);
    expect(md).toMatch(/Built in [\d.]+ s with the docker sandbox/);
  });
});
