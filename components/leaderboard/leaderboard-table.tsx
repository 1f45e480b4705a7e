import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { EditBlindBadge } from "@/components/ui/edit-blind-badge";
import { fmtDate, fmtParams } from "@/components/ui/format";
import type { ColumnId } from "@/lib/pages/leaderboard-columns";
import { sortQuery } from "@/lib/pages/leaderboard-params";
import type { BoardRow, LeaderboardView } from "@/lib/pages/leaderboard-view";
import { ColumnHeader, SortLink } from "./column-header";
import { MetricCell } from "./metric-cell";
import { ScrollBox } from "@/components/ui/scroll-box";

// Open weights, parameters, dims, similarity and date give way to the metrics on phones (they stay on the
// model page and in the downloads).
const AUX = "hidden md:table-cell";

function RankCell({ row, k, formId }: { row: BoardRow; k: number; formId: string }) {
  return (
    <td className="whitespace-nowrap py-2 pl-3 pr-2.5">
      <div className="flex items-center justify-end gap-2.5">
        <input
          type="checkbox"
          form={formId}
          name="sel"
          value={row.submissionId}
          defaultChecked={row.selected}
          aria-label={`Select ${row.model} for comparison`}
          className="h-4 w-4 shrink-0 rounded border-slate-400 accent-emerald-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
        />
        <span className="flex min-w-[2.75rem] flex-col items-end leading-tight">
          <span className="font-semibold tabular-nums text-slate-900">{row.rank}</span>
          {row.tie === "leader" && (
            <span className="text-[10px] font-medium uppercase tracking-wide text-emerald-800" title={`Highest exec@${k}`}>
              leader
            </span>
          )}
          {row.tie === "tied" && (
            <span className="whitespace-nowrap text-[10px] font-medium text-sky-800" title={`Not significantly different from the leader at exec@${k} (paired sign-flip test, p ≥ 0.05)`}>
              ≈ leader
            </span>
          )}
        </span>
      </div>
    </td>
  );
}

function ModelCell({ row }: { row: BoardRow }) {
  return (
    <td className="min-w-[10rem] max-w-[16rem] px-2 py-2">
      <div className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        <Link
          href={`/submissions/${row.submissionId}`}
          className="font-medium text-slate-900 decoration-emerald-600 underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-emerald-600"
        >
          {row.model}
        </Link>
        {row.isBaseline && <Badge>baseline</Badge>}
        {row.editBlind && row.ties && <EditBlindBadge ties={row.ties} id={`edit-blind-${row.submissionId}`} />}
        {row.provisional && (
          <Badge tone="info" title="Scored by an earlier scoring engine; its automatic re-score is pending, so its numbers may change">
            provisional
          </Badge>
        )}
        {row.verified && (
          <Badge tone="good" title="A maintainer verified this result">
            <span aria-hidden>✓</span> verified
          </Badge>
        )}
        {row.warning && (
          <Badge tone="warn" title="A maintainer attached a warning to this result">
            <span aria-hidden>⚠</span> warning
          </Badge>
        )}
      </div>
      <div className="text-xs text-slate-600">
        {row.provider}
        {row.organisation && <span data-testid="submitted-by"> · submitted by {row.organisation}</span>}
      </div>
      <ModelFacts info={row.modelInfo} model={row.model} />
      {row.warning && <p className="mt-1 text-xs leading-snug text-amber-900">{row.warning}</p>}
    </td>
  );
}

// What the vendor declared about the model beyond the columns: its licence, release date and a
// link to its card or paper (http(s) only; anything else was never stored or is not shown).
function ModelFacts({ info, model }: { info: BoardRow["modelInfo"]; model: string }) {
  const facts = [info.license && `licence ${info.license}`, info.releaseDate && `released ${info.releaseDate}`].filter(Boolean);
  if (facts.length === 0 && !info.link) return null;
  return (
    <div className="text-xs text-slate-500" data-testid="model-facts">
      {facts.join(" · ")}
      {info.link && (
        <>
          {facts.length > 0 && " · "}
          <a href={info.link} rel="noopener nofollow ugc" className="underline underline-offset-2 hover:text-slate-900">
            model card<span className="sr-only"> of {model}</span>
          </a>
        </>
      )}
    </div>
  );
}

// The chance line as a reference row: the exact expected value of a uniformly random ranking in
// each metric column. Not a submission: no rank, no checkbox, no interval (it is exact), muted,
// and in the table's footer so that sorting never moves it among the systems.
function ChanceRow({ view, plain }: { view: LeaderboardView; plain: number }) {
  return (
    <tfoot className="border-t-2 border-dashed border-slate-300 bg-slate-50/70 text-slate-600">
      <tr data-testid="chance-row">
        <td className="py-2 pl-3 pr-2.5 text-right text-slate-400">
          <span aria-hidden>—</span>
          <span className="sr-only">not ranked</span>
        </td>
        <th scope="row" className="min-w-[10rem] max-w-[16rem] px-2 py-2 text-left font-normal">
          <span className="font-medium italic text-slate-700">Chance (random ranking)</span>
          <span className="block text-xs leading-snug text-slate-500">
            The exact value of a uniformly random ranking: a reference, not a submission.{" "}
            <Link href="/methodology#chance" className="underline underline-offset-2 hover:text-slate-900">
              Formula
            </Link>
          </span>
        </th>
        {Array.from({ length: plain }, (_, i) => (
          <td key={i} className={AUX} />
        ))}
        {view.columns.map((c) => (
          <td key={c.id} className="num-cell italic text-slate-600">
            {view.chance[c.id].toFixed(3)}
            <span className="sr-only"> (exact, no interval)</span>
          </td>
        ))}
      </tr>
    </tfoot>
  );
}

