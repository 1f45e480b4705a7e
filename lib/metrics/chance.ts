// The chance line: the exact expected metrics of a uniformly random ranking of the whole corpus,
// per query, then averaged over queries like any system. With C snippets of which r pass the
// query's tests (its correct ids, which the benchmark verified by execution: every canonical
// passes, every distractor fails, and no snippet defines another query's function):
//   exec@k      = 1 - C(C - r, k) / C(C, k)
//   precision@k = (r / C) * min(k, C) / k
//   nDCG@k      = (r / C) * sum_{p <= min(k, C)} 1/log2(p + 1) / IDCG(min(k, r))
// It is a reference line, not a submission: no file, no execution, no interval.
import { METRIC_KS } from "./per-query-metrics";

export interface ChanceLine {
  exec: Record<number, number>;
  execution_precision: Record<number, number>;
  ndcg: Record<number, number>;
}

const discount = (p: number) => 1 / Math.log2(p + 1);

/** C(C - r, k) / C(C, k) = prod_{i<k} (C - r - i) / (C - i), in float64. */
function noneInTop(C: number, r: number, k: number): number {
  let p = 1;
  for (let i = 0; i < Math.min(k, C); i++) {
    if (C - r - i <= 0) return 0;
    p *= (C - r - i) / (C - i);
  }
  return p;
}

/** `passing[q]`: snippets passing query q (its correct ids); `corpusSize`: C. */
export function chanceExpectation(passing: readonly number[], corpusSize: number, ks: readonly number[] = METRIC_KS): ChanceLine {
  const out: ChanceLine = { exec: {}, execution_precision: {}, ndcg: {} };
  const C = corpusSize, Q = passing.length;
  for (const k of ks) {
    let exec = 0, prec = 0, ndcg = 0;
    for (const r of passing) {
      exec += 1 - noneInTop(C, r, k);
      prec += ((r / C) * Math.min(k, C)) / k;
      let dcg = 0, idcg = 0;
      for (let p = 1; p <= Math.min(k, C); p++) dcg += discount(p);
      for (let p = 1; p <= Math.min(k, Math.max(1, r)); p++) idcg += discount(p);
      ndcg += ((r / C) * dcg) / idcg;
    }
    out.exec[k] = exec / Q;
    out.execution_precision[k] = prec / Q;
    out.ndcg[k] = ndcg / Q;
  }
  return out;
}
