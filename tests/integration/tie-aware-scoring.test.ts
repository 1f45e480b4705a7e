// Tie-aware scoring end to end (issue 11), through the public API with the real worker, Docker
// sandbox and database: a retriever that cannot see the edit scores like chance between the
// snippets it cannot tell apart; ties too large to execute and degenerate matrices are refused
// as the vendor's fault; corpus order decides nothing; results of an older scoring engine are
// re-scored with their history kept.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYSIS_ENGINE_VERSION } from "@/lib/analysis/analyze-submission";
import { importBenchmark } from "@/lib/benchmark/import-benchmark";
import { db, disconnectDb } from "@/lib/db/client";
import { getQueryDrilldown } from "@/lib/drilldown/get-query-drilldown";
import { writeNpz } from "@/lib/embeddings/write-npz";
import { Xoshiro128 } from "@/lib/metrics/prng";
import { closeQueue, getQueue } from "@/lib/queue/enqueue";
import { requestEngineUpgradeRescores } from "@/lib/rescore/request-engine-upgrade";
import { createSandbox } from "@/lib/sandbox";
import { publishSubmission } from "@/lib/review/publish-submission";
import { baseUrl, DEMO_DIR, DEMO_SLUG, demoLayout, importDemo, METADATA, newUser, postSubmission, syntheticNpz, waitUntilFinal, type DemoLayout } from "./helpers";

