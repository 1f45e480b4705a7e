import { invalidUpload } from "./invalid-upload";
import { assertSafeEntryName, assertUniqueEntryNames } from "./zip-entry-name";

// Reads the central directory (the authoritative list of entries; local headers may carry zeros
// when a data descriptor is used). Refuses anything we would not extract faithfully.
// Works on the whole archive in memory (listZipEntries) or on its tail alone, for archives read
// from disk (listZipEntriesInTail, via zip-file.ts): `buf` then holds the file's bytes from
// `base` to its end, and every offset below is an offset in the file.
export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIG = 0x06054b50;
const EOCD64_LOCATOR_SIG = 0x07064b50;
const EOCD64_SIG = 0x06064b50;
const CENTRAL_SIG = 0x02014b50;
const MAX_COMMENT = 0xffff;

export interface Directory {
  entryCount: number;
  offset: number;
  size: number;
}

/**
 * The archive's last bytes: `buf` holds file offsets [base, base + buf.length), the file's end.
 * `head` (the file's first bytes) only words the refusal of something that is not a zip.
 */
export interface ZipTail {
  buf: Buffer;
  base: number;
  head?: Buffer;
}

function u64(buf: Buffer, at: number, what: string): number {
  const v = buf.readBigUInt64LE(at);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw invalidUpload(`corrupt zip archive: ${what} is out of range`);
  return Number(v);
}

function findEocd({ buf, base, head }: ZipTail): number {
  const lowest = Math.max(0, buf.length - 22 - MAX_COMMENT);
  for (let at = buf.length - 22; at >= lowest; at--) {
    // The comment length must reach exactly to the end, or this is a stray signature inside data.
    if (buf.readUInt32LE(at) === EOCD_SIG && at + 22 + buf.readUInt16LE(at + 20) === buf.length) return base + at;
  }
  throw notAZip(head ?? (base === 0 ? buf : Buffer.alloc(0)));
}

// Why an archive without an end record is refused; only the file's first bytes say what it is.
function notAZip(head: Buffer): Error {
  if (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50) {
    return invalidUpload("truncated zip archive: end of central directory record not found");
  }
  if (head.subarray(0, 6).toString("latin1") === "\x93NUMPY") {
    return invalidUpload("not a zip archive: this is a single .npy file; save the arrays together with np.savez");
  }
  return invalidUpload("not a zip archive (expected an .npz file written by np.savez or np.savez_compressed)");
}

/** Where the central directory is, from the end records; `eocd` is a file offset inside the tail. */
export function readDirectory(tail: ZipTail, eocd: number): Directory {
  const { buf, base } = tail;
  const e = eocd - base;
  let dir: Directory = {
    entryCount: buf.readUInt16LE(e + 10),
    size: buf.readUInt32LE(e + 12),
    offset: buf.readUInt32LE(e + 16),
  };
  let disks = buf.readUInt16LE(e + 4) | buf.readUInt16LE(e + 6);
  const loc = e - 20;
  if (loc >= 0 && buf.readUInt32LE(loc) === EOCD64_LOCATOR_SIG) {
    const at = u64(buf, loc + 8, "zip64 end record offset") - base;
    if (at < 0 || at + 56 > loc || buf.readUInt32LE(at) !== EOCD64_SIG) {
      throw invalidUpload("corrupt zip archive: zip64 end of central directory record not found");
    }
    disks |= buf.readUInt32LE(at + 16) | buf.readUInt32LE(at + 20);
    dir = {
      entryCount: u64(buf, at + 32, "entry count"),
      size: u64(buf, at + 40, "central directory size"),
      offset: u64(buf, at + 48, "central directory offset"),
    };
  }
  if (disks !== 0) throw invalidUpload("multi-volume zip archives are not supported");
  if (dir.offset + dir.size > eocd) {
    throw invalidUpload("truncated zip archive: central directory extends past the end of the file");
  }
  return dir;
}

/** The end records of an archive whose tail is `tail` (its last 64 KiB or more suffice). */
export function locateDirectory(tail: ZipTail, fileSize: number): Directory {
  if (fileSize < 22) {
    throw tail.buf.length >= 4 && tail.buf.readUInt32LE(0) === 0x04034b50
      ? invalidUpload("truncated zip archive: end of central directory record not found")
      : invalidUpload("not a zip archive (expected an .npz file written by np.savez or np.savez_compressed)");
  }
  return readDirectory(tail, findEocd(tail));
}

// Zip64 extra field: only the fields whose 32/16-bit slot is saturated are present, in this order.
function applyZip64(entry: ZipEntry, extra: Buffer): void {
  for (let p = 0; p + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(p);
    const len = extra.readUInt16LE(p + 2);
    if (id === 0x0001) {
      let q = p + 4;
      const end = q + len;
      const take = (what: string): number => {
        if (q + 8 > end || end > extra.length) throw invalidUpload(`corrupt zip archive: zip64 field for ${what} missing`);
        const v = u64(extra, q, what);
        q += 8;
        return v;
      };
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = take("uncompressed size");
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = take("compressed size");
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = take("local header offset");
      return;
    }
    p += 4 + len;
  }
}

export function listZipEntries(buf: Buffer): ZipEntry[] {
  const tail = { buf, base: 0 };
  return listZipEntriesInTail(tail, locateDirectory(tail, buf.length));
}

/** The entries of the directory `dir`, which must lie inside `tail`. */
export function listZipEntriesInTail({ buf, base }: ZipTail, dir: Directory): ZipEntry[] {
  const entries: ZipEntry[] = [];
  const end = dir.offset + dir.size - base;
  let p = dir.offset - base;
  if (p < 0) throw new RangeError("the central directory lies outside the bytes given");
  for (let i = 0; i < dir.entryCount; i++) {
    if (p + 46 > end || buf.readUInt32LE(p) !== CENTRAL_SIG) {
      throw invalidUpload(`corrupt zip archive: central directory entry ${i} is malformed`);
    }
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    if (p + 46 + nameLen + extraLen + commentLen > end) {
      throw invalidUpload(`corrupt zip archive: central directory entry ${i} overruns the directory`);
    }
    const flags = buf.readUInt16LE(p + 8);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString(flags & 0x800 ? "utf8" : "latin1");
    const entry: ZipEntry = {
      name,
      flags,
      method: buf.readUInt16LE(p + 10),
      crc32: buf.readUInt32LE(p + 16),
      compressedSize: buf.readUInt32LE(p + 20),
      uncompressedSize: buf.readUInt32LE(p + 24),
      localHeaderOffset: buf.readUInt32LE(p + 42),
    };
    applyZip64(entry, buf.subarray(p + 46 + nameLen, p + 46 + nameLen + extraLen));
    assertSafeEntryName(name);
    // Bit 0: traditional encryption; bit 6: strong encryption; method 99: WinZip AES.
    if (flags & 0x41 || entry.method === 99) throw invalidUpload(`zip entry ${JSON.stringify(name)} is encrypted`);
    if (entry.method !== 0 && entry.method !== 8) {
      throw invalidUpload(
        `zip entry ${JSON.stringify(name)} uses compression method ${entry.method}; only stored (0) and deflate (8) are supported`,
      );
    }
    entries.push(entry);
    p += 46 + nameLen + extraLen + commentLen;
  }
  assertUniqueEntryNames(entries.map((e) => e.name));
  return entries;
}
