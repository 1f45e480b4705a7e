import { describe, expect, it } from "vitest";
import { classifyOutcomes, failingTests } from "@/lib/construction/classify-outcomes";
import { typePriority } from "@/lib/construction/generate-distractors";
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
    const a = selectDistractors(cs, [], 4, typePriority("lowest_set_bit")).map((c) => c.order);
    const b = selectDistractors([...cs], [], 4, typePriority("lowest_set_bit")).map((c) => c.order);
    expect(a).toEqual(b);
    expect(a).toHaveLength(4);
  });
});

describe("typePriority", () => {
  it("is a rotation of the six types that depends only on the function name", () => {
    const p = typePriority("count_set_bits");
    expect([...p].sort()).toEqual([...BUG_TYPES].sort());
    expect(typePriority("count_set_bits")).toEqual(p);
    const starts = new Set(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"].map((name) => typePriority(name)[0]));
    expect(starts.size).toBeGreaterThan(1);
  });
});
