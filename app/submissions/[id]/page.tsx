import Link from "next/link";
import { notFound } from "next/navigation";
import { ExecCurve } from "@/components/model/exec-curve";
import { MetricsTable } from "@/components/model/metrics-table";
import { QueryTable } from "@/components/model/query-table";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { isAppError } from "@/lib/errors/app-error";
import { getSubmission, type SubmissionView } from "@/lib/submissions/get-submission";
import { listSubmissionQueries } from "@/lib/submissions/list-submission-queries";

export const dynamic = "force-dynamic";

async function load(id: string): Promise<SubmissionView> {
  try {
    return await getSubmission(id, await getPageViewer());
  } catch (e) {
    if (isAppError(e) && e.code === "NOT_FOUND") notFound();
    throw e;
  }
}

export default async function SubmissionPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ domain?: string; misses?: string }> }) {
  const { id } = await params;
  const filters = await searchParams;
  const s = await load(id);
  const meta = (s.metadata ?? {}) as Record<string, unknown>;
  const rows = s.metrics ? await listSubmissionQueries(id, await getPageViewer()) : [];
  const domains = [...new Set(rows.map((r) => r.domain))].sort();
  const shown = rows.filter((r) => (!filters.domain || r.domain === filters.domain) && (filters.misses !== "1" || !r.rank1?.passes));
  return (
    <div className="space-y-8">
      <header className="space-y-1">
        <p className="text-sm text-slate-600">
          <Link href="/" className="hover:text-slate-900">
            {s.benchmark.slug} {s.benchmark.version}
          </Link>
        </p>
        <h1 className="text-2xl font-semibold tracking-tight">
          {s.model.name}
          {s.isBaseline && <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 align-middle text-xs font-normal">baseline</span>}
        </h1>
        <p className="text-sm text-slate-600">
          {s.model.provider} · {s.model.dims} dims · {s.model.dtype} · {s.model.similarity} similarity · {s.status}
          {s.publishedAt && ` · published ${s.publishedAt.slice(0, 10)}`}
        </p>
      </header>

      {s.status === "failed" && <p className="rounded border border-rose-200 bg-rose-50 p-3 text-rose-800">Failed: {s.error}</p>}

      {s.metrics && (
        <section aria-labelledby="metrics-heading" className="grid gap-6 lg:grid-cols-2">
          <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <h2 id="metrics-heading" className="mb-2 text-lg font-semibold">
              Metrics (mean over queries, 95% bootstrap CI)
            </h2>
            <MetricsTable metrics={s.metrics} />
          </div>
          <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <h2 className="mb-2 text-lg font-semibold">exec@k</h2>
            <ExecCurve
              points={[1, 3, 5, 10].map((k) => {
                const m = s.metrics!.exec[String(k)];
                return { k, value: m.value, ciLow: m.ci95[0], ciHigh: m.ci95[1] };
              })}
            />
          </div>
        </section>
      )}

      <section aria-labelledby="invocation-heading" className="rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
        <h2 id="invocation-heading" className="mb-2 text-lg font-semibold">
          Invocation
        </h2>
        <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-1">
          {(["revision", "link", "openWeights", "queryPrefix", "passagePrefix", "notes"] as const)
            .filter((key) => meta[key] !== undefined)
            .map((key) => (
              <div key={key} className="contents">
                <dt className="text-slate-500">{key}</dt>
                <dd className="break-words font-mono">{String(meta[key])}</dd>
              </div>
            ))}
          <dt className="text-slate-500">benchmark</dt>
          <dd className="font-mono">
            {s.benchmark.slug} {s.benchmark.version}
          </dd>
        </dl>
      </section>

      {rows.length > 0 && (
        <section aria-labelledby="queries-heading" className="space-y-3">
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h2 id="queries-heading" className="text-lg font-semibold">
              Queries ({shown.length} of {rows.length})
            </h2>
            <nav className="flex flex-wrap gap-2 text-sm" aria-label="Filter queries">
              <Link href={`/submissions/${id}`} className="rounded px-2 py-0.5 hover:bg-slate-200">
                all
              </Link>
              <Link href={`/submissions/${id}?misses=1${filters.domain ? `&domain=${filters.domain}` : ""}`} className="rounded px-2 py-0.5 hover:bg-slate-200">
                rank-1 misses
              </Link>
              {domains.map((d) => (
                <Link key={d} href={`/submissions/${id}?domain=${d}${filters.misses ? "&misses=1" : ""}`} className="rounded px-2 py-0.5 hover:bg-slate-200">
                  {d.replaceAll("_", " ")}
                </Link>
              ))}
            </nav>
          </div>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white p-2 shadow-sm">
            <QueryTable submissionId={id} rows={shown} />
          </div>
        </section>
      )}
    </div>
  );
}