async function getJson(p: string, token?: string) {
  const res = await fetch(`${baseUrl()}${p}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: await res.json() };
}

/**
 * Every snippet of a task gets its task's vector (a random direction, so different tasks never
 * tie exactly), and each query the same vector: the retriever finds the task but cannot see
 * any edit. `oneHot`: the task's vector is a one-hot instead, so every other snippet scores 0.
 */
function taskVectorsNpz(layout: DemoLayout, opts: { oneHot?: boolean; identicalCorpus?: boolean } = {}): Buffer {
  const Q = layout.queryIds.length, C = layout.corpusIds.length;
  const dims = opts.oneHot ? Q : 32;
  const rng = new Xoshiro128(11);
  const taskVector = Array.from({ length: Q }, (_, q) =>
    Float32Array.from({ length: dims }, (_, t) => (opts.oneHot ? (t === q ? 1 : 0) : rng.nextUint32() / 2 ** 32 - 0.5)),
  );
  const queries = new Float32Array(Q * dims), corpus = new Float32Array(C * dims);
  taskVector.forEach((v, q) => queries.set(v, q * dims));
  layout.owner.forEach((o, c) => corpus.set(opts.identicalCorpus ? taskVector[0] : taskVector[o.query], c * dims));
  return writeNpz({
    query_embeddings: { data: queries, shape: [Q, dims] },
    corpus_embeddings: { data: corpus, shape: [C, dims] },
    query_ids: layout.queryIds,
    corpus_ids: layout.corpusIds,
  });
}

async function submitAndWait(token: string, file: Buffer, model: string, slug = DEMO_SLUG) {
  const res = await postSubmission(token, file, { ...METADATA, model }, slug);
  const created = await res.json();
  expect(res.status, JSON.stringify(created)).toBe(202);
  return (await waitUntilFinal(created.id, token)).body;
}

describe("tie-aware scoring over HTTP", () => {
  let layout: DemoLayout;
  let vendor: { token: string; id: string; email: string };
  /** Snippets of each query's task (its canonical and distractors). */
  let taskSize: number[];

  beforeAll(async () => {
    const imported = await importDemo();
    layout = await demoLayout(imported.versionId);
    vendor = await newUser("vendor");
    taskSize = layout.queryIds.map((_, q) => layout.owner.filter((o) => o.query === q).length);
  });

  afterAll(async () => {
    await closeQueue();
    await disconnectDb();
  });

  it("an edit-blind file (each task's snippets share one vector) scores exec@1 = 1/(snippets per task), exactly, per query", async () => {
    const body = await submitAndWait(vendor.token, taskVectorsNpz(layout), "edit-blind");
    expect(body.status, body.error).toBe("scored");
    const { body: a } = await getJson(`/api/v1/submissions/${body.id}/analysis`, vendor.token);
    expect(a.perQuery).toHaveLength(layout.queryIds.length);
    a.perQuery.forEach((q: { queryId: string; exec: Record<string, number> }, i: number) => {
      const n = taskSize[i];
      expect(q.queryId).toBe(layout.queryIds[i]);
      expect(q.exec["1"]).toBe(1 / n);
      expect(q.exec["3"]).toBeCloseTo(Math.min(1, 3 / n), 12); // 1 - C(n-1, 3)/C(n, 3) = 3/n
      expect(q.exec["5"]).toBe(1); // the whole task fits in the top 5
    });
    const mean = taskSize.reduce((s, n) => s + 1 / n, 0) / taskSize.length;
    expect(body.metrics.exec["1"].value).toBeCloseTo(mean, 12);
    // It cannot tell a canonical from its distractors: every pair ties, the flag says so.
    expect(a.analysis.ties).toMatchObject({ rank1Tied: layout.queryIds.length, editBlind: true, queriesWithCanonicalTie: layout.queryIds.length });
    expect(a.analysis.ties.canonicalDistractorTies).toBe(a.analysis.ties.scoredPairs);
    // A tie deceives half the time: exactly half of the pairs, by the law exec@k follows.
    expect(a.analysis.deception.overall.rate.value).toBe(0.5);
    expect(a.analysis.missAttribution.misses).toBeCloseTo(taskSize.reduce((s, n) => s + (n - 1) / n, 0), 9);
    // The drilldown shows the tie: every member of the task's group is marked, exec@1 is 1/n.
    const d = await getQueryDrilldown(body.id, layout.queryIds[0], { userId: vendor.id, email: vendor.email, role: "vendor" });
    const n = taskSize[0];
    expect(d.top.slice(0, n).map((s) => s.tie)).toEqual(Array.from({ length: n }, () => ({ from: 1, to: n, size: n })));
    expect(d.top.slice(0, n).filter((s) => s.passes)).toHaveLength(1);
    expect(d.execAtK["1"]).toBe(1 / n);
    expect(d.execAtK["5"]).toBe(1);
    // Maintainers see the flag in their queue before they publish.
    const maintainer = await newUser("maintainer");
    const { body: queue } = await getJson(`/api/v1/review/queue?view=all&search=${encodeURIComponent(vendor.email)}&limit=500`, maintainer.token);
    const item = queue.items.find((i: { id: string }) => i.id === body.id);
    expect(item.ties).toMatchObject({ editBlind: true, rank1Tied: layout.queryIds.length, queries: layout.queryIds.length });
    expect(item.ties.canonicalDistractorTies).toBe(item.ties.scoredPairs);
  });

  it("refuses a tie group too large to execute, naming the query, the group and the score, before executing anything", async () => {
    // A one-hot per task: every other task's snippet scores exactly 0, a group far over the cap at rank 10.
    const executionsBefore = await db().execution.count();
    const body = await submitAndWait(vendor.token, taskVectorsNpz(layout, { oneHot: true }), "one-hot");
    expect(body.status).toBe("failed");
    const others = layout.corpusIds.length - taskSize[0];
    expect(body.error).toBe(
      `query ${layout.queryIds[0]}: ${others} corpus snippets share exactly the score 0 across the top-10 cut-off; tie groups of at most 100 are executed. Scores that cannot tell snippets apart cannot be ranked: check that each snippet gets its own embedding`,
    );
    expect(body.history.map((h: { status: string }) => h.status)).not.toContain("executing");
    expect(await db().execution.count()).toBe(executionsBefore);
    // The vendor's fault: charged, not refunded.
    const sub = await db().submission.findUniqueOrThrow({ where: { id: body.id }, select: { quotaRefundedAt: true } });
    expect(sub.quotaRefundedAt).toBeNull();
  });

  it("refuses matrices whose corpus rows are all one vector with a message that says so", async () => {
    const body = await submitAndWait(vendor.token, taskVectorsNpz(layout, { identicalCorpus: true }), "constant");
    expect(body.status).toBe("failed");
    expect(body.error).toBe(`corpus_embeddings: all ${layout.corpusIds.length} rows are the same vector, so every snippet would tie for every query; embed each snippet's code`);
  });

  it("refuses at upload a ranking file whose list ends inside the tie group at rank 10", async () => {
    const lines = layout.queryIds.map((queryId) =>
      JSON.stringify({ query_id: queryId, corpus_ids: layout.corpusIds.slice(0, 100), scores: layout.corpusIds.slice(0, 100).map((_, i) => (i < 5 ? 10 - i : 1)) }),
    );
    const form = new FormData();
    form.set("file", new Blob([lines.join("\n") + "\n"]), "ranking.jsonl");
    form.set("metadata", JSON.stringify({ ...METADATA, model: "ranking-ends-in-tie" }));
    const before = await db().submission.count();
    const res = await fetch(`${baseUrl()}/api/v1/benchmarks/${DEMO_SLUG}/submissions`, { method: "POST", headers: { authorization: `Bearer ${vendor.token}` }, body: form });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error.message).toBe(
      `line 1 (query ${layout.queryIds[0]}): the corpus ids tied at rank 10 (score 1) continue to the end of its list of 100; list every corpus id with that score, or give distinct scores to rank them`,
    );
    expect(await db().submission.count()).toBe(before);
  });
});

