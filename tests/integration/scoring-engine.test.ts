import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import { bytesSource } from "@/lib/embeddings/byte-source";
import { nodeCodec } from "@/lib/embeddings/node-codec";
import { readSubmissionMatrices } from "@/lib/embeddings/read-submission-matrices";
import { closeQueue } from "@/lib/queue/enqueue";
import { rankCorpus } from "@/lib/retrieval/rank";
import { publishSubmission } from "@/lib/review/publish-submission";
import { baseUrl, DEMO_SLUG, demoLayout, importDemo, METADATA, newUser, postSubmission, syntheticNpz, waitUntilFinal, type DemoLayout } from "./helpers";

// The scoring engine through the public API: per-submission analyses of embeddings and of a
// ranking file, and the cross-submission statistics recomputed by the worker after publishing.
// Synthetic embeddings with known answers (helpers.syntheticNpz): target 0 puts every canonical
// first; target 1 puts each query's first distractor first and its canonical strictly second.
async function getJson(path: string, token?: string) {
  const res = await fetch(`${baseUrl()}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: await res.json() };
}

/** A ranking file equal to the exact top-`depth` of target 1's embeddings. */
async function rankingFile(layout: DemoLayout, depth: number, drop?: (queryIndex: number, corpusId: string) => boolean): Promise<Buffer> {
  const expected = { queryIds: layout.queryIds, corpusIds: layout.corpusIds };
  const m = await readSubmissionMatrices(bytesSource(syntheticNpz(layout, 1)), expected, { maxBytes: 1 << 30, codec: nodeCodec });
  // syntheticNpz writes float32 matrices.
  const r = rankCorpus({ queries: m.queries as Float32Array, corpus: m.corpus as Float32Array, dims: m.dims, similarity: "cosine", k: depth });
  const lines = layout.queryIds.map((queryId, i) => {
    const ids = Array.from(r.top[i], (j) => layout.corpusIds[j]), scores = Array.from(r.scores[i]);
    const keep = ids.map((id) => !drop?.(i, id));
    return JSON.stringify({ query_id: queryId, corpus_ids: ids.filter((_, k) => keep[k]), scores: scores.filter((_, k) => keep[k]) });
  });
  return Buffer.from(lines.join("\n") + "\n");
}

async function submit(token: string, file: Buffer, model: string, kind?: string): Promise<string> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(file)]), "upload");
  form.set("metadata", JSON.stringify({ ...METADATA, model }));
  if (kind) form.set("kind", kind);
  const res = await fetch(`${baseUrl()}/api/v1/benchmarks/${DEMO_SLUG}/submissions`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(202);
  const { body: final } = await waitUntilFinal(body.id, token);
  expect(final.status, final.error).toBe("scored");
  return body.id;
}

describe("scoring engine over HTTP", () => {
  let layout: DemoLayout;
  let vendor: { token: string };
  const ids = { oracle: "", fooled: "", ranking: "" };

  beforeAll(async () => {
    const imported = await importDemo();
    layout = await demoLayout(imported.versionId);
    vendor = await newUser("vendor");
    ids.oracle = await submit(vendor.token, syntheticNpz(layout, 0), "engine-oracle");
    ids.fooled = await submit(vendor.token, syntheticNpz(layout, 1), "engine-fooled");
    ids.ranking = await submit(vendor.token, await rankingFile(layout, 120), "engine-ranking");
  });

  afterAll(async () => {
    await closeQueue();
    await disconnectDb();
  });

  it("serves every per-submission analysis, private until published", async () => {
    expect((await getJson(`/api/v1/submissions/${ids.fooled}/analysis`)).status).toBe(404);
    const { status, body } = await getJson(`/api/v1/submissions/${ids.fooled}/analysis`, vendor.token);
    expect(status).toBe(200);
    const Q = layout.queryIds.length;
    expect(body).toMatchObject({ id: ids.fooled, kind: "embeddings", status: "scored" });
    expect(body.metrics.exec["1"]).toEqual({ value: 0, ci95: [0, 0] });
    // Every rank-1 is the query's own first distractor.
    expect(body.analysis.missAttribution).toMatchObject({ queries: Q, misses: Q, ownDistractor: Q, otherCanonical: 0, otherDistractor: 0 });
    expect(body.analysis.missAttribution.ownDistractorShare).toEqual({ available: true, value: 1, ci95: [1, 1] });
    // Distractor 1 scores above the canonical, the others below it: one pair in four deceives, the gap is negative.
    expect(body.analysis.deception.overall).toMatchObject({ pairs: 4 * Q, scoredPairs: 4 * Q, deceived: Q, tiedPairs: 0 });
    expect(body.analysis.similarityGap.canonicalBelowShare).toEqual({ available: true, value: 1, ci95: [1, 1] });
    expect(body.analysis.similarityGap.medianGap.value).toBeLessThan(0);
    // One own distractor above the passing canonical, four in all: E[exec@1 | d kept] = C(3,d)/C(4,d).
    expect(body.analysis.poolDensity.rows.map((r: { expectedExec1: { value: number } }) => r.expectedExec1.value)).toEqual([1, 0.75, 0.5, 0.25, 0]);
    expect(body.analysis.perDomain.length).toBeGreaterThan(1);
    expect(body.perQuery).toHaveLength(Q);
    expect(body.perQuery[0]).toMatchObject({ rank1: { members: [{ kind: "own_distractor" }] }, canonicalRank: 2, canonicalTie: 1, exec: { 1: 0, 3: 1 } });
    const light = await getJson(`/api/v1/submissions/${ids.fooled}/analysis?perQuery=false`, vendor.token);
    expect(light.body.perQuery).toBeUndefined();
  });

  it("scores a ranking file exactly like the embeddings it came from", async () => {
    const ranking = (await getJson(`/api/v1/submissions/${ids.ranking}/analysis`, vendor.token)).body;
    const embeddings = (await getJson(`/api/v1/submissions/${ids.fooled}/analysis`, vendor.token)).body;
    expect(ranking.kind).toBe("ranking");
    expect(ranking.metrics).toEqual(embeddings.metrics);
    expect(ranking.analysis.deception).toEqual(embeddings.analysis.deception);
    expect(ranking.analysis.poolDensity).toEqual(embeddings.analysis.poolDensity);
    const sub = (await getJson(`/api/v1/submissions/${ids.ranking}`, vendor.token)).body;
    expect(sub.model).toMatchObject({ dims: 0, dtype: "ranking" });
    expect(sub.history[0].message).toBe(`ranking of ${layout.queryIds.length} queries, 120 of ${layout.corpusIds.length} corpus ids each`);
  });

  it("shows what a ranking cannot support as not available", async () => {
    // Leave q_0001's distractors ranked but drop its canonical from the list.
    const canonical = layout.corpusIds[layout.owner.findIndex((o) => o.query === 0 && o.slot === 0)];
    const id = await submit(vendor.token, await rankingFile(layout, 120, (q, cid) => q === 0 && cid === canonical), "engine-ranking-partial", "ranking");
    const { body } = await getJson(`/api/v1/submissions/${id}/analysis`, vendor.token);
    expect(body.perQuery[0].gap).toEqual({ status: "not_available", reason: `no score for the canonical ${canonical}` });
    expect(body.analysis.similarityGap.canonicalBelowShare).toEqual({ available: false, reason: `1 of ${layout.queryIds.length} queries lack a canonical or distractor score` });
    expect(body.analysis.deception.overall.rate.available).toBe(false);
    expect(body.analysis.missAttribution.ownDistractorShare.available).toBe(true);
  });

  it("refuses malformed ranking files with a 422 naming the problem, storing nothing", async () => {
    const before = await db().submission.count();
    const cases: [Buffer, string | undefined, RegExp][] = [
      [Buffer.from((await rankingFile(layout, 120)).toString().split("\n").slice(1).join("\n")), undefined, /1 missing \("q_0001"\)/],
      [await rankingFile(layout, 50), undefined, /ranks 50 corpus ids; at least the top 100 are required/],
      [Buffer.from('{"query_id": "q_0001", "corpus_ids": [], "scores": [], "extra": 1}\n'), undefined, /unexpected "extra"/],
      [syntheticNpz(layout, 0), "ranking", /not valid UTF-8|not valid JSON/],
    ];
    for (const [file, kind, message] of cases) {
      const form = new FormData();
      form.set("file", new Blob([new Uint8Array(file)]), "upload");
      form.set("metadata", JSON.stringify(METADATA));
      if (kind) form.set("kind", kind);
      const res = await fetch(`${baseUrl()}/api/v1/benchmarks/${DEMO_SLUG}/submissions`, { method: "POST", headers: { authorization: `Bearer ${vendor.token}` }, body: form });
      const body = await res.json();
      expect(res.status).toBe(422);
      expect(body.error.message).toMatch(message);
    }
    // The .npz path is unchanged: a non-zip is still refused as before.
    const bad = await postSubmission(vendor.token, Buffer.from("definitely not a zip"), METADATA);
    expect(bad.status).toBe(422);
    expect(await db().submission.count()).toBe(before);
  });

  it("recomputes paired comparisons, difficulty and tie groups when submissions are published", async () => {
    for (const id of [ids.oracle, ids.fooled, ids.ranking]) await publishSubmission(id);
    const deadline = Date.now() + 120_000;
    let summary = (await getJson(`/api/v1/benchmarks/${DEMO_SLUG}/analysis`)).body;
    while (summary.stale || !Object.values(ids).every((id) => summary.systems.some((s: { submissionId: string }) => s.submissionId === id))) {
      if (Date.now() > deadline) throw new Error(`statistics not recomputed: ${JSON.stringify(summary).slice(0, 300)}`);
      await new Promise((r) => setTimeout(r, 300));
      summary = (await getJson(`/api/v1/benchmarks/${DEMO_SLUG}/analysis`)).body;
    }
    expect(summary.bootstrap).toMatchObject({ replicates: 5000, seed: 20260901 });
    const group1 = summary.tieGroups.find((g: { k: number }) => g.k === 1);
    expect(group1.alpha).toBe(0.05);
    expect(group1.members[0]).toBe(group1.leader);

    const Q = layout.queryIds.length;
    const pairs = (await getJson(`/api/v1/benchmarks/${DEMO_SLUG}/pairwise?submission=${ids.oracle}&metric=exec&k=1`)).body;
    const vsFooled = pairs.comparisons.find((c: { a: { submissionId: string }; b: { submissionId: string } }) => [c.a.submissionId, c.b.submissionId].includes(ids.fooled));
    const oracleIsA = vsFooled.a.submissionId === ids.oracle;
    expect(oracleIsA).toBe(true); // better placed, listed first
    expect(vsFooled).toMatchObject({ metric: "exec", k: 1, aValue: 1, bValue: 0, delta: 1, ci95: [1, 1], aOnly: Q, bOnly: 0 });
    expect(vsFooled.pValue).toBeCloseTo(2 * 2 ** -Q, 25);
    const same = (await getJson(`/api/v1/benchmarks/${DEMO_SLUG}/pairwise?submission=${ids.fooled}&metric=ndcg&k=3`)).body.comparisons.find(
      (c: { a: { submissionId: string }; b: { submissionId: string } }) => [c.a.submissionId, c.b.submissionId].sort().join() === [ids.fooled, ids.ranking].sort().join(),
    );
    expect(same).toMatchObject({ delta: 0, ci95: [0, 0], aOnly: null, pValue: null });

    const difficulty = (await getJson(`/api/v1/benchmarks/${DEMO_SLUG}/difficulty`)).body;
    expect(difficulty.queries).toHaveLength(Q);
    // Expected counts (other tests' published systems may hold ties): they still sum to Q.
    expect(difficulty.histogram.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(Q, 9);
    expect(difficulty.systems).toEqual(expect.arrayContaining(Object.values(ids)));
    expect(difficulty.queries.every((q: { solvedBy: number; domain: string }) => q.solvedBy >= 1 && q.domain !== "")).toBe(true); // the oracle solves all

    expect((await getJson(`/api/v1/benchmarks/${DEMO_SLUG}/pairwise?k=7`)).status).toBe(400);
    expect((await getJson(`/api/v1/benchmarks/no-such-benchmark/analysis`)).status).toBe(404);
  });
});
