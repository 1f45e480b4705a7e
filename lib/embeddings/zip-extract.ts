import zlib from "node:zlib";
import { crc32 } from "./crc32";
import { invalidUpload } from "./invalid-upload";
import { listZipEntries, type ZipEntry } from "./zip-directory";

// Zip-bomb protection works in two layers: declared sizes are checked against the budget before
// any inflation, and zlib's maxOutputLength caps what a lying entry can actually produce.
export const DEFAULT_MAX_UNCOMPRESSED_BYTES = 1024 * 1024 * 1024;

const LOCAL_SIG = 0x04034b50;

export interface ReadZipOptions {
  /** Total uncompressed bytes allowed across the extracted entries. */
  maxBytes?: number;
  /** Extract only entries for which this returns true (others are never inflated). */
  include?: (name: string) => boolean;
}

function entryData(buf: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  const label = JSON.stringify(entry.name);
  if (at + 30 > buf.length) throw invalidUpload(`truncated zip archive: local header of entry ${label} is missing`);
  if (buf.readUInt32LE(at) !== LOCAL_SIG) throw invalidUpload(`corrupt zip archive: bad local header for entry ${label}`);
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  if (start + entry.compressedSize > buf.length) {
    throw invalidUpload(`truncated zip archive: data of entry ${label} extends past the end of the file`);
  }
  return buf.subarray(start, start + entry.compressedSize);
}

function inflate(raw: Buffer, entry: ZipEntry): Buffer {
  const label = JSON.stringify(entry.name);
  try {
    return zlib.inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
  } catch (e) {
    if ((e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
      throw invalidUpload(
        `zip entry ${label} inflates beyond its declared size of ${entry.uncompressedSize} bytes (possible zip bomb)`,
      );
    }
    throw invalidUpload(`corrupt or truncated compressed data in zip entry ${label}: ${(e as Error).message}`);
  }
}

/** Returns the entry's bytes; stored entries are a view into `buf`, not a copy. */
export function extractZipEntry(buf: Buffer, entry: ZipEntry, maxBytes = DEFAULT_MAX_UNCOMPRESSED_BYTES): Buffer {
  const label = JSON.stringify(entry.name);
  if (entry.uncompressedSize > maxBytes) {
    throw invalidUpload(
      `zip entry ${label} declares ${entry.uncompressedSize} bytes uncompressed, more than the limit of ${maxBytes} bytes`,
    );
  }
  const raw = entryData(buf, entry);
  if (entry.method === 0 && entry.compressedSize !== entry.uncompressedSize) {
    throw invalidUpload(`corrupt zip archive: stored entry ${label} has mismatched sizes`);
  }
  const out = entry.method === 0 ? raw : inflate(raw, entry);
  if (out.length !== entry.uncompressedSize) {
    throw invalidUpload(
      `corrupt zip archive: entry ${label} decompressed to ${out.length} bytes, expected ${entry.uncompressedSize}`,
    );
  }
  if (crc32(out) !== entry.crc32) throw invalidUpload(`corrupt zip archive: CRC-32 mismatch in entry ${label}`);
  return out;
}

/** Extracts the selected file entries (directories skipped) within one shared byte budget. */
export function readZip(buf: Buffer, opts: ReadZipOptions = {}): Map<string, Buffer> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_UNCOMPRESSED_BYTES;
  const chosen = listZipEntries(buf).filter((e) => !e.name.endsWith("/") && (opts.include?.(e.name) ?? true));
  const declared = chosen.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (declared > maxBytes) {
    throw invalidUpload(`zip archive would decompress to ${declared} bytes, more than the limit of ${maxBytes} bytes`);
  }
  const out = new Map<string, Buffer>();
  for (const entry of chosen) out.set(entry.name, extractZipEntry(buf, entry, maxBytes));
  return out;
}