describe("corpus order decides nothing", () => {
  const slug = `reorder-${process.pid}-${crypto.randomUUID().slice(0, 6)}`;
  let vendor: { token: string };
  const dirs: string[] = [];

  beforeAll(async () => {
    vendor = await newUser("vendor");
  });

  afterAll(async () => {
    for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
    await closeQueue();
    await disconnectDb();
  });

  /** A copy of the demo benchmark under our slug and `version`, its corpus.jsonl lines reordered by `order`. */
  async function demoCopy(version: string, order: (lines: string[]) => string[]): Promise<string> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "execboard-reorder-"));
    dirs.push(dir);
    const meta = JSON.parse(await fs.readFile(path.join(DEMO_DIR, "benchmark.json"), "utf8"));
    await fs.writeFile(path.join(dir, "benchmark.json"), JSON.stringify({ ...meta, slug, version }));
    await fs.copyFile(path.join(DEMO_DIR, "queries.jsonl"), path.join(dir, "queries.jsonl"));
    const lines = (await fs.readFile(path.join(DEMO_DIR, "corpus.jsonl"), "utf8")).split("\n").filter((l) => l.trim() !== "");
    await fs.writeFile(path.join(dir, "corpus.jsonl"), order(lines).join("\n") + "\n");
    return dir;
  }

  it("reordering corpus.jsonl and re-importing changes no score (an edit-blind file full of ties, and a fooled one)", async () => {
    const sandbox = await createSandbox({ backend: "docker" });
    const scoredAt = async (version: string, order: (lines: string[]) => string[]) => {
      const imported = await importBenchmark(await demoCopy(version, order), sandbox);
      const layout = await demoLayout(imported.versionId);
      const results = [];
      for (const [model, file] of [
        ["blind", taskVectorsNpz(layout)],
        ["fooled", syntheticNpz(layout, 1)],
      ] as const) {
        const body = await submitAndWait(vendor.token, file, `${model}-${version}`, slug);
        expect(body.status, body.error).toBe("scored");
        const { body: a } = await getJson(`/api/v1/submissions/${body.id}/analysis`, vendor.token);
        results.push({ metrics: body.metrics, perQuery: a.perQuery.map((q: { queryId: string; exec: unknown; executionPrecision: unknown; ndcg: unknown }) => [q.queryId, q.exec, q.executionPrecision, q.ndcg]), deception: a.analysis.deception.overall, poolDensity: a.analysis.poolDensity });
      }
      return results;
    };
    try {
      const original = await scoredAt("a", (lines) => lines);
      // The canonical of every task moves behind its distractors, and tasks interleave.
      const rng = new Xoshiro128(5);
      const shuffled = await scoredAt("b", (lines) => {
        const out = [...lines].reverse();
        for (let i = out.length - 1; i > 0; i--) {
          const j = rng.nextBelow(i + 1);
          [out[i], out[j]] = [out[j], out[i]];
        }
        return out;
      });
      expect(shuffled).toEqual(original);
    } finally {
      await sandbox.close();
    }
  });
});

