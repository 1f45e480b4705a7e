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

const SIGN = {
  function_name: "sign_of",
  domain: "math_numerical",
  query: "Return -1, 0 or 1 according to the sign of x.",
  canonical: "def sign_of(x):\n    if x > 0:\n        return 1\n    if x < 0:\n        return -1\n    return 0\n",
  test_suite: tests("sign_of", [["5", "1"], ["-3", "-1"], ["0", "0"], ["2.5", "1"], ["-0.5", "-1"], ["100", "1"], ["-100", "-1"]]),
};

// Does what clamp_value does, written otherwise and asked for in other words: only running it
// against clamp_value's tests shows it.
const LIMIT = {
  function_name: "limit_to_range",
  domain: "math_numerical",
  query: "Clamp a number x so it lies in the closed interval between lo and hi.",
  canonical: "def limit_to_range(v, low, high):\n    return min(max(v, low), high)\n",
  test_suite: tests("limit_to_range", [["1, 2, 4", "2"], ["3, 2, 4", "3"], ["9, 2, 4", "4"], ["2, 2, 4", "2"], ["4, 2, 4", "4"], ["-1, -3, -2", "-2"], ["0, 0, 0", "0"]]),
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
        { ...SIGN, distractors: [{ code: SIGN.canonical.replace("x > 0", "0 < x"), bug_type: "swap_arguments", bug_description: "Swapped the operands of >." }] }, // 5: gate 4, an equivalent hand-written distractor
        { function_name: "identity_value", domain: "math_numerical", query: "Return x unchanged.", canonical: "def identity_value(x):\n    return x\n", test_suite: tests("identity_value", [["1", "1"], ["0", "0"], ["-2", "-2"], ["'a'", "'a'"], ["None", "None"], ["[1]", "[1]"], ["2.5", "2.5"]]) }, // 6: gate 4, nothing to mutate
        BOUNDED_SUM, // 7: sweep 2
        { ...CLAMP, function_name: "clamp_d", canonical: CLAMP.canonical.replaceAll("clamp_value", "clamp_d"), test_suite: CLAMP.test_suite.map((t) => t.replace("clamp_value", "clamp_d")), distractors: [{ code: "def clamp_d(x, lo, hi:\n    return x\n", bug_type: "off_by_one", bug_description: "Broken." }] }, // 8: gate 2, syntax-error distractor
        LIMIT, // 9: near-duplicate by behaviour
        { ...SIGN, function_name: "slow_sign", query: "The sign of x, slowly.", canonical: "import time\n\n\ndef slow_sign(x):\n    time.sleep(0.1)\n    return (x > 0) - (x < 0)\n", test_suite: SIGN.test_suite.map((t) => t.replace("sign_of", "slow_sign")) }, // 10: gate 3, too slow
      ],
      string_processing: [
        RUN_LENGTH, // 9: kept with a hand-written distractor
        { function_name: "clamp_value", domain: "string_processing", query: "Cut a string down to at most n characters.", canonical: "def clamp_value(s, n):\n    if n <= 0:\n        return ''\n    return s[:n]\n", test_suite: tests("clamp_value", [["'abc', 2", "'ab'"], ["'abc', 5", "'abc'"], ["'', 3", "''"], ["'abc', 0", "''"], ["'abc', -1", "''"], ["'xy', 1", "'x'"], ["'hello', 4", "'hell'"]]) }, // 10: gate 5, a name already taken
        { ...RUN_LENGTH, function_name: "longest_streak", canonical: RUN_LENGTH.canonical.replaceAll("longest_run", "longest_streak"), test_suite: RUN_LENGTH.test_suite.map((t) => t.replace("longest_run", "longest_streak")), distractors: undefined }, // 11: near-duplicate by text
      ],
    });
    result = await buildBenchmark(dir, { sandbox: sandbox() });
  });

  it("excludes each failing task at its first failing gate, naming the task and why", () => {
    const failed = Object.fromEntries(result.report.tasks.filter((t) => t.failed).map((t) => [t.source, [t.failed!.gate, t.failed!.reasons.join("; ")]]));
    expect(Object.keys(failed).sort()).toEqual(
      [2, 3, 4, 5, 6, 7, 8, 9, 10]
        .map((l) => `tasks/math_numerical.jsonl:${l}`)
        .concat(["tasks/string_processing.jsonl:2", "tasks/string_processing.jsonl:3"])
        .sort(),
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
    expect(failed["tasks/string_processing.jsonl:3"]).toEqual(["dup", "a near-duplicate of longest_run (tasks/string_processing.jsonl:1) (code overlap 1.00, query overlap 1.00)"]);
    expect(failed["tasks/math_numerical.jsonl:9"][0]).toBe("dup");
    expect(failed["tasks/math_numerical.jsonl:9"][1]).toMatch(/^does what clamp_value \(tasks\/math_numerical.jsonl:1\) does: its canonical passes every test of clamp_value/);
    expect(failed["tasks/math_numerical.jsonl:10"][0]).toBe("3");
    expect(failed["tasks/math_numerical.jsonl:10"][1]).toMatch(/^the canonical's suite ran \d+ ms at best of 3 runs; every snippet's must finish within 500 ms/);
    expect(result.report.gates.map((g) => [g.gate, g.failed])).toEqual([["1", 1], ["2", 2], ["3", 2], ["dup", 2], ["4", 2], ["5", 1], ["sweep1", 0], ["sweep2", 1]]);
    expect(result.report.near_duplicates.duplicates).toHaveLength(2);
    expect(result.report.near_duplicates.same_behaviour).toEqual([]);
    // the canonical and every distractor that kept the helper intact collide
    const collisions = result.report.sweeps.cross_canonical.collisions;
    expect(collisions).toContain("tasks/math_numerical.jsonl:7 canonical → tasks/math_numerical.jsonl:1");
    expect(collisions.every((c) => c.startsWith("tasks/math_numerical.jsonl:7 ") && c.endsWith(" → tasks/math_numerical.jsonl:1"))).toBe(true);
    expect(result.report.sweeps.cross_canonical.foreign_name_matches_run).toBe(5);
  });

  it("numbers the kept tasks in source order; each query's correct id names its canonical in the shuffled corpus", () => {
    expect(result.data.queries.map((q) => [q.query_id, q.function_name])).toEqual([
      ["q_0001", "clamp_value"],
      ["q_0002", "longest_run"],
    ]);
    // Ten snippets, numbered in file order, which is a seeded shuffle (not grouped by task).
    expect(result.data.corpus.map((c) => c.corpus_id)).toEqual(Array.from({ length: 10 }, (_, i) => `c_${String(i + 1).padStart(4, "0")}`));
    for (const q of result.data.queries) {
      const mine = result.data.corpus.filter((c) => c.query_id === q.query_id);
      expect(mine.map((c) => c.role).sort()).toEqual(["canonical", "distractor", "distractor", "distractor", "distractor"]);
      expect(q.correct_corpus_ids).toEqual([mine.find((c) => c.role === "canonical")!.corpus_id]);
    }
  });

  it("keeps a hand-written distractor and fills the other slots from the engine", () => {
    const run = result.data.corpus.filter((c) => c.query_id === "q_0002" && c.role === "distractor");
    const hand = run.filter((d) => !d.edit);
    expect(hand).toHaveLength(1);
    expect(hand[0]).toMatchObject({ bug_type: "off_by_one", bug_description: "Reset the run to 0 instead of 1." });
    const generated = run.filter((d) => d.edit);
    expect(generated).toHaveLength(3);
    expect(generated.every((d) => d.edit!.size > 0 && /^(Changed|Swapped|Deleted) /.test(d.bug_description ?? ""))).toBe(true);
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
    expect(r.totals).toMatchObject({ tasks_read: 13, tasks_kept: 2, tasks_excluded: 11, queries: 2, corpus: 10, distractors: 8, hand_written: 1, generated: 7 });
    expect(r.tasks_per_domain).toEqual({ math_numerical: { read: 10, kept: 1 }, string_processing: { read: 3, kept: 1 } });
    expect(Object.values(r.distractors_per_bug_type).reduce((a, b) => a + b, 0)).toBe(8);
    const outcomes = Object.values(r.candidates.outcomes).reduce((a, b) => a + (b ?? 0), 0);
    expect(outcomes).toBe(r.candidates.generated);
    expect(r.sweeps.distractor_sanity).toEqual({ distractors_run: 8 + 4, passed_all_tests: [] });
    const md = result.files["gate-report.md"];
    expect(md).toContain("# Gate report: Build test 1");
    expect(md).toContain("| 3 | canonical execution | 2 |");
    expect(md).toMatch(/- `tasks\/math_numerical.jsonl:4` clamp_b: gate 3 \(canonical execution\): canonical fails its own tests/);
    expect(md).toMatch(/## Mutation candidates\n\n\d+ candidates generated for \d+ tasks/);
    expect(md).toMatch(/Built in [\d.]+ s with the docker sandbox/);
    // Beside the paper: every bug type with its share here and in the paper, and the edit shape.
    expect(r.paper_comparison.bug_types.map((m) => m.bug_type)).toEqual(["off_by_one", "off_by_one_boundary", "wrong_operator", "wrong_comparison", "swap_arguments", "remove_edge_case_check"]);
    expect(r.paper_comparison.bug_types.reduce((n, m) => n + m.distractors, 0)).toBe(8);
    expect(r.paper_comparison.edits.measured).toBe(7);
    expect(md).toMatch(/\| wrong_operator \| \d+ \| [\d.]+% \| 22\.9% \| [+-][\d.]+ pts \|/);
    expect(md).toMatch(/\| edits that change one character \| [\d.]+% \| 50\.6% \|/);
    expect(md).toContain("## Near-duplicates");
    expect(md).toMatch(/- longest_streak \(tasks\/string_processing.jsonl:3\) ~ longest_run/);
  });
});

