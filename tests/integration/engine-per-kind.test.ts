// Scoring engines are a property of the benchmark kind: each evaluation records its kind's engine,
// an engine upgrade re-scores only its own kind's published results (the repository track's runs
// are never re-scored, nor marked provisional, for an upgrade of the execution-grounded track),
// and the runner version decides a re-score only for a kind that executes. One published result
// of each kind, scored by the running worker through intake.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import { createSubmission } from "@/lib/intake/create-submission";
import { getKind } from "@/lib/kinds/registry";
import { closeQueue, getQueue } from "@/lib/queue/enqueue";
import { importArbBenchmark } from "@/lib/repo-benchmark/import-arb";
import { getRepoBoard } from "@/lib/repo-board/board";
import { requestEngineUpgradeRescores } from "@/lib/rescore/request-engine-upgrade";
import { requestRescore } from "@/lib/rescore/request-rescore";
import { publishSubmission } from "@/lib/review/publish-submission";
import { RUNNER_VERSION } from "@/lib/sandbox/types";
import { buildArbFixture, type ArbFixture } from "../repo-benchmark/fixture";
import { DEMO_SLUG, demoLayout, importDemo, METADATA, newUser, syntheticNpz } from "./helpers";

const REPO_SLUG = `arb-engine-${Date.now()}`;
const exec = getKind("exec_retrieval");
const repo = getKind("repo_retrieval");
const ACTOR = { userId: null, label: "tests" };
const SCOPE = { task: "all", weighting: "sample", filter: "all", budget: 8000 } as const;

