import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYSIS_ENGINE_VERSION, type SubmissionAnalysis } from "@/lib/analysis/analyze-submission";
import { storeSubmissionAnalysis } from "@/lib/analysis/store-analysis";
import { operatorActor } from "@/lib/audit/audit-actor";
import { createUser } from "@/lib/auth/create-user";
import type { Principal } from "@/lib/auth/principal";
import { db, disconnectDb } from "@/lib/db/client";
import { getModelPage, modelPageMemo } from "@/lib/pages/model-page";
import { getQueryBrowser } from "@/lib/pages/query-browser";
import { VersionedMemo } from "@/lib/db/versioned-memo";
import { closeQueue } from "@/lib/queue/enqueue";
import { hideSubmission } from "@/lib/review/hide-submission";
import { publishReviewedSubmission } from "@/lib/review/publish-reviewed-submission";
import { rerunSubmission } from "@/lib/review/rerun-submission";

// The review actions below queue jobs (a re-run's scoring, a publication's statistics). In the
// full suite a worker would take them and write the rows this test writes by hand, so they go to
// a queue prefix of this file's own that no worker serves.
process.env.EXECBOARD_QUEUE_PREFIX = `page-memo-${process.pid}`;

describe("VersionedMemo", () => {
  it("answers from memory only while the stamp matches, shares concurrent loads, forgets failures and the least recently used", async () => {
    const m = new VersionedMemo<string>(2);
    let loads = 0;
    const load = (v: string) => async () => {
      loads++;
      return v;
    };
    const [a, b] = await Promise.all([m.get("x", "1", load("x1")), m.get("x", "1", load("x1 again"))]);
    expect([a, b, loads]).toEqual(["x1", "x1", 1]);
    expect(await m.get("x", "2", load("x2"))).toBe("x2");
    expect(await m.get("x", "1", load("x1 reloaded"))).toBe("x1 reloaded"); // an old stamp is a miss too
    await expect(m.get("y", "1", () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect(await m.get("y", "1", load("y1"))).toBe("y1");
    await m.get("x", "1", load("unused")); // x most recent; y least
    await m.get("z", "1", load("z1"));
    expect(m.size).toBe(2);
    expect(await m.get("y", "1", load("y1 reloaded"))).toBe("y1 reloaded");
  });
});

// The model page memoizes what it derives from the stored analysis. Against the real database
// and the real review actions: every publish, hide, re-run and re-score shows at once.
describe("model page memo never serves stale numbers", () => {
  const tag = crypto.randomUUID().slice(0, 8);
  let benchmarkId: number;
  let versionId: number;
  let id: string;
  const actor = operatorActor("page-memo test");

  const payload = (canonicalRank: number, domain = "strings"): SubmissionAnalysis =>
    ({
      engineVersion: ANALYSIS_ENGINE_VERSION,
      bootstrap: { replicates: 10, seed: 1, method: "test" },
      missAttribution: { marker: canonicalRank },
      similarityGap: {},
      deception: {},
      perDomain: [{ domain, queries: 2, solved: 1, exec1: { available: true, value: canonicalRank / 10, ci95: [0, 1] } }],
      poolDensity: {},
      perQuery: ["q1", "q2"].map((queryId, i) => ({
        queryId,
        domain,
        rank1: { members: [{ corpusId: `${queryId}-c`, kind: "pass" }] },
        canonicalRank: canonicalRank + i,
        canonicalTie: 1,
        exec: { 1: 1, 3: 1, 5: 1, 10: 1 },
        executionPrecision: {},
        ndcg: {},
        gap: { status: "scored", canonical: 0.9, bestDistractor: 0.5 - i / 10, gap: 0.4 + i / 10 },
      })),
    }) as unknown as SubmissionAnalysis;
  const ranks = async () => (await getModelPage(id, null)).queries.map((q) => q.canonicalRank);

  beforeAll(async () => {
    const b = await db().benchmark.create({ data: { slug: `memo-${tag}`, name: "memo test", description: "", license: "none" } });
    benchmarkId = b.id;
    const v = await db().benchmarkVersion.create({ data: { benchmarkId, version: "1", description: "", sourceSha256: "0".repeat(64), queryCount: 2, corpusCount: 2 } });
    versionId = v.id;
    await db().query.createMany({
      data: ["q1", "q2"].map((queryId, position) => ({ versionId: v.id, queryId, position, functionName: `fn_${queryId}`, domain: "strings", text: "t", tests: [], testsHash: "h", correctCorpusIds: [`${queryId}-c`] })),
    });
    const user = await createUser({ email: `memo-${tag}@test.execboard`, role: "vendor" });
    const s = await db().submission.create({
      data: { versionId: v.id, userId: user.id, status: "published", publishedAt: new Date(), scoredAt: new Date(), modelName: `memo-${tag}`, provider: "tests", similarity: "cosine", metadata: {}, dims: 4, dtype: "float32", fileSha256: "0".repeat(64), fileBytes: BigInt(1), storageKey: "none", metrics: { create: { name: "exec", k: 1, value: 1, ciLow: 1, ciHigh: 1 } } },
      select: { id: true },
    });
    id = s.id;
    await db().$transaction((tx) => storeSubmissionAnalysis(tx, id, payload(1)));
  });

  afterAll(async () => {
    await db().submission.deleteMany({ where: { version: { benchmarkId } } });
    await db().benchmark.deleteMany({ where: { id: benchmarkId } });
    await closeQueue();
    await disconnectDb();
  });

  it("answers repeated requests from memory", async () => {
    modelPageMemo.clear();
    const first = await getModelPage(id, null);
    expect(first.queries.map((q) => [q.functionName, q.canonicalRank])).toEqual([["fn_q1", 1], ["fn_q2", 2]]);
    const hits = modelPageMemo.hits;
    const again = await getModelPage(id, null);
    expect(modelPageMemo.hits).toBe(hits + 1);
    expect(again.queries).toBe(first.queries);
  });

  it("shows a re-score at once, even one written in place with the same timestamp", async () => {
    await ranks();
    await db().$transaction((tx) => storeSubmissionAnalysis(tx, id, payload(3)));
    expect(await ranks()).toEqual([3, 4]);
    // Same computed_at, new content (an UPDATE by hand): the row's xmin still changes.
    await db().$executeRaw`UPDATE submission_analyses SET payload = jsonb_set(payload, '{perQuery,0,canonicalRank}', '7') WHERE submission_id = ${id}::uuid`;
    expect(await ranks()).toEqual([7, 4]);
    expect((await getModelPage(id, null)).analysis?.missAttribution).toEqual({ marker: 3 });
  });

  it("hides, publishes again, re-runs and re-scores: each shows on the next request", async () => {
    await ranks();
    await hideSubmission(actor, id, { reason: "checking" });
    await expect(getModelPage(id, null)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await publishReviewedSubmission(actor, id);
    expect(await ranks()).toEqual([7, 4]);

    await rerunSubmission(actor, id, {});
    const maintainer: Principal = { userId: crypto.randomUUID(), email: "m@test.execboard", role: "maintainer" };
    const rerun = await getModelPage(id, maintainer);
    expect(rerun.analysis).toBeNull();
    expect(rerun.queries).toEqual([]);

    await db().$transaction(async (tx) => {
      await storeSubmissionAnalysis(tx, id, payload(5));
      await tx.submission.update({ where: { id }, data: { status: "scored", scoredAt: new Date() } });
    });
    expect((await getModelPage(id, maintainer)).queries.map((q) => q.canonicalRank)).toEqual([5, 6]);
    await publishReviewedSubmission(actor, id);
    expect(await ranks()).toEqual([5, 6]);
  });

  // The query browser memoizes the version's queries, each system's per-domain exec@1 and the
  // version's statistics; publications, hides, re-scores and recomputes show at once.
  const browser = async () => {
    const b = await getQueryBrowser(`memo-${tag}`, "1");
    return {
      rows: b.heatmap.map((r) => { const e = r.cells.get("strings")?.exec1; return e?.available ? e.value : null; }),
      solvedBy: b.queries.map((q) => q.solvedBy),
      names: b.queries.map((q) => q.functionName),
    };
  };
  const storeVersionStats = (solvedBy: number[]) =>
    db().versionAnalysis.upsert({
      where: { versionId },
      create: { versionId, engineVersion: 1, submissionIds: [id], payload: { bootstrap: {}, tieGroups: [], difficulty: { systems: 1, perQuery: solvedBy.map((n, i) => ({ queryId: `q${i + 1}`, solvedBy: n })), histogram: [0, 2], solvedByNone: 0, solvedByAll: 2, median: 1, mean: 1 } } },
      update: { submissionIds: [id], payload: { bootstrap: {}, tieGroups: [], difficulty: { systems: 1, perQuery: solvedBy.map((n, i) => ({ queryId: `q${i + 1}`, solvedBy: n })), histogram: [0, 2], solvedByNone: 0, solvedByAll: 2, median: 1, mean: 1 } }, computedAt: new Date() },
    });

  it("query browser: re-scores, hides, publications and recomputed statistics show at once", async () => {
    expect(await browser()).toEqual({ rows: [0.5], solvedBy: [null, null], names: ["fn_q1", "fn_q2"] });
    await db().$transaction((tx) => storeSubmissionAnalysis(tx, id, payload(8)));
    expect((await browser()).rows).toEqual([0.8]);
    await storeVersionStats([1, 0]);
    expect((await browser()).solvedBy).toEqual([1, 0]);
    await storeVersionStats([0, 1]);
    expect((await browser()).solvedBy).toEqual([0, 1]);
    // Written in place without touching computed_at: still seen (the row's xmin changed).
    await db().$executeRaw`UPDATE version_analyses SET payload = jsonb_set(payload, '{difficulty,perQuery,0,solvedBy}', '1') WHERE version_id = ${versionId}`;
    expect((await browser()).solvedBy).toEqual([1, 1]);
    await hideSubmission(actor, id, { reason: "checking" });
    expect((await browser()).rows).toEqual([]);
    await publishReviewedSubmission(actor, id);
    expect((await browser()).rows).toEqual([0.8]);
  });
});
