// Generates, at run time, a tiny WebAssembly SIMD module that computes blocks of dot products.
// Plain JS tops out near 1.7 G multiply-adds/s here; f64x2 lanes plus register tiling reach
// ~7 G/s, which is what brings a 939 x 4694 x 3072 ranking down to about two seconds.
//
// Exactness: each lane holds ONE (query, corpus row) pair, and its sum runs over t = 0..d-1
// in order with a separate f64 multiply and add (no FMA exists in this instruction set). Every
// score is therefore bit-identical to the naive loop `s += q[t] * c[t]` in JS.
//
// Memory layout expected by `k(qPtr, cPtr, outPtr, queryGroups, pairGroups, outStride)`:
//   queries: row-major f64, row i at qPtr + 8*d*i
//   corpus:  rows interleaved in pairs, value t of row 2p+l at cPtr + 16*d*p + 16*t + 8*l
//   out:     score of (query i, corpus row j) at outPtr + i*outStride + 8*j
// It handles QUERY_TILE queries x 2*PAIR_TILE corpus rows per step; callers pad to multiples.
// The loop itself is wasm-tiled-kernel.ts, shared with the float32 kernel.
import { buildTiledKernel, F64X2 } from "./wasm-tiled-kernel";

export const QUERY_TILE = 4;
export const PAIR_TILE = 2;
export const CORPUS_TILE = 2 * PAIR_TILE;

export type DotKernel = (
  qPtr: number, cPtr: number, outPtr: number, queryGroups: number, pairGroups: number, outStride: number,
) => void;

/** The module bytes for vectors of length `dims` (baked in so loads use immediate offsets). */
export function buildDotModule(dims: number): Uint8Array<ArrayBuffer> {
  return buildTiledKernel(F64X2, dims, QUERY_TILE, PAIR_TILE);
}

const modules = new Map<number, WebAssembly.Module | null>();

/** A kernel bound to `memory`, or null when this runtime lacks WebAssembly SIMD. */
export function instantiateDotKernel(dims: number, memory: WebAssembly.Memory): DotKernel | null {
  let mod = modules.get(dims);
  if (mod === undefined) {
    const bytes = buildDotModule(dims);
    mod = typeof WebAssembly === "object" && WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
    modules.set(dims, mod);
  }
  if (mod === null) return null;
  const instance = new WebAssembly.Instance(mod, { env: { memory } });
  return instance.exports.k as DotKernel;
}
