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

  it("writes the corpus in a seeded shuffle with ids that say nothing about role or task, and records the seed", async () => {
    const built = await buildBenchmark(src, { sandbox: sandbox() });
    const meta = JSON.parse(built.files["benchmark.json"]);
    expect(meta.corpus_seed).toBe(parseInt(built.report.source_sha256.slice(0, 8), 16));
    const corpus = built.data.corpus;
    // Ids are numbered in file order, whatever the role.
    expect(corpus.map((c) => c.corpus_id)).toEqual(corpus.map((_, i) => `c_${String(i + 1).padStart(4, "0")}`));
    // Not grouped by task with the canonical first, as assembly order would have it.
    const grouped = [...corpus].sort((a, b) => (a.query_id < b.query_id ? -1 : a.query_id > b.query_id ? 1 : 0) || (a.role === "canonical" ? -1 : b.role === "canonical" ? 1 : 0));
    expect(corpus.map((c) => c.code)).not.toEqual(grouped.map((c) => c.code));
    // correct_corpus_ids still name each query's canonical.
    for (const q of built.data.queries) {
      const named = corpus.filter((c) => q.correct_corpus_ids.includes(c.corpus_id));
      expect(named.map((c) => [c.query_id, c.role])).toEqual([[q.query_id, "canonical"]]);
    }
    // A seed set in the source is the one used; another seed is another order of the same rows.
    const seeded = await writeSourceDir({ math_numerical: [CLAMP, DIGIT_SUM], string_processing: [RUN_LENGTH] }, { slug: SLUG, version: "1.0.0", corpus_seed: 7 });
    const other = await buildBenchmark(seeded, { sandbox: sandbox() });
    expect(JSON.parse(other.files["benchmark.json"]).corpus_seed).toBe(7);
    expect(other.data.corpus.map((c) => c.code).sort()).toEqual(corpus.map((c) => c.code).sort());
    expect(other.data.corpus.map((c) => c.code)).not.toEqual(corpus.map((c) => c.code));
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
