// How far a float32 kernel score can be from the exact float64 score of the same pair, so that
// the float32 pass can discard pairs without ever changing the exact top-k.
//
// Let a, b be the float64-normalised rows (a_t = v_t / divisor, exactly as the float64 path
// computes them) and S the float64 score: a sequential sum of fl64(a_t b_t). The kernel rounds
// x_t = fl32(a_t), y_t = fl32(b_t) and sums fl32(x_t y_t) sequentially in float32. With
// u = 2^-24, gamma_n = n u / (1 - n u) and A = sum |a_t b_t| <= |a| |b| (Cauchy-Schwarz):
//   |F - sum x_t y_t|          <= gamma32_d sum |x_t y_t| <= gamma32_d (1+u)^2 A
//   |sum x_t y_t - sum a_t b_t| <= (2u + u^2) A
//   |S - sum a_t b_t|          <= gamma64_d A
// so |F - S| <= K |a| |b| with K below, plus a tiny absolute term for float32 underflow: a
// subnormal rounding errs by at most 2^-150 absolutely, which over d terms whose other factor
// is at most the largest row magnitude M stays below d 2^-148 (1 + 2M). The norms |a|, |b| are
// computed in float64 and inflated slightly (1e-6) to cover their own rounding.
const U32 = 2 ** -24;
const U64 = 2 ** -53;
const gamma = (n: number, u: number) => (n * u) / (1 - n * u);

export function f32ScoreBound(dims: number, maxMagnitude: number): { relative: number; absolute: number } {
  const relative = (gamma(dims, U32) * (1 + U32) ** 2 + 2 * U32 + U32 * U32 + gamma(dims, U64)) * (1 + 1e-6);
  return { relative, absolute: dims * 2 ** -148 * (1 + 2 * maxMagnitude) };
}

/** Row magnitudes outside this range could overflow or underflow float32 products. */
export const F32_SAFE_MAGNITUDE = { min: 2 ** -40, max: 2 ** 40 };
