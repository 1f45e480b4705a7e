import { describe, expect, it } from "vitest";
import { importBenchmark } from "@/lib/benchmark/import-benchmark";
import { db } from "@/lib/db/client";
import { dockerSandboxForSuite } from "./docker-sandbox";
import { writeContractDir } from "./source-dir";

// The paper's release uses our contract's field names but carries more: per-entry `metadata`
// (generator model, endpoint, timestamp), `batch_usage` token counts, and a few distractors
// with pilot-era bug types (Table 2). Import tolerates all of it and says so.
const SLUG = `paper-format-${process.pid}`;
const FN = `next_power_of_two_${process.pid}`;

function release(bugTypes: [string, string]) {
  const tests = [[0, 1], [1, 1], [2, 2], [3, 4], [5, 8], [16, 16], [17, 32], [1000, 1024]].map(([n, r]) => `assert ${FN}(${n})==${r}`);
  const canonical = `def ${FN}(n):\n    if n < 2:\n        return 1\n    return 1 << (n - 1).bit_length()\n`;
  const meta = { model: "gpt-5.4", endpoint: "batch", generated_at: "2026-08-01T12:00:00Z" };
  return {
    "benchmark.json": JSON.stringify({ slug: SLUG, name: "Paper release", version: "1.0", description: "", license: "CC-BY-4.0", homepage: "https://huggingface.co/datasets/AaryanK/ExecRetrieval" }),
    "queries.jsonl":
      JSON.stringify({
        query_id: "q_0134",
        function_name: FN,
        domain: "bit_manipulation",
        query: "Return the smallest power of two >= a given positive integer n.",
        test_suite: tests,
        correct_corpus_ids: ["c_0666"],
        metadata: meta,
        batch_usage: { prompt_tokens: 988, completion_tokens: 7649, reasoning_tokens: 6341, latency_s: null },
      }) + "\n",
    "corpus.jsonl": [
      { corpus_id: "c_0666", query_id: "q_0134", role: "canonical", code: canonical, bug_type: null, bug_description: null, metadata: meta },
      { corpus_id: "c_0667", query_id: "q_0134", role: "distractor", code: canonical.replace("n < 2", "n <= 2"), bug_type: bugTypes[0], bug_description: "Changed `n < 2` to `n <= 2`.", code_sha256: "…" },
      { corpus_id: "c_0668", query_id: "q_0134", role: "distractor", code: canonical.replace("return 1\n", "return 0\n"), bug_type: bugTypes[1], bug_description: "Returns 0 for small n.", code_sha256: "…" },
    ]
      .map((r) => JSON.stringify(r))
      .join("\n"),
  };
}

describe("importing the paper's released format", () => {
  const sandbox = dockerSandboxForSuite();

  it("tolerates metadata, batch_usage and unknown keys, and accepts legacy bug types with a note", async () => {
    const r = await importBenchmark(await writeContractDir(release(["wrong_comparison", "wrong_semantics"])), sandbox());
    expect(r).toMatchObject({ slug: SLUG, queries: 1, corpus: 3, created: true });
    expect(r.notes).toEqual([
      "1 distractor(s) carry the legacy bug type wrong_semantics from the paper's pilot era (c_0668); accepted as released, not one of the six mechanical types",
    ]);
    const rows = await db().corpusItem.findMany({ where: { versionId: r.versionId }, orderBy: { position: "asc" }, select: { corpusId: true, bugType: true } });
    expect(rows).toEqual([
      { corpusId: "c_0666", bugType: null },
      { corpusId: "c_0667", bugType: "wrong_comparison" },
      { corpusId: "c_0668", bugType: "wrong_semantics" },
    ]);
  });

  it("still refuses a bug type that is neither mechanical nor legacy", async () => {
    const files = release(["wrong_comparison", "made_up_bug"]);
    files["benchmark.json"] = files["benchmark.json"].replace('"version":"1.0"', '"version":"2.0"');
    await expect(importBenchmark(await writeContractDir(files), sandbox())).rejects.toThrow(/c_0668: bug_type must be one of off_by_one, .* \(or a legacy type of the paper's release: ignores_constraint, /);
    expect(await db().benchmarkVersion.count({ where: { benchmark: { slug: SLUG }, version: "2.0" } })).toBe(0);
  });
});
