// Loaders shared by a page and its generateMetadata, memoized for the one request (React's
// cache), so a page's <title> costs no second query. A viewer who may not see the thing gets the
// not-found title, never its name.
import type { Metadata } from "next";
import { cache } from "react";
import { getPageViewer } from "./page-viewer";
import { getQueryDrilldown } from "@/lib/drilldown/get-query-drilldown";
import { isAppError } from "@/lib/errors/app-error";
import { getFeaturedBenchmarks } from "@/lib/pages/featured-benchmark";
import { getModelPage } from "@/lib/pages/model-page";
import { getQueryPage } from "@/lib/pages/query-page";
import { getVersionNavData } from "@/lib/pages/version-nav-data";
import { getSubmission } from "@/lib/submissions/get-submission";
import { pageMeta } from "@/components/site/page-meta";

export const loadFeatured = cache(getFeaturedBenchmarks);
export const loadVersionNav = cache((slug: string, version?: string) => getVersionNavData(slug, version));
export const loadQueryPage = cache((slug: string, version: string, queryId: string) => getQueryPage(slug, version, queryId));
export const loadModelPage = cache(async (id: string) => getModelPage(id, await getPageViewer()));
export const loadSubmission = cache(async (id: string) => getSubmission(id, await getPageViewer()));
export const loadDrilldown = cache(async (id: string, queryId: string) => getQueryDrilldown(id, queryId, await getPageViewer()));

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

/** Title and description of a version's leaderboard page. */
export async function leaderboardMeta(slug: string, version?: string): Promise<Metadata> {
  return metaOrNotFound(async () => {
    const nav = await loadVersionNav(slug, version);
    return pageMeta(
      `${nav.name} ${nav.version} leaderboard`,
      `Code retrievers on ${nav.name} ${nav.version}, ranked by exec@1: a retrieved snippet counts only if it passes its query's tests when executed. Every value with its 95% bootstrap interval.`,
    );
  });
}

const fmt3 = (v: number | undefined) => (v === undefined ? null : v.toFixed(3));

/** "exec@1 0.331 [0.30, 0.36] on ExecRetrieval Core 1.1.0": what a link preview of a model says. */
export function submissionSummary(s: { model: { name: string; provider: string }; benchmark: { slug: string; version: string }; status: string; metrics: Record<string, Record<string, { value: number; ci95: [number, number] }>> | null }): string {
  const e1 = s.metrics?.exec?.["1"];
  const e10 = s.metrics?.exec?.["10"];
  const scored = e1 ? `exec@1 ${fmt3(e1.value)} (95% CI ${fmt3(e1.ci95[0])}–${fmt3(e1.ci95[1])})${e10 ? `, exec@10 ${fmt3(e10.value)}` : ""}` : `${s.status}, no results yet`;
  return `${s.model.name} by ${s.model.provider} on ${s.benchmark.slug} ${s.benchmark.version}: ${scored}.`;
}
