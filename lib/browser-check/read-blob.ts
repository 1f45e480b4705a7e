// Reading parts of a File without loading the rest: Blob.slice is lazy, so a 500 MB upload
// costs only the bytes actually looked at. Works the same in browsers and in Node (vitest).
export async function readRange(file: Blob, offset: number, length: number): Promise<Uint8Array> {
  const end = Math.min(file.size, offset + length);
  if (offset >= end) return new Uint8Array(0);
  return new Uint8Array(await file.slice(offset, end).arrayBuffer());
}

export function u16(b: Uint8Array, at: number): number {
  return b[at] | (b[at + 1] << 8);
}

export function u32(b: Uint8Array, at: number): number {
  return (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
}

// Zip64 fields are 64-bit; anything past 2^53 cannot be a real file a browser can hold.
export function u64(b: Uint8Array, at: number): number {
  const lo = u32(b, at);
  const hi = u32(b, at + 4);
  const v = hi * 2 ** 32 + lo;
  return Number.isSafeInteger(v) ? v : Number.NaN;
}
