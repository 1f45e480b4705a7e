import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importBenchmark } from "@/lib/benchmark/import-benchmark";
import { db, disconnectDb } from "@/lib/db/client";
import { closeQueue } from "@/lib/queue/enqueue";
import { createSandbox, listSandboxContainers } from "@/lib/sandbox";
import { createSubmission } from "@/lib/intake/create-submission";
import { demoLayout, METADATA, newUser, syntheticNpz, type DemoLayout } from "./helpers";
import { startWorker, stopWorker, uncachedDemoCopy, until, type WorkerProc } from "./fault-helpers";

// A worker killed with SIGKILL in the middle of executing a submission: the job is taken over
// by another worker once its lock lapses, and the result equals an uninterrupted run's, with
// no duplicate rows. Jobs go through a queue prefix of this test's own, so the suite's shared
// worker never sees them.
const PREFIX = `fault-kill-${process.pid}`;
process.env.EXECBOARD_QUEUE_PREFIX = PREFIX;
const WORKER_ENV = { EXECBOARD_QUEUE_PREFIX: PREFIX, EXECBOARD_JOB_LOCK_MS: "3000", EXECBOARD_SANDBOX_CONCURRENCY: "1" };

describe("fault injection: worker killed mid-job", () => {
  let layout: DemoLayout;
  let slug: string;
  let vendor: Awaited<ReturnType<typeof newUser>>;
  const workers: WorkerProc[] = [];

  beforeAll(async () => {
    slug = `fault-kill-${process.pid}`;
    const sandbox = await createSandbox({ backend: "docker" });
    try {
      const imported = await importBenchmark(await uncachedDemoCopy(slug), sandbox);
      layout = await demoLayout(imported.versionId);
    } finally {
      await sandbox.close();
    }
    vendor = await newUser("vendor");
  });

  afterAll(async () => {
    for (const w of workers) await stopWorker(w);
    await closeQueue();
    await disconnectDb();
  });

  const submit = (model: string) =>
    createSubmission({
      slug,
      principal: { userId: vendor.id, email: vendor.email, role: vendor.role },
      file: syntheticNpz(layout, 1),
      metadata: { ...METADATA, model },
    });

  it("resumes on another worker and matches an uninterrupted run", { timeout: 400_000 }, async () => {
    const first = startWorker(WORKER_ENV);
    workers.push(first);
    const { id } = await submit("killed-mid-run");
    const atKill = await until(
      async () => {
        const s = await db().submission.findUnique({ where: { id }, select: { status: true, progressDone: true, progressTotal: true } });
        return s?.status === "executing" && s.progressDone > 0 && s.progressDone < s.progressTotal ? s : null;
      },
      120_000,
      "the executing stage to start",
      10,
    ).catch(async (e) => {
      const s = await db().submission.findUnique({ where: { id }, select: { status: true, progressDone: true, progressTotal: true, error: true } });
      throw new Error(`${(e as Error).message}; submission ${JSON.stringify(s)}; worker log:\n${first.log()}`);
    });
    first.child.kill("SIGKILL");
    await first.exited;
    const executedBeforeKill = atKill.progressDone;

    const second = startWorker(WORKER_ENV);
    workers.push(second);
    const final = await until(
      async () => {
        const s = await db().submission.findUnique({ where: { id }, select: { status: true, error: true } });
        return s && ["scored", "failed"].includes(s.status) ? s : null;
      },
      120_000,
      "the submission to finish on the second worker",
      100,
    );
    expect(final).toEqual({ status: "scored", error: null });

    const history = (await db().submissionEvent.findMany({ where: { submissionId: id }, orderBy: { id: "asc" }, select: { status: true } })).map((e) => e.status);
    // The stages restarted after the takeover: executing appears twice, scored once.
    expect(history.filter((s) => s === "executing").length).toBe(2);
    expect(history.filter((s) => s === "scored").length).toBe(1);
    expect(executedBeforeKill).toBeGreaterThan(0);

    // No duplicate rows.
    expect(await db().ranking.count({ where: { submissionId: id } })).toBe(layout.queryIds.length);
    expect(await db().metric.count({ where: { submissionId: id } })).toBe(12);

    // An uninterrupted run of the same file gives identical numbers.
    const { id: again } = await submit("uninterrupted");
    await until(
      async () => (await db().submission.findUnique({ where: { id: again }, select: { status: true } }))?.status === "scored",
      120_000,
      "the reference run",
      100,
    );
    const metrics = async (sid: string) =>
      (await db().metric.findMany({ where: { submissionId: sid }, orderBy: [{ name: "asc" }, { k: "asc" }], select: { name: true, k: true, value: true, ciLow: true, ciHigh: true } }));
    expect(await metrics(id)).toEqual(await metrics(again));
    const rankings = async (sid: string) =>
      (await db().ranking.findMany({ where: { submissionId: sid }, orderBy: { queryDbId: "asc" }, select: { topCorpusIds: true, topScores: true, passes: true } }));
    expect(await rankings(id)).toEqual(await rankings(again));

    // The dead worker's sandbox containers are gone: their stdin closed with it, so they ended
    // and the engine removed them (or the second worker's sweep did).
    const deadOwner = `/${first.child.pid}`;
    expect((await listSandboxContainers()).filter((c) => c.host.endsWith(deadOwner))).toEqual([]);
  });
});
