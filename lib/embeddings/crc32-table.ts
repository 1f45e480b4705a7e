// CRC-32 (zip's polynomial) in plain JavaScript, eight bytes a step ("slicing-by-8", about half
// the speed of zlib's native one): the browser's; Node uses zlib's (crc32.ts).
let tables: Uint32Array | undefined;

function build(): Uint32Array {
  const t = new Uint32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  // Table k advances a byte's CRC by k further zero bytes.
  for (let k = 1; k < 8; k++) {
    for (let n = 0; n < 256; n++) t[k * 256 + n] = (t[(k - 1) * 256 + n] >>> 8) ^ t[t[(k - 1) * 256 + n] & 0xff];
  }
  return t;
}

export function crc32Table(data: Uint8Array, initial = 0): number {
  const t = (tables ??= build());
  let c = ~initial;
  let i = 0;
  for (const end = data.length - 7; i < end; i += 8) {
    c ^= data[i] | (data[i + 1] << 8) | (data[i + 2] << 16) | (data[i + 3] << 24);
    c =
      t[1792 + (c & 0xff)] ^ t[1536 + ((c >>> 8) & 0xff)] ^ t[1280 + ((c >>> 16) & 0xff)] ^ t[1024 + (c >>> 24)] ^
      t[768 + data[i + 4]] ^ t[512 + data[i + 5]] ^ t[256 + data[i + 6]] ^ t[data[i + 7]];
  }
  for (; i < data.length; i++) c = t[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}
