// The arithmetic core of the bootstrap: for every replicate r and column x, the sum over
// queries i ascending of c_ri * x_i (c_ri: how often replicate r drew query i), in float64.
// Two implementations with identical results (a skipped exact zero never changes a float64
// sum): sparse JavaScript for small jobs, and for large ones the WebAssembly float64 dot
// kernel of lib/retrieval, which sums each (replicate, column) pair sequentially in i order
// too: the resample-count table, held as a float64 matrix (replicates x queries) in kernel
// memory, times the columns.
import { CORPUS_TILE, PAIR_TILE, QUERY_TILE, instantiateDotKernel, type DotKernel } from "@/lib/retrieval/wasm-dot-kernel";
import { resampleCounts } from "./resample-counts";

// Below this many multiply-adds the sparse loop is as fast as the kernel.
const KERNEL_THRESHOLD = 2_000_000;
// Columns per kernel call: 64 columns of 939 queries (480 KiB) stay in L2 while rows stream.
const COLUMN_BLOCK = 64;

export function replicateSums(columns: readonly ArrayLike<number>[], n: number, replicates: number, seed: number): Float64Array[] {
  if (columns.length * n * replicates >= KERNEL_THRESHOLD) {
    const matrix = ResampleMatrix.get(n, replicates, seed);
    if (matrix) return matrix.sums(columns);
  }
  return sparseSums(columns, resampleCounts(n, replicates, seed), n, replicates);
}

export function sparseSums(columns: readonly ArrayLike<number>[], counts: ArrayLike<number>, n: number, replicates: number): Float64Array[] {
  const sparse = columns.map((col) => {
    const idx: number[] = [], val: number[] = [];
    for (let i = 0; i < n; i++) {
      if (col[i] !== 0) {
        idx.push(i);
        val.push(col[i]);
      }
    }
    return { idx: Int32Array.from(idx), val: Float64Array.from(val) };
  });
  const out = columns.map(() => new Float64Array(replicates));
  for (let r = 0, base = 0; r < replicates; r++, base += n) {
    for (let m = 0; m < sparse.length; m++) {
      const { idx, val } = sparse[m];
      let sum = 0;
      for (let k = 0; k < idx.length; k++) sum += counts[base + idx[k]] * val[k];
      out[m][r] = sum;
    }
  }
  return out;
}

const roundUp = (x: number, m: number) => Math.ceil(x / m) * m;

/** The count table of one (n, replicates, seed) as kernel "query" rows, kept for reuse. */
export class ResampleMatrix {
  private static cached: ResampleMatrix | null = null;
  private readonly f64: Float64Array;
  private readonly kernel: DotKernel;
  private readonly rows: number;
  private readonly cOff: number;
  private readonly outOff: number;

  /** null when WebAssembly SIMD is unavailable (callers fall back to the sparse loop). */
  static get(n: number, replicates: number, seed: number): ResampleMatrix | null {
    const c = ResampleMatrix.cached;
    if (c && c.n === n && c.replicates === replicates && c.seed === seed) return c;
    const rows = roundUp(replicates, QUERY_TILE);
    const cOff = rows * n, outOff = cOff + COLUMN_BLOCK * n;
    const memory = new WebAssembly.Memory({ initial: Math.ceil(((outOff + rows * COLUMN_BLOCK) * 8) / 65536) });
    const kernel = instantiateDotKernel(n, memory);
    if (!kernel) return null;
    ResampleMatrix.cached = new ResampleMatrix(n, replicates, seed, memory, kernel, rows, cOff, outOff);
    return ResampleMatrix.cached;
  }

  private constructor(
    readonly n: number,
    readonly replicates: number,
    readonly seed: number,
    memory: WebAssembly.Memory,
    kernel: DotKernel,
    rows: number,
    cOff: number,
    outOff: number,
  ) {
    this.f64 = new Float64Array(memory.buffer);
    this.kernel = kernel;
    this.rows = rows;
    this.cOff = cOff;
    this.outOff = outOff;
    this.f64.set(resampleCounts(n, replicates, seed)); // padding rows stay zero
  }

  sums(columns: readonly ArrayLike<number>[]): Float64Array[] {
    const n = this.n, f = this.f64, out = columns.map(() => new Float64Array(this.replicates));
    for (let m0 = 0; m0 < columns.length; m0 += COLUMN_BLOCK) {
      const cols = columns.slice(m0, m0 + COLUMN_BLOCK);
      const width = roundUp(cols.length, CORPUS_TILE);
      f.fill(0, this.cOff, this.cOff + width * n);
      // The kernel's corpus layout: columns interleaved in pairs, value i of column 2p+l at 2np + 2i + l.
      cols.forEach((col, j) => {
        let to = this.cOff + (j >> 1) * 2 * n + (j & 1);
        for (let i = 0; i < n; i++, to += 2) f[to] = col[i];
      });
      this.kernel(0, this.cOff * 8, this.outOff * 8, this.rows / QUERY_TILE, width / (2 * PAIR_TILE), width * 8);
      for (let r = 0; r < this.replicates; r++) {
        for (let j = 0; j < cols.length; j++) out[m0 + j][r] = f[this.outOff + r * width + j];
      }
    }
    return out;
  }
}
