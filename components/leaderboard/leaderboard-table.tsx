import type { LeaderboardRow } from "@/lib/leaderboard/get-leaderboard";
import { MetricCell } from "./metric-cell";

const COLUMNS: { metric: "exec" | "execution_precision" | "ndcg"; k: number; label: string; help: string }[] = [
  { metric: "exec", k: 1, label: "exec@1", help: "Share of queries whose rank-1 snippet passes every test. Higher is better." },
  { metric: "exec", k: 3, label: "exec@3", help: "Share of queries with a passing snippet in the top 3. Higher is better." },
  { metric: "exec", k: 5, label: "exec@5", help: "Share of queries with a passing snippet in the top 5. Higher is better." },
  { metric: "exec", k: 10, label: "exec@10", help: "Share of queries with a passing snippet in the top 10. Higher is better." },
  { metric: "execution_precision", k: 1, label: "execp@1", help: "Mean fraction of the top 1 that passes. Higher is better." },
  { metric: "execution_precision", k: 3, label: "execp@3", help: "Mean fraction of the top 3 that passes. Higher is better." },
  { metric: "execution_precision", k: 5, label: "execp@5", help: "Mean fraction of the top 5 that passes. Higher is better." },
  { metric: "execution_precision", k: 10, label: "execp@10", help: "Mean fraction of the top 10 that passes. Higher is better." },
  { metric: "ndcg", k: 1, label: "nDCG@1", help: "Canonical-ID nDCG at 1. Higher is better." },
  { metric: "ndcg", k: 3, label: "nDCG@3", help: "Canonical-ID nDCG at 3. Higher is better." },
  { metric: "ndcg", k: 5, label: "nDCG@5", help: "Canonical-ID nDCG at 5. Higher is better." },
  { metric: "ndcg", k: 10, label: "nDCG@10", help: "Canonical-ID nDCG at 10. Higher is better." },
];

export function LeaderboardTable({ rows }: { rows: LeaderboardRow[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full text-sm" data-testid="leaderboard">
        <thead className="bg-slate-100 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th className="px-3 py-2 text-left">#</th>
            <th className="px-3 py-2 text-left">Model</th>
            <th className="px-3 py-2 text-left">Provider</th>
            <th className="px-3 py-2 text-right" title="Embedding dimensions">Dims</th>
            {COLUMNS.map((c) => (
              <th key={c.label} className="px-3 py-2 text-right" title={c.help}>
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
                {r.model}
                {r.isBaseline && (
                  <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-normal text-slate-700">baseline</span>
                )}
              </td>
              <td className="px-3 py-2 text-slate-600">{r.provider}</td>
              <td className="px-3 py-2 text-right tabular-nums text-slate-600">{r.dims}</td>
              {COLUMNS.map((c) => (
                <MetricCell key={c.label} metric={r.metrics[c.metric][String(c.k)]} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
