import { describe, expect, it } from "vitest";
import { importBenchmark } from "@/lib/benchmark/import-benchmark";
import { db } from "@/lib/db/client";
import { dockerSandboxForSuite } from "../benchmark/docker-sandbox";
import { writeContractDir } from "../benchmark/source-dir";

// A maintainer imports a benchmark directory: checked structurally, verified by execution in
// the Docker sandbox, written in one transaction, immutable once imported.
const SLUG = `import-test-${process.pid}`;

function tiny(opts: { version?: string; canonicalBody?: string; distractorBody?: string } = {}) {
  const tests = [0, 1, 2, 3, 4, 5, 6].map((n) => `assert add_one_${process.pid}(${n}) == ${n + 1}`);
  const fn = `add_one_${process.pid}`;
  return {
    "benchmark.json": JSON.stringify({ slug: SLUG, name: "Import test", version: opts.version ?? "1", description: "", license: "CC-BY-4.0" }),
    "queries.jsonl": JSON.stringify({ query_id: "q1", function_name: fn, domain: "math_numerical", query: "Add one.", test_suite: tests, correct_corpus_ids: ["c1"] }) + "\n",
    "corpus.jsonl": [
      { corpus_id: "c1", query_id: "q1", role: "canonical", code: `def ${fn}(n):\n    return ${opts.canonicalBody ?? "n + 1"}\n` },
      { corpus_id: "c2", query_id: "q1", role: "distractor", code: `def ${fn}(n):\n    return ${opts.distractorBody ?? "n + 2"}\n`, bug_type: "off_by_one", bug_description: "Changed `1` to `2`." },
    ]
      .map((r) => JSON.stringify(r))
      .join("\n"),
  };
}

describe("benchmark import", () => {
  const sandbox = dockerSandboxForSuite();

  it("refuses a benchmark whose canonical fails its tests, writing nothing", async () => {
    const dir = await writeContractDir(tiny({ canonicalBody: "n + 3" }));
    await expect(importBenchmark(dir, sandbox())).rejects.toThrow(/canonical c1 fails its own tests \(test 1: FAIL/);
    expect(await db().benchmark.count({ where: { slug: SLUG } })).toBe(0);
  });

  it("refuses a distractor that passes every test", async () => {
    const dir = await writeContractDir(tiny({ distractorBody: "1 + n" }));
    await expect(importBenchmark(dir, sandbox())).rejects.toThrow(/distractor c2 passes every test/);
    expect(await db().benchmark.count({ where: { slug: SLUG } })).toBe(0);
  });

  it("refuses structural problems before executing anything", async () => {
    const files = tiny();
    files["queries.jsonl"] = files["queries.jsonl"].replace('"c1"]', '"c9"]');
    await expect(importBenchmark(await writeContractDir(files), sandbox())).rejects.toThrow(/correct_corpus_id c9 does not exist/);
    const short = tiny();
    short["queries.jsonl"] = short["queries.jsonl"].replace(/,"assert [^"]*\(6\) == 7"/, "");
    await expect(importBenchmark(await writeContractDir(short), sandbox())).rejects.toThrow(/queries.jsonl line 1: test_suite: at least 7 tests/);
  });

  it("imports once, is idempotent, and keeps versions immutable", async () => {
    const dir = await writeContractDir(tiny());
    const first = await importBenchmark(dir, sandbox());
    expect(first).toMatchObject({ slug: SLUG, version: "1", queries: 1, corpus: 2, created: true });
    expect(first.execution?.pairs).toBe(2);
    const again = await importBenchmark(dir, sandbox());
    expect(again).toMatchObject({ created: false, versionId: first.versionId });

    const changed = await writeContractDir(tiny({ distractorBody: "n - 1" }));
    await expect(importBenchmark(changed, sandbox())).rejects.toThrow(/already exists with different content/);

    const v2 = await importBenchmark(await writeContractDir(tiny({ version: "2", distractorBody: "n - 1" })), sandbox());
    expect(v2.created).toBe(true);
    expect(await db().benchmarkVersion.count({ where: { benchmark: { slug: SLUG } } })).toBe(2);
    const items = await db().corpusItem.findMany({ where: { versionId: v2.versionId }, orderBy: { position: "asc" }, select: { corpusId: true, role: true, bugType: true } });
    expect(items).toEqual([
      { corpusId: "c1", role: "canonical", bugType: null },
      { corpusId: "c2", role: "distractor", bugType: "off_by_one" },
    ]);
  });
});
