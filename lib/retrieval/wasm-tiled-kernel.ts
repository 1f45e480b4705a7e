// The loop nest both generated dot-product kernels share (wasm-dot-kernel.ts over f64x2 lanes,
// wasm-f32-kernel.ts over f32x4 lanes). Exported as `k(qPtr, cPtr, outPtr, queryGroups,
// laneGroups, outStride)`, it handles `queryTile` query rows x `groupTile` corpus lane groups
// per step: queries are row-major, and each lane group holds one 16-byte vector per t (one
// corpus row per lane). Each lane sums its d products in order, t = 0..d-1, with a separate
// multiply and add (no FMA exists in this instruction set).
import { kernelModule, sleb, uleb } from "./wasm-encoding";

/** What differs between the float64 and float32 kernels: the element and its SIMD opcodes. */
export interface Lanes {
  /** Bytes of one element: 8 (f64) or 4 (f32). */
  bytes: number;
  /** The v128.loadN_splat opcode that broadcasts one query element, and its alignment (log2 bytes). */
  splat: number;
  splatAlign: number;
  mul: number;
  add: number;
}

export const F64X2: Lanes = { bytes: 8, splat: 0x0a, splatAlign: 3, mul: 0xf2, add: 0xf0 };
export const F32X4: Lanes = { bytes: 4, splat: 0x09, splatAlign: 2, mul: 0xe6, add: 0xe4 };

/** The module bytes for vectors of length `dims` (baked in so loads use immediate offsets). */
export function buildTiledKernel(lanes: Lanes, dims: number, RQ: number, RG: number, opts: { shared?: boolean } = {}): Uint8Array<ArrayBuffer> {
  const I32 = 0x7f, V128 = 0x7b;
  const d = dims, e = lanes.bytes;
  // Locals: 6 i32 params, then i32 scratch, then v128 accumulators / corpus lanes / query splat.
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
  const [V128_LOAD, V128_STORE, V128_CONST] = [0x00, 0x0b, 0x0c];
  const loopWhileBelow = (counter: number, limit: number, body: () => void) => {
    i32(0); set(counter);
    op(0x02, 0x40, 0x03, 0x40); // block { loop {
    get(counter); get(limit); op(GE_U, BR_IF, 1);
    body();
    get(counter); i32(1); op(ADD); set(counter); op(BR, 0, END, END);
  };

  loopWhileBelow(g, nQG, () => loopWhileBelow(h, nRG, () => {
    get(qPtr); get(g); i32(RQ * d * e); op(MUL, ADD); tee(qa); i32(d * e); op(ADD); set(qEnd);
    get(cPtr); get(h); i32(RG * 16 * d); op(MUL, ADD); set(ca);
    get(outPtr); get(g); i32(RQ); op(MUL); get(stride); op(MUL, ADD); get(h); i32(RG * 16); op(MUL, ADD); set(oa);
    for (let a = 0; a < RQ * RG; a++) { simd(V128_CONST, ...new Array<number>(16).fill(0)); set(acc + a); }
    op(0x03, 0x40); // loop over t: one element of each query row, one vector of each lane group
    for (let p = 0; p < RG; p++) { get(ca); simd(V128_LOAD, 4, ...uleb(p * 16 * d)); set(w + p); }
    for (let r = 0; r < RQ; r++) {
      get(qa); simd(lanes.splat, lanes.splatAlign, ...uleb(r * e * d)); set(u);
      for (let p = 0; p < RG; p++) {
        const a = acc + r * RG + p;
        get(a); get(u); get(w + p); simd(lanes.mul); simd(lanes.add); set(a); // acc += u * w
      }
    }
    get(qa); i32(e); op(ADD); tee(qa); get(ca); i32(16); op(ADD); set(ca);
    get(qEnd); op(LT_U, BR_IF, 0, END);
    for (let r = 0; r < RQ; r++) {
      for (let p = 0; p < RG; p++) {
        get(oa); if (r > 0) { get(stride); i32(r); op(MUL, ADD); }
        get(acc + r * RG + p); simd(V128_STORE, 4, ...uleb(p * 16));
      }
    }
  }));
  op(END);
  return kernelModule([[...uleb(6), I32], [...uleb(RQ * RG + RG + 1), V128]], code, opts);
}
