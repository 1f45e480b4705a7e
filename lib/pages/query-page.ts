// One query of a benchmark version across systems: its text, tests, canonical and distractors
// (each as its single edit against the canonical), and what every PUBLISHED system retrieved
// for it. Unpublished systems are never read here.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { requireExecKind, resolveVersion } from "@/lib/leaderboard/resolve-version";
import { listPublishedInOrder } from "@/lib/leaderboard/list-published";
import { singleEditDiff, type SingleEdit } from "@/lib/drilldown/single-edit-diff";
import { execAtK, tieSpans } from "@/lib/metrics/tie-aware";

export interface QuerySnippet {
  corpusId: string;
  role: "canonical" | "distractor";
  bugType: string | null;
  bugDescription: string | null;
  code: string;
  edit: SingleEdit | null;
}

export interface QuerySystemOutcome {
  submissionId: string;
  model: string;
  /**
   * Rank 1 for this query: the role of the rank-1 snippet and whether it passes, when rank 1 is
   * strict; `tied` > 1 when several snippets share the top score (role and bugType then describe
   * none of them), and exec1 is the chance that rank 1 passes over the orders of the tie.
   */
  rank1: { role: "canonical" | "distractor" | "other"; bugType: string | null; passes: boolean; tied: number; exec1: number } | null;
  /** Best rank the canonical can have (the start of its tie group) and that group's size. */
  canonicalRank: number | null;
  canonicalTie: number;
  /** Best rank of the first passing snippet (the start of its tie group). */
  firstPassingRank: number | null;
  canonicalScore: number | null;
  bestDistractorScore: number | null;
}

export interface QueryPageData {
  version: { slug: string; name: string; version: string };
  query: { queryId: string; functionName: string; domain: string; text: string; tests: string[] };
  snippets: QuerySnippet[];
  systems: QuerySystemOutcome[];
  neighbours: { previous: string | null; next: string | null };
}

export async function getQueryPage(slug: string, version: string, queryId: string): Promise<QueryPageData> {
  const v = requireExecKind(await resolveVersion(slug, version));
  const query = await db().query.findUnique({
    where: { versionId_queryId: { versionId: v.id, queryId } },
    select: { id: true, queryId: true, functionName: true, domain: true, text: true, tests: true, position: true },
  });
  if (!query) throw new AppError("NOT_FOUND", `no query ${queryId} in ${slug} ${version}`);
  const [own, published, neighbours] = await Promise.all([
    db().corpusItem.findMany({
      where: { versionId: v.id, queryId },
      orderBy: { position: "asc" },
      select: { id: true, corpusId: true, role: true, bugType: true, bugDescription: true, code: true },
    }),
    listPublishedInOrder(v.id),
    db().query.findMany({ where: { versionId: v.id, position: { in: [query.position - 1, query.position + 1] } }, select: { queryId: true, position: true } }),
  ]);
  const rankings = await db().ranking.findMany({
    where: { queryDbId: query.id, submissionId: { in: published.map((p) => p.submissionId) } },
    select: { submissionId: true, topCorpusIds: true, topScores: true, passes: true, watchedCorpusIds: true, watchedScores: true },
  });
  const ownById = new Map(own.map((o) => [o.id, o]));
  const canonical = own.find((o) => o.role === "canonical");
  const byRanking = new Map(rankings.map((r) => [r.submissionId, r]));
  const systems = published.map((p): QuerySystemOutcome => {
    const r = byRanking.get(p.submissionId);
    if (!r) return { submissionId: p.submissionId, model: p.model, rank1: null, canonicalRank: null, canonicalTie: 1, firstPassingRank: null, canonicalScore: null, bestDistractorScore: null };
    const first = r.topCorpusIds.length > 0 ? ownById.get(r.topCorpusIds[0]) : undefined;
    const spans = tieSpans(r.topScores);
    const at = canonical ? r.topCorpusIds.indexOf(canonical.id) : -1;
    const pass = r.passes.indexOf(true);
    const ranked = r.topScores.map((score, i) => ({ score, passes: r.passes[i] ?? false, relevant: false }));
    const score = (id: number) => {
      const i = r.watchedCorpusIds.indexOf(id);
      return i >= 0 ? r.watchedScores[i] : null;
    };
    const distractorScores = own.filter((o) => o.role === "distractor").map((o) => score(o.id)).filter((s): s is number => s !== null);
    return {
      submissionId: p.submissionId,
      model: p.model,
      rank1:
        r.topCorpusIds.length === 0
          ? null
          : { role: first ? first.role : "other", bugType: first?.bugType ?? null, passes: r.passes[0] ?? false, tied: spans[0].size, exec1: execAtK(ranked, 1) },
      canonicalRank: at >= 0 ? spans[at].start + 1 : null,
      canonicalTie: at >= 0 ? spans[at].size : 1,
      firstPassingRank: pass >= 0 ? spans[pass].start + 1 : null,
      canonicalScore: canonical ? score(canonical.id) : null,
      bestDistractorScore: distractorScores.length ? Math.max(...distractorScores) : null,
    };
  });
  return {
    version: { slug: v.slug, name: v.name, version: v.version },
    query: { queryId: query.queryId, functionName: query.functionName, domain: query.domain, text: query.text, tests: query.tests },
    snippets: own.map((o) => ({
      corpusId: o.corpusId,
      role: o.role,
      bugType: o.bugType,
      bugDescription: o.bugDescription,
      code: o.code,
      edit: o.role === "distractor" && canonical ? singleEditDiff(canonical.code, o.code) : null,
    })),
    systems,
    neighbours: {
      previous: neighbours.find((n) => n.position === query.position - 1)?.queryId ?? null,
      next: neighbours.find((n) => n.position === query.position + 1)?.queryId ?? null,
    },
  };
}
