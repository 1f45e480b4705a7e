import { FileProblem } from "./check-report";
import { readRange, u16, u32, u64 } from "./read-blob";

// The zip's central directory, read from the end of the file (the authoritative list of entries;
// np.savez writes zip64 local headers, so their sizes are not to be trusted).
export interface ZipEntryInfo {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIG = 0x06054b50;
const EOCD64_LOCATOR_SIG = 0x07064b50;
const EOCD64_SIG = 0x06064b50;
const CENTRAL_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;
const MAX_COMMENT = 0xffff;

export async function readZipDirectory(file: Blob): Promise<ZipEntryInfo[]> {
  const tailStart = Math.max(0, file.size - (22 + MAX_COMMENT + 20));
  const tail = await readRange(file, tailStart, file.size - tailStart);
  const eocd = findEocd(tail);
  if (eocd < 0) throw new FileProblem(await notAZip(file));
  let count = u16(tail, eocd + 10);
  let size = u32(tail, eocd + 12);
  let offset = u32(tail, eocd + 16);
  const loc = eocd - 20;
  if (loc >= 0 && u32(tail, loc) === EOCD64_LOCATOR_SIG) {
    const at = u64(tail, loc + 8);
    const rec = await readRange(file, at, 56);
    if (rec.length < 56 || u32(rec, 0) !== EOCD64_SIG) throw new FileProblem("corrupt zip archive: the zip64 end record is missing");
    count = u64(rec, 32);
    size = u64(rec, 40);
    offset = u64(rec, 48);
  }
  if (!Number.isSafeInteger(offset + size) || offset + size > tailStart + eocd) {
    throw new FileProblem("truncated zip archive: the central directory extends past the end of the file (was the upload cut short?)");
  }
  const dir = await readRange(file, offset, size);
  const entries: ZipEntryInfo[] = [];
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > dir.length || u32(dir, p) !== CENTRAL_SIG) throw new FileProblem(`corrupt zip archive: central directory entry ${i} is malformed`);
    const nameLen = u16(dir, p + 28);
    const extraLen = u16(dir, p + 30);
    const commentLen = u16(dir, p + 32);
    const flags = u16(dir, p + 8);
    const nameBytes = dir.subarray(p + 46, p + 46 + nameLen);
    const entry: ZipEntryInfo = {
      name: new TextDecoder(flags & 0x800 ? "utf-8" : "latin1").decode(nameBytes),
      flags,
      method: u16(dir, p + 10),
      compressedSize: u32(dir, p + 20),
      uncompressedSize: u32(dir, p + 24),
      localHeaderOffset: u32(dir, p + 42),
    };
    applyZip64(entry, dir.subarray(p + 46 + nameLen, p + 46 + nameLen + extraLen));
    entries.push(entry);
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

// Where an entry's (possibly compressed) data starts: after its local header.
export async function entryDataOffset(file: Blob, entry: ZipEntryInfo): Promise<number> {
  const h = await readRange(file, entry.localHeaderOffset, 30);
  if (h.length < 30 || u32(h, 0) !== LOCAL_SIG) throw new FileProblem(`corrupt zip archive: bad local header for ${JSON.stringify(entry.name)}`);
  const start = entry.localHeaderOffset + 30 + u16(h, 26) + u16(h, 28);
  if (start + entry.compressedSize > file.size) {
    throw new FileProblem(`truncated zip archive: the data of ${JSON.stringify(entry.name)} extends past the end of the file`);
  }
  return start;
}

function findEocd(tail: Uint8Array): number {
  for (let at = tail.length - 22; at >= 0; at--) {
    // The comment length must reach exactly to the end, or this is a stray signature in the data.
    if (u32(tail, at) === EOCD_SIG && at + 22 + u16(tail, at + 20) === tail.length) return at;
  }
  return -1;
}

async function notAZip(file: Blob): Promise<string> {
  const head = await readRange(file, 0, 6);
  if (head.length >= 4 && u32(head, 0) === LOCAL_SIG) return "truncated zip archive: its end (the central directory) is missing — was the file cut short?";
  if (head.length === 6 && head[0] === 0x93 && new TextDecoder("latin1").decode(head.subarray(1)) === "NUMPY") {
    return "this is a single .npy array, not an .npz: save the four arrays together with np.savez";
  }
  return "not a zip archive: expected an .npz written by np.savez or np.savez_compressed";
}

// Zip64 extra field: only the fields whose 32-bit slot is saturated are present, in this order.
function applyZip64(entry: ZipEntryInfo, extra: Uint8Array): void {
  for (let p = 0; p + 4 <= extra.length; ) {
    const id = u16(extra, p);
    const len = u16(extra, p + 2);
    if (id === 0x0001) {
      let q = p + 4;
      const take = () => {
        const v = q + 8 <= p + 4 + len ? u64(extra, q) : Number.NaN;
        q += 8;
        return v;
      };
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = take();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = take();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = take();
      if ([entry.uncompressedSize, entry.compressedSize, entry.localHeaderOffset].some(Number.isNaN)) {
        throw new FileProblem(`corrupt zip archive: the zip64 sizes of ${JSON.stringify(entry.name)} are missing`);
      }
      return;
    }
    p += 4 + len;
  }
}
