// Computes dot products between a block of query rows and a chunk of corpus rows, in one
// buffer laid out for the WebAssembly kernel (or a plain-JS loop over the same layout when
// SIMD is unavailable or a caller asks for it). Both backends produce bit-identical scores.
import type { RowReader } from "@/lib/embeddings/row-reader";
import { roundUp, tileLayout, writeInterleavedRows, writeRows } from "./row-buffers";
import { CORPUS_TILE, PAIR_TILE, QUERY_TILE, instantiateDotKernel, type DotKernel } from "./wasm-dot-kernel";

/** Rows, each divided by its own `divisors[row]` (the L2 norm for cosine, 1 for dot). */
export interface RowSource {
  rows: RowReader;
  divisors: Float64Array;
}

// ~384 KiB of corpus per kernel call keeps the corpus tile in L2 while all queries stream past.
const TILE_BYTES = 384 * 1024;

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
    const layout = tileLayout(dims, maxQueryRows, maxCorpusRows, QUERY_TILE, CORPUS_TILE);
    this.stride = layout.stride;
    this.qOff = 0;
    this.cOff = layout.corpusAt;
    const memory = new WebAssembly.Memory({ initial: Math.ceil((layout.length * 8) / 65536) });
    this.kernel = backend === "js" ? null : instantiateDotKernel(dims, memory);
    if (backend === "wasm" && this.kernel === null) throw new Error("WebAssembly SIMD is not available");
    this.buf = new Float64Array(memory.buffer);
    this.scores = this.buf.subarray(layout.scoresAt, layout.length);
  }

  /** Load corpus rows [start, start+count) interleaved in pairs; padding rows are zero. */
  loadCorpus(src: RowSource, start: number, count: number): void {
    this.chunkRows = roundUp(count, CORPUS_TILE);
    writeInterleavedRows(this.buf, this.cOff, this.dims, 2, src.rows, src.divisors, start, count, this.chunkRows);
  }

  /** Score query rows [start, start+count) against the loaded corpus chunk into `scores`. */
  scoreQueries(src: RowSource, start: number, count: number): void {
    const qRows = roundUp(count, QUERY_TILE);
    writeRows(this.buf, this.qOff, this.dims, src.rows, src.divisors, start, count, qRows);
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
