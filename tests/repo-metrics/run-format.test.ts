// Run files: both formats parsed, and every refusal names its line.
import { describe, expect, it } from "vitest";
import { looksLikeJsonlRun, looksLikeTrecRun, parseJsonlRun, parseTrecRun } from "@/lib/repo-runs/parse-run";
import type { RunExpectation } from "@/lib/repo-runs/run-format";
import { rrfFuse } from "@/lib/repo-runs/rrf";
import { dropTied, keepTied } from "@/lib/repo-runs/cut-at-depth";

const corpus = [new Set(["a.py", "b.py", "c.py", "tests/test_a.py"]), new Set(["x.go", "y.go"])];
const exp: RunExpectation = { sampleIds: ["s1", "s2"], hasFile: (i, p) => corpus[i].has(p), corpusOf: (i) => (i === 0 ? "o/p@000000000000" : "o/q@111111111111") };
const trec = (lines: string[]) => lines.join("\n") + "\n";

describe("TREC runs", () => {
  it("reads each sample's ranking; a sample left out has retrieved nothing", () => {
    const r = parseTrecRun(trec(["s1 Q0 b.py 1 2.5 run1", "s1 Q0 a.py 2 2.5 run1", "s1 Q0 c.py 3 1 run1"]), exp);
    expect(r.samples[0]).toEqual({ files: ["b.py", "a.py", "c.py"], scores: [2.5, 2.5, 1], abstention: null });
    expect(r.samples[1].files).toEqual([]);
    expect(r).toMatchObject({ format: "trec", tag: "run1", covered: 1, maxDepth: 3 });
  });

  it.each([
    [["s1 Q0 a.py 1 1 r", "s9 Q0 x.go 1 1 r"], /line 2: unknown sample s9/],
    [["s1 Q0 a.py 1 1 r", "s1 Q0 b.py 3 1 r"], /line 2: rank 3 of sample s1 should be 2/],
    [["s1 Q0 a.py 1 1 r", "s1 Q0 a.py 2 1 r"], /line 2: a.py is ranked twice for sample s1 \(first at rank 1\)/],
    [["s1 Q0 a.py 1 1 r", "s1 Q0 b.py 2 3 r"], /line 2: score 3 at rank 2 of sample s1 is higher than 1 at rank 1/],
    [["s1 Q0 a.py 1 1 r", "s1 Q0 zz.py 2 1 r"], /line 2: zz.py is not a file of o\/p@000000000000, the corpus of sample s1/],
    [["s1 Q0 ./a.py 1 1 r"], /line 1: \.\/a\.py is not a file of .* without a leading \.\//],
    [["s1 Q0 a.py 1 1 r", "s2 Q0 x.go 1 1 r", "s1 Q0 b.py 2 1 r"], /line 3: sample s1 appears again after other samples \(first at line 1\)/],
    [["s1 Q0 a.py 1 1 r", "s1 Q0 b.py 2 1 other"], /line 2: run tag other differs from r \(line 1\)/],
    [["s1 Q0 a b.py 1 1 r"], /line 1: expected 6 fields .* got 7; a TREC run cannot hold a path with spaces/],
    [["s1 Q0 a.py 1 NaN r"], /line 1: the score at rank 1 of sample s1 is not a finite number/],
  ])("refuses %j", (lines, message) => {
    expect(() => parseTrecRun(trec(lines), exp)).toThrow(message);
  });

  it("refuses a ranking deeper than 100", () => {
    const many = { sampleIds: ["s"], hasFile: () => true, corpusOf: () => "o/p@0" };
    const lines = Array.from({ length: 101 }, (_, i) => `s Q0 f${i}.py ${i + 1} ${1000 - i} r`);
    expect(() => parseTrecRun(trec(lines), many)).toThrow(/line 101: rank 101 exceeds the depth of 100/);
  });
});

describe("JSON-lines runs", () => {
  it("reads rankings and abstention scores", () => {
    const r = parseJsonlRun(JSON.stringify({ sample_id: "s2", files: ["y.go", "x.go"], scores: [3, 1], abstention: 0.25 }) + "\n", exp);
    expect(r.samples[1]).toEqual({ files: ["y.go", "x.go"], scores: [3, 1], abstention: 0.25 });
    expect(r.covered).toBe(1);
  });

  it.each([
    ['{"sample_id": "s1", "files": ["a.py"]}', /line 1: scores must be an array/],
    ['{"sample_id": "s1", "files": ["a.py"], "scores": [1], "rank": 1}', /line 1: unknown key "rank"/],
    ['{"sample_id": "s1", "files": ["a.py", "b.py"], "scores": [1]}', /line 1: 2 files but 1 scores/],
    ['{"sample_id": "s1", "files": ["a.py"], "scores": [1], "abstention": "high"}', /line 1: abstention must be a finite number/],
    ['{"sample_id": "s1", "files": [], "scores": []}\n{"sample_id": "s1", "files": [], "scores": []}', /line 2: sample s1 appears twice \(first at line 1\)/],
    ["not json", /line 1: not JSON/],
  ])("refuses %s", (text, message) => {
    expect(() => parseJsonlRun(text, exp)).toThrow(message);
  });

  it("tells the formats apart by their first bytes", () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    expect(looksLikeJsonlRun(enc('  {"sample_id"'))).toBe(true);
    expect(looksLikeTrecRun(enc("s1 Q0 a.py 1 2.0 tag\n"))).toBe(true);
    expect(looksLikeTrecRun(enc("PK\x03\x04"))).toBe(false);
  });
});

describe("fusion and cut-offs", () => {
  it("RRF sums 1/(60 + rank); a file tied in an input takes its group's mean rank; equal rank sets tie exactly", () => {
    const fused = rrfFuse([
      { paths: ["a", "b", "c"], scores: [3, 2, 2] },
      { paths: ["b", "a", "d"], scores: [9, 8, 7] },
    ]);
    const score = Object.fromEntries(fused.map((f) => [f.path, f.score]));
    expect(score.a).toBeCloseTo(1 / 61 + 1 / 62, 15);
    expect(score.b).toBeCloseTo(1 / 62.5 + 1 / 61, 15);
    expect(score.c).toBeCloseTo(1 / 62.5, 15);
    expect(score.d).toBeCloseTo(1 / 63, 15);
    const swap = rrfFuse([{ paths: ["p", "q"], scores: [2, 1] }, { paths: ["q", "p"], scores: [2, 1] }]);
    expect(swap[0].score).toBe(swap[1].score);
  });

  it("keeps the whole tie group across rank 100, or leaves it out of a run file", () => {
    const files = Array.from({ length: 110 }, (_, i) => ({ path: `f${String(i).padStart(3, "0")}`, score: i < 97 ? 1000 - i : 1 }));
    expect(keepTied([...files], "s", 100).paths).toHaveLength(110);
    expect(dropTied([...files]).paths).toHaveLength(97);
    expect(() => keepTied([...files], "s", 5)).toThrow(/13 files share exactly the score 1 across the depth-100 cut-off/);
  });
});
