import type { ByteSource } from "./byte-source";
import { latin1, u16, u32, u64, utf8 } from "./bytes";
import { invalidUpload } from "./invalid-upload";
import { locateDirectory, TAIL_BYTES, type Directory } from "./zip-end-records";
import { assertSafeEntryName, assertUniqueEntryNames } from "./zip-entry-name";

// An archive's entries, from its central directory (the authoritative list: local headers may
// carry zeros when a data descriptor is used), read from the end of the source. Refuses any
// entry we would not extract faithfully.
export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const CENTRAL_SIG = 0x02014b50;
const HEAD_BYTES = 8;
// An .npz directory holds a handful of entries; a huge one is a crafted archive, not numpy's.
const MAX_DIRECTORY_BYTES = 16 * 1024 * 1024;

export async function readZipDirectory(source: ByteSource): Promise<ZipEntry[]> {
  const tailStart = Math.max(0, source.size - TAIL_BYTES);
  const tail = { buf: await source.read(tailStart, source.size - tailStart), base: tailStart, head: await source.read(0, HEAD_BYTES) };
  const dir = locateDirectory(tail, source.size);
  if (dir.size > MAX_DIRECTORY_BYTES) {
    throw invalidUpload(`zip archive has a ${dir.size}-byte central directory; an .npz needs a few hundred bytes`);
  }
  // The directory usually lies inside the tail already; otherwise read it and what follows.
  if (dir.offset >= tailStart) return listEntries(tail.buf.subarray(dir.offset - tailStart), dir);
  return listEntries(await source.read(dir.offset, dir.size), dir);
}

// Zip64 extra field: only the fields whose 32/16-bit slot is saturated are present, in this order.
function applyZip64(entry: ZipEntry, extra: Uint8Array): void {
  for (let p = 0; p + 4 <= extra.length; ) {
    const id = u16(extra, p);
    const len = u16(extra, p + 2);
    if (id === 0x0001) {
      let q = p + 4;
      const end = q + len;
      const take = (what: string): number => {
        if (q + 8 > end || end > extra.length) throw invalidUpload(`corrupt zip archive: zip64 field for ${what} missing`);
        const v = u64(extra, q);
        if (v === undefined) throw invalidUpload(`corrupt zip archive: ${what} is out of range`);
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

/** The entries of the directory `dir`, whose bytes start at `buf[0]`. */
function listEntries(buf: Uint8Array, dir: Directory): ZipEntry[] {
  const entries: ZipEntry[] = [];
  const end = Math.min(dir.size, buf.length);
  let p = 0;
  for (let i = 0; i < dir.entryCount; i++) {
    if (p + 46 > end || u32(buf, p) !== CENTRAL_SIG) {
      throw invalidUpload(`corrupt zip archive: central directory entry ${i} is malformed`);
    }
    const nameLen = u16(buf, p + 28);
    const extraLen = u16(buf, p + 30);
    const commentLen = u16(buf, p + 32);
    if (p + 46 + nameLen + extraLen + commentLen > end) {
      throw invalidUpload(`corrupt zip archive: central directory entry ${i} overruns the directory`);
    }
    const flags = u16(buf, p + 8);
    const nameBytes = buf.subarray(p + 46, p + 46 + nameLen);
    const name = flags & 0x800 ? utf8(nameBytes) : latin1(nameBytes);
    const entry: ZipEntry = {
      name,
      flags,
      method: u16(buf, p + 10),
      crc32: u32(buf, p + 16),
      compressedSize: u32(buf, p + 20),
      uncompressedSize: u32(buf, p + 24),
      localHeaderOffset: u32(buf, p + 42),
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
