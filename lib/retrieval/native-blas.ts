// The optional native addon (native/blas: a small Node-API module over the system OpenBLAS,
// built by scripts/build-native.sh). Ranking uses it when it loads and falls back to the
// WebAssembly kernels when it does not (not built, no libopenblas, another platform, or
// EXECBOARD_NATIVE_BLAS=off); either way the ranking is the same (tests/retrieval compare them).
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getConfig } from "@/lib/config";
import type { StoredMatrix } from "@/lib/embeddings/row-reader";

export interface NativeBlas {
  /** Per row: float64 sum of squares (t = 0..d-1 in order) and largest |value|; first row holding a non-finite value, or -1. On `threads` threads. */
  rowStats(m: StoredMatrix, dims: number, sumSquares: Float64Array, maxAbs: Float64Array, threads: number): number;
  /** dst[j*stride + t] = float32(m[first+j][t] / divisors[first+j]) for j < count. */
  toF32(m: StoredMatrix, dims: number, first: number, count: number, divisors: Float64Array, dst: Float32Array, stride: number): void;
  /** out[i*ldc + j] = a_i · b_j (float32 BLAS) for i < m, j < n, over k values. */
  sgemmNT(a: Float32Array, lda: number, b: Float32Array, ldb: number, out: Float32Array, ldc: number, m: number, n: number, k: number, threads: number): void;
  /** scores[i*ldc + j] = float32(scores[i*ldc + j] * rowScale[i] * colScale[j]) for i < m, j < n. */
  scaleScores(scores: Float32Array, ldc: number, m: number, n: number, rowScale: Float64Array, colScale: Float64Array): void;
  /** out[p] = exact float64 score of (pairQuery[p], pairRow[p]), ExactScorer's arithmetic. */
  exactScores(
    q: StoredMatrix, qDivisors: Float64Array, c: StoredMatrix, cDivisors: Float64Array, dims: number,
    pairQuery: Int32Array, pairRow: Int32Array, out: Float64Array, threads: number,
  ): void;
  /**
   * Per row i < m of scores (row stride ldc, n columns): the columns j, ascending, whose score
   * is not below (the row's k-th largest) - margins[i], returned row after row, their number in
   * counts[i]. NaN always survives. With rowScale (m values) and colScale (n), each score is
   * first scaled in place as scaleScores does (both empty: none). On `threads` threads.
   */
  prefilter(scores: Float32Array, ldc: number, m: number, n: number, k: number, margins: Float64Array, rowScale: Float64Array, colScale: Float64Array, counts: Int32Array, threads: number): Int32Array;
  /** The BLAS library's own description of its build. */
  config(): string;
}

const ADDON = "native/blas/build/Release/execboard_blas.node";

let loaded: { blas: NativeBlas | null; why: string } | undefined;

// Next to this module in the repo, else under the working directory (bundlers move modules).
function addonPath(): string | null {
  const candidates = [fileURLToPath(new URL(`../../${ADDON}`, import.meta.url)), path.resolve(process.cwd(), ADDON)];
  return candidates.find((p) => existsSync(p)) ?? null;
}

function load(): { blas: NativeBlas | null; why: string } {
  if (getConfig().EXECBOARD_NATIVE_BLAS === "off") return { blas: null, why: "EXECBOARD_NATIVE_BLAS=off" };
  const file = addonPath();
  if (!file) return { blas: null, why: `${ADDON} is not built (scripts/build-native.sh)` };
  try {
    const mod = { exports: {} as NativeBlas };
    // dlopen, not require: bundlers leave it alone, and the path is only known at run time.
    process.dlopen(mod, file);
    return { blas: mod.exports, why: `loaded ${file}` };
  } catch (e) {
    return { blas: null, why: `${file} did not load: ${(e as Error).message}` };
  }
}

/** The addon, or null when it is unavailable (then `nativeBlasStatus()` says why). */
export function nativeBlas(): NativeBlas | null {
  loaded ??= load();
  return loaded.blas;
}

/** What ranking computes the float32 filter with, for logs and benches. */
export function nativeBlasStatus(): string {
  const blas = nativeBlas();
  return blas ? `OpenBLAS (${blas.config().trim()})` : `WebAssembly (${loaded!.why})`;
}
