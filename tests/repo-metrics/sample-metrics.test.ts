// Every repository-retrieval metric of one sample against values worked out by hand, ties
// included (exact expectations over the orders of each tie group).
import { describe, expect, it } from "vitest";
import { coverageInGroup, expectedBcy, fileTotal } from "@/lib/repo-metrics/bcy";
import { sampleMetrics } from "@/lib/repo-metrics/sample-metrics";
import { tieGroups } from "@/lib/repo-metrics/tie-groups";

const files = (n: number) => Array.from({ length: n }, (_, i) => `f${String(i + 1).padStart(3, "0")}.py`);
const flat = (header: number, content: number) => () => ({ header, content });

describe("recall, MRR and first-gold depth", () => {
  it("without ties: gold at ranks 2 and 7 of 30", () => {
    const paths = files(30);
    const scores = paths.map((_, i) => 100 - i);
    const m = sampleMetrics({ paths, scores }, new Set([paths[1], paths[6]]), flat(5, 100));
    expect(m["recall@5"]).toBe(0.5);
    expect(m["recall@10"]).toBe(1);
    expect(m["recall@20"]).toBe(1);
    expect(m.mrr).toBeCloseTo(1 / 2, 15);
    expect(m["any@1"]).toBe(0);
    expect(m["any@3"]).toBe(1);
  });

  it("a gold file tied with three others at ranks 4-7 counts as each of those ranks with probability 1/4", () => {
    const paths = files(10);
    const scores = [9, 8, 7, 5, 5, 5, 5, 3, 2, 1];
    const m = sampleMetrics({ paths, scores }, new Set([paths[5]]), flat(5, 100));
    // P(rank <= 5) = (5 - 3) / 4
    expect(m["recall@5"]).toBeCloseTo(0.5, 15);
    expect(m["recall@10"]).toBe(1);
    // E[1/rank] = (1/4)(1/4 + 1/5 + 1/6 + 1/7)
    expect(m.mrr).toBeCloseTo((1 / 4 + 1 / 5 + 1 / 6 + 1 / 7) / 4, 15);
    // any@5: the group's first two positions hold no gold with probability 3/4 · 2/3 = 1/2
    expect(m["any@5"]).toBeCloseTo(0.5, 15);
    expect(m["any@3"]).toBe(0);
  });

  it("two gold files in a group of three at ranks 1-3: the first gold is at rank 1 w.p. 2/3, rank 2 w.p. 1/3", () => {
    const paths = files(3);
    const m = sampleMetrics({ paths, scores: [1, 1, 1] }, new Set([paths[0], paths[2]]), flat(5, 100));
    expect(m.mrr).toBeCloseTo(2 / 3 + 1 / 3 / 2, 15);
    expect(m["any@1"]).toBeCloseTo(2 / 3, 15);
    expect(m["recall@5"]).toBe(1);
  });

  it("the listing order inside a tie never matters", () => {
    const paths = files(12);
    const scores = [5, 4, 4, 4, 4, 4, 3, 3, 2, 1, 1, 1];
    const gold = new Set([paths[3], paths[11]]);
    const a = sampleMetrics({ paths, scores }, gold, flat(4, 50));
    const swapped = [...paths];
    [swapped[1], swapped[5]] = [swapped[5], swapped[1]];
    [swapped[9], swapped[11]] = [swapped[11], swapped[9]];
    const b = sampleMetrics({ paths: swapped, scores }, gold, flat(4, 50));
    for (const k of Object.keys(a) as (keyof typeof a)[]) expect(b[k]).toBeCloseTo(a[k], 12);
  });

  it("nothing after rank 100 counts: a gold file at rank 101 scores 0", () => {
    const paths = files(120);
    const scores = paths.map((_, i) => 1000 - i);
    const m = sampleMetrics({ paths, scores }, new Set([paths[100]]), flat(1, 1));
    expect(m.mrr).toBe(0);
    expect(m["any@100"]).toBe(0);
    expect(m["bcy@32000"]).toBe(0);
  });

  it("a tie group straddling rank 100: each member is within the first 100 with probability (100 - start)/size", () => {
    const paths = files(104);
    const scores = paths.map((_, i) => (i < 98 ? 1000 - i : 1)); // ranks 99-104 tied (6 files)
    const m = sampleMetrics({ paths, scores }, new Set([paths[103]]), flat(1, 1));
    // ranks 99 and 100 are inside the depth: P = 2/6; E[1/rank] = (1/99 + 1/100)/6
    expect(m["any@100"]).toBeCloseTo(2 / 6, 15);
    expect(m.mrr).toBeCloseTo((1 / 99 + 1 / 100) / 6, 15);
  });
});

