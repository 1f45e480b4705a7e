import { describe, expect, it } from "vitest";
import { classifyOutcomes, failingTests } from "@/lib/construction/classify-outcomes";
import { MixTracker, PAPER_SHARE } from "@/lib/construction/target-mix";
import { selectDistractors, type SelectableCandidate } from "@/lib/construction/select-distractors";
import { BUG_TYPES, type BugType } from "@/lib/benchmark/format";

describe("classifyOutcomes", () => {
  it("prefers wrong output, tells crash-only apart, and rejects what can never be kept", () => {
    expect(classifyOutcomes(["pass", "FAIL", "FAIL:TypeError"])).toBe("wrong_output");
    expect(classifyOutcomes(["pass", "FAIL:IndexError"])).toBe("crashes_some");
    expect(classifyOutcomes(["pass", "pass"])).toBe("passes_all");
    expect(classifyOutcomes(["FAIL:ZeroDivisionError", "ERROR:NameError"])).toBe("crashes_everywhere");
    expect(classifyOutcomes(["FAIL", "TIMEOUT"])).toBe("timeout");
    expect(classifyOutcomes(["ERROR:SyntaxError", "ERROR:SyntaxError"])).toBe("syntax_error");
    expect(failingTests(["pass", "FAIL", "pass", "TIMEOUT"])).toEqual([1, 3]);
  });
});

const ORDER: BugType[] = [...BUG_TYPES];
let n = 0;
function cand(bugType: BugType, verdict: SelectableCandidate["verdict"], signature: string, site = `s${n}`): SelectableCandidate {
  return { order: n++, bugType, verdict, signature, site };
}

describe("selectDistractors", () => {
  it("takes distinct bug types first, wrong output before crash-only, and never a rejected verdict", () => {
    n = 0;
    const cs = [
      cand("off_by_one", "wrong_output", "0"),
      cand("off_by_one", "wrong_output", "1"),
      cand("wrong_operator", "crashes_some", "2"),
      cand("wrong_comparison", "wrong_output", "3"),
      cand("swap_arguments", "passes_all", ""),
      cand("remove_edge_case_check", "crashes_everywhere", "0,1,2"),
      cand("off_by_one_boundary", "timeout", "4"),
    ];
    const picked = selectDistractors(cs, [], 4, ORDER).map((c) => c.order);
    // two wrong-output types, then the second off_by_one (wrong output beats a crash-only new type)
    expect(picked).toEqual([0, 3, 1, 2]);
  });

  it("counts hand-written distractors against the slots and their bug types", () => {
    n = 0;
    const cs = [cand("off_by_one", "wrong_output", "0"), cand("wrong_operator", "wrong_output", "1"), cand("wrong_comparison", "wrong_output", "2")];
    const picked = selectDistractors(cs, [{ bugType: "off_by_one", signature: "5" }, { bugType: "wrong_operator", signature: "6" }], 2, ORDER);
    expect(picked.map((c) => c.bugType)).toEqual(["wrong_comparison", "off_by_one"]);
  });

  it("prefers a failing subset not yet chosen, then an unused site, then the task's type priority", () => {
    n = 0;
    const cs = [
      cand("off_by_one", "wrong_output", "0", "a"),
      cand("off_by_one", "wrong_output", "0", "b"),
      cand("off_by_one", "wrong_output", "1", "a"),
    ];
    expect(selectDistractors(cs, [], 2, ORDER).map((c) => c.order)).toEqual([0, 2]);
    n = 0;
    const sameSubset = [cand("off_by_one", "wrong_output", "0", "a"), cand("off_by_one", "wrong_output", "0", "a"), cand("off_by_one", "wrong_output", "0", "b")];
    expect(selectDistractors(sameSubset, [], 2, ORDER).map((c) => c.order)).toEqual([0, 2]);
    n = 0;
    const types = [cand("off_by_one", "wrong_output", "0"), cand("swap_arguments", "wrong_output", "1")];
    const swapFirst: BugType[] = ["swap_arguments", ...ORDER.filter((t) => t !== "swap_arguments")];
    expect(selectDistractors(types, [], 1, swapFirst).map((c) => c.bugType)).toEqual(["swap_arguments"]);
  });

  it("takes a natural edit before an awkward one (`2 ** x`), other things equal", () => {
    n = 0;
    const cs = [{ ...cand("swap_arguments", "wrong_output", "0"), awkward: true }, cand("swap_arguments", "wrong_output", "1")];
    expect(selectDistractors(cs, [], 1, ORDER).map((c) => c.order)).toEqual([1]);
    expect(selectDistractors(cs, [], 2, ORDER).map((c) => c.order)).toEqual([1, 0]);
  });

  it("avoids every distractor failing the same subset when a crash-only candidate fails another", () => {
    n = 0;
    const cs = [
      cand("off_by_one", "wrong_output", "0"),
      cand("wrong_operator", "wrong_output", "0"),
      cand("wrong_comparison", "crashes_some", "0,1"),
    ];
    const picked = selectDistractors(cs, [], 2, ORDER);
    expect(new Set(picked.map((c) => c.signature)).size).toBe(2);
    expect(picked.map((c) => c.order)).toEqual([0, 2]);
  });

  it("is deterministic: the same candidates in the same order give the same choice", () => {
    n = 0;
    const cs = BUG_TYPES.flatMap((t, i) => [cand(t, "wrong_output", String(i % 3)), cand(t, i % 2 ? "crashes_some" : "wrong_output", String(i))]);
    const a = selectDistractors(cs, [], 4, (picked) => new MixTracker().priority(picked)).map((c) => c.order);
    const b = selectDistractors([...cs], [], 4, (picked) => new MixTracker().priority(picked)).map((c) => c.order);
    expect(a).toEqual(b);
    expect(a).toHaveLength(4);
  });

  it("asks a priority function again after every pick, with the types picked so far", () => {
    n = 0;
    const cs = [cand("off_by_one", "wrong_output", "0"), cand("wrong_operator", "wrong_output", "1"), cand("swap_arguments", "wrong_output", "2")];
    const asked: string[][] = [];
    const picked = selectDistractors(cs, [], 3, (sofar) => {
      asked.push([...sofar]);
      // Prefer whatever has not been picked, swap_arguments first.
      return ["swap_arguments", "wrong_operator", "off_by_one", "off_by_one_boundary", "wrong_comparison", "remove_edge_case_check"];
    });
    expect(picked.map((c) => c.bugType)).toEqual(["swap_arguments", "wrong_operator", "off_by_one"]);
    expect(asked).toEqual([[], ["swap_arguments"], ["swap_arguments", "wrong_operator"], ["swap_arguments", "wrong_operator", "off_by_one"]]);
  });
});