// The leaderboard table: one row per published submission, rank by exec@k with the leader's
// tie group, every metric with its 95% interval, every header a sort link with a tooltip.
// Row checkboxes belong to the page's state form (form attribute), so selections reach the URL.
export function LeaderboardTable({ view, basePath, formId }: { view: LeaderboardView; basePath: string; formId: string }) {
  const p = view.params;
  const sorted = (id: ColumnId) => (p.sort === id ? p.dir : null);
  const href = (id: ColumnId) => `${basePath}${sortQuery(p, id)}`;
  const col = (id: ColumnId) => [...view.info, ...view.columns].find((c) => c.id === id)!;
  const plain = view.info.filter((c) => !["rank", "model", "provider"].includes(c.id));
  return (
    <ScrollBox label="Leaderboard table" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full border-collapse text-sm" data-testid="leaderboard">
        <caption className="sr-only">
          {view.benchmark.name} {view.benchmark.version} leaderboard: {view.rows.length} of {view.total} published results, sorted by {col(p.sort).label} (
          {p.dir === "asc" ? "ascending" : "descending"}). Values are means over queries with 95% bootstrap intervals in brackets.
        </caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <ColumnHeader id="rank" label={col("rank").label} help={col("rank").help} numeric href={href("rank")} sorted={sorted("rank")} />
            <th
              scope="col"
              aria-sort={p.sort === "model" || p.sort === "provider" ? (p.dir === "asc" ? "ascending" : "descending") : undefined}
              className="whitespace-nowrap px-2 py-2.5 text-left text-xs font-semibold text-slate-700"
            >
              <span className="inline-flex items-center gap-2">
                <SortLink id="model" label="Model" help={col("model").help} href={href("model")} sorted={sorted("model")} />
                <span aria-hidden className="text-slate-300">
                  /
                </span>
                <SortLink id="provider" label="provider" help={col("provider").help} href={href("provider")} sorted={sorted("provider")} />
              </span>
            </th>
            {plain.map((c) => (
              <ColumnHeader key={c.id} id={c.id} label={c.label} help={c.help} numeric={c.numeric} href={href(c.id)} sorted={sorted(c.id)} className={AUX} />
            ))}
            {view.columns.map((c, i) => (
              <ColumnHeader key={c.id} id={c.id} label={c.label} help={c.help} numeric href={href(c.id)} sorted={sorted(c.id)} align={i >= view.columns.length - 3 ? "right" : "left"} />
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {view.rows.map((r) => (
            <tr
              key={r.submissionId}
              data-testid="leaderboard-row"
              aria-selected={r.selected}
              className={`${r.selected ? "bg-emerald-50/70" : "hover:bg-slate-50"} ${r.tie === "leader" || r.tie === "tied" ? "shadow-[inset_3px_0_0_#10b981]" : ""}`}
            >
              <RankCell row={r} k={p.k} formId={formId} />
              <ModelCell row={r} />
              <td className={`px-2 py-2 text-slate-700 ${AUX}`}>{r.openWeights === null ? <span aria-label="not stated">—</span> : r.openWeights ? "yes" : "no"}</td>
              <td className={`whitespace-nowrap px-2 py-2 text-right tabular-nums text-slate-700 ${AUX}`} title={r.modelInfo.parameters === null ? undefined : `${r.modelInfo.parameters.toLocaleString("en")} parameters`}>
                {r.modelInfo.parameters === null ? <span aria-label="not stated">—</span> : fmtParams(r.modelInfo.parameters)}
              </td>
              <td className={`px-2 py-2 text-right tabular-nums text-slate-700 ${AUX}`}>{r.dims || "—"}</td>
              <td className={`px-2 py-2 text-slate-700 ${AUX}`}>{r.similarity}</td>
              <td className={`whitespace-nowrap px-2 py-2 tabular-nums text-slate-700 ${AUX}`}>{fmtDate(r.publishedAt)}</td>
              {view.columns.map((c) => (
                <MetricCell key={c.id} metric={r.metrics[c.id]} emphasis={c.id === `exec${p.k}`} />
              ))}
            </tr>
          ))}
        </tbody>
        {view.rows.length > 0 && <ChanceRow view={view} plain={plain.length} />}
      </table>
    </ScrollBox>
  );
}
