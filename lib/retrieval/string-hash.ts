// A fixed, platform-independent string hash for feature hashing. FNV-1a is specified bit for
// bit (offset basis 2166136261, prime 16777619) and hashes the UTF-8 bytes, so the same
// string maps to the same bucket on every machine and in any other language.

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const encoder = new TextEncoder();

/** 32-bit FNV-1a of the UTF-8 encoding of `text`, as an unsigned integer. */
export function fnv1a32(text: string): number {
  let h = FNV_OFFSET;
  for (const byte of encoder.encode(text)) {
    h ^= byte;
    h = Math.imul(h, FNV_PRIME);
  }
  return h >>> 0;
}

// FNV-1a's low bits are weakly mixed for short inputs; MurmurHash3's finaliser spreads every
// input bit over the whole word so that bucket (low bits) and sign (a high bit) are independent.
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Bucket in [0, buckets) (low bits) and sign ±1 (top bit) of a feature; `buckets` must be a power of two. */
export function hashFeature(feature: string, buckets: number): { bucket: number; sign: 1 | -1 } {
  const h = fmix32(fnv1a32(feature));
  return { bucket: h & (buckets - 1), sign: h >>> 31 ? -1 : 1 };
}