describe("MixTracker: the benchmark-wide bug-type mix", () => {
  it("targets the paper's Table 2 shares", () => {
    expect(PAPER_SHARE.wrong_operator).toBeCloseTo(857 / 3745, 12);
    expect(PAPER_SHARE.remove_edge_case_check).toBeCloseTo(329 / 3745, 12);
    expect(Object.values(PAPER_SHARE).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it("wants the type furthest below its share next, and converges on the shares when every type is available", () => {
    const mix = new MixTracker();
    expect(mix.priority()[0]).toBe("wrong_operator"); // the largest share
    for (let i = 0; i < 3745; i++) mix.record(mix.priority()[0]);
    const shares = mix.shares();
    for (const t of BUG_TYPES) expect(Math.abs(shares[t] - PAPER_SHARE[t])).toBeLessThan(0.001);
  });

  it("counts pending picks, so one task's second pick sees its first", () => {
    const mix = new MixTracker();
    const first = mix.priority()[0];
    expect(mix.priority([first])[0]).not.toBe(first);
  });

  it("steers whole builds towards the mix when supply allows: scarce types are taken wherever they appear", () => {
    // 300 tasks, each offering four common types; swap_arguments and removed guards in one task
    // out of three. Four slots, each type at most once per task; as in a build, the tasks with
    // fewer kinds of candidate choose first.
    const mix = new MixTracker();
    const tasks = Array.from({ length: 300 }, (_, task) => task).sort((a, b) => Number(a % 3 === 0) - Number(b % 3 === 0) || a - b);
    for (const task of tasks) {
      n = 0;
      const offers: BugType[] = ["off_by_one", "wrong_operator", "wrong_comparison", "off_by_one_boundary"];
      if (task % 3 === 0) offers.push("swap_arguments", "remove_edge_case_check");
      const cs = offers.map((t, i) => cand(t, "wrong_output", String(i)));
      for (const c of selectDistractors(cs, [], 4, (picked) => mix.priority(picked))) mix.record(c.bugType);
    }
    const shares = mix.shares();
    // Every scarce candidate was used: 100 of each out of 1200.
    expect(shares.swap_arguments).toBeCloseTo(100 / 1200, 6);
    expect(shares.remove_edge_case_check).toBeCloseTo(100 / 1200, 6);
  });
});
