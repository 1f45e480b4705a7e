// Compare 2-4 submissions of one benchmark version on the same queries (the paper's Table 5):
// for each pair and k in {1, 3, 5}, the expected number of queries only A solves and only B
// solves, the paired sign-flip p-value (exact McNemar when nothing is tied), and the
// paired-bootstrap difference of exec@k with its 95% interval (the same tie-aware values,
// resamples and arithmetic as the stored pairwise statistics, computed here so an owner's
// unpublished submission can take part). Who may be compared: published submissions,
// and the viewer's own (and their organisations') scored ones; any other id is dropped without
// saying whether it exists.
import { insiderSubmissionsWhere } from "@/lib/auth/policies";
import type { Principal } from "@/lib/auth/principal";
import crypto from "node:crypto";
import { db } from "@/lib/db/client";
import { VersionedMemo } from "@/lib/db/versioned-memo";
import { listPublishedInOrder } from "@/lib/leaderboard/list-published";
import { resolveVersion, type ResolvedVersion } from "@/lib/leaderboard/resolve-version";
import { bootstrapReplicateMeans, percentileInterval } from "@/lib/metrics/bootstrap";
import { expectedDiscordance, signFlipTest, type SignFlipMethod } from "@/lib/metrics/sign-flip";
import { execAtKExact, type Rational } from "@/lib/metrics/tie-aware";
import { getVersionQueries } from "./version-queries";

export const COMPARE_KS = [1, 3, 5] as const;

export interface CompareCandidate {
  submissionId: string;
  model: string;
  provider: string;
  /** false: the viewer's own, not published (visible to them only). */
  published: boolean;
}

export interface PairAtK {
  k: number;
  aValue: number;
  bValue: number;
  delta: number;
  ci95: [number, number];
  /** Expected queries solved by A and not B, and the reverse (McNemar's counts without ties). */
  aOnly: number;
  bOnly: number;
  pValue: number;
  pMethod: SignFlipMethod;
}

export interface ComparedPair {
  a: CompareCandidate;
  b: CompareCandidate;
  byK: PairAtK[];
}

export interface CompareQuery {
  queryId: string;
  functionName: string;
  domain: string;
}

export interface CompareData {
  version: ResolvedVersion;
  candidates: CompareCandidate[];
  selected: CompareCandidate[];
  pairs: ComparedPair[];
  /** Per selected submission, exec@k per query in benchmark order (tie-aware), for k in COMPARE_KS. */
  solved: Map<string, SolvedColumns>;
  queries: CompareQuery[];
}

async function candidatesFor(versionId: number, viewer: Principal | null): Promise<CompareCandidate[]> {
  const published = (await listPublishedInOrder(versionId)).map((p) => ({ submissionId: p.submissionId, model: p.model, provider: p.provider, published: true }));
  if (!viewer) return published;
  const own = await db().submission.findMany({
    where: { versionId, ...insiderSubmissionsWhere(viewer), status: { not: "published" }, metrics: { some: {} } },
    orderBy: { createdAt: "desc" },
    select: { id: true, modelName: true, provider: true },
  });
  return [...published, ...own.map((s) => ({ submissionId: s.id, model: s.modelName, provider: s.provider, published: false }))];
}

/** exec@k per query (k in COMPARE_KS): the expectation over tie orders, and the same as exact fractions. */
export interface SolvedColumns {
  values: Record<number, Float64Array>;
  exact: Record<number, Rational[]>;
}

/** Tie-aware exec@k columns from each query's ranked list (scores and verdicts). */
export function solvedColumns(lists: readonly { scores: number[]; passes: boolean[] }[], ks: readonly number[]): SolvedColumns {
  const ranked = lists.map((l) => l.scores.map((score, i) => ({ score, passes: l.passes[i] ?? false, relevant: false })));
  const exact: SolvedColumns["exact"] = {}, values: SolvedColumns["values"] = {};
  for (const k of ks) {
    exact[k] = ranked.map((r) => execAtKExact(r, k));
    values[k] = Float64Array.from(exact[k], (x) => x.num / x.den);
  }
  return { values, exact };
}

/** exec@k per query for each submission, from the stored scores and pass vectors of its ranked list. */
async function loadSolved(ids: string[], k: readonly number[]): Promise<Map<string, SolvedColumns>> {
  const out = new Map<string, SolvedColumns>();
  if (ids.length === 0) return out;
  // One JSON text per submission: thousands of ranking rows are slow through the ORM's mapping.
  const rows = await db().$queryRaw<{ submission_id: string; lists: string }[]>`
    SELECT r.submission_id::text AS submission_id, json_agg(json_build_array(r.top_scores, r.passes) ORDER BY q.position)::text AS lists
    FROM rankings r JOIN queries q ON q.id = r.query_db_id
    WHERE r.submission_id = ANY(${ids}::uuid[]) GROUP BY r.submission_id`;
  for (const r of rows) {
    const lists = (JSON.parse(r.lists) as [number[], boolean[]][]).map(([scores, passes]) => ({ scores, passes }));
    out.set(r.submission_id, solvedColumns(lists, k));
  }
  return out;
}

