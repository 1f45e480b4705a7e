import { crc32 } from "./crc32";

// A minimal stored-only zip writer (what np.savez produces). Timestamps are fixed at
// 1980-01-01 so the same arrays always give the same bytes. Each entry's data is padded to a
// 64-byte boundary (zipalign-style extra field), so with numpy's 64-byte-aligned .npy headers
// the arrays can be viewed in place by readers instead of copied.
export interface ZipInputEntry {
  name: string;
  chunks: Uint8Array[];
}

const DOS_DATE_1980_01_01 = (0 << 9) | (1 << 5) | 1;
const LIMIT_32 = 0xffffffff;
const ALIGN = 64;
const ZIPALIGN_EXTRA_ID = 0xd935;

function alignmentExtra(headerEnd: number): Buffer {
  let pad = (ALIGN - (headerEnd % ALIGN)) % ALIGN;
  if (pad > 0 && pad < 4) pad += ALIGN; // an extra field needs at least its 4-byte header
  const extra = Buffer.alloc(pad);
  if (pad > 0) {
    extra.writeUInt16LE(ZIPALIGN_EXTRA_ID, 0);
    extra.writeUInt16LE(pad - 4, 2);
  }
  return extra;
}

function crcOf(chunks: Uint8Array[]): number {
  if (chunks.length === 1) return crc32(chunks[0]);
  return crc32(Buffer.concat(chunks));
}

export function writeStoredZip(entries: ZipInputEntry[]): Buffer {
  const out: Uint8Array[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const size = entry.chunks.reduce((n, c) => n + c.length, 0);
    if (offset + size > LIMIT_32 - 30 - ALIGN - name.length) {
      throw new RangeError("npz larger than 4 GiB needs zip64, which this writer does not implement");
    }
    const crc = crcOf(entry.chunks);
    const extra = alignmentExtra(offset + 30 + name.length);
    const flags = /^[\x20-\x7e]*$/.test(entry.name) ? 0 : 0x800; // bit 11: UTF-8 name
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(0, 8); // method: stored
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(DOS_DATE_1980_01_01, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(size, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(extra.length, 28);
    // The central record repeats the local fields (from "version needed" on) plus its offset.
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    local.copy(cd, 6, 4, 28); // the central record carries no extra field
    cd.writeUInt32LE(offset, 42);
    central.push(cd, name);
    out.push(local, name, extra, ...entry.chunks);
    offset += 30 + name.length + extra.length + size;
  }
  const cdSize = central.reduce((n, c) => n + c.length, 0);
  if (entries.length > 0xffff || offset + cdSize > LIMIT_32) throw new RangeError("npz too large for a non-zip64 archive");
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cdSize, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, ...central, eocd]);
}
