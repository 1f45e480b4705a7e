// Little-endian fields and text from raw bytes, without Node's Buffer: the submit page runs
// the same reader in the browser.
export function u16(b: Uint8Array, at: number): number {
  return b[at] | (b[at + 1] << 8);
}

export function u32(b: Uint8Array, at: number): number {
  return (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
}

/** A 64-bit field, or undefined when it is past 2^53 - 1 (no real file is that large). */
export function u64(b: Uint8Array, at: number): number | undefined {
  const hi = u32(b, at + 4);
  return hi < 2 ** 21 ? hi * 2 ** 32 + u32(b, at) : undefined;
}

/** ISO-8859-1: each byte is the code point of its value (TextDecoder's "latin1" is windows-1252). */
export function latin1(b: Uint8Array): string {
  let s = "";
  for (let i = 0; i < b.length; i += 8192) s += String.fromCharCode(...b.subarray(i, i + 8192));
  return s;
}

// ignoreBOM keeps a leading U+FEFF in the text, as Node's Buffer.toString("utf8") does.
const UTF8 = new TextDecoder("utf-8", { ignoreBOM: true });

export function utf8(b: Uint8Array): string {
  return UTF8.decode(b);
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
