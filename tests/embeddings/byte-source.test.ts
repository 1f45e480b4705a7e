import { afterAll, describe, expect, it } from "vitest";
import { blobSource, bytesSource, type ByteSource } from "@/lib/embeddings/byte-source";
import { openFileSource, withFileSource } from "@/lib/embeddings/file-source";
import { readSubmissionMatrices } from "@/lib/embeddings/read-submission-matrices";
import { nodeCodec } from "@/lib/embeddings/node-codec";
import { validateSubmission } from "@/lib/embeddings/validate-submission";
import { webCodec } from "@/lib/embeddings/web-codec";
import { benchmark, fixture } from "./helpers/fixtures";
import { scratchDir } from "./files/helpers";

// The three byte sources the .npz reader reads from (bytes in memory, a Blob, a file on disk):
// the same bytes for the same ranges, clipped at the end, and the same submission read from each.
const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7) & 0xff));
const scratch = scratchDir("byte-source");
afterAll(() => scratch.remove());
const path = scratch.write("bytes.bin", bytes);

const sources: [string, () => Promise<ByteSource & { close?: () => Promise<void> }>][] = [
  ["bytes in memory", async () => bytesSource(bytes)],
  ["a Blob", async () => blobSource(new Blob([new Uint8Array(bytes)]))],
  ["a file on disk", () => openFileSource(path)],
];

describe.each(sources)("%s", (_, open) => {
  it("reads any range, fewer bytes only past the end, none beyond it", async () => {
    const source = await open();
    expect(source.size).toBe(1000);
    for (const [offset, length] of [[0, 10], [123, 456], [990, 10], [995, 10], [1000, 5], [2000, 5], [0, 0]]) {
      const got = await source.read(offset, length);
      expect(Buffer.from(got).equals(bytes.subarray(offset, Math.min(1000, offset + length)))).toBe(true);
    }
    await source.close?.();
  });

  it("may read into the caller's buffer, never past the range asked for", async () => {
    const source = await open();
    const into = new Uint8Array(64).fill(0xee);
    const got = await source.read(500, 16, into);
    expect(Buffer.from(got).equals(bytes.subarray(500, 516))).toBe(true);
    if (got.buffer === into.buffer) expect(into[16]).toBe(0xee);
    await source.close?.();
  });
});

describe("a file source", () => {
  it("reads into the caller's buffer when it is large enough (one buffer for a whole entry)", async () => {
    const source = await openFileSource(path);
    const into = new Uint8Array(32);
    expect((await source.read(10, 32, into)).buffer).toBe(into.buffer);
    expect((await source.read(10, 64, into)).buffer).not.toBe(into.buffer);
    await source.close();
  });

  it("is closed after use, even when the use fails", async () => {
    let opened: ByteSource | undefined;
    await expect(withFileSource(path, async (s) => ((opened = s), Promise.reject(new Error("boom"))))).rejects.toThrow("boom");
    await expect(opened!.read(0, 1)).rejects.toThrow(/closed/i);
  });
});

describe("one submission read from every source with either codec", () => {
  const file = fixture("valid_f32_shuffled_compressed.npz");
  const npzPath = scratch.write("valid.npz", file);
  // Each against bytes in memory read with Node's zlib (the multipart check).
  const cases = [
    ["a Blob, web codec", () => blobSource(new Blob([new Uint8Array(file)])), webCodec],
    ["a file, web codec", null, webCodec],
    ["a file, Node's zlib", null, nodeCodec],
  ] as const;

  it.each(cases)("%s", async (_, make, codec) => {
    const run = (source: ByteSource) =>
      Promise.all([validateSubmission(source, benchmark, { codec }), readSubmissionMatrices(source, benchmark, { maxBytes: 1 << 20, codec })]);
    const [summary, matrices] = make ? await run(make()) : await withFileSource(npzPath, run);
    const [wantSummary, want] = await Promise.all([
      validateSubmission(bytesSource(file), benchmark, { codec: nodeCodec }),
      readSubmissionMatrices(bytesSource(file), benchmark, { maxBytes: 1 << 20, codec: nodeCodec }),
    ]);
    expect(summary).toEqual({ dims: 4, dtype: "float32", queryCount: 3, corpusCount: 5 });
    expect(summary).toEqual(wantSummary);
    expect(Array.from(matrices.queries)).toEqual(Array.from(want.queries));
    expect(Array.from(matrices.corpus)).toEqual(Array.from(want.corpus));
  });
});
