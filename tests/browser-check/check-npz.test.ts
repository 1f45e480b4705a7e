import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkSubmissionFile } from "@/lib/browser-check/check-submission-file";
import type { CheckReport } from "@/lib/browser-check/check-report";
import { validateSubmissionBytes } from "@/lib/embeddings/server-readers";
import { writeNpz } from "@/lib/embeddings/write-npz";
import { benchmark, FIXTURE_DIR, fixture } from "../embeddings/helpers/fixtures";
import { HOSTILE } from "../embeddings/helpers/hostile-files";
import { readEntries } from "../embeddings/helpers/read-arrays";
import { buildZip } from "../embeddings/helpers/zip-builder";

// The upload form's in-browser check, run on the numpy-written fixtures, the hostile files of the
// server's own suite and files built here (deflated, zip64, misaligned data). It must accept
// exactly what the server accepts and, when it refuses, say what the server says, word for
// word, before a byte is uploaded.
const LIMIT = 512 * 1024 * 1024;
const check = (bytes: Uint8Array, opts: { maxBytes?: number; onProgress?: (f: number) => void } = {}) =>
  checkSubmissionFile(new Blob([new Uint8Array(bytes)]), benchmark, { maxBytes: opts.maxBytes ?? LIMIT, onProgress: opts.onProgress });
const failure = (r: CheckReport) => r.items.find((i) => !i.ok);

