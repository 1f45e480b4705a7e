// What reading a zip needs from the platform: raw deflate inflation and CRC-32. web-codec.ts
// (DecompressionStream and a table CRC) runs in browsers and in Node alike; node-codec.ts uses
// Node's zlib, which is faster, for the server and the scoring job. Outputs are identical; only
// the wording a platform gives a corrupt deflate stream differs.
export interface ZipCodec {
  /** Inflates raw deflate data as its chunks arrive; an output chunk is valid until the next is asked for. */
  inflateRaw(compressed: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array>;
  /** CRC-32 of `data`, continuing from `initial` (the CRC of the bytes before it). */
  crc32(data: Uint8Array, initial: number): number;
}
