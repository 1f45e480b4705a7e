// What every page's footer cites: the benchmark the home page features (the one whose current
// version has the most published results; by slug on a tie, as getFeaturedBenchmarks), its
// current version, licence and the paper its kind follows. One small query per page.
import { db } from "@/lib/db/client";
import type { BenchmarkKindId, PaperReference } from "@/lib/kinds/kind";
import { getKind } from "@/lib/kinds/registry";
import { benchmarkBibtex, paperBibtex, paperReferenceLine } from "./citation";

export interface SiteFooter {
  benchmark: { slug: string; name: string; version: string; license: string; path: string } | null;
  /** BibTeX of the benchmark version and of the paper, in that order (empty without a benchmark). */
  bibtex: string;
  paper: { line: string; url: string } | null;
}

export async function getSiteFooter(origin: string): Promise<SiteFooter> {
  const rows = await db().$queryRaw<{ slug: string; name: string; license: string; kind: BenchmarkKindId; version: string; created_at: Date }[]>`
    SELECT b.slug, b.name, b.license, b.kind::text AS kind, v.version, v.created_at
    FROM benchmarks b
    JOIN LATERAL (SELECT id, version, created_at FROM benchmark_versions WHERE benchmark_id = b.id ORDER BY created_at DESC, id DESC LIMIT 1) v ON true
    ORDER BY (SELECT count(*) FROM submissions s WHERE s.version_id = v.id AND s.status = 'published') DESC, b.slug ASC
    LIMIT 1`;
  const b = rows[0];
  if (!b) return { benchmark: null, bibtex: "", paper: null };
  const path = `/benchmarks/${encodeURIComponent(b.slug)}/${encodeURIComponent(b.version)}`;
  let paper: PaperReference | undefined;
  try {
    paper = getKind(b.kind).presentation.reference;
  } catch {
    paper = undefined; // a kind this build does not know: cite the benchmark alone
  }
  const cited = { slug: b.slug, name: b.name, version: b.version, license: b.license, createdAt: b.created_at.toISOString(), url: `${origin}${path}` };
  return {
    benchmark: { slug: b.slug, name: b.name, version: b.version, license: b.license, path },
    bibtex: [benchmarkBibtex(cited, paper), ...(paper ? [paperBibtex(paper)] : [])].join("\n\n"),
    paper: paper ? { line: paperReferenceLine(paper), url: paper.url } : null,
  };
}
