// Exact McNemar test (McNemar 1947; Dietterich 1998) for paired binary outcomes such as
// exec@1 of two models on the same queries. Only discordant queries carry information:
// b = A right / B wrong, c = A wrong / B right. Under H0 the b + c discordant outcomes are
// fair coin flips, so p = min(1, 2 P(X <= min(b, c))) with X ~ Binomial(b + c, 1/2).

/** Two-sided exact McNemar p-value; 1 when there are no discordant pairs. */
export function mcnemarExact(b: number, c: number): number {
  if (!Number.isInteger(b) || !Number.isInteger(c) || b < 0 || c < 0) {
    throw new RangeError(`discordant counts must be non-negative integers, got ${b}, ${c}`);
  }
  const n = b + c;
  if (n === 0) return 1;
  const m = Math.min(b, c);
  // log C(n, i) built up term by term; 2^-n underflows for n > 1074, so stay in log space and
  // sum with log-sum-exp around the largest term (i = m, since m <= n/2).
  const logTerms = new Float64Array(m + 1);
  for (let i = 1; i <= m; i++) logTerms[i] = logTerms[i - 1] + Math.log(n - i + 1) - Math.log(i);
  const top = logTerms[m];
  let sum = 0;
  for (let i = 0; i <= m; i++) sum += Math.exp(logTerms[i] - top);
  const logTail = top + Math.log(sum) - n * Math.LN2;
  return Math.min(1, 2 * Math.exp(logTail));
}
