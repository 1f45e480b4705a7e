import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildBenchmark } from "@/lib/benchmark/build-benchmark";
import { importBenchmark } from "@/lib/benchmark/import-benchmark";
import { listBenchmarkVersions } from "@/lib/benchmark/list-benchmark-versions";
import { writeBenchmarkDir } from "@/lib/benchmark/write-benchmark-dir";
import { db } from "@/lib/db/client";
import { CLAMP, DIGIT_SUM, RUN_LENGTH, writeSourceDir } from "./source-dir";
import { dockerSandboxForSuite } from "./docker-sandbox";

// Same sources, same benchmark: byte for byte, whether the candidates were executed afresh or
// came from the cache. And what build writes, import loads as a new version.
const SLUG = `build-determinism-${process.pid}`;

describe("benchmark build: determinism and import", () => {
  const sandbox = dockerSandboxForSuite();
  let src: string;
  beforeAll(async () => {
    src = await writeSourceDir({ math_numerical: [CLAMP, DIGIT_SUM], string_processing: [RUN_LENGTH] }, { slug: SLUG, version: "1.0.0" });
  });

  it("writes byte-identical contract files and an identical report (apart from its run section)", async () => {
    // A screening timeout no earlier run used: the first build screens cold, the second from the cache.
    const screenTimeoutMs = 1500 + (process.pid % 1000);
    const first = await buildBenchmark(src, { sandbox: sandbox(), screenTimeoutMs });
    const second = await buildBenchmark(src, { sandbox: sandbox(), screenTimeoutMs });
    expect(first.report.run.pairs_executed).toBeGreaterThan(0);
    expect(second.report.run.pairs_executed).toBe(0);
    for (const name of ["benchmark.json", "queries.jsonl", "corpus.jsonl"]) expect(second.files[name]).toBe(first.files[name]);
    const strip = (text: string) => ({ ...JSON.parse(text), run: null });
    expect(strip(second.files["gate-report.json"])).toEqual(strip(first.files["gate-report.json"]));
    expect(first.data.queries.map((q) => q.function_name)).toEqual(["clamp_value", "digit_sum", "longest_run"]);
  });

  it("imports the written directory as a new version, which the versions listing shows", async () => {
    const built = await buildBenchmark(src, { sandbox: sandbox() });
    const out = await fs.mkdtemp(path.join(os.tmpdir(), "execboard-built-"));
    await writeBenchmarkDir(out, built.files);
    expect((await fs.readdir(out)).sort()).toEqual(["benchmark.json", "corpus.jsonl", "gate-report.json", "gate-report.md", "queries.jsonl"]);

    const imported = await importBenchmark(out, sandbox());
    expect(imported).toMatchObject({ slug: SLUG, version: "1.0.0", queries: 3, corpus: built.data.corpus.length, created: true, notes: [] });
    // gates 3-4 already ran these pairs through the execution cache
    expect(imported.execution?.executed).toBe(0);
    const rows = await db().corpusItem.findMany({ where: { versionId: imported.versionId }, orderBy: { position: "asc" }, select: { corpusId: true, bugType: true, bugDescription: true } });
    expect(rows.map((r) => r.corpusId)).toEqual(built.data.corpus.map((c) => c.corpus_id));
    expect(rows.filter((r) => r.bugType).every((r) => (r.bugDescription ?? "").length > 0)).toBe(true);

    const listing = (await listBenchmarkVersions()).find((b) => b.slug === SLUG)!;
    expect(listing.versions).toEqual([
      expect.objectContaining({ version: "1.0.0", queries: 3, corpus: built.data.corpus.length, distractors: built.data.corpus.length - 3, publishedSubmissions: 0, current: true }),
    ]);
  });
});
