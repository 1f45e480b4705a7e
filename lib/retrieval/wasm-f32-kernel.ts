// A WebAssembly SIMD kernel for float32 dot products, four corpus rows per f32x4 lane group:
// twice the pairs per instruction of the float64 kernel. Its scores are approximate; they
// only decide which pairs the exact float64 scorer must look at (see rank-rows.ts), with a
// proven error bound (error-bound.ts): each lane sums its d products sequentially, t = 0..d-1,
// with separate IEEE multiply and add (no FMA in this instruction set).
//
// Memory layout expected by `k(qPtr, cPtr, outPtr, queryGroups, rowGroups, outStride)`:
//   queries: row-major f32, row i at qPtr + 4*d*i
//   corpus:  groups of 4 rows interleaved, value t of row 4g+l at cPtr + 16*d*g + 16*t + 4*l
//   out:     score of (query i, corpus row j) at outPtr + i*outStride + 4*j
// Each step handles F32_QUERY_TILE queries x 4*F32_GROUP_TILE corpus rows; callers pad.
import { buildTiledKernel, F32X4 } from "./wasm-tiled-kernel";

// The module imports a SHARED memory, so that worker threads can run the same kernel on other
// corpus tiles of the same buffers (kernel-pool.ts).

export const F32_QUERY_TILE = 4;
export const F32_GROUP_TILE = 2;
export const F32_ROW_TILE = 4 * F32_GROUP_TILE;

export type F32Kernel = (qPtr: number, cPtr: number, outPtr: number, queryGroups: number, rowGroups: number, outStride: number) => void;

export function buildF32Module(dims: number, RQ = F32_QUERY_TILE, RG = F32_GROUP_TILE): Uint8Array<ArrayBuffer> {
  return buildTiledKernel(F32X4, dims, RQ, RG, { shared: true });
}

const modules = new Map<number, WebAssembly.Module | null>();

/** The compiled module for `dims`, or null when this runtime lacks SIMD or shared memory. */
export function f32Module(dims: number): WebAssembly.Module | null {
  let mod = modules.get(dims);
  if (mod === undefined) {
    const bytes = buildF32Module(dims);
    mod = typeof WebAssembly === "object" && typeof SharedArrayBuffer === "function" && WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
    modules.set(dims, mod);
  }
  return mod;
}

/** A kernel bound to a shared `memory`, or null when this runtime cannot run it. */
export function instantiateF32Kernel(dims: number, memory: WebAssembly.Memory): F32Kernel | null {
  const mod = f32Module(dims);
  return mod ? (new WebAssembly.Instance(mod, { env: { memory } }).exports.k as F32Kernel) : null;
}
