import fs from "node:fs/promises";
import { crc32 } from "@/lib/embeddings/crc32";
import { zip64EndRecords } from "../helpers/zip-builder";

// Writes an .npz to disk without holding it in memory, as np.savez does for large arrays:
// stored entries, zip64 records (so entries and offsets may pass 4 GiB). Data comes block by
// block from generators; each entry's CRC is patched into its local header once written.
// Used by the upload tests and bench/upload-large.bench.ts.
export interface LargeNpyArray {
  name: string;
  descr: string;
  shape: number[];
  /** The data section, in order, in blocks of any size. */
  blocks: () => Iterable<Uint8Array>;
}

export function npyHeader(descr: string, shape: readonly number[]): Buffer {
  const dims = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(", ")})`;
  const dict = `{'descr': '${descr}', 'fortran_order': False, 'shape': ${dims}, }`;
  const text = dict + " ".repeat(64 - ((10 + dict.length + 1) % 64)) + "\n";
  const out = Buffer.alloc(10 + text.length);
  out.write("\x93NUMPY\x01\x00", 0, "latin1");
  out.writeUInt16LE(text.length, 8);
  out.write(text, 10, "latin1");
  return out;
}

export function unicodeBlock(ids: readonly string[], chars: number): Buffer {
  const out = Buffer.alloc(ids.length * chars * 4);
  ids.forEach((id, i) => Array.from(id).forEach((ch, c) => out.writeUInt32LE(ch.codePointAt(0)!, (i * chars + c) * 4)));
  return out;
}

export async function writeLargeNpz(path: string, arrays: LargeNpyArray[]): Promise<number> {
  const fh = await fs.open(path, "w");
  const central: Buffer[] = [];
  let offset = 0;
  const write = async (b: Uint8Array) => {
    await fh.write(b, 0, b.length, offset);
    offset += b.length;
  };
  try {
    for (const a of arrays) {
      const name = Buffer.from(`${a.name}.npy`);
      const start = offset;
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(45, 4);
      local.writeUInt32LE(0xffffffff, 18);
      local.writeUInt32LE(0xffffffff, 22);
      local.writeUInt16LE(name.length, 26);
      local.writeUInt16LE(20, 28);
      const extra = Buffer.alloc(20);
      extra.writeUInt16LE(1, 0);
      extra.writeUInt16LE(16, 2);
      await write(Buffer.concat([local, name, extra]));
      const header = npyHeader(a.descr, a.shape);
      let crc = crc32(header);
      let size = header.length;
      await write(header);
      for (const block of a.blocks()) {
        crc = crc32(block, crc);
        size += block.length;
        await write(block);
      }
      // Patch the CRC and the zip64 sizes into the local header.
      const patch = Buffer.alloc(4);
      patch.writeUInt32LE(crc, 0);
      await fh.write(patch, 0, 4, start + 14);
      const sizes = Buffer.alloc(16);
      sizes.writeBigUInt64LE(BigInt(size), 0);
      sizes.writeBigUInt64LE(BigInt(size), 8);
      await fh.write(sizes, 0, 16, start + 30 + name.length + 4);

      const cd = Buffer.alloc(46);
      cd.writeUInt32LE(0x02014b50, 0);
      cd.writeUInt16LE(45, 4);
      cd.writeUInt16LE(45, 6);
      cd.writeUInt32LE(crc, 16);
      cd.writeUInt32LE(0xffffffff, 20);
      cd.writeUInt32LE(0xffffffff, 24);
      cd.writeUInt16LE(name.length, 28);
      cd.writeUInt16LE(28, 30);
      cd.writeUInt32LE(0xffffffff, 42);
      const cdExtra = Buffer.alloc(28);
      cdExtra.writeUInt16LE(1, 0);
      cdExtra.writeUInt16LE(24, 2);
      cdExtra.writeBigUInt64LE(BigInt(size), 4);
      cdExtra.writeBigUInt64LE(BigInt(size), 12);
      cdExtra.writeBigUInt64LE(BigInt(start), 20);
      central.push(cd, name, cdExtra);
    }
    const cdBytes = Buffer.concat(central);
    const cdOffset = offset;
    await write(cdBytes);
    const [rec, loc] = zip64EndRecords(arrays.length, cdBytes.length, cdOffset);
    const eocd = Buffer.alloc(22);
    eocd.writeUInt32LE(0x06054b50, 0);
    eocd.writeUInt16LE(0xffff, 8);
    eocd.writeUInt16LE(0xffff, 10);
    eocd.writeUInt32LE(0xffffffff, 12);
    eocd.writeUInt32LE(0xffffffff, 16);
    await write(Buffer.concat([rec, loc, eocd]));
    return offset;
  } finally {
    await fh.close();
  }
}

/**
 * Deterministic pseudo-random float32 rows (never all zero), `rowsPerBlock` rows per block.
 * Every block is a view of one reused buffer, valid until the next is asked for.
 */
export function* float32Rows(rows: number, dims: number, seed: number, rowsPerBlock = 256): Generator<Uint8Array> {
  let s = seed >>> 0;
  const block = new Float32Array(rowsPerBlock * dims);
  for (let r0 = 0; r0 < rows; r0 += rowsPerBlock) {
    const n = Math.min(rowsPerBlock, rows - r0);
    for (let i = 0; i < n * dims; i++) {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      block[i] = (s / 2 ** 32) * 2 - 1 || 0.5;
    }
    yield new Uint8Array(block.buffer, 0, n * dims * 4);
  }
}
