import { matchIds } from "@/lib/embeddings/submission-ids";
import { FileProblem, problemText, type CheckItem, type CheckReport, type ExpectedIds } from "./check-report";
import { readEntry } from "./read-entry";
import { decodeUnicodeArray, NPY_PREFIX_BYTES, readNpyHeader, type NpyInfo } from "./read-npy-header";
import { readZipDirectory, type ZipEntryInfo } from "./read-zip-directory";
import { scanMatrixValues } from "./scan-values";

// Checks an .npz in the browser before it is uploaded, in the order the server does: a zip, the
// four arrays, their dtypes and shapes, ids matching the benchmark's, then every value. Only the
// parts needed are read (headers, id arrays, then one streaming pass over each matrix).
const MATRICES = ["query_embeddings", "corpus_embeddings"] as const;
const IDS = ["query_ids", "corpus_ids"] as const;
const REQUIRED = [...MATRICES, ...IDS];
const FLOAT_NAMES = { 2: "float16", 4: "float32", 8: "float64" } as const;

export interface CheckNpzOptions {
  /** Called with the fraction of the matrices' bytes scanned so far (0..1). */
  onProgress?: (fraction: number) => void;
}

export async function checkNpzFile(file: Blob, expected: ExpectedIds, opts: CheckNpzOptions = {}): Promise<CheckReport> {
  const items: CheckItem[] = [];
  const report = (summary: CheckReport["summary"] = null): CheckReport => ({
    kind: "embeddings",
    ok: summary !== null,
    items,
    summary,
  });
  const step = async <T>(label: string, run: () => Promise<[T, string]>): Promise<T | undefined> => {
    try {
      const [value, detail] = await run();
      items.push({ label, ok: true, detail });
      return value;
    } catch (e) {
      items.push({ label, ok: false, detail: problemText(e) });
      return undefined;
    }
  };

  const entries = await step("Zip archive (.npz)", async () => {
    const all = await readZipDirectory(file);
    const compressed = all.some((e) => e.method === 8);
    return [all, `${all.length} entr${all.length === 1 ? "y" : "ies"}${compressed ? ", compressed (np.savez_compressed)" : ""}`];
  });
  if (!entries) return report();

  const byName = await step("Required arrays", async () => {
    const map = new Map<string, ZipEntryInfo>();
    for (const e of entries) {
      const name = e.name.endsWith(".npy") ? e.name.slice(0, -4) : e.name;
      if (map.has(name)) throw new FileProblem(`the archive holds the array ${JSON.stringify(name)} twice`);
      map.set(name, e);
    }
    const missing = REQUIRED.filter((n) => !map.has(n));
    if (missing.length) throw new FileProblem(`missing required array${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}`);
    return [map, REQUIRED.join(", ")];
  });
  if (!byName) return report();

  const info = new Map<string, NpyInfo>();
  for (const name of REQUIRED) {
    const npy = await step(name, async () => {
      const entry = byName.get(name)!;
      const h = readNpyHeader(await readEntry(file, entry, NPY_PREFIX_BYTES), name);
      return [h, describeArray(name, h, entry)];
    });
    if (npy) info.set(name, npy);
  }
  if (info.size < REQUIRED.length) return report();

  const [q, c, qIds, cIds] = REQUIRED.map((n) => info.get(n)!);
  const dims = await step("Shapes agree", async () => {
    for (const [m, ids, mName, idName] of [[q, qIds, "query_embeddings", "query_ids"], [c, cIds, "corpus_embeddings", "corpus_ids"]] as const) {
      if (m.header.shape[0] !== ids.header.shape[0]) {
        throw new FileProblem(`${mName} has ${m.header.shape[0]} rows but ${idName} has ${ids.header.shape[0]} entries`);
      }
    }
    const d = q.header.shape[1];
    if (c.header.shape[1] !== d) throw new FileProblem(`query_embeddings has ${d} columns but corpus_embeddings has ${c.header.shape[1]}; both must have the same dimension`);
    if (d < 1) throw new FileProblem("embeddings have 0 columns; at least 1 dimension is required");
    return [d, `${q.header.shape[0]} query rows and ${c.header.shape[0]} corpus rows, ${d} dimensions`];
  });
  if (dims === undefined) return report();

  const ids: Record<string, string[]> = {};
  for (const [name, want, what] of [["query_ids", expected.queryIds, "queries"], ["corpus_ids", expected.corpusIds, "corpus snippets"]] as const) {
    const got = await step(`${name} match the benchmark`, async () => {
      const npy = info.get(name)!;
      if (npy.dtype.kind !== "string") throw new FileProblem(`${name} is not a unicode array`);
      const bytes = await readEntry(file, byName.get(name)!);
      const list = decodeUnicodeArray(bytes.subarray(npy.dataOffset), npy.dtype.chars, npy.dtype.littleEndian, npy.count, name);
      matchIds(name, list, want);
      return [list, `all ${want.length} ${what}, each once (any order)`];
    });
    if (got) ids[name] = got;
  }
  if (!ids.query_ids || !ids.corpus_ids) return report();

  const total = q.dataBytes + c.dataBytes;
  let scanned = 0;
  const progress = (n: number) => {
    scanned += n;
    opts.onProgress?.(Math.min(1, scanned / Math.max(1, total)));
  };
  const valuesOk = await step("Values", async () => {
    await scanMatrixValues(file, byName.get("query_embeddings")!, q, ids.query_ids, "query_embeddings", progress);
    await scanMatrixValues(file, byName.get("corpus_embeddings")!, c, ids.corpus_ids, "corpus_embeddings", progress);
    return [true, "every value finite, no all-zero row"];
  });
  if (!valuesOk) return report();

  const widest = Math.max(q.dtype.itemSize, c.dtype.itemSize) as 2 | 4 | 8;
  return report({ queries: expected.queryIds.length, corpus: expected.corpusIds.length, dims, dtype: FLOAT_NAMES[widest] });
}

function describeArray(name: string, h: NpyInfo, entry: ZipEntryInfo): string {
  const isMatrix = (MATRICES as readonly string[]).includes(name);
  const shape = `(${h.header.shape.join(", ")}${h.header.shape.length === 1 ? "," : ""})`;
  if (isMatrix && h.dtype.kind !== "float") throw new FileProblem(`${name} must be a float16, float32 or float64 array; got dtype '${h.header.descr}'`);
  if (!isMatrix && h.dtype.kind !== "string") throw new FileProblem(`${name} must be a unicode string array (numpy '<U…'); got dtype '${h.header.descr}'`);
  if (isMatrix && h.header.shape.length !== 2) throw new FileProblem(`${name} must be 2-D (rows × dimensions); got shape ${shape}`);
  if (!isMatrix && h.header.shape.length !== 1) throw new FileProblem(`${name} must be 1-D; got shape ${shape}`);
  const have = entry.uncompressedSize - h.dataOffset;
  if (have < h.dataBytes) throw new FileProblem(`${name} is truncated: shape ${shape} needs ${h.dataBytes} bytes of data, found ${have}`);
  if (have > h.dataBytes) throw new FileProblem(`${name} has ${have - h.dataBytes} unexpected bytes after its data for shape ${shape}`);
  const type = h.dtype.kind === "float" ? FLOAT_NAMES[h.dtype.itemSize] : `unicode (${h.header.descr})`;
  return `${type}, shape ${shape}`;
}
