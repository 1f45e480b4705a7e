import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_DIMS } from "@/lib/embeddings/validate-submission";
import { validateSubmissionBytes, validateSubmissionFile } from "@/lib/embeddings/server-readers";
import { encodeNpy } from "@/lib/embeddings/write-npy";
import { writeStoredZip } from "@/lib/embeddings/write-zip";
import { AppError } from "@/lib/errors/app-error";
import { npyBytes } from "./helpers/npy-bytes";

// A refusal costs no more than the file is worth: what a header declares (rows, dimensions,
// bytes) is checked before any data is read or per-row state allocated, on both server paths.
const Q = 4, C = 6;
const expected = { queryIds: Array.from({ length: Q }, (_, i) => `q${i}`), corpusIds: Array.from({ length: C }, (_, i) => `c${i}`) };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "declared-work-"));

function npzWithQuery(queryNpy: Buffer): Buffer {
  return writeStoredZip([
    { name: "query_embeddings.npy", chunks: [queryNpy] },
    { name: "corpus_embeddings.npy", chunks: encodeNpy({ data: new Float32Array(C * 8).fill(0.5), shape: [C, 8] }) },
    { name: "query_ids.npy", chunks: encodeNpy(expected.queryIds) },
    { name: "corpus_ids.npy", chunks: encodeNpy(expected.corpusIds) },
  ]);
}

async function refusals(file: Buffer): Promise<AppError[]> {
  const onDisk = path.join(dir, `f${Math.random()}.npz`);
  fs.writeFileSync(onDisk, file);
  const out: AppError[] = [];
  for (const run of [() => validateSubmissionBytes(file, expected, { maxBytes: 512 << 20 }), () => validateSubmissionFile(onDisk, expected, { maxBytes: 512 << 20 })]) {
    const e = await run().then(() => null, (err: unknown) => err);
    expect(e).toBeInstanceOf(AppError);
    out.push(e as AppError);
  }
  return out;
}

describe("declared work", () => {
  it("refuses a header claiming 10^12 rows at once, by its size, instead of failing to allocate", async () => {
    const started = performance.now();
    const [a, b] = await refusals(npzWithQuery(npyBytes("{'descr': '<f4', 'fortran_order': False, 'shape': (999999999999, 8), }", Buffer.alloc(128))));
    for (const e of [a, b]) {
      expect(e.code).toBe("INVALID_UPLOAD");
      expect(e.message).toBe("query_embeddings declares shape (999999999999, 8), 3.20e+13 bytes of data; an upload's arrays may hold at most 536870912 bytes");
    }
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("refuses millions of dimensions from the header", async () => {
    const [a, b] = await refusals(npzWithQuery(npyBytes("{'descr': '<f4', 'fortran_order': False, 'shape': (4, 7000000), }", Buffer.alloc(16))));
    for (const e of [a, b]) expect(e.message).toBe(`query_embeddings declares 7000000 dimensions; at most ${MAX_DIMS} are accepted (no embedding model has more)`);
  });

  it("still accepts the largest dimension allowed", async () => {
    const d = MAX_DIMS;
    const file = writeStoredZip([
      { name: "query_embeddings.npy", chunks: encodeNpy({ data: Float32Array.from({ length: Q * d }, (_, i) => ((i * 7) % 13) - 6), shape: [Q, d] }) },
      { name: "corpus_embeddings.npy", chunks: encodeNpy({ data: Float32Array.from({ length: C * d }, (_, i) => ((i * 5) % 11) - 5), shape: [C, d] }) },
      { name: "query_ids.npy", chunks: encodeNpy(expected.queryIds) },
      { name: "corpus_ids.npy", chunks: encodeNpy(expected.corpusIds) },
    ]);
    expect((await validateSubmissionBytes(file, expected, { maxBytes: 512 << 20 })).dims).toBe(d);
  });
});