describe("a scoring-engine upgrade re-scores published results with their history kept", () => {
  let layout: DemoLayout;
  let vendor: { token: string; id: string };

  beforeAll(async () => {
    const imported = await importDemo();
    layout = await demoLayout(imported.versionId);
    vendor = await newUser("vendor");
  });

  afterAll(async () => {
    await closeQueue();
    await disconnectDb();
  });

  it("each worker queued the one-off upgrade job at start", async () => {
    const job = await getQueue().getJob(`engine-upgrade-exec_retrieval-${ANALYSIS_ENGINE_VERSION}`);
    expect(job?.name).toBe("upgrade-scoring-engine");
    expect(await job!.getState()).toBe("completed");
  });

  it("an engine-1 result is re-scored once, the old run kept as it was", async () => {
    const body = await submitAndWait(vendor.token, taskVectorsNpz(layout), "engine-1-era");
    expect(body.status).toBe("scored");
    await publishSubmission(body.id);
    // What an engine-1 result looks like: its evaluation names no engine, corpus order won its ties.
    const sub = await db().submission.findUniqueOrThrow({ where: { id: body.id }, select: { currentEvaluationId: true } });
    await db().evaluation.update({ where: { id: sub.currentEvaluationId! }, data: { scoringEngine: null } });
    await db().metric.updateMany({ where: { submissionId: body.id, name: "exec" }, data: { value: 1, ciLow: 1, ciHigh: 1 } });
    await db().evaluationMetric.updateMany({ where: { evaluationId: sub.currentEvaluationId!, name: "exec" }, data: { value: 1, ciLow: 1, ciHigh: 1 } });

    const queued = await requestEngineUpgradeRescores("exec_retrieval");
    expect(queued).toBeGreaterThanOrEqual(1);
    expect(await requestEngineUpgradeRescores("exec_retrieval")).toBe(0); // already under way: not queued twice

    const deadline = Date.now() + 180_000;
    let view;
    for (;;) {
      view = (await getJson(`/api/v1/submissions/${body.id}`, vendor.token)).body;
      if (view.evaluations.length === 2 && view.evaluations[1].status === "scored") break;
      if (Date.now() > deadline) throw new Error(`re-score did not finish: ${JSON.stringify(view.evaluations)}`);
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(view.status).toBe("published");
    expect(view.evaluations.map((e: { trigger: string; current: boolean }) => [e.trigger, e.current])).toEqual([
      ["submission", false],
      ["rescore", true],
    ]);
    expect(view.evaluations[0].metrics.exec["1"].value).toBe(1);
    const mean = layout.queryIds.reduce((s, _, q) => s + 1 / layout.owner.filter((o) => o.query === q).length, 0) / layout.queryIds.length;
    expect(view.metrics.exec["1"].value).toBeCloseTo(mean, 12);
    expect(view.history.at(-1).message).toMatch(new RegExp(`scoring engine 1 → ${ANALYSIS_ENGINE_VERSION}\\): exec@1 1\\.000 → ${mean.toFixed(3)}`));
    const batch = await db().rescoreBatch.findFirstOrThrow({ where: { evaluations: { some: { submissionId: body.id } } }, select: { scope: true, actorLabel: true, reason: true } });
    expect(batch).toMatchObject({ scope: "outdated-engine", actorLabel: "ExecBoard (scoring engine upgrade)" });
  });
});
