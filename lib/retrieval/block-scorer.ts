// Computes dot products between a block of query rows and a chunk of corpus rows, in one
// buffer laid out for the WebAssembly kernel (or a plain-JS loop over the same layout when
// SIMD is unavailable or a caller asks for it). Both backends produce bit-identical scores.
import type { RowReader } from "@/lib/embeddings/row-reader";
import { CORPUS_TILE, PAIR_TILE, QUERY_TILE, instantiateDotKernel, type DotKernel } from "./wasm-dot-kernel";

/** Rows, each divided by its own `divisors[row]` (the L2 norm for cosine, 1 for dot). */
export interface RowSource {
  rows: RowReader;
  divisors: Float64Array;
}

// ~384 KiB of corpus per kernel call keeps the corpus tile in L2 while all queries stream past.
const TILE_BYTES = 384 * 1024;
const roundUp = (n: number, m: number) => Math.ceil(n / m) * m;

export class BlockScorer {
  readonly dims: number;
  /** Scores of block query i against chunk row j live at `scores[i * stride + j]`. */
  readonly scores: Float64Array;
  readonly stride: number;
  private readonly buf: Float64Array;
  private readonly qOff: number;
  private readonly cOff: number;
  private readonly kernel: DotKernel | null;
  private chunkRows = 0;

  /** Which loop computes the scores. */
  get engine(): "wasm" | "js" {
    return this.kernel ? "wasm" : "js";
  }

  constructor(dims: number, maxQueryRows: number, maxCorpusRows: number, backend: "auto" | "wasm" | "js" = "auto") {
    this.dims = dims;
    const qRows = roundUp(maxQueryRows, QUERY_TILE);
    this.stride = roundUp(maxCorpusRows, CORPUS_TILE);
    this.qOff = 0;
    this.cOff = qRows * dims;
    const outOff = this.cOff + this.stride * dims;
    const bytes = (outOff + qRows * this.stride) * 8;
    const memory = new WebAssembly.Memory({ initial: Math.ceil(bytes / 65536) });
    this.kernel = backend === "js" ? null : instantiateDotKernel(dims, memory);
    if (backend === "wasm" && this.kernel === null) throw new Error("WebAssembly SIMD is not available");
    this.buf = new Float64Array(memory.buffer);
    this.scores = this.buf.subarray(outOff, outOff + qRows * this.stride);
  }

  /** Load corpus rows [start, start+count) interleaved in pairs; padding rows are zero. */
  loadCorpus(src: RowSource, start: number, count: number): void {
    const d = this.dims, buf = this.buf;
    this.chunkRows = roundUp(count, CORPUS_TILE);
    // Zero from the first pair that holds any padding lane; real rows are written afterwards.
    buf.fill(0, this.cOff + (count >> 1) * 2 * d, this.cOff + this.chunkRows * d);
    for (let j = 0; j < count; j++) {
      const v = src.rows.row(start + j);
      const div = src.divisors[start + j];
      let to = this.cOff + (j >> 1) * 2 * d + (j & 1);
      for (let t = 0; t < d; t++, to += 2) buf[to] = v[t] / div;
    }
  }

  /** Score query rows [start, start+count) against the loaded corpus chunk into `scores`. */
  scoreQueries(src: RowSource, start: number, count: number): void {
    const d = this.dims, buf = this.buf;
    const qRows = roundUp(count, QUERY_TILE);
    buf.fill(0, this.qOff + count * d, this.qOff + qRows * d);
    for (let i = 0; i < count; i++) {
      const v = src.rows.row(start + i);
      const div = src.divisors[start + i], to = this.qOff + i * d;
      for (let t = 0; t < d; t++) buf[to + t] = v[t] / div;
    }
    if (this.kernel) this.runKernel(qRows);
    else this.runJs(qRows);
  }

  private runKernel(qRows: number): void {
    const d = this.dims, pairs = this.chunkRows / 2, outBase = this.scores.byteOffset;
    const tilePairs = Math.max(PAIR_TILE, Math.floor(TILE_BYTES / (16 * d) / PAIR_TILE) * PAIR_TILE);
    for (let p0 = 0; p0 < pairs; p0 += tilePairs) {
      const n = Math.min(tilePairs, pairs - p0);
      this.kernel!(this.qOff * 8, (this.cOff + p0 * 2 * d) * 8, outBase + p0 * 16, qRows / QUERY_TILE, n / PAIR_TILE, this.stride * 8);
    }
  }

  // Same arithmetic as the kernel (one sequential f64 sum per pair), for runtimes without SIMD.
  private runJs(qRows: number): void {
    const d = this.dims, buf = this.buf, out = this.scores;
    for (let i = 0; i < qRows; i++) {
      const q = this.qOff + i * d;
      for (let j = 0; j < this.chunkRows; j++) {
        const c = this.cOff + (j >> 1) * 2 * d + (j & 1);
        let s = 0;
        for (let t = 0; t < d; t++) s += buf[q + t] * buf[c + 2 * t];
        out[i * this.stride + j] = s;
      }
    }
  }
}