/** Every unordered pair of `systems` (in the given order) at every k. */
export function comparePairsAt(
  systems: readonly { candidate: CompareCandidate; solved: SolvedColumns }[],
  ks: readonly number[] = COMPARE_KS,
  /** The statistics of each pair in this order when already known (memoized): only names them. */
  known?: readonly PairAtK[][],
): ComparedPair[] {
  if (systems.length < 2) return [];
  if (known) {
    const named: ComparedPair[] = [];
    for (let i = 0; i < systems.length; i++) for (let j = i + 1; j < systems.length; j++) named.push({ a: systems[i].candidate, b: systems[j].candidate, byK: known[named.length] });
    return named;
  }
  const columns = systems.flatMap((s) => ks.map((k) => s.solved.values[k]));
  const replicates = bootstrapReplicateMeans(columns);
  const mean = (c: Float64Array) => c.reduce((x, y) => x + y, 0) / c.length;
  const at = (si: number, ki: number) => si * ks.length + ki;
  const pairs: ComparedPair[] = [];
  for (let i = 0; i < systems.length; i++) {
    for (let j = i + 1; j < systems.length; j++) {
      pairs.push({
        a: systems[i].candidate,
        b: systems[j].candidate,
        byK: ks.map((k, ki) => {
          const ca = columns[at(i, ki)], cb = columns[at(j, ki)];
          const ra = replicates[at(i, ki)], rb = replicates[at(j, ki)];
          const diff = Float64Array.from(ra, (x, r) => x - rb[r]);
          const ci = percentileInterval(diff);
          const { aOnly, bOnly } = expectedDiscordance(ca, cb);
          const test = signFlipTest(systems[i].solved.exact[k], systems[j].solved.exact[k]);
          const aValue = mean(ca), bValue = mean(cb);
          return { k, aValue, bValue, delta: aValue - bValue, ci95: [ci.low, ci.high], aOnly, bOnly, pValue: test.pValue, pMethod: test.method };
        }),
      });
    }
  }
  return pairs;
}

// The paired statistics depend on nothing but the per-query exec@k values (5,000 bootstrap
// resamples of every column: most of the page's server time), so they are memoized by a hash
// of exactly those values: a re-score that changes any of them is a different key.
const pairStatsMemo = new VersionedMemo<PairAtK[][]>(128);

function pairStats(systems: readonly { candidate: CompareCandidate; solved: SolvedColumns }[]): Promise<ComparedPair[]> {
  const h = crypto.createHash("sha256");
  for (const s of systems) for (const k of COMPARE_KS) h.update(`${k}:${s.solved.values[k].length};`).update(new Uint8Array(s.solved.values[k].buffer));
  return pairStatsMemo
    .get(h.digest("hex"), "", async () => comparePairsAt(systems).map((p) => p.byK))
    .then((byK) => comparePairsAt(systems, COMPARE_KS, byK));
}

export async function getCompare(slug: string, version: string, requested: readonly string[], viewer: Principal | null): Promise<CompareData> {
  const v = await resolveVersion(slug, version);
  const candidates = await candidatesFor(v.id, viewer);
  // Lettered A-D in leaderboard order (then the viewer's own), whatever order the link lists them
  // in, so A is the better-placed published system as in the stored pairwise statistics.
  const wanted = new Set(requested);
  const selected = candidates.filter((c) => wanted.has(c.submissionId)).slice(0, 4);
  const [solved, queries] = await Promise.all([
    loadSolved(selected.map((s) => s.submissionId), COMPARE_KS),
    selected.length >= 2
      ? getVersionQueries(v).then((vq) => vq.queries.map(({ queryId, functionName, domain }): CompareQuery => ({ queryId, functionName, domain })))
      : Promise.resolve([] as CompareQuery[]),
  ]);
  // A selected submission without rankings (not scored yet) cannot be compared.
  const usable = selected.filter((s) => solved.get(s.submissionId)?.values[1]?.length === queries.length && queries.length > 0);
  return {
    version: v,
    candidates,
    selected: usable,
    pairs: await pairStats(usable.map((s) => ({ candidate: s, solved: solved.get(s.submissionId)! }))),
    solved,
    queries,
  };
}
