// Float32 scores of a block of queries against a chunk of corpus rows, in one shared
// WebAssembly memory laid out for the f32 kernel, computed by a KernelPool (this thread plus
// optional helpers). Rows arrive through RowReaders and are normalised here in float64 (the
// same a_t = v_t / divisor as the exact path) before rounding to float32.
import { KernelPool } from "./kernel-pool";
import type { RowReader } from "@/lib/embeddings/row-reader";
import { roundUp, tileLayout, writeInterleavedRows, writeRows } from "./row-buffers";
import { F32_QUERY_TILE, F32_ROW_TILE, f32Module, instantiateF32Kernel } from "./wasm-f32-kernel";

/** What the float32 filter needs of an engine (this WebAssembly one, or BlasF32Scorer). */
export interface Float32Scores {
  /** Score of block query i against chunk row j: scores[i * stride + j]. */
  readonly scores: Float32Array;
  readonly stride: number;
  /** Load query rows [start, start+count), each divided by its divisor, rounded to float32. */
  loadQueries(src: RowReader, divisors: Float64Array, start: number, count: number): void;
  /** Load corpus rows [start, start+count) the same way. */
  loadCorpus(src: RowReader, divisors: Float64Array, start: number, count: number): void;
  /** Scores every loaded query against the loaded corpus chunk into `scores`. */
  score(): void;
  close(): void;
}
// Corpus rows per task: ~256 KiB of float32 stays in L2 while all block queries stream past.
const TILE_BYTES = 256 * 1024;

export class F32Scorer implements Float32Scores {
  readonly dims: number;
  /** Score of block query i against chunk row j: scores[i * stride + j]. */
  readonly scores: Float32Array;
  readonly stride: number;
  private readonly buf: Float32Array;
  private readonly qOff: number;
  private readonly cOff: number;
  private readonly pool: KernelPool;
  private chunkRows = 0;
  private queryRows = 0;

  static available(dims: number): boolean {
    return f32Module(dims) !== null;
  }

  constructor(dims: number, maxQueryRows: number, maxCorpusRows: number, threads: number) {
    this.dims = dims;
    const layout = tileLayout(dims, maxQueryRows, maxCorpusRows, F32_QUERY_TILE, F32_ROW_TILE);
    this.stride = layout.stride;
    this.qOff = 0;
    this.cOff = layout.corpusAt;
    const pages = Math.ceil((layout.length * 4) / 65536);
    const memory = new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true });
    const kernel = instantiateF32Kernel(dims, memory);
    if (!kernel) throw new Error("WebAssembly SIMD with shared memory is not available");
    this.buf = new Float32Array(memory.buffer);
    this.scores = this.buf.subarray(layout.scoresAt, layout.length);
    const tiles = Math.ceil(this.stride / this.tileRows());
    this.pool = new KernelPool(kernel, f32Module(dims)!, memory, tiles, threads);
  }

  /** Load corpus rows [start, start+count), each divided by its divisor, as float32 groups of 4. */
  loadCorpus(src: RowReader, divisors: Float64Array, start: number, count: number): void {
    this.chunkRows = roundUp(count, F32_ROW_TILE);
    writeInterleavedRows(this.buf, this.cOff, this.dims, 4, src, divisors, start, count, this.chunkRows);
  }

  /** Load query rows [start, start+count), normalised, row-major. */
  loadQueries(src: RowReader, divisors: Float64Array, start: number, count: number): void {
    this.queryRows = roundUp(count, F32_QUERY_TILE);
    writeRows(this.buf, this.qOff, this.dims, src, divisors, start, count, this.queryRows);
  }

  /** Scores every loaded query against the loaded corpus chunk into `scores`. */
  score(): void {
    const d = this.dims, tile = this.tileRows(), tasks: number[][] = [];
    for (let r0 = 0; r0 < this.chunkRows; r0 += tile) {
      const rows = Math.min(tile, this.chunkRows - r0);
      tasks.push([this.qOff * 4, (this.cOff + r0 * d) * 4, this.scores.byteOffset + r0 * 4, this.queryRows / F32_QUERY_TILE, rows / F32_ROW_TILE, this.stride * 4]);
    }
    this.pool.run(tasks);
  }

  close(): void {
    this.pool.close();
  }

  private tileRows(): number {
    return Math.max(F32_ROW_TILE, Math.floor(TILE_BYTES / (4 * this.dims) / F32_ROW_TILE) * F32_ROW_TILE);
  }
}
