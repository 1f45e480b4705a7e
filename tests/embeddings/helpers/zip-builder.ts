import zlib from "node:zlib";

// A deliberately permissive zip writer for tests: it writes whatever it is told (lying sizes,
// odd names, encryption flags, zip64 records), so the reader's refusals can be exercised.
export interface TestEntry {
  name: string;
  data: Buffer;
  method?: number; // 0 stored, 8 deflate (compressed here), anything else written raw
  flags?: number;
  declaredSize?: number; // uncompressed size claimed in the headers
  crc?: number;
}

export interface BuildOptions {
  zip64?: boolean; // saturate 32-bit fields and write zip64 extra/end records
}

export function crc32(data: Buffer): number {
  return zlib.crc32(data) >>> 0;
}

/**
 * The zip64 end of central directory record and its locator, written right after a central
 * directory of `entryCount` entries, `size` bytes long, at file offset `offset`.
 */
export function zip64EndRecords(entryCount: number, size: number, offset: number): [Buffer, Buffer] {
  const rec = Buffer.alloc(56);
  rec.writeUInt32LE(0x06064b50, 0);
  rec.writeBigUInt64LE(44n, 4);
  rec.writeUInt16LE(45, 12);
  rec.writeUInt16LE(45, 14);
  rec.writeBigUInt64LE(BigInt(entryCount), 24);
  rec.writeBigUInt64LE(BigInt(entryCount), 32);
  rec.writeBigUInt64LE(BigInt(size), 40);
  rec.writeBigUInt64LE(BigInt(offset), 48);
  const loc = Buffer.alloc(20);
  loc.writeUInt32LE(0x07064b50, 0);
  loc.writeBigUInt64LE(BigInt(offset + size), 8);
  loc.writeUInt32LE(1, 16);
  return [rec, loc];
}

export function buildZip(entries: TestEntry[], opts: BuildOptions = {}): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const method = e.method ?? 0;
    const body = method === 8 ? zlib.deflateRawSync(e.data) : e.data;
    const name = Buffer.from(e.name, "utf8");
    const size = e.declaredSize ?? e.data.length;
    const crc = e.crc ?? crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(opts.zip64 ? 45 : 20, 4);
    local.writeUInt16LE(e.flags ?? 0x800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    parts.push(local, name, body);

    const extra = Buffer.alloc(opts.zip64 ? 28 : 0);
    if (opts.zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(24, 2);
      extra.writeBigUInt64LE(BigInt(size), 4);
      extra.writeBigUInt64LE(BigInt(body.length), 12);
      extra.writeBigUInt64LE(BigInt(offset), 20);
    }
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(opts.zip64 ? 45 : 20, 4);
    cd.writeUInt16LE(opts.zip64 ? 45 : 20, 6);
    cd.writeUInt16LE(e.flags ?? 0x800, 8);
    cd.writeUInt16LE(method, 10);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(opts.zip64 ? 0xffffffff : body.length, 20);
    cd.writeUInt32LE(opts.zip64 ? 0xffffffff : size, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt16LE(extra.length, 30);
    cd.writeUInt32LE(opts.zip64 ? 0xffffffff : offset, 42);
    central.push(cd, name, extra);
    offset += local.length + name.length + body.length;
  }
  const cdBuf = Buffer.concat(central);
  const tail: Buffer[] = [];
  if (opts.zip64) tail.push(...zip64EndRecords(entries.length, cdBuf.length, offset));
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(opts.zip64 ? 0xffff : entries.length, 8);
  eocd.writeUInt16LE(opts.zip64 ? 0xffff : entries.length, 10);
  eocd.writeUInt32LE(opts.zip64 ? 0xffffffff : cdBuf.length, 12);
  eocd.writeUInt32LE(opts.zip64 ? 0xffffffff : offset, 16);
  return Buffer.concat([...parts, cdBuf, ...tail, eocd]);
}
