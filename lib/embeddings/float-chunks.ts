import { halfTable } from "./half-float";

// Decodes the data section of a float .npy as it streams in: chunks may split an element, sit
// at any byte alignment, and be big-endian or float16. Whole elements are copied into an
// aligned scratch block (byte-swapped if need be, float16 widened to float32) and handed on
// with the flat index of the first one. Values are exact: nothing is narrowed. A reader that
// keeps float16 at 16 bits asks for `halves: "bits"` and gets each value's IEEE binary16 bit
// pattern (host order) in a Uint16Array instead (row-reader.ts decodes it row by row).
const HOST_LE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
export type FloatBlock = Float32Array | Float64Array;
/** float16 values as their bit patterns (only with `halves: "bits"`). */
export type HalfBitsBlock = Uint16Array;

function swapBytes(b: Uint8Array, width: number): void {
  for (let i = 0; i < b.length; i += width) {
    for (let lo = i, hi = i + width - 1; lo < hi; lo++, hi--) {
      const t = b[lo];
      b[lo] = b[hi];
      b[hi] = t;
    }
  }
}

export class FloatChunkDecoder {
  private readonly carry: Uint8Array;
  private carried = 0;
  private index = 0;
  private scratch: ArrayBuffer = new ArrayBuffer(0);

  constructor(
    private readonly itemSize: 2 | 4 | 8,
    private readonly littleEndian: boolean,
    private readonly onBlock: (values: FloatBlock | HalfBitsBlock, firstIndex: number) => void,
    private readonly halves: "widen" | "bits" = "widen",
  ) {
    this.carry = new Uint8Array(itemSize);
  }

  push(chunk: Uint8Array): void {
    let p = 0;
    if (this.carried > 0) {
      const take = Math.min(this.itemSize - this.carried, chunk.length);
      this.carry.set(chunk.subarray(0, take), this.carried);
      this.carried += take;
      p = take;
      if (this.carried < this.itemSize) return;
      this.emit(this.carry, 1);
      this.carried = 0;
    }
    const whole = Math.floor((chunk.length - p) / this.itemSize);
    if (whole > 0) this.emit(chunk.subarray(p, p + whole * this.itemSize), whole);
    p += whole * this.itemSize;
    if (p < chunk.length) {
      this.carry.set(chunk.subarray(p));
      this.carried = chunk.length - p;
    }
  }

  private emit(bytes: Uint8Array, count: number): void {
    const first = this.index;
    this.index += count;
    if (this.itemSize === 2) {
      const [lo, hi] = this.littleEndian ? [0, 1] : [1, 0];
      if (this.halves === "bits") {
        const out = new Uint16Array(this.block(count * 2), 0, count);
        for (let i = 0, q = 0; i < count; i++, q += 2) out[i] = bytes[q + lo] | (bytes[q + hi] << 8);
        return this.onBlock(out, first);
      }
      const t = halfTable();
      const out = new Float32Array(this.block(count * 4), 0, count);
      for (let i = 0, q = 0; i < count; i++, q += 2) out[i] = t[bytes[q + lo] | (bytes[q + hi] << 8)];
      return this.onBlock(out, first);
    }
    const aligned = new Uint8Array(this.block(bytes.length), 0, bytes.length);
    aligned.set(bytes);
    if (this.littleEndian !== HOST_LE) swapBytes(aligned, this.itemSize);
    this.onBlock(this.itemSize === 4 ? new Float32Array(aligned.buffer, 0, count) : new Float64Array(aligned.buffer, 0, count), first);
  }

  // One scratch buffer, grown to the largest block seen; blocks are only valid during onBlock.
  private block(bytes: number): ArrayBuffer {
    if (this.scratch.byteLength < bytes) this.scratch = new ArrayBuffer(bytes);
    return this.scratch;
  }
}
