import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/auth/create-user";
import { db, disconnectDb } from "@/lib/db/client";
import { beginEvaluation } from "@/lib/provenance/begin-evaluation";
import { closeFailedEvaluation, recordEvaluationFailure } from "@/lib/provenance/record-evaluation-failure";
import { recordScoredEvaluation } from "@/lib/provenance/record-scored-evaluation";
import type { WorkerProvenance } from "@/lib/provenance/worker-provenance";
import { importDemo } from "../integration/helpers";

// The evaluation behind a submission's scoring job, against the real database: one per run,
// continued by retries, a new one for a maintainer's re-run, provenance and failures recorded.
const worker = (n: number): WorkerProvenance => ({ runnerVersion: "2", sandboxBackend: "docker", sandboxImage: `sha256:${String(n).repeat(64).slice(0, 64)}`, execboardVersion: "0.1.0", execboardCommit: null, worker: `host:${n}` });
const metrics = [{ name: "exec", k: 1, value: 0.75, ciLow: 0.5, ciHigh: 1 }];

describe("evaluation lifecycle", () => {
  let versionId: number;
  let userId: string;
  const created: string[] = [];

  beforeAll(async () => {
    versionId = (await importDemo()).versionId;
    userId = (await createUser({ email: `evals-${crypto.randomUUID()}@test.execboard`, role: "vendor" })).id;
  });

  afterAll(async () => {
    await db().submission.deleteMany({ where: { id: { in: created } } });
    await disconnectDb();
  });

  const addSubmission = async () => {
    const s = await db().submission.create({
      data: { versionId, userId, modelName: "lifecycle", provider: "tests", similarity: "cosine", metadata: {}, dims: 4, dtype: "float32", fileSha256: "0".repeat(64), fileBytes: BigInt(1), storageKey: `${crypto.randomUUID()}.npz`, status: "validating" },
      select: { id: true },
    });
    created.push(s.id);
    return s.id;
  };
  const evaluations = (submissionId: string) => db().evaluation.findMany({ where: { submissionId }, orderBy: { seq: "asc" }, include: { metrics: true } });

  it("one evaluation per run: retries continue it, with each attempt's worker and failure in its log", async () => {
    const id = await addSubmission();
    const first = await beginEvaluation(id, worker(1));
    await recordEvaluationFailure(id, { stage: "executing", error: new Error("redis went away"), final: false });
    expect(await beginEvaluation(id, worker(2))).toBe(first);
    // Attempt 2's worker died without a word; attempt 3 says so.
    expect(await beginEvaluation(id, worker(3))).toBe(first);
    const [ev] = await evaluations(id);
    expect(ev).toMatchObject({ seq: 1, trigger: "submission", status: "running", attempts: 3, worker: "host:3", sandboxImage: worker(3).sandboxImage, failedStage: "executing", error: "redis went away" });
    expect(ev.log).toMatch(/attempt 1 started on host:1[^\n]*\n[^\n]*attempt 1 failed while executing \(it will be retried\):\nError: redis went away\n\s+at /);
    expect(ev.log).toMatch(/attempt 2 started on host:2[^\n]*\n[^\n]*the previous attempt ended without a report[^\n]*\n[^\n]*attempt 3 started on host:3/);

    await db().$transaction(async (tx) => {
      await tx.submission.update({ where: { id }, data: { status: "scored" } });
      await recordScoredEvaluation(tx, id, metrics, 7);
    });
    const [done] = await evaluations(id);
    expect(done).toMatchObject({ status: "scored", failedStage: null, error: null, scoringEngine: 7 });
    expect(done.metrics.map((m) => [m.name, m.k, m.value])).toEqual([["exec", 1, 0.75]]);
    expect((await db().submission.findUniqueOrThrow({ where: { id } })).currentEvaluationId).toBe(first);
    // A final submission starts nothing.
    expect(await beginEvaluation(id, worker(4))).toBeNull();
  });

  it("a maintainer's re-run is a new evaluation; one the platform abandoned is closed when it starts", async () => {
    const id = await addSubmission();
    const first = await beginEvaluation(id, worker(1));
    await db().submission.update({ where: { id }, data: { status: "queued", rerunAt: new Date(Date.now() + 1000), currentEvaluationId: first } });
    const second = await beginEvaluation(id, worker(2));
    // The re-run removed the old results: nothing is current until the new run scores.
    expect((await db().submission.findUniqueOrThrow({ where: { id } })).currentEvaluationId).toBeNull();
    expect(second).not.toBe(first);
    const [a, b] = await evaluations(id);
    expect(a).toMatchObject({ id: first, status: "failed", error: expect.stringMatching(/queued for a new run/) });
    expect(b).toMatchObject({ id: second, seq: 2, trigger: "rerun", status: "running", attempts: 1 });
  });

  it("keeps the last attempt's stage and error when the job gives up", async () => {
    const id = await addSubmission();
    await beginEvaluation(id, worker(1));
    await recordEvaluationFailure(id, { stage: "ranking", error: new Error("out of memory"), final: false });
    await closeFailedEvaluation(id, "scoring failed after 5 attempt(s): out of memory");
    const [ev] = await evaluations(id);
    expect(ev).toMatchObject({ status: "failed", failedStage: "ranking", error: "out of memory", finishedAt: expect.any(Date) });
    expect(ev.log).toMatch(/gave up: scoring failed after 5 attempt\(s\): out of memory\n$/);
  });
});
