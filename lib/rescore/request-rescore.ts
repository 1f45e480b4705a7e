import { z } from "zod";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { getKind, primaryMetric } from "@/lib/kinds/registry";
import { enqueue } from "@/lib/queue/enqueue";
import { jobs } from "@/lib/queue/jobs";
import { getRescoreBatch } from "./get-rescore-batch";
import type { RescoreActor } from "./rescore-actor";
import { countByStatus, valueOf, type RescoreBatchView, type RescoreItem } from "./rescore-view";

export const rescoreInput = z.strictObject({
  allPublished: z.boolean().default(false).describe("re-score every published submission, not only those scored by another runner version or scoring engine"),
  dryRun: z.boolean().default(false).describe("only say what would be re-scored"),
  reason: z.string().trim().max(1000).optional().describe("why, e.g. the runner change; kept with the batch"),
});
export type RescoreInput = z.infer<typeof rescoreInput>;

const ACTIVE = ["pending", "running"] as const;

// A maintainer re-scores a benchmark's published submissions (every version of it) after the
// runner or the scoring engine changed: by default those whose current results came from
// another scoring engine of the benchmark's kind or, for a kind that executes, another runner
// version (or whose provenance is unknown), with allPublished all of them. Each gets a pending evaluation
// and a rescore-submission job; its current results stay visible until the new run replaces
// them in one transaction, and the old run's metrics and provenance stay in its evaluation.
// A submission whose re-score is already under way is skipped, not queued twice.
export async function requestRescore(actor: RescoreActor, slug: string, input: RescoreInput, opts: { engineOnly?: boolean } = {}): Promise<RescoreBatchView> {
  const benchmark = await db().benchmark.findUnique({ where: { slug }, select: { id: true, slug: true, kind: true } });
  if (!benchmark) throw new AppError("NOT_FOUND", `no benchmark named ${slug}`);
  const kind = getKind(benchmark.kind);
  const { engine, runnerVersion } = kind;
  const headline = primaryMetric(kind);
  await failLostRescores(benchmark.id);
  const published = await db().submission.findMany({
    where: { status: "published", version: { benchmarkId: benchmark.id } },
    orderBy: { publishedAt: "asc" },
    select: {
      id: true,
      modelName: true,
      provider: true,
      versionId: true,
      version: { select: { version: true, sourceSha256: true } },
      currentEvaluation: { select: { id: true, runnerVersion: true, scoringEngine: true, metrics: { select: { name: true, k: true, value: true } } } },
      evaluations: { where: { trigger: "rescore", status: { in: [...ACTIVE] } }, select: { id: true } },
    },
  });
  const scope = input.allPublished ? "all-published" : opts.engineOnly ? "outdated-engine" : "outdated";
  const skipped: RescoreBatchView["skipped"] = [];
  const chosen = published.filter((s) => {
    if (s.evaluations.length > 0) skipped.push({ submissionId: s.id, model: s.modelName, reason: "a re-score of it is already under way" });
    else if (opts.engineOnly && s.currentEvaluation?.scoringEngine === engine.version) {
      skipped.push({ submissionId: s.id, model: s.modelName, reason: `already scored by scoring engine ${engine.version}` });
    } else if (opts.engineOnly) return true;
    else if (!input.allPublished && s.currentEvaluation?.scoringEngine === engine.version && (runnerVersion === null || s.currentEvaluation.runnerVersion === runnerVersion)) {
      const by = runnerVersion === null ? `scoring engine ${engine.version} (nothing executes: the runner does not matter)` : `runner ${runnerVersion} and scoring engine ${engine.version}`;
      skipped.push({ submissionId: s.id, model: s.modelName, reason: `already scored by ${by}` });
    } else return true;
    return false;
  });
  const planned: RescoreItem[] = chosen.map((s) => ({
    submissionId: s.id,
    model: s.modelName,
    provider: s.provider,
    benchmarkVersion: s.version.version,
    evaluationId: null,
    status: "planned",
    failure: null,
    before: {
      evaluationId: s.currentEvaluation?.id ?? null,
      runnerVersion: s.currentEvaluation?.runnerVersion ?? null,
      headline: valueOf(s.currentEvaluation?.metrics, headline),
      exec1: valueOf(s.currentEvaluation?.metrics, { name: "exec", k: 1 }),
    },
    after: null,
  }));
  if (input.dryRun || chosen.length === 0) {
    return { id: null, benchmark: slug, scope, reason: input.reason ?? null, requestedBy: actor.label, createdAt: new Date().toISOString(), runnerVersion, scoringEngine: engine.version, headline, counts: countByStatus(planned), done: true, items: planned, skipped };
  }

  const { batchId, evaluationIds } = await db().$transaction(async (tx) => {
    const batch = await tx.rescoreBatch.create({
      data: { benchmarkId: benchmark.id, scope, reason: input.reason ?? null, actorId: actor.userId, actorLabel: actor.label },
      select: { id: true },
    });
    const ids: string[] = [];
    for (const s of chosen) {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`evaluation:${s.id}`}, 0))`;
      const seq = ((await tx.evaluation.aggregate({ where: { submissionId: s.id }, _max: { seq: true } }))._max.seq ?? 0) + 1;
      const ev = await tx.evaluation.create({
        data: {
          submissionId: s.id,
          seq,
          trigger: "rescore",
          status: "pending",
          rescoreBatchId: batch.id,
          benchmarkVersion: s.version.version,
          benchmarkSha256: s.version.sourceSha256,
          log: `${new Date().toISOString()}  re-score requested by ${actor.label}${input.reason ? `: ${input.reason}` : ""}\n`,
        },
        select: { id: true },
      });
      ids.push(ev.id);
    }
    return { batchId: batch.id, evaluationIds: ids };
  });
  const unqueued: string[] = [];
  for (const evaluationId of evaluationIds) {
    try {
      await enqueue(jobs.rescoreSubmission, { evaluationId });
    } catch (e) {
      unqueued.push(evaluationId);
      console.error(`[rescore] could not queue evaluation ${evaluationId}: ${(e as Error).message}`);
    }
  }
  if (unqueued.length === evaluationIds.length) {
    // Nothing was queued: leave nothing behind and say so.
    await db().rescoreBatch.delete({ where: { id: batchId } });
    await db().evaluation.deleteMany({ where: { id: { in: unqueued } } });
    throw new AppError("INTERNAL", "the re-score could not be queued (is Redis reachable?); nothing was changed");
  }
  if (unqueued.length > 0) {
    await db().evaluation.updateMany({ where: { id: { in: unqueued } }, data: { status: "failed", error: "could not be queued", finishedAt: new Date() } });
  }
  const view = await getRescoreBatch(batchId);
  return { ...view, skipped };
}

// A re-score whose job was lost (Redis lost its data) would block its submission's next one
// forever; past the hard deadline it counts as failed.
async function failLostRescores(benchmarkId: number): Promise<void> {
  const cutoff = new Date(Date.now() - getConfig().EXECBOARD_HARD_DEADLINE_MS);
  await db().evaluation.updateMany({
    where: { trigger: "rescore", status: { in: [...ACTIVE] }, createdAt: { lt: cutoff }, submission: { version: { benchmarkId } } },
    data: { status: "failed", error: "lost: it did not finish before the hard deadline", finishedAt: new Date() },
  });
}
