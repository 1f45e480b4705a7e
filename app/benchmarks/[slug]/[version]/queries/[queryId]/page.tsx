import Link from "next/link";
import { drilldownPath, queriesPath, queryPath } from "@/components/benchmark/paths";
import { CodeWithEdit } from "@/components/drilldown/code-with-edit";
import { QueryTests } from "@/components/drilldown/query-tests";
import { bugLabel } from "@/components/drilldown/role-label";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { fmtCount, fmtPctChance, humanize } from "@/components/ui/format";
import { orNotFound } from "@/app/_server/or-not-found";
import { type QuerySystemOutcome } from "@/lib/pages/query-page";
import { loadQueryPage, metaOrNotFound } from "@/app/_server/page-loaders";
import { pageMeta } from "@/components/site/page-meta";
import { decodeSegment } from "@/lib/pages/search-params";
import { Section } from "@/components/ui/section";
import { Breadcrumb } from "@/components/ui/breadcrumb";
import { DataTable } from "@/components/ui/data-table";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ slug: string; version: string; queryId: string }> }) {
  const { slug, version, queryId } = await params;
  return metaOrNotFound(async () => {
    const d = await loadQueryPage(slug, decodeSegment(version), decodeSegment(queryId));
    return pageMeta(`${d.query.functionName} (${d.query.queryId}) · ${d.version.name} ${d.version.version}`, `${d.query.text} Its canonical, its single-edit distractors and what every published system retrieves at rank 1.`);
  });
}

function Rank1({ r }: { r: QuerySystemOutcome["rank1"] }) {
  if (!r) return <span className="text-slate-500">—</span>;
  if (r.tied > 1) {
    // A rank-1 tie group of g with p passing members passes at rank 1 with probability p / g.
    const passing = Math.round(r.exec1 * r.tied);
    return (
      <span className="text-amber-900">
        tied ×{r.tied}{" "}
        <span className="text-xs text-slate-700">
          ({passing} of {r.tied} pass{passing === 1 ? "es" : ""}: rank 1 passes in {fmtPctChance(r.exec1)} of orders)
        </span>
      </span>
    );
  }
  const what = r.role === "canonical" ? "canonical" : r.role === "distractor" ? bugLabel(r.bugType) : "other query's code";
  return (
    <span className={r.passes ? "text-emerald-800" : "text-rose-800"}>
      <span aria-hidden>{r.passes ? "✓ " : "✗ "}</span>
      {what}
      <span className="sr-only">{r.passes ? " (passes)" : " (fails)"}</span>
    </span>
  );
}

