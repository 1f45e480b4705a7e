import { FileProblem } from "./check-report";
import { readRange } from "./read-blob";
import { entryDataOffset, type ZipEntryInfo } from "./read-zip-directory";

// An entry's uncompressed bytes, chunk by chunk, without ever holding the whole entry: stored
// entries (np.savez) are read in slices, deflated ones (np.savez_compressed) are inflated with the
// browser's DecompressionStream("deflate-raw"). Returning false from onChunk stops early (the
// stream is cancelled), so reading an array's header never inflates the matrix behind it.
const SLICE_BYTES = 8 * 1024 * 1024;

export async function forEachEntryChunk(file: Blob, entry: ZipEntryInfo, onChunk: (bytes: Uint8Array) => boolean | void): Promise<void> {
  const label = JSON.stringify(entry.name);
  if (entry.flags & 0x41 || entry.method === 99) throw new FileProblem(`zip entry ${label} is encrypted`);
  if (entry.method !== 0 && entry.method !== 8) {
    throw new FileProblem(`zip entry ${label} uses compression method ${entry.method}; only stored (np.savez) and deflate (np.savez_compressed) are supported`);
  }
  const start = await entryDataOffset(file, entry);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.uncompressedSize) throw new FileProblem(`corrupt zip archive: stored entry ${label} has mismatched sizes`);
    for (let at = 0; at < entry.uncompressedSize; at += SLICE_BYTES) {
      const bytes = await readRange(file, start + at, Math.min(SLICE_BYTES, entry.uncompressedSize - at));
      if (onChunk(bytes) === false) return;
    }
    return;
  }
  const reader = file.slice(start, start + entry.compressedSize).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  let produced = 0;
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (e) {
        throw new FileProblem(`corrupt compressed data in zip entry ${label}: ${(e as Error).message}`);
      }
      if (next.done) break;
      produced += next.value.length;
      if (produced > entry.uncompressedSize) throw new FileProblem(`zip entry ${label} inflates beyond its declared size of ${entry.uncompressedSize} bytes`);
      if (onChunk(next.value) === false) return;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  if (produced !== entry.uncompressedSize) {
    throw new FileProblem(`corrupt zip archive: entry ${label} inflated to ${produced} bytes, expected ${entry.uncompressedSize}`);
  }
}

// The first `limit` bytes of an entry (all of it by default).
export async function readEntry(file: Blob, entry: ZipEntryInfo, limit = Number.POSITIVE_INFINITY): Promise<Uint8Array> {
  const want = Math.min(limit, entry.uncompressedSize);
  const out = new Uint8Array(want);
  let filled = 0;
  await forEachEntryChunk(file, entry, (bytes) => {
    const take = Math.min(bytes.length, want - filled);
    out.set(bytes.subarray(0, take), filled);
    filled += take;
    return filled < want;
  });
  if (filled < want) throw new FileProblem(`corrupt zip archive: entry ${JSON.stringify(entry.name)} is shorter than it claims`);
  return out;
}
