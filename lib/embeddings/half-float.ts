// IEEE 754 binary16 → number. Every half value is exactly representable as a float32, so a
// 64K-entry lookup table (built on first use) decodes large float16 matrices quickly and exactly.
let table: Float32Array | undefined;

export function halfToNumber(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exp = (bits >> 10) & 0x1f;
  const frac = bits & 0x3ff;
  if (exp === 0) return sign * frac * 2 ** -24; // zero and subnormals
  if (exp === 0x1f) return frac ? NaN : sign * Infinity;
  return sign * (1024 + frac) * 2 ** (exp - 25);
}

/** The float32 value of every binary16 bit pattern, indexed by the pattern. */
export function halfTable(): Float32Array {
  if (!table) {
    table = new Float32Array(65536);
    for (let b = 0; b < 65536; b++) table[b] = halfToNumber(b);
  }
  return table;
}
