import { invalidUpload } from "./invalid-upload";
import { parseNpy } from "./npy";
import type { NpyArray } from "./npy-types";
import { readZip } from "./zip-extract";

// An .npz is a zip of "<name>.npy" entries (np.savez stores them, np.savez_compressed deflates).
export interface ReadNpzOptions {
  /** Total uncompressed bytes allowed for the arrays read (zip-bomb limit). */
  maxBytes?: number;
  /** Read only these arrays (names without ".npy"); the rest are neither inflated nor parsed. */
  names?: readonly string[];
  /** Required kind per array name, refused with a role-specific message before decoding. */
  expect?: Readonly<Record<string, "float" | "string">>;
}

export function arrayName(entryName: string): string {
  return entryName.endsWith(".npy") ? entryName.slice(0, -4) : entryName;
}

export function readNpz(buffer: Buffer, opts: ReadNpzOptions = {}): Map<string, NpyArray> {
  const wanted = opts.names ? new Set(opts.names) : undefined;
  const entries = readZip(buffer, {
    maxBytes: opts.maxBytes,
    include: (entry) => wanted?.has(arrayName(entry)) ?? true,
  });
  const out = new Map<string, NpyArray>();
  for (const [entry, bytes] of entries) {
    const name = arrayName(entry);
    // "x" and "x.npy" would both map to "x"; numpy would silently pick one, we refuse.
    if (out.has(name)) throw invalidUpload(`.npz archive holds the array ${JSON.stringify(name)} twice`);
    out.set(name, parseNpy(bytes, { label: name, expect: opts.expect?.[name] }));
  }
  return out;
}
