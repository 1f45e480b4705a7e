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

export const QUERY_TILE = 4;
export const PAIR_TILE = 2;
export const CORPUS_TILE = 2 * PAIR_TILE;

export type DotKernel = (
  qPtr: number, cPtr: number, outPtr: number, queryGroups: number, pairGroups: number, outStride: number,
) => void;

const uleb = (n: number): number[] => {
  const out: number[] = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0);
  return out;
};
const sleb = (n: number): number[] => {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && !(byte & 0x40)) || (n === -1 && byte & 0x40)) return [...out, byte];
    out.push(byte | 0x80);
  }
};
const vec = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];
const name = (s: string): number[] => [...uleb(s.length), ...Array.from(s, (ch) => ch.charCodeAt(0))];

/** The module bytes for vectors of length `dims` (baked in so loads use immediate offsets). */
export function buildDotModule(dims: number): Uint8Array<ArrayBuffer> {
  const I32 = 0x7f, V128 = 0x7b;
  const RQ = QUERY_TILE, RP = PAIR_TILE, d = dims;
  // Locals: 6 i32 params, then i32 scratch, then v128 accumulators / corpus lanes / query splat.
  const [qPtr, cPtr, outPtr, nQG, nPG, stride] = [0, 1, 2, 3, 4, 5];
  const [g, h, qa, ca, oa, qEnd] = [6, 7, 8, 9, 10, 11];
  const acc = 12, w = acc + RQ * RP, u = w + RP;
  const code: number[] = [];
  const op = (...b: number[]) => code.push(...b);
  const get = (i: number) => op(0x20, ...uleb(i));
  const set = (i: number) => op(0x21, ...uleb(i));
  const tee = (i: number) => op(0x22, ...uleb(i));
  const i32 = (n: number) => op(0x41, ...sleb(n | 0));
  const simd = (o: number, ...imm: number[]) => op(0xfd, ...uleb(o), ...imm);
  const [ADD, MUL, GE_U, LT_U, BR, BR_IF, END] = [0x6a, 0x6c, 0x4f, 0x49, 0x0c, 0x0d, 0x0b];
  const loopWhileBelow = (counter: number, limit: number, body: () => void) => {
    i32(0); set(counter);
    op(0x02, 0x40, 0x03, 0x40); // block { loop {
    get(counter); get(limit); op(GE_U, BR_IF, 1);
    body();
    get(counter); i32(1); op(ADD); set(counter); op(BR, 0, END, END);
  };

  loopWhileBelow(g, nQG, () => loopWhileBelow(h, nPG, () => {
    get(qPtr); get(g); i32(RQ * d * 8); op(MUL, ADD); tee(qa); i32(d * 8); op(ADD); set(qEnd);
    get(cPtr); get(h); i32(RP * 16 * d); op(MUL, ADD); set(ca);
    get(outPtr); get(g); i32(RQ); op(MUL); get(stride); op(MUL, ADD); get(h); i32(RP * 16); op(MUL, ADD); set(oa);
    for (let a = 0; a < RQ * RP; a++) { simd(0x0c, ...new Array<number>(16).fill(0)); set(acc + a); }
    op(0x03, 0x40); // loop over t: one f64 of each query row, one f64x2 of each corpus pair
    for (let p = 0; p < RP; p++) { get(ca); simd(0x00, 4, ...uleb(p * 16 * d)); set(w + p); } // v128.load
    for (let r = 0; r < RQ; r++) {
      get(qa); simd(0x0a, 3, ...uleb(r * 8 * d)); set(u); // v128.load64_splat
      for (let p = 0; p < RP; p++) {
        const a = acc + r * RP + p;
        get(a); get(u); get(w + p); simd(0xf2); simd(0xf0); set(a); // acc += u * w (f64x2)
      }
    }
    get(qa); i32(8); op(ADD); tee(qa); get(ca); i32(16); op(ADD); set(ca);
    get(qEnd); op(LT_U, BR_IF, 0, END);
    for (let r = 0; r < RQ; r++) {
      for (let p = 0; p < RP; p++) {
        get(oa); if (r > 0) { get(stride); i32(r); op(MUL, ADD); }
        get(acc + r * RP + p); simd(0x0b, 4, ...uleb(p * 16)); // v128.store
      }
    }
  }));
  op(END);

  const body = [...vec([[...uleb(6), I32], [...uleb(RQ * RP + RP + 1), V128]]), ...code];
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, vec([[0x60, ...vec(new Array(6).fill([I32])), 0x00]])), // (i32 x6) -> ()
    ...section(2, vec([[...name("env"), ...name("memory"), 0x02, 0x00, 0x01]])), // import memory
    ...section(3, vec([[0x00]])),
    ...section(7, vec([[...name("k"), 0x00, 0x00]])),
    ...section(10, vec([[...uleb(body.length), ...body]])),
  ]);
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
