import Link from "next/link";
import { comparePath, datasetPath, datasetZip, queriesPath, versionPath } from "@/components/benchmark/paths";
import { pageMeta } from "@/components/site/page-meta";
import { listBenchmarkVersions } from "@/lib/benchmark/list-benchmark-versions";
import { DataTable } from "@/components/ui/data-table";

export const dynamic = "force-dynamic";
export const metadata = pageMeta(
  "Benchmarks",
  "Every ExecBoard benchmark and its immutable versions: queries, snippets, distractors, published results, and each version's dataset to download with SHA-256 checksums.",
);

// Benchmarks and their immutable versions. Every submission and leaderboard belongs to exactly
// one version; new submissions are scored against the current (newest) one.
export default async function BenchmarksPage() {
  const benchmarks = await listBenchmarkVersions();
  if (benchmarks.length === 0) {
    return <p className="text-slate-600">No benchmark has been imported yet. Run `npx execboard benchmark import &lt;dir&gt;`.</p>;
  }
  return (
    <div className="space-y-10">
      <h1 className="text-2xl font-semibold tracking-tight">Benchmarks</h1>
      {benchmarks.map((b) => (
        <section key={b.slug} aria-labelledby={`versions-${b.slug}`} className="space-y-3">
          <h2 id={`versions-${b.slug}`} className="text-xl font-semibold">
            {b.name} <span className="font-mono text-sm font-normal text-slate-600">{b.slug}</span>
          </h2>
          <p className="max-w-3xl text-sm text-slate-600">
            {b.description} License: {b.license}. Each version downloads as one zip (benchmark.json, queries.jsonl, corpus.jsonl, LICENSE.txt,
            SHA256SUMS) or file by file; <Link href="/submit#download" className="underline">how to use it</Link>.
          </p>
          <DataTable caption={`Versions of ${b.name}`} scrollClassName="rounded-xl border border-slate-200 bg-white px-4 shadow-sm" className="min-w-full text-left text-sm" headClassName="border-b border-slate-200 text-slate-600" bodyClassName="" cell="py-2 pr-6 text-right"
            columns={[{ label: "Version", className: "py-2 pr-6" }, { label: "Imported", className: "py-2 pr-6" }, "Queries", "Snippets", "Distractors", "Published results", { key: "pages", label: <span className="sr-only">Pages</span>, className: "py-2" }]}
          >
            {b.versions.map((v) => (
              <tr key={v.version} className="border-b border-slate-100">
                <th scope="row" className="py-2 pr-6 font-mono font-normal">
                  {v.version}
                  {v.current ? <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 font-sans text-xs text-emerald-900">current</span> : null}
                </th>
                <td className="py-2 pr-6">{v.createdAt.slice(0, 10)}</td>
                <td className="py-2 pr-6 text-right tabular-nums">{v.queries}</td>
                <td className="py-2 pr-6 text-right tabular-nums">{v.corpus}</td>
                <td className="py-2 pr-6 text-right tabular-nums">{v.distractors}</td>
                <td className="py-2 pr-6 text-right tabular-nums">{v.publishedSubmissions}</td>
                <td className="whitespace-nowrap py-2">
                  <span className="flex gap-3">
                    <Link href={versionPath(b.slug, v.version)} className="text-emerald-800 underline underline-offset-2" aria-label={`Leaderboard of ${b.name} ${v.version}`}>
                      leaderboard
                    </Link>
                    <Link href={queriesPath(b.slug, v.version)} className="text-emerald-800 underline underline-offset-2" aria-label={`Queries of ${b.name} ${v.version}`}>
                      queries
                    </Link>
                    <Link href={comparePath(b.slug, v.version)} className="text-emerald-800 underline underline-offset-2" aria-label={`Compare submissions of ${b.name} ${v.version}`}>
                      compare
                    </Link>
                    {v.downloadable ? (
                      <>
                        <a href={datasetZip(b.slug, v.version)} download className="text-emerald-800 underline underline-offset-2" aria-label={`Download ${b.name} ${v.version} (zip)`}>
                          download
                        </a>
                        <a href={datasetPath(b.slug, v.version, "SHA256SUMS")} className="text-emerald-800 underline underline-offset-2" aria-label={`SHA-256 checksums of ${b.name} ${v.version}`}>
                          checksums
                        </a>
                      </>
                    ) : (
                      <span className="text-slate-500" title="Imported before its files were kept; importing it again makes it downloadable">
                        no download
                      </span>
                    )}
                  </span>
                </td>
              </tr>
            ))}
          </DataTable>
        </section>
      ))}
    </div>
  );
}
