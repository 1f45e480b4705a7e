import fs from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import { crc32 } from "./crc32";
import { invalidUpload } from "./invalid-upload";
import { listZipEntriesInTail, locateDirectory, type ZipEntry } from "./zip-directory";
import { DEFAULT_MAX_UNCOMPRESSED_BYTES } from "./zip-extract";

// A zip archive read from disk without loading it: the end records and the central directory
// come from the file's tail, and each entry is streamed (inflated on the fly) in chunks of at
// most a few hundred KiB, checked as it goes. Refusals are worded as zip-extract.ts words them.
const TAIL_BYTES = 22 + 0xffff + 20 + 56; // end record, longest comment, zip64 locator and record
const HEAD_BYTES = 8;
// An .npz directory holds a handful of entries; a huge one is a crafted archive, not numpy's.
const MAX_DIRECTORY_BYTES = 16 * 1024 * 1024;
const READ_CHUNK = 1024 * 1024;
const INFLATE_CHUNK = 256 * 1024;
const LOCAL_SIG = 0x04034b50;

export interface ZipFile {
  path: string;
  size: number;
  entries: ZipEntry[];
}

async function readAt(fh: FileHandle, at: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  let got = 0;
  while (got < length) {
    const { bytesRead } = await fh.read(buf, got, length - got, at + got);
    if (bytesRead === 0) break;
    got += bytesRead;
  }
  return buf.subarray(0, got);
}

/** Lists the archive's entries from its end records and central directory. */
export async function openZipFile(path: string): Promise<ZipFile> {
  const fh = await fs.promises.open(path, "r");
  try {
    const size = (await fh.stat()).size;
    const tailStart = Math.max(0, size - TAIL_BYTES);
    const tail = { buf: await readAt(fh, tailStart, size - tailStart), base: tailStart, head: await readAt(fh, 0, Math.min(size, HEAD_BYTES)) };
    const dir = locateDirectory(tail, size);
    if (dir.size > MAX_DIRECTORY_BYTES) {
      throw invalidUpload(`zip archive has a ${dir.size}-byte central directory; an .npz needs a few hundred bytes`);
    }
    // The directory usually lies inside the tail already; otherwise read it and what follows.
    const base = Math.min(dir.offset, tailStart);
    const span = base === tailStart ? tail : { buf: await readAt(fh, base, size - base), base };
    return { path, size, entries: listZipEntriesInTail(span, dir) };
  } finally {
    await fh.close();
  }
}

async function dataStart(zip: ZipFile, entry: ZipEntry): Promise<number> {
  const label = JSON.stringify(entry.name);
  const at = entry.localHeaderOffset;
  if (at + 30 > zip.size) throw invalidUpload(`truncated zip archive: local header of entry ${label} is missing`);
  const fh = await fs.promises.open(zip.path, "r");
  let local: Buffer;
  try {
    local = await readAt(fh, at, 30);
  } finally {
    await fh.close();
  }
  if (local.readUInt32LE(0) !== LOCAL_SIG) throw invalidUpload(`corrupt zip archive: bad local header for entry ${label}`);
  const start = at + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (start + entry.compressedSize > zip.size) {
    throw invalidUpload(`truncated zip archive: data of entry ${label} extends past the end of the file`);
  }
  return start;
}

/**
 * The entry's uncompressed bytes, chunk by chunk. Inflation stops as soon as it passes the
 * declared size (zip bomb); the size and CRC-32 are checked when the entry ends, before the
 * generator returns. Each chunk is valid only until the next one is asked for (stored entries
 * are read into one reused buffer).
 */
export async function* streamZipEntry(zip: ZipFile, entry: ZipEntry, maxBytes = DEFAULT_MAX_UNCOMPRESSED_BYTES): AsyncGenerator<Buffer> {
  const label = JSON.stringify(entry.name);
  if (entry.uncompressedSize > maxBytes) {
    throw invalidUpload(`zip entry ${label} declares ${entry.uncompressedSize} bytes uncompressed, more than the limit of ${maxBytes} bytes`);
  }
  const start = await dataStart(zip, entry);
  if (entry.method === 0 && entry.compressedSize !== entry.uncompressedSize) {
    throw invalidUpload(`corrupt zip archive: stored entry ${label} has mismatched sizes`);
  }
  let total = 0;
  let crc = 0;
  const take = (chunk: Buffer) => {
    total += chunk.length;
    if (total > entry.uncompressedSize) {
      throw invalidUpload(`zip entry ${label} inflates beyond its declared size of ${entry.uncompressedSize} bytes (possible zip bomb)`);
    }
    crc = crc32(chunk, crc);
    return chunk;
  };
  if (entry.method === 0) {
    // Stored: read into one reused buffer, so a multi-GiB entry leaves no garbage behind.
    const fh = await fs.promises.open(zip.path, "r");
    try {
      const buf = Buffer.allocUnsafe(Math.min(READ_CHUNK, Math.max(1, entry.compressedSize)));
      for (let at = 0; at < entry.compressedSize; ) {
        const { bytesRead } = await fh.read(buf, 0, Math.min(buf.length, entry.compressedSize - at), start + at);
        if (bytesRead === 0) break;
        at += bytesRead;
        yield take(buf.subarray(0, bytesRead));
      }
    } finally {
      await fh.close();
    }
  } else {
    // A read stream cannot be given an empty range; a zero-length entry reads nothing.
    const source: Readable =
      entry.compressedSize === 0
        ? Readable.from([])
        : fs.createReadStream(zip.path, { start, end: start + entry.compressedSize - 1, highWaterMark: READ_CHUNK });
    const inflate = zlib.createInflateRaw({ chunkSize: INFLATE_CHUNK });
    source.on("error", (e) => inflate.destroy(e));
    source.pipe(inflate);
    try {
      for await (const chunk of inflate as AsyncIterable<Buffer>) yield take(chunk);
    } catch (e) {
      if ((e as { code?: string }).code?.startsWith("Z_")) {
        throw invalidUpload(`corrupt or truncated compressed data in zip entry ${label}: ${(e as Error).message}`);
      }
      throw e;
    } finally {
      source.destroy();
      inflate.destroy();
    }
  }
  if (total !== entry.uncompressedSize) {
    throw invalidUpload(`corrupt zip archive: entry ${label} decompressed to ${total} bytes, expected ${entry.uncompressedSize}`);
  }
  if (crc !== entry.crc32) throw invalidUpload(`corrupt zip archive: CRC-32 mismatch in entry ${label}`);
}
