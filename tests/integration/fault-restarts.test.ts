import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importBenchmark } from "@/lib/benchmark/import-benchmark";
import { db, disconnectDb } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { closeQueue } from "@/lib/queue/enqueue";
import { createSandbox } from "@/lib/sandbox";
import { createSubmission } from "@/lib/intake/create-submission";
import { demoLayout, METADATA, newUser, syntheticNpz, type DemoLayout } from "./helpers";
import { startWorker, stopWorker, uncachedDemoCopy, until, type WorkerProc } from "./fault-helpers";

// Redis and Postgres restarted while a submission is executing: the job carries on (or is
// retried) and the result equals an uninterrupted run's. This file runs its own Postgres
// cluster and Redis server so it can stop and start them without disturbing the rest of the
// suite.
const ROOT = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-fault-"));
const PG_PORT = 57000 + (process.pid % 500);
const REDIS_PORT = 57600 + (process.pid % 300);
const PREFIX = `fault-restart-${process.pid}`;
process.env.DATABASE_URL = `postgresql://postgres@127.0.0.1:${PG_PORT}/execboard`;
process.env.REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`;
process.env.EXECBOARD_QUEUE_PREFIX = PREFIX;
process.env.EXECBOARD_DATA_DIR = path.join(ROOT, "data");

const pgDir = path.join(ROOT, "pg");
const services = (cmd: string) => execFileSync("bash", ["-c", `source scripts/services.sh; ${cmd}`], { stdio: "pipe", env: process.env }).toString();
const pgCtl = (action: "start" | "stop") =>
  services(
    action === "stop"
      ? `eb_as_pg "$(eb_pg_bin)/pg_ctl" -D ${pgDir} -m immediate -w stop`
      : `eb_as_pg "$(eb_pg_bin)/pg_ctl" -D ${pgDir} -l ${pgDir}/postgres.log -w -o "-p ${PG_PORT} -k ${pgDir} -c listen_addresses=127.0.0.1" start`,
  );

let redis: ChildProcess | undefined;
function startRedis(): Promise<void> {
  redis = spawn("redis-server", ["--bind", "127.0.0.1", "--port", String(REDIS_PORT), "--dir", ROOT, "--appendonly", "yes", "--appendfsync", "always", "--save", ""], { stdio: "ignore" });
  return until(async () => {
    try {
      return execFileSync("redis-cli", ["-p", String(REDIS_PORT), "ping"]).toString().includes("PONG");
    } catch {
      return false;
    }
  }, 10_000, "redis to start", 50).then(() => undefined);
}
async function killRedis(): Promise<void> {
  const r = redis!;
  r.kill("SIGKILL");
  await new Promise((res) => r.once("exit", res));
}

describe("fault injection: Redis and Postgres restarts mid-job", () => {
  let layout: DemoLayout;
  let slug: string;
  let vendor: Awaited<ReturnType<typeof newUser>>;
  const workers: WorkerProc[] = [];
  const WORKER_ENV = { EXECBOARD_JOB_LOCK_MS: "5000", EXECBOARD_SANDBOX_CONCURRENCY: "1" };

  beforeAll(async () => {
    fs.chmodSync(ROOT, 0o755);
    services(`eb_start_postgres ${pgDir} ${PG_PORT} execboard`);
    await startRedis();
    await migrate(process.env.DATABASE_URL!);
    slug = `fault-restart-${process.pid}`;
    const sandbox = await createSandbox({ backend: "docker" });
    try {
      layout = await demoLayout((await importBenchmark(await uncachedDemoCopy(slug), sandbox)).versionId);
    } finally {
      await sandbox.close();
    }
    vendor = await newUser("vendor");
  }, 180_000);

  afterAll(async () => {
    for (const w of workers) await stopWorker(w);
    await closeQueue();
    await disconnectDb();
    if (redis && redis.exitCode === null) await killRedis();
    try {
      pgCtl("stop");
    } catch {
      /* already stopped */
    }
    fs.rmSync(ROOT, { recursive: true, force: true });
  });

  // Each run ranks a different distractor first (target), so its top-10 pairs are new to the
  // execution cache and the executing stage lasts long enough to interrupt.
  const submit = async (model: string, target: number) =>
    (
      await createSubmission({
        slug,
        principal: { userId: vendor.id, email: vendor.email, role: vendor.role },
        file: syntheticNpz(layout, target),
        metadata: { ...METADATA, model },
      })
    ).id;
  const executing = (id: string) =>
    until(
      async () => {
        const s = await db().submission.findUnique({ where: { id }, select: { status: true, progressDone: true, progressTotal: true } });
        return s?.status === "executing" && s.progressDone > 0 && s.progressDone < s.progressTotal;
      },
      120_000,
      "the executing stage",
      10,
    );
  const finalStatus = (id: string) =>
    until(
      async () => {
        const s = await db().submission.findUnique({ where: { id }, select: { status: true, error: true } });
        return s && ["scored", "failed"].includes(s.status) ? s : null;
      },
      180_000,
      "the submission to finish",
      200,
    );
  const metrics = (sid: string) =>
    db().metric.findMany({ where: { submissionId: sid }, orderBy: [{ name: "asc" }, { k: "asc" }], select: { name: true, k: true, value: true, ciLow: true, ciHigh: true } });

  it("survives a Redis crash and restart (with its append-only file) during execution", { timeout: 300_000 }, async () => {
    const worker = startWorker(WORKER_ENV);
    workers.push(worker);
    const id = await submit("redis-restart", 1);
    await executing(id);
    await killRedis();
    await new Promise((r) => setTimeout(r, 1500));
    await startRedis();
    expect(await finalStatus(id)).toEqual({ status: "scored", error: null });
    expect(await db().ranking.count({ where: { submissionId: id } })).toBe(layout.queryIds.length);
    expect(await db().metric.count({ where: { submissionId: id } })).toBe(12);
  });

  it("survives a Postgres crash and restart during execution", { timeout: 300_000 }, async () => {
    const id = await submit("postgres-restart", 2);
    await executing(id);
    pgCtl("stop");
    await new Promise((r) => setTimeout(r, 1500));
    pgCtl("start");
    const final = await finalStatus(id);
    expect(final).toEqual({ status: "scored", error: null });
    expect(await db().ranking.count({ where: { submissionId: id } })).toBe(layout.queryIds.length);
    expect(await db().metric.count({ where: { submissionId: id } })).toBe(12);
    const history = (await db().submissionEvent.findMany({ where: { submissionId: id }, select: { status: true } })).map((e) => e.status);
    expect(history.filter((s) => s === "scored")).toHaveLength(1);
  });

  it("gives both interrupted runs the numbers of an uninterrupted one", { timeout: 300_000 }, async () => {
    for (const [model, target] of [["redis-restart", 1], ["postgres-restart", 2]] as const) {
      const reference = await submit(`${model}-reference`, target);
      expect(await finalStatus(reference)).toEqual({ status: "scored", error: null });
      const interrupted = await db().submission.findFirstOrThrow({ where: { modelName: model, userId: vendor.id }, select: { id: true } });
      expect(await metrics(interrupted.id)).toEqual(await metrics(reference));
    }
  });
});
