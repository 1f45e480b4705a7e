// Loaders shared by a page and its generateMetadata, memoized for the one request (React's
// cache), so a page's <title> costs no second query. A viewer who may not see the thing gets the
// not-found title, never its name.
import type { Metadata } from "next";
import { cache } from "react";
import { getPageViewer } from "./page-viewer";
import { getQueryDrilldown } from "@/lib/drilldown/get-query-drilldown";
import { isAppError } from "@/lib/errors/app-error";
import type { BenchmarkKind, BenchmarkKindId } from "@/lib/kinds/kind";
import { kindOfBenchmark, kindOfSubmission } from "@/lib/kinds/registry";
import { getFeaturedBenchmarks } from "@/lib/pages/featured-benchmark";
import { getModelPage } from "@/lib/pages/model-page";
import { getQueryPage } from "@/lib/pages/query-page";
import { getVersionNavData } from "@/lib/pages/version-nav-data";
import { getRunPage } from "@/lib/repo-board/run-page";
import { getSampleDrilldown } from "@/lib/repo-board/sample-drilldown";
import { getSubmission } from "@/lib/submissions/get-submission";
import { pageMeta } from "@/components/site/page-meta";

export const loadFeatured = cache(getFeaturedBenchmarks);
export const loadVersionNav = cache((slug: string, version?: string) => getVersionNavData(slug, version));
export const loadQueryPage = cache((slug: string, version: string, queryId: string) => getQueryPage(slug, version, queryId));
export const loadModelPage = cache(async (id: string) => getModelPage(id, await getPageViewer()));
export const loadSubmission = cache(async (id: string) => getSubmission(id, await getPageViewer()));
export const loadDrilldown = cache(async (id: string, queryId: string) => getQueryDrilldown(id, queryId, await getPageViewer()));
export const loadBenchmarkKind = cache(kindOfBenchmark);
export const loadSubmissionKind = cache(kindOfSubmission);
// The repository track's model page and sample drilldown.
export const loadRunPage = cache(async (id: string) => getRunPage(id, await getPageViewer()));
export const loadSampleDrilldown = cache(async (id: string, sampleId: string) => getSampleDrilldown(id, sampleId, await getPageViewer()));

export const NOT_FOUND_META = pageMeta("Page not found", "There is no ExecBoard page at this address.", { noindex: true });

/** The page's metadata from `build`, or the not-found page's when what it shows is missing or not visible. */
export async function metaOrNotFound(build: () => Promise<Metadata>): Promise<Metadata> {
  try {
    return await build();
  } catch (e) {
    if (isAppError(e) && e.code === "NOT_FOUND") return NOT_FOUND_META;
    throw e;
  }
}

/** What a version page is called, from "Name version", for each kind of benchmark that has the page. */
export type KindWords = Partial<Record<BenchmarkKindId, (what: string) => [title: string, description: string]>>;

/**
 * Title and description of a page about one benchmark version (its current one without
 * `version`), worded for the benchmark's kind; a kind the page does not exist for, or a
 * version that does not, gets the not-found page's.
 */
export async function versionMeta(slug: string, version: string | undefined, words: KindWords): Promise<Metadata> {
  return metaOrNotFound(async () => {
    const [kind, nav] = await Promise.all([loadBenchmarkKind(slug), loadVersionNav(slug, version)]);
    const say = words[kind.id];
    if (!say) return NOT_FOUND_META;
    const [title, description] = say(`${nav.name} ${nav.version}`);
    return pageMeta(title, description);
  });
}

const LEADERBOARD_WORDS: KindWords = {
  exec_retrieval: (what) => [
    `${what} leaderboard`,
    `Code retrievers on ${what}, ranked by exec@1: a retrieved snippet counts only if it passes its query's tests when executed. Every value with its 95% bootstrap interval.`,
  ],
  repo_retrieval: (what) => [
    `${what} leaderboard`,
    `Retrievers of repository context for coding agents on ${what}, ranked by MRR: which files of a repository frozen at a commit an agent needs next, with Recall@k and budgeted context yield per task. Every value with its 95% bootstrap interval.`,
  ],
};

/** Title and description of a version's leaderboard page. */
export async function leaderboardMeta(slug: string, version?: string): Promise<Metadata> {
  return versionMeta(slug, version, LEADERBOARD_WORDS);
}

const fmt3 = (v: number | undefined) => (v === undefined ? null : v.toFixed(3));

/**
 * "exec@1 0.331 (95% CI 0.30–0.36), exec@10 0.512 on …": what a link preview of a model says, in
 * the first two values its kind's one-line summary names.
 */
export function submissionSummary(
  s: { model: { name: string; provider: string }; benchmark: { slug: string; version: string }; status: string; metrics: Record<string, Record<string, { value: number; ci95: [number, number] }>> | null },
  kind: BenchmarkKind,
): string {
  const [head, next] = kind.presentation.summary;
  const first = s.metrics?.[head.name]?.[String(head.k)];
  const second = next && s.metrics?.[next.name]?.[String(next.k)];
  const scored = first ? `${head.label} ${fmt3(first.value)} (95% CI ${fmt3(first.ci95[0])}–${fmt3(first.ci95[1])})${second ? `, ${next.label} ${fmt3(second.value)}` : ""}` : `${s.status}, no results yet`;
  return `${s.model.name} by ${s.model.provider} on ${s.benchmark.slug} ${s.benchmark.version}: ${scored}.`;
}
