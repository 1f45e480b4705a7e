import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchDir } from "./helpers";
import { float32Rows, unicodeBlock, writeLargeNpz } from "./write-large-npz";

// A ~300 MB upload is validated in bounded memory (far less than the file), and the scoring
// job's read holds the matrices once (about 1x, never the file besides them). Each step runs
// in a fresh process so its peak RSS (VmHWM) is its own.
const Q = 2_000, C = 145_000, D = 512;
const MiB = 1024 * 1024;

function runChild(step: "validate" | "read", file: string) {
  const out = execFileSync(process.execPath, ["--import", "tsx", path.resolve("tests/embeddings/files/memory-child.ts"), step, file, String(Q), String(C)], { encoding: "utf8" });
  return JSON.parse(out.trim().split("\n").pop()!) as { increase: number; fileBytes: number; ms: number; result: Record<string, unknown> };
}

describe("large uploads in bounded memory", () => {
  const scratch = scratchDir("memory");
  let file = "";
  const matrixBytes = (Q + C) * D * 4;

  beforeAll(async () => {
    file = path.join(scratch.dir, "large.npz");
    const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
    await writeLargeNpz(file, [
      { name: "query_embeddings", descr: "<f4", shape: [Q, D], blocks: () => float32Rows(Q, D, 11) },
      { name: "corpus_embeddings", descr: "<f4", shape: [C, D], blocks: () => float32Rows(C, D, 12) },
      // Stored in reverse, so every row moves when read in benchmark order.
      { name: "query_ids", descr: "<U6", shape: [Q], blocks: () => [unicodeBlock(ids("q", Q).reverse(), 6)] },
      { name: "corpus_ids", descr: "<U7", shape: [C], blocks: () => [unicodeBlock(ids("c", C).reverse(), 7)] },
    ]);
  });
  afterAll(() => scratch.remove());

  it("validates the file streaming from disk: peak memory well under the file's size", () => {
    const r = runChild("validate", file);
    console.log(`[memory] validate ${(r.fileBytes / MiB).toFixed(0)} MiB: +${(r.increase / MiB).toFixed(0)} MiB peak, ${r.ms} ms`);
    expect(r.fileBytes).toBeGreaterThan(matrixBytes);
    expect(r.result).toMatchObject({ dims: D, dtype: "float32", queryCount: Q, corpusCount: C, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // What it holds grows with the number of rows (ids, one norm per row), not with the file.
    expect(r.increase).toBeLessThan(r.fileBytes / 3);
  });

  it("reads both matrices for scoring holding them once: peak within 1.25x the matrices", () => {
    const r = runChild("read", file);
    console.log(`[memory] read ${(matrixBytes / MiB).toFixed(0)} MiB of matrices: +${(r.increase / MiB).toFixed(0)} MiB peak (${(r.increase / matrixBytes).toFixed(2)}x), ${r.ms} ms`);
    expect(r.result).toMatchObject({ dims: D, dtype: "float32", matrixBytes });
    expect(r.increase).toBeGreaterThan(matrixBytes * 0.9);
    expect(r.increase).toBeLessThan(matrixBytes * 1.25);
  });
});
