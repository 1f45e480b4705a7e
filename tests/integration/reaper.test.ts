import { Queue, UnrecoverableError, Worker } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import { createRedis } from "@/lib/queue/connection";
import { closeQueue, getQueue } from "@/lib/queue/enqueue";
import { jobs, QUEUE_NAME } from "@/lib/queue/jobs";
import { createSubmission } from "@/lib/intake/create-submission";
import { reapStuckSubmissions } from "@/lib/scoring/reap-stuck-submissions";
import { DEMO_SLUG, demoLayout, importDemo, METADATA, newUser, syntheticNpz, type DemoLayout } from "./helpers";
import { startWorker, stopWorker, until, type WorkerProc } from "./fault-helpers";

// The reaper: no submission stays in a running state forever, and a run the platform lost is
// queued again rather than dropped. Jobs use this test's own queue prefix.
const PREFIX = `reaper-${process.pid}`;
process.env.EXECBOARD_QUEUE_PREFIX = PREFIX;
const HOUR = 3600_000;

describe("reaper", () => {
  let layout: DemoLayout;
  let vendor: Awaited<ReturnType<typeof newUser>>;
  let queue: Queue;
  const workers: WorkerProc[] = [];

  beforeAll(async () => {
    layout = await demoLayout((await importDemo()).versionId);
    vendor = await newUser("vendor");
    queue = getQueue();
  });

  afterAll(async () => {
    for (const w of workers) await stopWorker(w);
    await queue.obliterate({ force: true }).catch(() => undefined);
    await closeQueue();
    await disconnectDb();
  });

  const submit = async (model: string) =>
    (
      await createSubmission({
        slug: DEMO_SLUG,
        principal: { userId: vendor.id, email: vendor.email, role: vendor.role },
        file: syntheticNpz(layout, 0),
        metadata: { ...METADATA, model },
      })
    ).id;
  const backdate = (id: string, column: "updated_at" | "created_at", ms: number) =>
    db().$executeRawUnsafe(`UPDATE submissions SET ${column} = now() - ($2 || ' milliseconds')::interval WHERE id = $1::uuid`, id, String(ms));
  const reap = () => reapStuckSubmissions({ queue, staleMs: 10 * 60_000, hardDeadlineMs: 6 * HOUR });
  const history = async (id: string) =>
    (await db().submissionEvent.findMany({ where: { submissionId: id }, orderBy: { id: "asc" }, select: { status: true, message: true } }));

  it("requeues a submission whose job was lost, and a worker then scores it", async () => {
    const id = await submit("lost-job");
    await (await queue.getJob(jobs.scoreSubmission.jobId({ submissionId: id })))!.remove();
    await backdate(id, "updated_at", HOUR);

    const r = await reap();
    expect(r.requeued).toContain(id);
    expect(await (await queue.getJob(jobs.scoreSubmission.jobId({ submissionId: id })))!.getState()).toBe("waiting");
    expect((await history(id)).at(-1)).toMatchObject({ status: "queued", message: expect.stringMatching(/^requeued: its job was missing/) });

    const worker = startWorker({ EXECBOARD_QUEUE_PREFIX: PREFIX });
    workers.push(worker);
    await until(async () => (await db().submission.findUnique({ where: { id }, select: { status: true } }))?.status === "scored", 120_000, "the requeued run");
    await stopWorker(worker);
  });

  it("fails a submission whose job failed without recording it, with the job's reason", async () => {
    const id = await submit("failed-job");
    // A worker that dies on the job in a way the failure handler never hears about.
    const broken = new Worker(
      QUEUE_NAME,
      async () => {
        throw new UnrecoverableError("sandbox exploded");
      },
      { connection: createRedis("worker"), prefix: PREFIX },
    );
    const job = (await queue.getJob(jobs.scoreSubmission.jobId({ submissionId: id })))!;
    await until(async () => (await (await queue.getJob(job.id!))!.getState()) === "failed", 60_000, "the job to reach failed", 100);
    await broken.close();
    await db().submission.update({ where: { id }, data: { status: "executing" } });
    await backdate(id, "updated_at", HOUR);

    const r = await reap();
    expect(r.failed).toContain(id);
    const s = await db().submission.findUnique({ where: { id }, select: { status: true, error: true } });
    expect(s).toEqual({ status: "failed", error: expect.stringContaining("sandbox exploded") });
    expect(s!.error).toContain("not charged");
  });

  it("leaves a stale submission whose job is still waiting, until the hard deadline", async () => {
    const id = await submit("waiting-job");
    await backdate(id, "updated_at", HOUR);
    expect((await reap()).left).toContain(id);
    expect((await db().submission.findUnique({ where: { id }, select: { status: true } }))!.status).toBe("queued");

    await backdate(id, "created_at", 7 * HOUR);
    expect((await reap()).failed).toContain(id);
    const s = await db().submission.findUnique({ where: { id }, select: { status: true, error: true } });
    expect(s!.status).toBe("failed");
    expect(s!.error).toMatch(/gave up: still queued 360 minutes after submission/);
    expect(await queue.getJob(jobs.scoreSubmission.jobId({ submissionId: id }))).toBeUndefined();
  });

  it("does not touch fresh or finished submissions", async () => {
    const id = await submit("fresh");
    const r = await reap();
    expect([...r.requeued, ...r.failed, ...r.left]).not.toContain(id);
  });
});
