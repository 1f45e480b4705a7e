import { describe, expect, it } from "vitest";
import type { BuildDistractor, BuildTask } from "@/lib/benchmark/build-state";
import { runDistractorGate } from "@/lib/benchmark/gates/distractor-gate";
import type { TaskGeneration } from "@/lib/construction/generate-distractors";
import { CLAMP } from "./source-dir";
import { dockerSandboxForSuite } from "./docker-sandbox";

// Gate 4 on hand-made distractor sets, executed in the sandbox: each refusal, and the
// same-failing-subset rule, which refuses only when the engine had an alternative.

function distractor(code: string, bugType = "wrong_comparison"): BuildDistractor {
  return { code, bugType, bugDescription: "test", origin: "hand_written", edit: null, outcomes: null, durationMs: null };
}

function task(distractors: BuildDistractor[], subsetsAvailable?: number): BuildTask {
  const generation = subsetsAvailable === undefined ? null : ({ subsetsAvailable, generated: 0, dropped: { unparseable: 0, not_isolated: 0 }, buckets: {}, byBugType: {}, selected: [] } satisfies TaskGeneration);
  return { source: "tasks/t.jsonl:1", file: "t", task: CLAMP, failure: null, canonicalOutcomes: null, canonicalDurationMs: null, distractors, generation, functionNames: [], warnings: [] };
}

const c = CLAMP.canonical;
// Both fail exactly the tests where x > hi (tests 3 and 7).
const highA = c.replace("return hi", "return x");
const highB = c.replace("x > hi", "x > hi + 100");
const lowBug = c.replace("return lo", "return x");

describe("gate 4: distractor execution", () => {
  const sandbox = dockerSandboxForSuite();

  it("refuses distractors that pass, crash on every test, hang or repeat, and too few of them", async () => {
    const t = task([
      distractor(c.replace("x < lo", "lo > x")),
      distractor("def clamp_value(x, lo, hi):\n    return x / 0\n"),
      distractor("def clamp_value(x, lo, hi):\n    while True:\n        pass\n"),
      distractor(lowBug),
      distractor(lowBug),
    ]);
    await runDistractorGate([t], sandbox(), 6);
    expect(t.failure?.gate).toBe(4);
    expect(t.failure?.reasons).toEqual([
      "hand-written distractor 1 (wrong_comparison) passes every test: it is not a bug the tests can see",
      expect.stringMatching(/^hand-written distractor 2 \(wrong_comparison\) crashes on every test \(test 1 FAIL:ZeroDivisionError/),
      expect.stringMatching(/^hand-written distractor 3 \(wrong_comparison\) hangs \(test 1 TIMEOUT/),
      "hand-written distractor 5 (wrong_comparison) is identical to distractor 4",
      "5 distractors (at most 4)",
      expect.stringMatching(/^only 5 distractor\(s\), at least 6 required/),
    ]);
  });

  it("refuses a distractor whose suite runs longer than a second", async () => {
    const slow = "import time\n\n\ndef clamp_value(x, lo, hi):\n    time.sleep(0.25)\n    return lo if x < lo else x\n";
    const t = task([distractor(slow), distractor(lowBug, "remove_edge_case_check")], 2);
    await runDistractorGate([t], sandbox(), 1);
    expect(t.failure?.gate).toBe(4);
    expect(t.failure?.reasons).toEqual([expect.stringMatching(/^hand-written distractor 1 \(wrong_comparison\)'s suite ran \d+ ms at best of 3 runs; every snippet's must finish within 1000 ms$/)]);
    expect(t.distractors[0].durationMs).toBeGreaterThan(1000);
    expect(t.distractors[1].durationMs).toBeLessThan(1000);
  });

  it("times a suite measured slow under load again, and keeps a distractor that is fast", async () => {
    const measured = task([distractor(lowBug, "remove_edge_case_check"), distractor(highA)], 1);
    await runDistractorGate([measured], sandbox(), 1);
    expect(measured.failure).toBeNull();
    // The same distractors, as if the execution cache held a measurement taken during a load
    // spike: 4 s for a suite that takes milliseconds.
    const spiked = task(measured.distractors.map((d, i) => ({ ...d, durationMs: i === 0 ? 4000 : d.durationMs })), 1);
    await runDistractorGate([spiked], sandbox(), 1);
    expect(spiked.failure).toBeNull();
    expect(spiked.distractors[0].durationMs).toBeLessThan(1000);
  });

  it("refuses distractors that all fail the same tests when a candidate failing others existed", async () => {
    const t = task([distractor(highA), distractor(highB, "off_by_one")], 2);
    await runDistractorGate([t], sandbox(), 1);
    expect(t.failure).toEqual({ gate: 4, reasons: ["all 2 distractors fail exactly tests 3, 7, though a candidate failing other tests exists"] });
  });

  it("only warns when no candidate could have made the failing subsets differ, and passes a sound set", async () => {
    const unavoidable = task([distractor(highA), distractor(highB, "off_by_one")], 1);
    const sound = task([distractor(highA), distractor(lowBug, "remove_edge_case_check")], 2);
    await runDistractorGate([unavoidable, sound], sandbox(), 2);
    expect(unavoidable.failure).toBeNull();
    expect(unavoidable.warnings).toEqual(["all 2 distractors fail exactly tests 3, 7; unavoidable with these tests (no candidate fails a different subset)"]);
    expect(sound.failure).toBeNull();
    expect(sound.warnings).toEqual([]);
    expect(sound.distractors.map((d) => d.outcomes!.filter((o) => o !== "pass").length)).toEqual([2, 1]);
  });
});
