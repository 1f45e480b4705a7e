// How far a float32 kernel score can be from the exact float64 score of the same pair, so that
// the float32 pass can discard pairs without ever changing the exact top-k.
//
// Let a, b be the float64-normalised rows (a_t = v_t / divisor, exactly as the float64 path
// computes them) and S the float64 score: a sequential sum of fl64(a_t b_t). The float32 pass
// rounds x_t = fl32(a_t), y_t = fl32(b_t) and sums the d products x_t y_t in float32. With
// u = 2^-24, gamma_n = n u / (1 - n u) and A = sum |a_t b_t| <= |a| |b| (Cauchy-Schwarz):
//   |F - sum x_t y_t|          <= gamma32_d sum |x_t y_t| <= gamma32_d (1+u)^2 A
//   |sum x_t y_t - sum a_t b_t| <= (2u + u^2) A
//   |S - sum a_t b_t|          <= gamma64_d A
// so |F - S| <= K |a| |b| with K below, plus a tiny absolute term for float32 underflow. The
// first line holds for ANY order of the d - 1 additions and with or without fused
// multiply-adds (each product meets at most d roundings on its way to F; Higham, Accuracy and
// Stability of Numerical Algorithms, 2nd ed., section 3.1), so it covers the WebAssembly
// kernel's sequential sums and a BLAS sgemm alike, provided the BLAS computes each entry as a
// sum of the d single-precision products (classical matrix product: no Strassen-like
// algorithm, no reduced-precision shortcut; OpenBLAS's sgemm is classical).
//
// Underflow. With gradual underflow (the WebAssembly kernel: IEEE semantics, always) a
// subnormal rounding errs by at most 2^-150 absolutely, which over d terms whose other factor is
// at most the largest row magnitude M stays below d 2^-148 (1 + 2M). Native code might run
// with flush-to-zero and denormals-are-zero, which err by up to 2^-126 per operation and per
// input; the "any order" bound allows d 2^-124 (1 + 2M) for that. The norms |a|, |b| are
// computed in float64 and inflated slightly (1e-6) to cover their own rounding.
//
// Raw products. A BLAS may also multiply the rows as uploaded, v and w (float32, so exact),
// and scale afterwards: F = fl32(fl64(fl64(P s_q) s_c)), P the float32 product, s = fl64(1/div).
// With e = (1+u64)^4 (1+u) - 1 < u + 5 u64 for the scaling and A' = sum |v_t w_t| / (div_q div_c),
// which is at most |a| |b| up to float64 rounding:
//   |F - sum v_t w_t / (div_q div_c)| <= (gamma32_d (1 + e) + e) A'
//   |sum v_t w_t / (div_q div_c) - sum a_t b_t| <= (2 u64 + u64^2) A'
//   |S - sum a_t b_t| <= gamma64_d (1 + u64)^2 A'
// whose sum is below the K above (K spends 2u + u^2 on rounding the inputs, far more than the
// few u64 here). Underflow happens on the raw scale: d 2^-124 (1 + 2 N) for raw norms up to N,
// times the largest s_q s_c, plus 2^-126 for the final rounding.
const U32 = 2 ** -24;
const U64 = 2 ** -53;
const gamma = (n: number, u: number) => (n * u) / (1 - n * u);

/** "sequential": the WebAssembly kernel (IEEE, in order). "any-order": a BLAS library. */
export type F32Arithmetic = "sequential" | "any-order";

/**
 * `raw`: the float32 products were of the raw rows v, w (float32 values, exact) and were then
 * scaled, F = fl32(fl64(fl64(P * s_q) * s_c)) with s = fl64(1 / divisor); `maxNorm` bounds the
 * raw rows' norms and `maxScale` the products s_q s_c.
 */
export function f32ScoreBound(
  dims: number, maxMagnitude: number, arithmetic: F32Arithmetic = "sequential", raw?: { maxNorm: number; maxScale: number },
): { relative: number; absolute: number } {
  const relative = (gamma(dims, U32) * (1 + U32) ** 2 + 2 * U32 + U32 * U32 + gamma(dims, U64)) * (1 + 1e-6);
  if (raw) return { relative, absolute: dims * 2 ** -124 * (1 + 2 * raw.maxNorm) * raw.maxScale + 2 ** -126 };
  const underflow = arithmetic === "sequential" ? 2 ** -148 : 2 ** -124;
  return { relative, absolute: dims * underflow * (1 + 2 * maxMagnitude) };
}

/** Row magnitudes outside this range could overflow or underflow float32 products. */
export const F32_SAFE_MAGNITUDE = { min: 2 ** -40, max: 2 ** 40 };
