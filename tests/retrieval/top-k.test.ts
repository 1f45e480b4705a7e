import { describe, expect, it } from "vitest";
import { TopKBuffers } from "@/lib/retrieval/top-k";
import { Xoshiro128 } from "@/lib/metrics/prng";

describe("TopKBuffers", () => {
  it("keeps the k best, ties by lower index, whatever the order of offers", () => {
    const offers: Array<[number, number]> = [[4, 0.5], [9, 0.9], [2, 0.5], [7, 0.9], [1, 0.1], [3, 0.5], [0, 0.5]];
    const forward = new TopKBuffers(1, 4);
    for (const [i, s] of offers) forward.offer(0, i, s);
    const backward = new TopKBuffers(1, 4);
    for (const [i, s] of [...offers].reverse()) backward.offer(0, i, s);
    for (const buf of [forward, backward]) {
      const r = buf.result(0);
      expect(Array.from(r.indices)).toEqual([7, 9, 0, 2]);
      expect(Array.from(r.scores)).toEqual([0.9, 0.9, 0.5, 0.5]);
      // 3 and 4 score 0.5 like the 4th: the tie group at the cut-off is reported whole.
      expect(Array.from(r.tied)).toEqual([3, 4]);
      expect(r.tiedTotal).toBe(2);
    }
  });

  it("drops the tied candidates once a better score moves the cut-off above them", () => {
    const buf = new TopKBuffers(1, 2);
    for (const [i, s] of [[0, 0.5], [1, 0.5], [2, 0.5], [3, 0.5]] as const) buf.offer(0, i, s);
    expect(Array.from(buf.result(0).tied)).toEqual([2, 3]);
    buf.offer(0, 9, 0.7); // cut-off still 0.5: index 1 leaves the k but stays tied with it
    expect(Array.from(buf.result(0).indices)).toEqual([9, 0]);
    expect(Array.from(buf.result(0).tied)).toEqual([1, 2, 3]);
    buf.offer(0, 8, 0.6); // cut-off 0.6: nothing is tied with it any more
    expect(Array.from(buf.result(0).indices)).toEqual([9, 8]);
    expect(buf.result(0).tiedTotal).toBe(0);
    buf.offer(0, 5, 0.6);
    expect(Array.from(buf.result(0).tied)).toEqual([8]);
  });

  it("keeps at most tieCap tied candidates but counts them all", () => {
    const buf = new TopKBuffers(1, 3, 4);
    for (let i = 0; i < 50; i++) buf.offer(0, i, 1);
    const r = buf.result(0);
    expect(Array.from(r.indices)).toEqual([0, 1, 2]);
    expect(r.tied.length).toBe(4);
    expect(r.tiedTotal).toBe(47);
  });

  it("returns fewer than k when fewer were offered, and ranks NaN last", () => {
    const buf = new TopKBuffers(2, 3);
    buf.offer(1, 5, NaN);
    buf.offer(1, 6, -1);
    expect(Array.from(buf.result(1).indices)).toEqual([6, 5]);
    expect(buf.result(1).scores[1]).toBe(-Infinity);
    expect(buf.result(0).indices.length).toBe(0);
  });

  it("offerRun matches offering one by one (randomised, with ties)", () => {
    const rng = new Xoshiro128(3);
    const scores = Float64Array.from({ length: 200 }, () => rng.nextBelow(8));
    const run = new TopKBuffers(1, 10);
    run.offerRun(0, scores, 50, 100, 1000); // candidates 1000..1099 = scores[50..149]
    const one = new TopKBuffers(1, 10);
    for (let j = 99; j >= 0; j--) one.offer(0, 1000 + j, scores[50 + j]);
    expect(run.result(0)).toEqual(one.result(0));
    const expected = Array.from({ length: 100 }, (_, j) => ({ i: 1000 + j, s: scores[50 + j] }))
      .sort((a, b) => b.s - a.s || a.i - b.i)
      .slice(0, 10);
    expect(Array.from(run.result(0).indices)).toEqual(expected.map((e) => e.i));
    const kth = expected[9].s;
    const tied = Array.from({ length: 100 }, (_, j) => ({ i: 1000 + j, s: scores[50 + j] })).filter((e) => e.s === kth && !expected.some((x) => x.i === e.i));
    expect(Array.from(run.result(0).tied)).toEqual(tied.map((e) => e.i));
  });
});
