// What changed, for readers who must trust the numbers: every benchmark version imported, every
// scoring-engine and sandbox-runner version this installation has scored with (what each means,
// first and last use here), and every re-scoring event (what was re-scored, why, how it went).
// Newest first. Only public facts: no unpublished submission, no maintainer's address.
import { db } from "@/lib/db/client";
import type { BenchmarkKindId } from "@/lib/kinds/kind";
import { allKinds } from "@/lib/kinds/registry";
import { RUNNER_VERSION } from "@/lib/sandbox/types";

/**
 * What each scoring engine version means, per kind of benchmark: engines are numbered per kind
 * (lib/kinds: each kind declares its engine), so engine 1 of one kind says nothing of another's.
 */
export const ENGINE_NOTES: Record<BenchmarkKindId, Record<number, string>> = {
  exec_retrieval: {
    1: "Ties in corpus order: snippets with exactly equal scores were ranked by their position in the corpus (no engine version was recorded then).",
    2: "Tie-aware: every metric and analysis is the exact expectation over all orders of exactly tied snippets; the ranked list runs through the end of the tie group at rank 10; comparisons use the paired sign-flip test (exact McNemar when nothing is tied).",
  },
  repo_retrieval: {
    1: "The first engine of repository context retrieval: Recall@k, MRR and budgeted context yield of each run's ranked files, per task and over all samples, with bootstrap intervals and paired tests.",
  },
};

/** What each sandbox runner version means (lib/sandbox/types.ts RUNNER_VERSION, docker/SANDBOX.md). */
export const RUNNER_NOTES: Record<string, string> = {
  "1": "The test suite ran inside the candidate's process.",
  "2": "Verdicts are decided outside the candidate's process: the candidate returns the values each assert needs as plain data and a trusted process evaluates the assert with strict types.",
  "3": "A judge process the candidate cannot reach decides every verdict with Python's own meaning for builtin values (1 == True, 2 == 2.0, an OrderedDict equals its dict), on values the candidate's child sends as plain data; the child runs under a uid of its own without capabilities, behind a seccomp filter, one CPU per Docker lane, and rebinding a builtin or forging an exception, frame or label changes no verdict.",
  "4": "The judge also reports, per test, a repr (at most 200 characters) of the value the candidate's call returned and the exception type it raised, which the drilldown shows. Verdicts are runner 3's, except that an OrderedDict a candidate returns now keeps its order (runner 3 read it as empty where order counts, failing correct code).",
};

export type ChangelogEntry =
  | { kind: "benchmark-version"; at: string; benchmark: string; slug: string; version: string; queries: number; corpus: number; description: string }
  | { kind: "engine"; at: string | null; lastAt: string | null; version: number; current: boolean; note: string | null; evaluations: number; benchmarkKind: BenchmarkKindId; kindTitle: string }
  | { kind: "runner"; at: string | null; lastAt: string | null; version: string; current: boolean; note: string | null; evaluations: number }
  | {
      kind: "rescore";
      at: string;
      benchmark: string;
      slug: string;
      scope: string;
      reason: string | null;
      /** Who asked: "a maintainer", or the system's own label for automatic batches. */
      requestedBy: string;
      counts: { total: number; done: number; failed: number; pending: number };
    };

const iso = (d: Date | null) => d?.toISOString() ?? null;
const executingKinds = (): string[] => allKinds().filter((k) => k.runnerVersion !== null).map((k) => k.id);

