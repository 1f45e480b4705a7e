import { canSeeSubmission } from "@/lib/auth/policies";
import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { execAtK, tieSpans } from "@/lib/metrics/tie-aware";
import { RUNNER_VERSION, type TestOutcome } from "@/lib/sandbox/types";
import { pickRuns } from "./pick-runs";
import { singleEditDiff, type SingleEdit } from "./single-edit-diff";
import { parseObservations, testResults, type TestResultView } from "./test-results";

export interface DrilldownSnippet {
  rank: number;
  corpusId: string;
  score: number;
  /** "canonical" or "distractor" of this query, or "other" (another query's snippet). */
  role: "canonical" | "distractor" | "other";
  ownerQueryId: string;
  bugType: string | null;
  bugDescription: string | null;
  code: string;
  /** For this query's own distractors: the edit against the canonical. */
  edit: SingleEdit | null;
  outcomes: TestOutcome[] | null;
  /** Each test with its outcome, exception type and (when the runner reported it) returned value. */
  tests: TestResultView[];
  testsPassed: number;
  passes: boolean;
  /**
   * The snippet's tie group when its score is shared exactly (null when its rank is strict):
   * it may sit anywhere from rank `from` to rank `to`, every order equally likely.
   */
  tie: { from: number; to: number; size: number } | null;
}

/** One side of the canonical-vs-distractor comparison. */
export interface PairSide {
  corpusId: string;
  code: string;
  score: number;
  /** Best rank (the start of its tie group), or null when it is not in the executed list. */
  rank: number | null;
  /** The canonical passes every test by construction; a distractor fails at least one. */
  passes: boolean;
}

export interface QueryDrilldown {
  submission: {
    id: string;
    model: string;
    provider: string;
    similarity: string;
    status: string;
    benchmark: string;
    version: string;
    /** The organisation it was submitted for (display name), or null: personal. */
    organisation: string | null;
  };
  query: { queryId: string; functionName: string; domain: string; text: string; tests: string[] };
  /** The top 10, then every snippet tied exactly with the 10th (ranks beyond 10 mark them). */
  top: DrilldownSnippet[];
  /** exec@k for this query: 1 or 0, or the chance over the orders of tied snippets. */
  execAtK: Record<"1" | "3" | "5" | "10", number>;
  /**
   * The canonical beside the distractor this system scored highest (its most convincing fake),
   * with the edit between them; null when the query has no scored distractor.
   */
  pair: { canonical: PairSide; distractor: PairSide & { bugType: string | null; bugDescription: string | null }; edit: SingleEdit } | null;
  /** This query's canonical and distractors with their similarity, whether ranked or not. */
  own: { corpusId: string; role: "canonical" | "distractor"; bugType: string | null; score: number; rank: number | null }[];
  neighbours: { previous: string | null; next: string | null };
  /** rank1: the chance that the system's rank-1 snippet passes (1 or 0 unless tied); null: not ranked. */
  otherSubmissions: { id: string; model: string; rank1: number | null }[];
}