// One query across every published system: its canonical and single-edit distractors, and
// what each system put at rank 1, with a link into each system's drilldown.
export default async function QueryPage({ params }: { params: Promise<{ slug: string; version: string; queryId: string }> }) {
  const { slug, version, queryId } = await params;
  const d = await orNotFound(loadQueryPage(slug, decodeSegment(version), decodeSegment(queryId)));
  const v = d.version;
  // Expected number of systems whose rank 1 passes (a tie at rank 1 counts its chance).
  const solved = d.systems.reduce((n, s) => n + (s.rank1?.exec1 ?? 0), 0);
  return (
    <div className="space-y-6">
      <Breadcrumb
        trail={[{ href: queriesPath(v.slug, v.version), label: `${v.name} ${v.version} · queries` }]}
        current={d.query.queryId}
        currentClassName="font-mono text-slate-900"
        aside={
          <>
            {d.neighbours.previous && <Link href={queryPath(v.slug, v.version, d.neighbours.previous)}>← {d.neighbours.previous}</Link>}
            {d.neighbours.next && <Link href={queryPath(v.slug, v.version, d.neighbours.next)}>{d.neighbours.next} →</Link>}
          </>
        }
      />
      <header className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-600">
          Query {d.query.queryId} · {humanize(d.query.domain)}
        </p>
        <h1 className="mt-1 break-words font-mono text-xl font-semibold text-slate-900">{d.query.functionName}</h1>
        <p className="mt-2 text-slate-800">{d.query.text}</p>
        <p className="mt-2 text-sm text-slate-600">
          Solved at rank 1 by <span className="font-semibold text-slate-900">{fmtCount(solved)}</span> of {d.systems.length} published systems
          {Math.abs(solved - Math.round(solved)) > 1e-9 && " (expected: a system whose rank 1 is a tie counts its chance)"}.
        </p>
        <QueryTests tests={d.query.tests} />
      </header>

      {d.systems.length > 0 && (
        <Card id="systems-heading" title="Every published system on this query" lead="Scores are each system's similarity to the query; the drilldown shows its ranked snippets and test outcomes.">
          <DataTable caption={`Outcome of each published system on ${d.query.functionName}`} scroll="Outcome of each published system" className="min-w-full text-sm" headClassName="border-b border-slate-200 text-left text-xs text-slate-600" cell="py-2 pr-3 text-right font-semibold"
            columns={[{ label: "System", className: "py-2 pr-3 font-semibold" }, { label: "Rank 1", className: "py-2 pr-3 font-semibold" }, "Canonical rank", "First pass", "Canonical score", "Best distractor", { key: "drilldown", label: <span className="sr-only">Drilldown</span>, className: "py-2 font-semibold" }]}
          >
            {d.systems.map((s) => (
              <tr key={s.submissionId} className="hover:bg-slate-50">
                <th scope="row" className="py-1.5 pr-3 text-left font-medium">
                  <Link href={`/submissions/${s.submissionId}`} className="text-slate-900 underline-offset-2 hover:underline">{s.model}</Link>
                </th>
                <td className="whitespace-nowrap py-1.5 pr-3"><Rank1 r={s.rank1} /></td>
                <td className="whitespace-nowrap py-1.5 pr-3 text-right tabular-nums">
                  {s.canonicalRank === null ? "> 10" : s.canonicalTie > 1 ? `${s.canonicalRank}–${s.canonicalRank + s.canonicalTie - 1} (tied ×${s.canonicalTie})` : s.canonicalRank}
                </td>
                <td className="py-1.5 pr-3 text-right tabular-nums">{s.firstPassingRank ?? "> 10"}</td>
                <td className="py-1.5 pr-3 text-right font-mono text-xs tabular-nums">{s.canonicalScore?.toFixed(4) ?? "—"}</td>
                <td
                  className={`whitespace-nowrap py-1.5 pr-3 text-right font-mono text-xs tabular-nums ${s.bestDistractorScore !== null && s.canonicalScore !== null ? (s.bestDistractorScore > s.canonicalScore ? "font-semibold text-rose-800" : s.bestDistractorScore === s.canonicalScore ? "font-semibold text-amber-900" : "") : ""}`}
                >
                  {s.bestDistractorScore?.toFixed(4) ?? "—"}
                  {s.bestDistractorScore !== null && s.bestDistractorScore === s.canonicalScore && <span className="font-sans"> (tied)</span>}
                </td>
                <td className="py-1.5 text-right">
                  <Link href={drilldownPath(s.submissionId, d.query.queryId)} className="whitespace-nowrap text-emerald-800 underline underline-offset-2" aria-label={`Drilldown: ${s.model} on ${d.query.functionName}`}>
                    drilldown →
                  </Link>
                </td>
              </tr>
            ))}
          </DataTable>
          <p className="mt-2 text-xs text-slate-500">
            Bold red: a distractor scores above the canonical (the system is deceived on this query). Amber, “tied”: a distractor scores exactly
            the same as the canonical, so it is ranked above it in half the orders of the tie (deceived half the time). Ranks of tied snippets are
            shown as the range they share.
          </p>
        </Card>
      )}

      <Section id="snippets-heading" title="The canonical and its distractors" headingClassName="text-base font-semibold text-slate-900">
        <div className="grid gap-4 lg:grid-cols-2">
          {d.snippets.map((s) => (
            <article key={s.corpusId} aria-label={s.role === "canonical" ? "canonical" : bugLabel(s.bugType)} className={`rounded-xl border bg-white p-4 shadow-sm ${s.role === "canonical" ? "border-emerald-300" : "border-slate-200"}`}>
              <header className="mb-2 flex flex-wrap items-center gap-2 text-sm">
                {s.role === "canonical" ? <Badge tone="good">canonical · passes</Badge> : <Badge tone="bad">{bugLabel(s.bugType)} · fails</Badge>}
                <span className="font-mono text-xs text-slate-600">{s.corpusId}</span>
                {s.edit && <span className="text-xs text-slate-600">{s.edit.size} character{s.edit.size === 1 ? "" : "s"} changed</span>}
              </header>
              {s.bugDescription && <p className="mb-2 text-sm text-slate-700">{s.bugDescription}</p>}
              <CodeWithEdit code={s.code} edit={s.edit} label={`Code of ${s.role === "canonical" ? "the canonical" : bugLabel(s.bugType)} (${s.corpusId})`} />
            </article>
          ))}
        </div>
      </Section>
    </div>
  );
}