export async function getChangelog(): Promise<ChangelogEntry[]> {
  const [versions, engines, runners, batches] = await Promise.all([
    db().benchmarkVersion.findMany({ select: { version: true, description: true, createdAt: true, queryCount: true, corpusCount: true, benchmark: { select: { slug: true, name: true, kind: true } } } }),
    db().$queryRaw<{ k: BenchmarkKindId; v: number | null; first: Date | null; last: Date | null; n: number }[]>`
      SELECT b.kind::text AS k, e.scoring_engine AS v, min(coalesce(e.finished_at, e.created_at)) AS first, max(coalesce(e.finished_at, e.created_at)) AS last, count(*)::int AS n
      FROM evaluations e
      JOIN submissions s ON s.id = e.submission_id
      JOIN benchmark_versions bv ON bv.id = s.version_id
      JOIN benchmarks b ON b.id = bv.benchmark_id
      WHERE e.status = 'scored' GROUP BY b.kind, e.scoring_engine`,
    // Runs of the kinds that execute only: a worker records its runner with every evaluation, but
    // a kind that never executes (the repository track) did not score with it.
    db().$queryRaw<{ v: string | null; first: Date | null; last: Date | null; n: number }[]>`
      SELECT e.runner_version AS v, min(coalesce(e.finished_at, e.created_at)) AS first, max(coalesce(e.finished_at, e.created_at)) AS last, count(*)::int AS n
      FROM evaluations e
      JOIN submissions s ON s.id = e.submission_id
      JOIN benchmark_versions bv ON bv.id = s.version_id
      JOIN benchmarks b ON b.id = bv.benchmark_id
      WHERE e.status = 'scored' AND e.runner_version IS NOT NULL AND b.kind::text = ANY(${executingKinds()})
      GROUP BY e.runner_version`,
    db().rescoreBatch.findMany({
      select: { scope: true, reason: true, actorId: true, actorLabel: true, createdAt: true, benchmark: { select: { slug: true, name: true } }, evaluations: { select: { status: true } } },
    }),
  ]);
  const entries: ChangelogEntry[] = [
    ...versions.map((v): ChangelogEntry => ({ kind: "benchmark-version", at: v.createdAt.toISOString(), benchmark: v.benchmark.name, slug: v.benchmark.slug, version: v.version, queries: v.queryCount, corpus: v.corpusCount, description: v.description })),
    ...engineEntries(engines, new Set(versions.map((v) => v.benchmark.kind))),
    ...runnerEntries(runners),
    ...batches.map((b): ChangelogEntry => {
      const count = (s: string) => b.evaluations.filter((e) => e.status === s).length;
      return {
        kind: "rescore",
        at: b.createdAt.toISOString(),
        benchmark: b.benchmark.name,
        slug: b.benchmark.slug,
        scope: b.scope,
        reason: b.reason,
        requestedBy: b.actorId ? "a maintainer" : b.actorLabel,
        counts: { total: b.evaluations.length, done: count("scored"), failed: count("failed"), pending: b.evaluations.length - count("scored") - count("failed") },
      };
    }),
  ];
  // Newest first; versions never used here (no date) last.
  return entries.sort((a, b) => (b.at ?? "").localeCompare(a.at ?? ""));
}

/** The scoring-engine entries: per kind, the versions scored here and the current one. */
export function engineEntries(rows: { k: BenchmarkKindId; v: number | null; first: Date | null; last: Date | null; n: number }[], imported: Set<BenchmarkKindId>): ChangelogEntry[] {
  return allKinds().flatMap((kind) => {
    const current = kind.engine.version;
    const byVersion = new Map(rows.filter((r) => r.k === kind.id).map((r) => [r.v ?? 1, r]));
    const notes = ENGINE_NOTES[kind.id] ?? {};
    const known = new Set([...Object.keys(notes).map(Number), ...byVersion.keys()]);
    // The versions of a kind used here, and its current one, for the kinds this installation has
    // a benchmark of or has scored: a kind it has never seen adds nothing to the changelog.
    if (byVersion.size === 0 && !imported.has(kind.id)) return [];
    return [...known]
      .filter((v) => v <= current && (byVersion.has(v) || v === current))
      .map((v): ChangelogEntry => {
        const r = byVersion.get(v);
        return { kind: "engine", at: iso(r?.first ?? null), lastAt: iso(r?.last ?? null), version: v, current: v === current, note: notes[v] ?? null, evaluations: r?.n ?? 0, benchmarkKind: kind.id, kindTitle: kind.title };
      });
  });
}

function runnerEntries(rows: { v: string | null; first: Date | null; last: Date | null; n: number }[]): ChangelogEntry[] {
  const shown = rows.filter((r) => r.v !== null && !r.v.includes("+"));
  if (!shown.some((r) => r.v === RUNNER_VERSION)) shown.push({ v: RUNNER_VERSION, first: null, last: null, n: 0 });
  return shown.map((r) => ({ kind: "runner", at: iso(r.first), lastAt: iso(r.last), version: r.v!, current: r.v === RUNNER_VERSION, note: RUNNER_NOTES[r.v!] ?? null, evaluations: r.n }));
}
