// How often each query is drawn in each bootstrap replicate, as one flat table
// (counts[r * n + i]). Building it costs n draws per replicate, so the most recent tables are
// kept: every statistic of a submission, and every system of a benchmark version, uses the
// same (n, replicates, seed) and thus the same table.
import { Xoshiro128 } from "./prng";

const cache = new Map<string, Uint16Array | Uint32Array>();
const CACHE_ENTRIES = 2;

export function resampleCounts(n: number, replicates: number, seed: number): Uint16Array | Uint32Array {
  const key = `${n}:${replicates}:${seed}`;
  const hit = cache.get(key);
  if (hit) return hit;
  // A count never exceeds n, so 16 bits suffice up to 65,535 queries.
  const counts = n < 0x10000 ? new Uint16Array(n * replicates) : new Uint32Array(n * replicates);
  const rng = new Xoshiro128(seed);
  // rng.nextBelow(n) inlined (same rejection rule, same values): this loop runs n x replicates times.
  if (!Number.isInteger(n) || n < 1 || n > 0x100000000) throw new RangeError(`n must be in [1, 2^32], got ${n}`);
  const limit = 0x100000000 - (0x100000000 % n);
  for (let r = 0, base = 0; r < replicates; r++, base += n) {
    for (let i = 0; i < n; i++) {
      let x = rng.nextUint32();
      while (x >= limit) x = rng.nextUint32();
      counts[base + (x % n)]++;
    }
  }
  if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, counts);
  return counts;
}