// Figure 1 of the paper for any query and submission: the ranked snippets, their scores and
// roles, the single edit each distractor makes, and which tests each passes.
export async function getQueryDrilldown(submissionId: string, queryId: string, viewer: Principal | null): Promise<QueryDrilldown> {
  const sub = await db().submission.findUnique({
    where: { id: submissionId },
    select: {
      id: true,
      userId: true,
      organisationId: true,
      organisation: { select: { name: true } },
      status: true,
      modelName: true,
      provider: true,
      similarity: true,
      versionId: true,
      version: { select: { version: true, benchmark: { select: { slug: true } } } },
      currentEvaluation: { select: { runnerVersion: true } },
    },
  });
  if (!sub || !canSeeSubmission(viewer, sub)) throw new AppError("NOT_FOUND", `no submission ${submissionId}`);
  const query = await db().query.findUnique({
    where: { versionId_queryId: { versionId: sub.versionId, queryId } },
    select: { id: true, queryId: true, functionName: true, domain: true, text: true, tests: true, testsHash: true, position: true },
  });
  if (!query) throw new AppError("NOT_FOUND", `no query ${queryId} in this benchmark version`);
  const ranking = await db().ranking.findUnique({
    where: { submissionId_queryDbId: { submissionId, queryDbId: query.id } },
    select: { topCorpusIds: true, topScores: true, watchedCorpusIds: true, watchedScores: true, passes: true },
  });
  if (!ranking) throw new AppError("NOT_FOUND", `submission ${submissionId} has not ranked query ${queryId} yet`);

  const items = await db().corpusItem.findMany({
    where: { OR: [{ id: { in: ranking.topCorpusIds } }, { versionId: sub.versionId, queryId }] },
    select: { id: true, corpusId: true, queryId: true, role: true, code: true, codeHash: true, bugType: true, bugDescription: true },
  });
  const byId = new Map(items.map((i) => [i.id, i]));
  const canonical = items.find((i) => i.queryId === queryId && i.role === "canonical");
  const executions = await db().execution.findMany({
    where: { testsHash: query.testsHash, codeHash: { in: [...new Set(ranking.topCorpusIds.map((id) => byId.get(id)!.codeHash))] } },
    select: { codeHash: true, outcomes: true, runnerVersion: true, observations: true },
  });
  const runByCode = pickRuns(executions, sub.currentEvaluation?.runnerVersion ?? null, RUNNER_VERSION);

  const spans = tieSpans(ranking.topScores);
  const top: DrilldownSnippet[] = ranking.topCorpusIds.map((id, i) => {
    const item = byId.get(id)!;
    const own = item.queryId === queryId;
    const run = runByCode.get(item.codeHash);
    const outcomes = (run?.outcomes as TestOutcome[] | undefined) ?? null;
    return {
      rank: i + 1,
      corpusId: item.corpusId,
      score: ranking.topScores[i],
      role: own ? item.role : "other",
      ownerQueryId: item.queryId,
      bugType: item.bugType,
      bugDescription: item.bugDescription,
      code: item.code,
      edit: own && item.role === "distractor" && canonical ? singleEditDiff(canonical.code, item.code) : null,
      outcomes,
      tests: testResults(query.tests, outcomes, parseObservations(run?.observations, query.tests.length)),
      testsPassed: outcomes ? outcomes.filter((o) => o === "pass").length : 0,
      passes: ranking.passes[i] ?? false,
      tie: spans[i].size > 1 ? { from: spans[i].start + 1, to: spans[i].start + spans[i].size, size: spans[i].size } : null,
    };
  });
  const ranked = top.map((s) => ({ score: s.score, passes: s.passes, relevant: false }));
  const execAt = (k: number) => execAtK(ranked, k);
  // Best rank of each listed snippet (the start of its tie group).
  const rankOf = new Map(ranking.topCorpusIds.map((id, i) => [id, spans[i].start + 1]));

  const [neighbours, others] = await Promise.all([
    db().query.findMany({
      where: { versionId: sub.versionId, position: { in: [query.position - 1, query.position + 1] } },
      select: { queryId: true, position: true },
    }),
    db().submission.findMany({
      where: { versionId: sub.versionId, status: "published", id: { not: sub.id } },
      select: { id: true, modelName: true, rankings: { where: { queryDbId: query.id }, select: { passes: true, topScores: true } } },
      orderBy: { publishedAt: "asc" },
    }),
  ]);

  return {
    pair: comparePair(items, queryId, ranking.watchedCorpusIds, ranking.watchedScores, rankOf),
    submission: {
      id: sub.id,
      model: sub.modelName,
      provider: sub.provider,
      similarity: sub.similarity,
      status: sub.status,
      benchmark: sub.version.benchmark.slug,
      version: sub.version.version,
      organisation: sub.organisation?.name ?? null,
    },
    query: { queryId: query.queryId, functionName: query.functionName, domain: query.domain, text: query.text, tests: query.tests },
    top,
    execAtK: { "1": execAt(1), "3": execAt(3), "5": execAt(5), "10": execAt(10) },
    own: ranking.watchedCorpusIds
      .map((id, i) => {
        const item = byId.get(id);
        if (!item) return null;
        return {
          corpusId: item.corpusId,
          role: item.role,
          bugType: item.bugType,
          score: ranking.watchedScores[i],
          rank: rankOf.get(id) ?? null,
        };
      })
      .filter((x) => x !== null),
    neighbours: {
      previous: neighbours.find((n) => n.position === query.position - 1)?.queryId ?? null,
      next: neighbours.find((n) => n.position === query.position + 1)?.queryId ?? null,
    },
    otherSubmissions: others.map((o) => {
      const r = o.rankings[0];
      return { id: o.id, model: o.modelName, rank1: r ? execAtK(r.topScores.map((score, i) => ({ score, passes: r.passes[i] ?? false, relevant: false })), 1) : null };
    }),
  };
}

type Item = { id: number; corpusId: string; queryId: string; role: "canonical" | "distractor"; code: string; bugType: string | null; bugDescription: string | null };

// The canonical and the own distractor this system scored highest (on an exact tie, the one
// listed first among the watched snippets, i.e. corpus order: any choice among equals is as good).
function comparePair(items: Item[], queryId: string, watched: readonly number[], scores: readonly number[], rankOf: Map<number, number>): QueryDrilldown["pair"] {
  const own = new Map(items.filter((i) => i.queryId === queryId).map((i) => [i.id, i]));
  const scored = watched.map((id, i) => ({ item: own.get(id), id, score: scores[i] })).filter((x) => x.item !== undefined);
  const canonical = scored.find((x) => x.item!.role === "canonical");
  const top = scored.filter((x) => x.item!.role === "distractor").reduce<(typeof scored)[number] | null>((best, x) => (best === null || x.score > best.score ? x : best), null);
  if (!canonical || !top) return null;
  const side = (x: (typeof scored)[number], passes: boolean): PairSide => ({ corpusId: x.item!.corpusId, code: x.item!.code, score: x.score, rank: rankOf.get(x.id) ?? null, passes });
  return {
    canonical: side(canonical, true),
    distractor: { ...side(top, false), bugType: top.item!.bugType, bugDescription: top.item!.bugDescription },
    edit: singleEditDiff(canonical.item!.code, top.item!.code),
  };
}
