// The BLAS scorer's float32 score buffer (up to 24 MiB, rank-paths.ts), kept for a while after a
// ranking so that the next one in the same process (a worker scores submission after
// submission) writes into pages it already has, instead of the allocator handing out fresh
// ones to be zeroed and faulted in and the garbage collector running on the old ones' account.
// A kept buffer is dropped after KEEP_MS without use, or when a ranking wants a larger one.
const KEEP_MS = 30_000;

let kept: Float32Array | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

/** A buffer of `length` floats, its contents undefined (the scorer writes before it reads). */
export function takeScoreBuffer(length: number): Float32Array {
  const buffer = kept;
  kept = null;
  if (buffer && buffer.length >= length) return buffer.length === length ? buffer : buffer.subarray(0, length);
  return new Float32Array(length);
}

/** Gives back a buffer from takeScoreBuffer once nothing reads it any more. */
export function returnScoreBuffer(buffer: Float32Array): void {
  const whole = buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength ? buffer : new Float32Array(buffer.buffer);
  if (kept && kept.length >= whole.length) return;
  kept = whole;
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    kept = null;
    timer = null;
  }, KEEP_MS);
  timer.unref?.();
}
