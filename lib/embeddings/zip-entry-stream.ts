import type { ByteSource } from "./byte-source";
import { u16, u32 } from "./bytes";
import { invalidUpload } from "./invalid-upload";
import type { ZipCodec } from "./zip-codec";
import type { ZipEntry } from "./zip-directory";

// An entry's uncompressed bytes, chunk by chunk, checked as they come: nothing is inflated past
// the entry's declared size (zip bombs), and its size and CRC-32 are checked when it ends.
// Declared sizes are checked against the budget before any byte is read.
export const DEFAULT_MAX_UNCOMPRESSED_BYTES = 1024 * 1024 * 1024;
const READ_CHUNK = 1024 * 1024;
const LOCAL_SIG = 0x04034b50;

export interface EntryReadOptions {
  /** Uncompressed bytes allowed for one entry. */
  maxBytes: number;
  codec: ZipCodec;
}

/** Refuses entries that would together decompress to more than `maxBytes`. */
export function assertWithinBudget(entries: readonly ZipEntry[], maxBytes: number): void {
  const declared = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (declared > maxBytes) {
    throw invalidUpload(`zip archive would decompress to ${declared} bytes, more than the limit of ${maxBytes} bytes`);
  }
}

async function dataStart(source: ByteSource, entry: ZipEntry, label: string): Promise<number> {
  const at = entry.localHeaderOffset;
  if (at + 30 > source.size) throw invalidUpload(`truncated zip archive: local header of entry ${label} is missing`);
  const local = await source.read(at, 30);
  if (u32(local, 0) !== LOCAL_SIG) throw invalidUpload(`corrupt zip archive: bad local header for entry ${label}`);
  const start = at + 30 + u16(local, 26) + u16(local, 28);
  if (start + entry.compressedSize > source.size) {
    throw invalidUpload(`truncated zip archive: data of entry ${label} extends past the end of the file`);
  }
  return start;
}

// The entry's raw bytes in slices. Stored data may go through one reused buffer; compressed
// slices may not, as an inflater can still hold one when the next is read.
async function* slices(source: ByteSource, start: number, size: number, reuse: boolean): AsyncGenerator<Uint8Array> {
  const into = reuse ? new Uint8Array(Math.min(READ_CHUNK, Math.max(1, size))) : undefined;
  for (let at = 0; at < size; ) {
    const chunk = await source.read(start + at, Math.min(READ_CHUNK, size - at), into);
    if (chunk.length === 0) return;
    at += chunk.length;
    yield chunk;
  }
}

async function* inflated(source: ByteSource, entry: ZipEntry, start: number, codec: ZipCodec, label: string): AsyncGenerator<Uint8Array> {
  // A failure to read the source is passed on as it is; anything else the inflater throws means the data is bad.
  let readFailure: unknown;
  const input = (async function* () {
    try {
      yield* slices(source, start, entry.compressedSize, false);
    } catch (e) {
      readFailure = e;
      throw e;
    }
  })();
  const out = codec.inflateRaw(input)[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: IteratorResult<Uint8Array>;
      try {
        next = await out.next();
      } catch (e) {
        if (e === readFailure) throw e;
        throw invalidUpload(`corrupt or truncated compressed data in zip entry ${label}: ${(e as Error).message}`);
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await out.return?.();
  }
}

/** The entry's bytes; each chunk is valid only until the next one is asked for. */
export async function* entryChunks(source: ByteSource, entry: ZipEntry, opts: EntryReadOptions): AsyncGenerator<Uint8Array> {
  const label = JSON.stringify(entry.name);
  if (entry.uncompressedSize > opts.maxBytes) {
    throw invalidUpload(`zip entry ${label} declares ${entry.uncompressedSize} bytes uncompressed, more than the limit of ${opts.maxBytes} bytes`);
  }
  const start = await dataStart(source, entry, label);
  if (entry.method === 0 && entry.compressedSize !== entry.uncompressedSize) {
    throw invalidUpload(`corrupt zip archive: stored entry ${label} has mismatched sizes`);
  }
  let total = 0;
  let crc = 0;
  const chunks = entry.method === 0 ? slices(source, start, entry.compressedSize, true) : inflated(source, entry, start, opts.codec, label);
  for await (const chunk of chunks) {
    total += chunk.length;
    if (total > entry.uncompressedSize) {
      throw invalidUpload(`zip entry ${label} inflates beyond its declared size of ${entry.uncompressedSize} bytes (possible zip bomb)`);
    }
    crc = opts.codec.crc32(chunk, crc);
    yield chunk;
  }
  if (total !== entry.uncompressedSize) {
    throw invalidUpload(`corrupt zip archive: entry ${label} decompressed to ${total} bytes, expected ${entry.uncompressedSize}`);
  }
  if (crc !== entry.crc32) throw invalidUpload(`corrupt zip archive: CRC-32 mismatch in entry ${label}`);
}
