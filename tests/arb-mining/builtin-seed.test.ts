import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { submitBaselines } from "@/lib/cli/baselines-command";
import { BUILTIN_DIR, prepareBuiltInArb } from "@/lib/construction/arb-mining/builtin";
import { db, disconnectDb } from "@/lib/db/client";
import { closeQueue } from "@/lib/queue/enqueue";
import { getRepoBoard } from "@/lib/repo-board/board";
import { DEFAULT_SCOPE } from "@/lib/repo-board/scope";
import { importArbBenchmark } from "@/lib/repo-benchmark/import-arb";

// What `npm start` does with the second track's built-in benchmark (demo seed): the committed
// benchmarks/arb-self imported from this clone's own history through import-arb, whole (no
// sample refused or left out by the import's gates), and its three baselines scored by the
// worker and published, so the track's board has rows over every sample.
const ROOT = path.resolve(".");
const meta = JSON.parse(fs.readFileSync(path.join(ROOT, BUILTIN_DIR, "benchmark.json"), "utf8")) as { slug: string; version: string; samples: number; tasks: Record<string, number> };

afterAll(async () => {
  await closeQueue();
  await disconnectDb();
});

describe("the built-in repository benchmark, seeded", () => {
  it("imports whole from this clone's history and publishes its three baselines over every sample", async () => {
    const arb = await prepareBuiltInArb(ROOT);
    try {
      const r = await importArbBenchmark({ samplesPath: arb.samplesPath, reposDir: arb.reposDir });
      expect(r.report.refused.count).toBe(0);
      expect(r.report.kept.excluded_by_gates).toBe(0);
      expect(r.report.kept.total).toBe(meta.samples);
      expect(r.report.kept.by_task).toEqual({ ...meta.tasks, comment2context: 0, nogold_natural: 0 }); // the two a history cannot give
      expect(r.report.snapshots.map((s) => [s.repo, s.commit])).toEqual([[arb.repo, arb.baseCommit]]);
      expect(await db().repoSample.count({ where: { versionId: r.versionId } })).toBe(meta.samples);
      const again = await importArbBenchmark({ samplesPath: arb.samplesPath, reposDir: arb.reposDir });
      expect(again.created).toBe(false);
    } finally {
      arb.cleanup();
    }
    expect(fs.existsSync(arb.reposDir)).toBe(false);

    const published = await submitBaselines(meta.slug, { wait: true, publish: true });
    expect(published.map((p) => p.status)).toEqual(["published", "published", "published"]);
    const board = await getRepoBoard(meta.slug, meta.version, DEFAULT_SCOPE, "mrr");
    expect(board.rows.map((row) => row.model).sort()).toEqual(["BM25 (path-aware, files)", "RRF(BM25 + structural)", "Structural map (PageRank)"]);
    for (const row of board.rows) {
      expect(row.isBaseline).toBe(true);
      const mrr = row.values.mrr!;
      expect(mrr.value).toBeGreaterThan(0);
      expect(mrr.ciLow).toBeLessThanOrEqual(mrr.value);
      expect(mrr.ciHigh).toBeGreaterThanOrEqual(mrr.value);
    }
  }, 900_000);
});
