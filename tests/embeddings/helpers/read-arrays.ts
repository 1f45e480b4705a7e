import { bytesSource } from "@/lib/embeddings/byte-source";
import { fortranToRowMajor } from "@/lib/embeddings/fortran-order";
import { FLOAT_DTYPES, type FloatDtype } from "@/lib/embeddings/npy-dtype";
import { nodeCodec } from "@/lib/embeddings/node-codec";
import { arrayName, raiseArrayErrors, readNpzArray } from "@/lib/embeddings/npz-array";
import { readZipDirectory } from "@/lib/embeddings/zip-directory";
import { assertWithinBudget, DEFAULT_MAX_UNCOMPRESSED_BYTES, entryChunks } from "@/lib/embeddings/zip-entry-stream";
import { buildZip } from "./zip-builder";

// Whole arrays and entries read through the streaming reader, so tests can compare them with
// what numpy wrote: every entry read to its end (zip checks first), then the first array's
// problem raised, floats gathered in row-major order (float16 widened).
export type TestArray =
  | { kind: "float"; dtype: FloatDtype; shape: number[]; data: Float32Array | Float64Array }
  | { kind: "string"; shape: number[]; data: string[] };

interface ReadOptions {
  maxBytes?: number;
  /** Only these entries (zip) or arrays (npz); the rest are never read. */
  names?: readonly string[];
  expect?: Readonly<Record<string, "float" | "string">>;
}

async function chosenEntries(buf: Uint8Array, opts: ReadOptions, name: (entry: string) => string) {
  const entries = (await readZipDirectory(bytesSource(buf))).filter((e) => !e.name.endsWith("/") && (opts.names?.includes(name(e.name)) ?? true));
  assertWithinBudget(entries, opts.maxBytes ?? DEFAULT_MAX_UNCOMPRESSED_BYTES);
  return entries;
}

/** Every entry's bytes, by entry name (copies: the reader's chunks are only lent). */
export async function readEntries(buf: Uint8Array, opts: ReadOptions = {}): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const e of await chosenEntries(buf, opts, (n) => n)) {
    const chunks: Buffer[] = [];
    for await (const c of entryChunks(bytesSource(buf), e, { maxBytes: opts.maxBytes ?? DEFAULT_MAX_UNCOMPRESSED_BYTES, codec: nodeCodec })) chunks.push(Buffer.from(c));
    out.set(e.name, Buffer.concat(chunks));
  }
  return out;
}

/** Every array of an .npz, by name. */
export async function readArrays(buf: Uint8Array, opts: ReadOptions = {}): Promise<Map<string, TestArray>> {
  const floats = new Map<string, Float32Array | Float64Array>();
  const arrays = [];
  for (const e of await chosenEntries(buf, opts, arrayName)) {
    const array = await readNpzArray(bytesSource(buf), e, {
      maxBytes: opts.maxBytes ?? DEFAULT_MAX_UNCOMPRESSED_BYTES,
      codec: nodeCodec,
      expect: opts.expect ?? {},
      onFloatArray: (a, p) => {
        const data = p.dtype.itemSize === 8 ? new Float64Array(p.count) : new Float32Array(p.count);
        floats.set(a.name, data);
        return (values, first) => data.set(values, first);
      },
    });
    arrays.push(array);
  }
  raiseArrayErrors(arrays);
  return new Map(
    arrays.map((a): [string, TestArray] => {
      const { header, dtype } = a.preamble!;
      const shape = header.shape;
      if (dtype.kind === "string") return [a.name, { kind: "string", shape, data: a.strings! }];
      const stored = floats.get(a.name)!;
      const data = header.fortranOrder && shape.length > 1 ? fortranToRowMajor(stored, new (stored.constructor as Float32ArrayConstructor)(stored.length), shape) : stored;
      return [a.name, { kind: "float", dtype: FLOAT_DTYPES[dtype.itemSize], shape, data }];
    }),
  );
}

/** One .npy, read as the only entry of an archive ("<label>.npy"). */
export async function readNpy(npy: Buffer, opts: { label?: string; expect?: "float" | "string" } = {}): Promise<TestArray> {
  const label = opts.label ?? "array";
  const arrays = await readArrays(buildZip([{ name: `${label}.npy`, data: npy }]), { expect: opts.expect ? { [label]: opts.expect } : {} });
  return arrays.get(label)!;
}