async function serverVerdict(bytes: Buffer, expected = benchmark): Promise<string | null> {
  try {
    await validateSubmissionBytes(bytes, expected, { maxBytes: LIMIT });
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** Rebuilds an archive from its entries' bytes, each changed by `edit` (deflated unless it says otherwise). */
async function rebuilt(npz: Buffer, edit: (name: string, data: Buffer) => Buffer = (_, d) => d, opts: { zip64?: boolean } = {}): Promise<Buffer> {
  const entries = [...(await readEntries(npz))].map(([name, data]) => ({ name, data: edit(name, data), method: 8 }));
  return buildZip(entries, opts);
}

describe("in-browser .npz check", () => {
  const npzFixtures = readdirSync(FIXTURE_DIR).filter((f) => f.endsWith(".npz"));

  it.each(npzFixtures)("agrees with the server on %s", async (name) => {
    const bytes = fixture(name);
    const server = await serverVerdict(bytes);
    const report = await check(bytes);
    expect(report.kind).toBe("embeddings");
    expect(report.ok).toBe(server === null);
    if (server === null) {
      expect(report.summary).toMatchObject({ queries: 3, corpus: 5, dims: expect.any(Number) });
      expect(report.items.every((i) => i.ok)).toBe(true);
    } else {
      expect(report.items.filter((i) => !i.ok)).toEqual([expect.objectContaining({ detail: server })]);
    }
  });

  // An empty file is refused by its size first, as the server's intake refuses it; the budget
  // case needs a limit below the file's size, which the form refuses by size.
  const hostile = HOSTILE.filter(([name]) => name !== "empty" && name !== "declared total over the budget");
  it.each(hostile)("says what the server says about a hostile file: %s", async (_, build) => {
    const bytes = build();
    const server = await serverVerdict(bytes);
    const report = await check(bytes);
    expect(report.ok).toBe(server === null);
    if (server !== null) expect(report.items.filter((i) => !i.ok)).toEqual([expect.objectContaining({ detail: server })]);
  });

  it("lists what it checked, line by line, for a valid file", async () => {
    const report = await check(fixture("valid_f32_shuffled_compressed.npz"));
    expect(report.items.map((i) => i.label)).toEqual([
      "File size",
      "Zip archive (.npz)",
      "Required arrays",
      "query_embeddings",
      "corpus_embeddings",
      "query_ids",
      "corpus_ids",
      "Shapes agree",
      "query_ids match the benchmark",
      "corpus_ids match the benchmark",
      "Values",
    ]);
    expect(report.items[1].detail).toContain("compressed");
    expect(report.items[3].detail).toBe("float32, shape (3, 4)");
    expect(report.summary).toEqual({ queries: 3, corpus: 5, dims: 4, dtype: "float32" });
  });

  it("on a refusal, lists the lines that passed in the server's order, then the one that failed", async () => {
    const labels = async (bytes: Buffer) => (await check(bytes)).items.map((i) => `${i.ok ? "ok" : "FAILED"} ${i.label}`);
    const start = ["ok File size", "ok Zip archive (.npz)"];
    const arrays = ["ok query_embeddings", "ok corpus_embeddings", "ok query_ids", "ok corpus_ids"];
    expect(await labels(Buffer.from("%PDF-1.4 not an archive"))).toEqual(["ok File size", "FAILED Zip archive (.npz)"]);
    expect(await labels(fixture("missing_array.npz"))).toEqual([...start, "FAILED Required arrays"]);
    expect(await labels(fixture("one_d_embedding.npz"))).toEqual([...start, "ok Required arrays", "FAILED query_embeddings"]);
    expect(await labels(fixture("wrong_rows.npz"))).toEqual([...start, "ok Required arrays", ...arrays, "FAILED Shapes agree"]);
    expect(await labels(fixture("nan.npz"))).toEqual([...start, "ok Required arrays", ...arrays, "ok Shapes agree", "ok query_ids match the benchmark", "ok corpus_ids match the benchmark", "FAILED Values"]);
    // A problem inside an entry is found while the entries are read, before any structural check.
    const notDict = HOSTILE.find(([name]) => name === "header not a dict")![1]();
    expect(await labels(notDict)).toEqual([...start, "FAILED query_embeddings"]);
  });

  it("names the widest dtype of mixed matrices, as the server records it", async () => {
    expect((await check(fixture("mixed_dtypes.npz"))).summary?.dtype).toBe("float64");
    expect((await check(fixture("valid_f16.npz"))).summary?.dtype).toBe("float16");
  });

  it("refuses ids that do not match the benchmark, naming the missing and unexpected ones", async () => {
    const report = await check(fixture("wrong_ids.npz"));
    expect(failure(report)).toEqual({
      label: "query_ids match the benchmark",
      ok: false,
      detail: `query_ids does not match the benchmark's ids: 1 missing ("q3"); 1 unexpected ("qX")`,
    });
    expect(report.summary).toBeNull();
  });

  it("refuses pickled id arrays and byte strings with the fix spelled out", async () => {
    expect(failure(await check(fixture("ids_object.npz")))!.detail).toMatch(/pickled object arrays are not accepted.*np\.array\(ids, dtype=str\)/);
    expect(failure(await check(fixture("bytes_ids.npz")))!.detail).toMatch(/byte-string array \(\|S2\); use a unicode array/);
  });

  it("refuses NaN, infinities and zero rows with the row and id", async () => {
    expect(failure(await check(fixture("nan.npz")))!.detail).toBe('corpus_embeddings has 1 non-finite value; the first is NaN at row 2 (id "c3"), column 1');
    expect(failure(await check(fixture("zero_norm.npz")))!.detail).toBe('corpus_embeddings has 2 zero-norm rows (cosine similarity is undefined): "c2", "c4"');
  });

  it("tells a single .npy, a truncated upload and a non-zip apart", async () => {
    expect(failure(await check(fixture("plain_f32.npy")))!.detail).toContain("this is a single .npy file; save the arrays together with np.savez");
    const whole = fixture("valid_f32.npz");
    expect(failure(await check(whole.subarray(0, whole.length - 40)))!.detail).toMatch(/^truncated zip archive/);
    expect(failure(await check(Buffer.from("%PDF-1.4 not an archive")))!.detail).toMatch(/^not a zip archive/);
  });

  it("refuses an empty file and one over the upload limit before reading it", async () => {
    expect(failure(await check(new Uint8Array(0)))).toEqual({ label: "File size", ok: false, detail: "the file is empty" });
    const big = await check(fixture("valid_f32.npz"), { maxBytes: 100 });
    expect(failure(big)!.detail).toMatch(/^the file is \d\.\d KB; the upload limit is 100 bytes$/);
  });

  it("reads zip64 directories (as np.savez writes for large arrays) and deflated entries", async () => {
    const zip64 = await rebuilt(fixture("valid_f32.npz"), undefined, { zip64: true });
    expect(await serverVerdict(zip64)).toBeNull();
    const report = await check(zip64);
    expect(report.ok).toBe(true);
    expect(report.summary).toEqual({ queries: 3, corpus: 5, dims: 4, dtype: "float32" });
  });

  it("finds a bad value far into a large deflated matrix whose elements straddle chunk boundaries", async () => {
    const rows = 2000;
    const dims = 301;
    const queryIds = Array.from({ length: 3 }, (_, i) => `q${i + 1}`);
    const corpusIds = Array.from({ length: rows }, (_, i) => `c${i + 1}`);
    const corpus = new Float64Array(rows * dims).fill(0.5);
    corpus[1999 * dims + 7] = Number.NEGATIVE_INFINITY;
    const npz = writeNpz({
      query_embeddings: { data: new Float64Array(3 * dims).fill(1), shape: [3, dims] },
      corpus_embeddings: { data: corpus, shape: [rows, dims] },
      query_ids: queryIds,
      corpus_ids: corpusIds,
    });
    // Deflated, and the corpus .npy header lengthened by 3 bytes so no element is 8-byte aligned.
    const file = await rebuilt(npz, (name, data) => (name === "corpus_embeddings.npy" ? misalign(data, 3) : data));
    const expected = { queryIds, corpusIds };
    expect(await serverVerdict(file, expected)).toBe('corpus_embeddings has 1 non-finite value; the first is -Infinity at row 1999 (id "c2000"), column 7');
    const seen: number[] = [];
    const report = await checkSubmissionFile(new Blob([new Uint8Array(file)]), expected, { maxBytes: LIMIT, onProgress: (f) => seen.push(f) });
    expect(failure(report)!.detail).toBe('corpus_embeddings has 1 non-finite value; the first is -Infinity at row 1999 (id "c2000"), column 7');
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.at(-1)).toBe(1);
  });
});

// Rewrites a format 1.0 .npy with `extra` more header bytes (spaces before the newline): still
// valid .npy, but the data no longer starts on an aligned offset.
function misalign(npy: Buffer, extra: number): Buffer {
  const len = npy.readUInt16LE(8);
  const text = npy.subarray(10, 10 + len).toString("latin1");
  const grown = text.slice(0, -1) + " ".repeat(extra) + "\n";
  const head = Buffer.alloc(10);
  npy.copy(head, 0, 0, 8);
  head.writeUInt16LE(grown.length, 8);
  return Buffer.concat([head, Buffer.from(grown, "latin1"), npy.subarray(10 + len)]);
}
