import Link from "next/link";
import type { LeaderboardRow } from "@/lib/leaderboard/get-leaderboard";
import type { MetricName } from "@/lib/submissions/serialize";
import { MetricCell } from "./metric-cell";

interface Column {
  metric: MetricName;
  k: number;
  label: string;
  help: string;
}

// exec@k for every k (the paper's headline), then execution_precision@k and nDCG@k at the
// k the reader picked.
export function columnsFor(k: number): Column[] {
  return [
    ...[1, 3, 5, 10].map((kk) => ({
      metric: "exec" as const,
      k: kk,
      label: `exec@${kk}`,
      help: `Share of queries with at least one snippet in the top ${kk} that passes every test. Higher is better.`,
    })),
    {
      metric: "execution_precision",
      k,
      label: `execp@${k}`,
      help: `Execution precision: mean fraction of the top ${k} snippets that pass every test. Higher is better.`,
    },
    {
      metric: "ndcg",
      k,
      label: `nDCG@${k}`,
      help: `Canonical-ID nDCG at ${k}: how high the query's canonical implementation ranks. Higher is better.`,
    },
  ];
}

export function LeaderboardTable({ rows, k }: { rows: LeaderboardRow[]; k: number }) {
  const columns = columnsFor(k);
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full text-sm" data-testid="leaderboard">
        <thead className="bg-slate-100 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th className="px-3 py-2 text-left">#</th>
            <th className="px-3 py-2 text-left">Model</th>
            <th className="px-3 py-2 text-left">Provider</th>
            <th className="px-3 py-2 text-right" title="Embedding dimensions">
              Dims
            </th>
            <th className="px-3 py-2 text-left" title="Similarity used for ranking">
              Sim.
            </th>
            {columns.map((c) => (
              <th key={c.label} className="px-3 py-2 text-right normal-case" title={c.help}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r, i) => (
            <tr key={r.submissionId} data-testid="leaderboard-row" className="hover:bg-slate-50">
              <td className="px-3 py-2 text-slate-500">{i + 1}</td>
              <td className="px-3 py-2 font-medium">
                <Link href={`/submissions/${r.submissionId}`} className="hover:text-emerald-700 hover:underline">
                  {r.model}
                </Link>
                {r.isBaseline && (
                  <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-normal text-slate-700">baseline</span>
                )}
              </td>
              <td className="px-3 py-2 text-slate-600">{r.provider}</td>
              <td className="px-3 py-2 text-right tabular-nums text-slate-600">{r.dims}</td>
              <td className="px-3 py-2 text-slate-600">{r.similarity}</td>
              {columns.map((c) => (
                <MetricCell key={c.label} metric={r.metrics[c.metric][String(c.k)]} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