describe("benchmark build: tasks the tests cannot tell apart", () => {
  const sandbox = dockerSandboxForSuite();

  it("keeps two tasks that ask for different things even when each canonical passes the other's tests, and lists them", async () => {
    const BOUND = {
      function_name: "bound_between",
      domain: "math_numerical",
      query: "Return lo when v is below lo, hi when v is above hi, and v itself otherwise, checking the upper side first.",
      canonical: "def bound_between(v, lo, hi):\n    if v > hi:\n        return hi\n    if v < lo:\n        return lo\n    return v\n",
      test_suite: CLAMP.test_suite.map((t) => t.replace("clamp_value", "bound_between")),
    };
    const built = await buildBenchmark(await writeSourceDir({ math_numerical: [CLAMP, BOUND] }), { sandbox: sandbox() });
    expect(built.data.queries.map((q) => q.function_name)).toEqual(["clamp_value", "bound_between"]);
    expect(built.report.near_duplicates.duplicates).toEqual([]);
    expect(built.report.near_duplicates.same_behaviour).toEqual([expect.stringMatching(/^bound_between \(tasks\/math_numerical.jsonl:2\) ~ clamp_value \(tasks\/math_numerical.jsonl:1\): its canonical passes every test of clamp_value/)]);
    expect(built.report.tasks[1].warnings).toEqual([expect.stringMatching(/the tests cannot tell it from clamp_value .* though the queries ask for different things/)]);
    expect(built.files["gate-report.md"]).toMatch(/while their queries ask for different things \(e\.g\. two sorting algorithms\): 1\.\n- bound_between/);
  });
});
