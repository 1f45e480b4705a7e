// The .npz submission type every embeddings-taking kind is made from (lib/kinds/npz-submission-type.ts):
// the whole file checked against the rows the version expects, in memory or streamed from disk,
// the declared dimensions held to the matrices, and a summary in the kind's own words.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { getConfig } from "@/lib/config";
import { writeNpz } from "@/lib/embeddings/write-npz";
import { embeddingsType } from "@/lib/kinds/exec-retrieval/submission-types";
import type { IntakeFile } from "@/lib/kinds/kind";
import { npzSubmissionType } from "@/lib/kinds/npz-submission-type";
import { chunkEmbeddingsType } from "@/lib/kinds/repo-retrieval/submission-types";
import { submissionMetadataSchema } from "@/lib/submissions/metadata";

const expected = { queryIds: ["s1", "s2"], corpusIds: ["c1", "c2", "c3"] };
const type = npzSubmissionType({
  id: "chunk_embeddings",
  description: "an .npz of test vectors",
  expected: async () => expected,
  rows: { queries: "samples", corpus: "chunks" },
});

function npz(queryIds: string[], corpusIds: string[], dims: number): Buffer {
  const rows = (n: number) => Float32Array.from({ length: n * dims }, (_, i) => ((i * 7) % 5) + 1);
  return writeNpz({
    query_embeddings: { data: rows(queryIds.length), shape: [queryIds.length, dims] },
    corpus_embeddings: { data: rows(corpusIds.length), shape: [corpusIds.length, dims] },
    query_ids: queryIds,
    corpus_ids: corpusIds,
  });
}

const inMemory = (bytes: Buffer): IntakeFile => ({ bytes: bytes.length, readAll: async () => bytes, path: null, buffer: bytes, via: "request" });
const metadata = (dimensions?: number) => submissionMetadataSchema.parse({ model: "m", provider: "p", ...(dimensions ? { dimensions } : {}) });

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-npz-type-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("an .npz submission type", () => {
  it("is the .npz catch-all of both kinds, with the upload limits of the way a file comes", () => {
    for (const t of [type, embeddingsType, chunkEmbeddingsType]) {
      expect(t.extension).toBe("npz");
      expect(t.sniff(Buffer.from("anything at all"))).toBe(true);
      expect(t.maxBytes("request")).toBe(getConfig().EXECBOARD_UPLOAD_MAX_BYTES);
      expect(t.maxBytes("upload")).toBe(getConfig().EXECBOARD_UPLOAD_SESSION_MAX_BYTES);
    }
    expect([embeddingsType.id, chunkEmbeddingsType.id]).toEqual(["embeddings", "chunk_embeddings"]);
  });

  it("checks a file in memory and summarises it in the kind's words", async () => {
    const checked = await type.check(inMemory(npz(expected.queryIds, expected.corpusIds, 4)), 1, metadata(4));
    expect(checked).toEqual({ dims: 4, dtype: "float32", summary: "2 samples × 3 chunks, d=4, float32" });
  });

  it("checks a file on disk the same way, streaming it", async () => {
    const bytes = npz(expected.queryIds, expected.corpusIds, 3);
    const file = path.join(tmp, "upload.npz");
    fs.writeFileSync(file, bytes);
    const onDisk: IntakeFile = { bytes: bytes.length, readAll: async () => fs.readFileSync(file), path: file, buffer: null, via: "upload" };
    expect(await type.check(onDisk, 1, metadata())).toEqual({ dims: 3, dtype: "float32", summary: "2 samples × 3 chunks, d=3, float32" });
  });

  it("refuses matrices whose columns are not the dimensions the metadata declares", async () => {
    await expect(type.check(inMemory(npz(expected.queryIds, expected.corpusIds, 4)), 1, metadata(8))).rejects.toMatchObject({
      code: "INVALID_UPLOAD",
      message: "metadata.dimensions is 8 but the matrices have 4 columns",
    });
  });

  it("refuses a file whose rows are not the version's", async () => {
    await expect(type.check(inMemory(npz(expected.queryIds, ["c1", "c2"], 4)), 1, metadata())).rejects.toMatchObject({ code: "INVALID_UPLOAD" });
  });
});