describe("budgeted context yield", () => {
  it("packs whole files by rank, cuts the one that overflows and stops there", () => {
    // costs: header 10 + content + 1
    const paths = ["a", "b", "c", "d"];
    const content: Record<string, number> = { a: 2989, b: 989, c: 50, d: 10 }; // totals 3000, 1000, 61, 21
    const cost = (p: string) => ({ header: 10, content: content[p] });
    const scores = [4, 3, 2, 1];
    // Budget 4000: a (3000) and b (1000) fill it exactly: c is not reached.
    let m = sampleMetrics({ paths, scores }, new Set(["b", "c"]), cost);
    expect(m["bcy@4000"]).toBe(0.5);
    expect(m["bcy@8000"]).toBe(1);
    // With d gold and a budget that leaves 10 tokens for b's content… b is cut, d never reached.
    m = sampleMetrics({ paths, scores }, new Set(["d"]), cost);
    expect(m["bcy@4000"]).toBe(0);
    expect(m["bcy@8000"]).toBe(1);
  });

  it("a gold file counts once one of its content tokens fits: room for the header alone is not enough", () => {
    const paths = ["big", "gold"];
    const cost = (p: string) => (p === "big" ? { header: 5, content: 3983 } : { header: 10, content: 500 }); // big costs 3989
    // 4000 - 3989 = 11 tokens left: the gold file's header (10) and one content token fit.
    expect(sampleMetrics({ paths, scores: [2, 1] }, new Set(["gold"]), cost)["bcy@4000"]).toBe(1);
    const tight = (p: string) => (p === "big" ? { header: 5, content: 3984 } : { header: 10, content: 500 }); // big costs 3990: 10 left
    expect(sampleMetrics({ paths, scores: [2, 1] }, new Set(["gold"]), tight)["bcy@4000"]).toBe(0);
  });

  it("an empty gold file can never be covered", () => {
    const m = sampleMetrics({ paths: ["e"], scores: [1] }, new Set(["e"]), () => ({ header: 4, content: 0 }));
    expect(m["bcy@4000"]).toBe(0);
    expect(m["recall@5"]).toBe(1);
  });

  it("a tie where the budget runs out: the gold file is covered when the files placed before it leave room", () => {
    // Group of three at ranks 1-3: gold g (header 10, content 100) and two others of cost 3000 each.
    // Budget 4000: g is covered if 0 or 1 other is before it: P = 1/3 + 1/3 = 2/3; with both
    // before it (6000 > 4000 - 11) it is not.
    const paths = ["x", "g", "y"];
    const cost = (p: string) => (p === "g" ? { header: 10, content: 100 } : { header: 10, content: 2989 });
    expect(sampleMetrics({ paths, scores: [1, 1, 1] }, new Set(["g"]), cost)["bcy@4000"]).toBeCloseTo(2 / 3, 15);
    // At 8000 the whole group (6111) fits: covered in every order.
    expect(sampleMetrics({ paths, scores: [1, 1, 1] }, new Set(["g"]), cost)["bcy@8000"]).toBe(1);
  });

  it("the subset count agrees with enumerating every order", () => {
    const costs = [700, 1200, 300, 2500, 900, 1500, 40];
    const files = costs.map((c) => ({ header: 6, content: c - 7 }));
    const group = { start: 0, end: costs.length };
    for (const x of [0, 2, 6]) {
      for (const room of [0, 500, 1999, 4000, 7000]) {
        const brute = permutations(costs.length).reduce((n, order) => {
          const pos = order.indexOf(x);
          const before = order.slice(0, pos).reduce((s, i) => s + fileTotal(files[i]), 0);
          return n + (before <= room && pos <= 4 ? 1 : 0);
        }, 0) / factorial(costs.length);
        expect(coverageInGroup(group, files, x, room, 4)).toBeCloseTo(brute, 12);
      }
    }
  });

  it("expected coverage sums over the gold members of the group where the budget ends", () => {
    const files = [{ header: 5, content: 994 }, { header: 5, content: 994 }, { header: 5, content: 994 }]; // 1000 each
    const groups = tieGroups([1, 1, 1]);
    // Budget 1500 with all three gold: whichever is first is covered; the second is cut (500 left ≥ header + 1): covered; the third not.
    expect(expectedBcy(groups, files, [true, true, true], 1500, 100)).toBeCloseTo(2, 12);
  });
});

function factorial(n: number): number {
  return n <= 1 ? 1 : n * factorial(n - 1);
}

function permutations(n: number): number[][] {
  if (n === 1) return [[0]];
  return permutations(n - 1).flatMap((p) => Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]));
}