async function scored(id: string, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = await db().submission.findUniqueOrThrow({ where: { id }, select: { status: true, error: true } });
    if (s.status === "scored") return;
    if (s.status === "failed" || Date.now() > deadline) throw new Error(`submission ${id}: ${s.status} ${s.error ?? ""}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const current = (id: string) =>
  db().submission.findUniqueOrThrow({ where: { id }, select: { currentEvaluation: { select: { id: true, seq: true, scoringEngine: true, runnerVersion: true, trigger: true } } } }).then((s) => s.currentEvaluation!);

/** Ids of the submissions a re-score batch of this benchmark would take (a dry run). */
async function planned(slug: string): Promise<{ chosen: string[]; skipped: Map<string, string>; batch: Awaited<ReturnType<typeof requestRescore>> }> {
  const batch = await requestRescore(ACTOR, slug, { allPublished: false, dryRun: true });
  return { chosen: batch.items.map((i) => i.submissionId), skipped: new Map(batch.skipped.map((s) => [s.submissionId, s.reason])), batch };
}

describe("scoring engines per benchmark kind", () => {
  let f: ArbFixture;
  let execId: string;
  let repoId: string;

  beforeAll(async () => {
    const demo = await importDemo();
    f = buildArbFixture();
    await importArbBenchmark({ samplesPath: f.samplesPath, reposDir: f.reposDir, meta: { slug: REPO_SLUG, version: "v1" } });
    const user = await newUser("vendor");
    const principal = { userId: user.id, email: user.email, role: user.role };
    execId = (await createSubmission({ slug: DEMO_SLUG, principal, file: syntheticNpz(await demoLayout(demo.versionId), 0), metadata: { ...METADATA, model: "engine-exec" } })).id;
    const run = [
      { sample_id: f.ids.code2test, files: ["tests/test_core.py", "widgets/layout.py"], scores: [2, 1] },
      { sample_id: f.ids.comment2context, files: ["widgets/core.py", "widgets/util.py"], scores: [2, 1] },
      { sample_id: f.ids.trace2code, files: ["gears/gear.go"], scores: [1] },
    ];
    const file = Buffer.from(run.map((r) => JSON.stringify(r)).join("\n") + "\n");
    repoId = (await createSubmission({ slug: REPO_SLUG, principal, file, metadata: { model: "engine-repo", provider: "tests" }, kind: "run_jsonl" })).id;
    await Promise.all([scored(execId), scored(repoId)]);
    await publishSubmission(execId);
    await publishSubmission(repoId);
  }, 300_000);

  afterAll(async () => {
    f.cleanup();
    await closeQueue();
    await disconnectDb();
  });

  it("numbers each kind's engine apart, and each evaluation records its own kind's", async () => {
    expect(repo.engine.version).not.toBe(exec.engine.version);
    expect(await current(execId)).toMatchObject({ scoringEngine: exec.engine.version, runnerVersion: RUNNER_VERSION });
    expect(await current(repoId)).toMatchObject({ scoringEngine: repo.engine.version });
    expect(exec.runnerVersion).toBe(RUNNER_VERSION);
    expect(repo.runnerVersion).toBeNull();
  });

  it("has every worker queue one upgrade job per kind and engine at start", async () => {
    for (const kind of [exec, repo]) {
      const job = await getQueue().getJob(`engine-upgrade-${kind.id}-${kind.engine.version}`);
      expect(job?.name, kind.id).toBe("upgrade-scoring-engine");
      expect(job!.data).toEqual({ kind: kind.id, engineVersion: kind.engine.version });
    }
  });

  it("re-scores only the execution-grounded results after an upgrade of that kind's engine", async () => {
    // An execution-grounded result of an older engine, beside a repository result of the
    // repository kind's current engine (whose number differs from the other kind's).
    const before = await current(execId);
    await db().evaluation.update({ where: { id: before.id }, data: { scoringEngine: exec.engine.version - 1 } });
    // Nothing of the repository kind is due: its engine did not change.
    expect(await requestEngineUpgradeRescores("repo_retrieval")).toBe(0);
    expect((await planned(REPO_SLUG)).chosen).toEqual([]);
    expect(await requestEngineUpgradeRescores("exec_retrieval")).toBeGreaterThanOrEqual(1);
    const pending = await db().evaluation.findMany({ where: { trigger: "rescore", submissionId: { in: [execId, repoId] } }, select: { submissionId: true, rescoreBatch: { select: { reason: true, scope: true } } } });
    expect(pending.map((e) => e.submissionId)).toEqual([execId]);
    expect(pending[0].rescoreBatch).toEqual({ scope: "outdated-engine", reason: `scoring engine ${exec.engine.version} of ${exec.title}: ${exec.engine.change}` });
    const deadline = Date.now() + 240_000;
    while ((await current(execId)).trigger !== "rescore") {
      if (Date.now() > deadline) throw new Error("the execution-grounded re-score did not finish");
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(await current(execId)).toMatchObject({ scoringEngine: exec.engine.version });
    const last = await db().submissionEvent.findFirstOrThrow({ where: { submissionId: execId }, orderBy: { createdAt: "desc" }, select: { message: true } });
    expect(last.message).toMatch(new RegExp(`^re-scored by a maintainer \\(runner ${RUNNER_VERSION} → ${RUNNER_VERSION}, scoring engine ${exec.engine.version - 1} → ${exec.engine.version}\\): exec@1 `));
    // The repository result was never touched.
    expect(await db().evaluation.count({ where: { submissionId: repoId } })).toBe(1);
  }, 300_000);

  it("lets a runner change decide a re-score only for the kind that executes", async () => {
    await db().evaluation.update({ where: { id: (await current(execId)).id }, data: { runnerVersion: "0-old" } });
    await db().evaluation.update({ where: { id: (await current(repoId)).id }, data: { runnerVersion: "0-old" } });
    const e = await planned(DEMO_SLUG);
    expect(e.chosen).toContain(execId);
    expect(e.batch).toMatchObject({ runnerVersion: RUNNER_VERSION, scoringEngine: exec.engine.version, headline: { name: "exec", k: 1, label: "exec@1" } });
    const r = await planned(REPO_SLUG);
    expect(r.chosen).toEqual([]);
    expect(r.skipped.get(repoId)).toBe(`already scored by scoring engine ${repo.engine.version} (nothing executes: the runner does not matter)`);
    expect(r.batch).toMatchObject({ runnerVersion: null, scoringEngine: repo.engine.version, headline: { name: "mrr", k: 100, label: "MRR" } });
  });

  it("marks a repository run of another engine provisional and re-scores it on that kind's upgrade alone", async () => {
    const ev = await current(repoId);
    const other = repo.engine.version + 1; // an engine this worker does not run
    await db().evaluation.update({ where: { id: ev.id }, data: { scoringEngine: other } });
    const analysis = await db().repoAnalysis.findUniqueOrThrow({ where: { submissionId: repoId }, select: { payload: true } });
    await db().repoAnalysis.update({ where: { submissionId: repoId }, data: { engineVersion: other, payload: { ...(analysis.payload as object), engine: other } } });
    const row = (await getRepoBoard(REPO_SLUG, "v1", SCOPE, "mrr")).rows.find((x) => x.submissionId === repoId)!;
    expect(row.provisional).toBe(true);
    const mrr = row.values.mrr!.value;

    expect(await requestEngineUpgradeRescores("exec_retrieval")).toBe(0);
    expect(await db().evaluation.count({ where: { submissionId: repoId } })).toBe(1);
    const dry = await planned(REPO_SLUG);
    expect(dry.chosen).toEqual([repoId]);
    expect(dry.batch.items[0].before).toMatchObject({ runnerVersion: "0-old", headline: mrr, exec1: null });

    expect(await requestEngineUpgradeRescores("repo_retrieval")).toBe(1);
    const deadline = Date.now() + 120_000;
    while ((await current(repoId)).trigger !== "rescore") {
      if (Date.now() > deadline) throw new Error("the repository re-score did not finish");
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(await current(repoId)).toMatchObject({ scoringEngine: repo.engine.version });
    const last = await db().submissionEvent.findFirstOrThrow({ where: { submissionId: repoId }, orderBy: { createdAt: "desc" }, select: { message: true } });
    // No runner in the message: nothing of this kind executes.
    expect(last.message).toBe(`re-scored by a maintainer (scoring engine ${other} → ${repo.engine.version}): MRR ${mrr.toFixed(3)} → ${mrr.toFixed(3)}`);
    const after = (await getRepoBoard(REPO_SLUG, "v1", SCOPE, "mrr")).rows.find((x) => x.submissionId === repoId)!;
    expect(after.provisional).toBe(false);
    expect(after.values.mrr!.value).toBe(mrr);
  }, 200_000);
});
