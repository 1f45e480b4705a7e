// exec@1 within each domain (paper Figure 6b): the mean over the domain's queries of the
// (tie-aware, so possibly fractional) exec@1. Intervals resample all queries, so a domain's size
// varies by replicate.
import type { Estimator } from "@/lib/metrics/estimates";
import type { BenchmarkLayout } from "./layout";
import { statOf, type Stat } from "./stat";

export interface DomainExec {
  domain: string;
  queries: number;
  /** Expected number of the domain's queries solved at rank 1. */
  solved: number;
  exec1: Stat;
}

/** Domains in code-unit order of their names; `exec1[q]`: query q's exec@1. */
export function measurePerDomain(layout: BenchmarkLayout, exec1: ArrayLike<number>, est: Estimator): DomainExec[] {
  const Q = layout.queries.length;
  const domains = [...new Set(layout.queries.map((q) => q.domain))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const columns = domains.map((d) => {
    const den = new Float64Array(Q), num = new Float64Array(Q);
    layout.queries.forEach((q, i) => {
      if (q.domain === d) {
        den[i] = 1;
        num[i] = exec1[i];
      }
    });
    return { num, den };
  });
  const estimates = est.ratio(columns);
  return domains.map((domain, m) => {
    const den = columns[m].den, num = columns[m].num;
    let queries = 0, solved = 0;
    for (let i = 0; i < Q; i++) {
      queries += den[i];
      solved += num[i];
    }
    return { domain, queries, solved, exec1: statOf(estimates[m], "no query in this domain") };
  });
}
