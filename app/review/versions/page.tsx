import { pageMeta } from "@/components/site/page-meta";
import Link from "next/link";
import { ReviewNav } from "@/components/review/review-nav";
import { listVersionOverview } from "@/lib/review/list-version-overview";
import { requireMaintainerPage } from "../guard";
import { FactList } from "@/components/ui/fact-list";

export const dynamic = "force-dynamic";
export const metadata = pageMeta("Benchmark versions", "Every benchmark version with its submissions by status.", { noindex: true });

const COLUMNS = [
  ["running", "Running"],
  ["awaiting", "Awaiting review"],
  ["published", "Published"],
  ["hidden", "Hidden"],
  ["rejected", "Rejected"],
  ["failed", "Failed"],
] as const;

export default async function VersionsOverviewPage() {
  await requireMaintainerPage("/review/versions");
  const versions = await listVersionOverview();
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Benchmark versions</h1>
        <p className="text-sm text-slate-600">New submissions are scored against each benchmark&apos;s current (newest) version.</p>
      </header>
      <ReviewNav current="versions" />
      {versions.length === 0 ? (
        <p className="text-sm text-slate-600">No benchmark has been imported yet.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Benchmark versions">
          {versions.map((v) => (
            <li key={`${v.benchmark.slug}@${v.version}`} data-version={`${v.benchmark.slug}@${v.version}`} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="font-semibold">
                  {v.benchmark.name} <span className="font-normal text-slate-600">{v.version}</span>
                </h2>
                {v.current ? (
                  <span className="rounded-full border border-emerald-300 bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">current</span>
                ) : (
                  <span className="rounded-full border border-slate-300 px-2 py-0.5 text-xs text-slate-600">older</span>
                )}
              </div>
              <p className="text-sm text-slate-600">
                {v.queries} queries · {v.corpus} corpus snippets · imported {v.createdAt.slice(0, 10)}
              </p>
              <FactList
                look="tiles"
                className="grid grid-cols-3 gap-2 text-sm"
                facts={COLUMNS.map(([key, label]) => ({
                  key,
                  term: label,
                  value:
                    v.submissions[key] > 0 && (key === "awaiting" || key === "hidden" || key === "rejected" || key === "failed" || key === "published") ? (
                      <Link prefetch={false} href={`/review?${new URLSearchParams({ view: key, benchmark: v.benchmark.slug, version: v.version })}`} className="underline">
                        {v.submissions[key]}
                        <span className="sr-only"> {label.toLowerCase()} submissions of {v.benchmark.name} {v.version}</span>
                      </Link>
                    ) : (
                      v.submissions[key]
                    ),
                }))}
              />
              <p className="text-xs text-slate-600">
                {v.statistics
                  ? `Cross-submission statistics: ${v.statistics.systems} systems, computed ${v.statistics.computedAt.replace("T", " ").slice(0, 16)} UTC${v.statistics.current ? "" : " — stale, a recomputation is queued or pending"}.`
                  : "Cross-submission statistics: not computed yet."}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
