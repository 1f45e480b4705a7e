import zlib from "node:zlib";

// zlib.crc32 is native but only exists from Node 20.15; the table fallback keeps older 20.x working.
let table: Uint32Array | undefined;

function buildTable(): Uint32Array {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
}

/** CRC-32 of `data`; pass the CRC of the bytes before it as `initial` to continue a running one. */
export function crc32(data: Uint8Array, initial = 0): number {
  const native = (zlib as { crc32?: (d: Uint8Array, value?: number) => number }).crc32;
  if (typeof native === "function") return native(data, initial) >>> 0;
  table ??= buildTable();
  let c = (initial ^ 0xffffffff) >>> 0;
  for (let i = 0; i < data.length; i++) c = table[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
