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
import { kernelModule, sleb, uleb } from "./wasm-encoding";

// The module imports a SHARED memory, so that worker threads can run the same kernel on other
// corpus tiles of the same buffers (kernel-pool.ts).

export const F32_QUERY_TILE = 4;
export const F32_GROUP_TILE = 2;
export const F32_ROW_TILE = 4 * F32_GROUP_TILE;

export type F32Kernel = (qPtr: number, cPtr: number, outPtr: number, queryGroups: number, rowGroups: number, outStride: number) => void;

export function buildF32Module(dims: number, RQ = F32_QUERY_TILE, RG = F32_GROUP_TILE): Uint8Array<ArrayBuffer> {
  const I32 = 0x7f, V128 = 0x7b;
  const d = dims;
  const [qPtr, cPtr, outPtr, nQG, nRG, stride] = [0, 1, 2, 3, 4, 5];
  const [g, h, qa, ca, oa, qEnd] = [6, 7, 8, 9, 10, 11];
  const acc = 12, w = acc + RQ * RG, u = w + RG;
  const code: number[] = [];
  const op = (...b: number[]) => code.push(...b);
  const get = (i: number) => op(0x20, ...uleb(i));
  const set = (i: number) => op(0x21, ...uleb(i));
  const tee = (i: number) => op(0x22, ...uleb(i));
  const i32 = (n: number) => op(0x41, ...sleb(n | 0));
  const simd = (o: number, ...imm: number[]) => op(0xfd, ...uleb(o), ...imm);
  const [ADD, MUL, GE_U, LT_U, BR, BR_IF, END] = [0x6a, 0x6c, 0x4f, 0x49, 0x0c, 0x0d, 0x0b];
  const [V128_LOAD, LOAD32_SPLAT, V128_STORE, V128_CONST, F32X4_ADD, F32X4_MUL] = [0x00, 0x09, 0x0b, 0x0c, 0xe4, 0xe6];
  const loopWhileBelow = (counter: number, limit: number, body: () => void) => {
    i32(0); set(counter);
    op(0x02, 0x40, 0x03, 0x40); // block { loop {
    get(counter); get(limit); op(GE_U, BR_IF, 1);
    body();
    get(counter); i32(1); op(ADD); set(counter); op(BR, 0, END, END);
  };

  loopWhileBelow(g, nQG, () => loopWhileBelow(h, nRG, () => {
    get(qPtr); get(g); i32(RQ * d * 4); op(MUL, ADD); tee(qa); i32(d * 4); op(ADD); set(qEnd);
    get(cPtr); get(h); i32(RG * 16 * d); op(MUL, ADD); set(ca);
    get(outPtr); get(g); i32(RQ); op(MUL); get(stride); op(MUL, ADD); get(h); i32(RG * 16); op(MUL, ADD); set(oa);
    for (let a = 0; a < RQ * RG; a++) { simd(V128_CONST, ...new Array<number>(16).fill(0)); set(acc + a); }
    op(0x03, 0x40); // loop over t: one f32 of each query row, one f32x4 (4 rows) of each group
    for (let p = 0; p < RG; p++) { get(ca); simd(V128_LOAD, 4, ...uleb(p * 16 * d)); set(w + p); }
    for (let r = 0; r < RQ; r++) {
      get(qa); simd(LOAD32_SPLAT, 2, ...uleb(r * 4 * d)); set(u);
      for (let p = 0; p < RG; p++) {
        const a = acc + r * RG + p;
        get(a); get(u); get(w + p); simd(F32X4_MUL); simd(F32X4_ADD); set(a);
      }
    }
    get(qa); i32(4); op(ADD); tee(qa); get(ca); i32(16); op(ADD); set(ca);
    get(qEnd); op(LT_U, BR_IF, 0, END);
    for (let r = 0; r < RQ; r++) {
      for (let p = 0; p < RG; p++) {
        get(oa); if (r > 0) { get(stride); i32(r); op(MUL, ADD); }
        get(acc + r * RG + p); simd(V128_STORE, 4, ...uleb(p * 16));
      }
    }
  }));
  op(END);
  return kernelModule([[...uleb(6), I32], [...uleb(RQ * RG + RG + 1), V128]], code, { shared: true });
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
