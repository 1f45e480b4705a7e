import { AppError } from "@/lib/errors/app-error";
import type { SubmissionView } from "@/lib/submissions/get-submission";
import { kindOfMetricTable } from "@/lib/kinds/registry";
import type { MetricTable } from "@/lib/submissions/serialize";
import { apiClient } from "./api-options";
import { parse } from "./args";

const USAGE = "usage: execboard results <submission-id> [--json] [--url <url>] [--token <token>]";
// execboard results <id>: the metrics table of a scored submission. A submission without
// results (still running, or failed) exits 1 with the reason.
export async function resultsCommand(argv: string[]): Promise<number> {
  const { positionals, values } = parse(argv, { api: true });
  const id = positionals[0];
  if (!id || positionals.length > 1) throw new AppError("BAD_REQUEST", USAGE);
  const s = await apiClient(values, { tokenRequired: false }).request<SubmissionView>("GET", `/api/v1/submissions/${encodeURIComponent(id)}`);
  if (!s.metrics) {
    const why = s.status === "failed" ? `it failed: ${s.error ?? "no reason recorded"}` : `it is ${s.status}`;
    throw new AppError("CONFLICT", `submission ${s.id} has no results: ${why}`);
  }
  if (values.json) {
    console.log(JSON.stringify({ id: s.id, status: s.status, benchmark: s.benchmark, model: s.model, metrics: s.metrics }, null, 2));
    return 0;
  }
  console.log(`${s.model.name} (${s.model.provider}) on ${s.benchmark.slug} ${s.benchmark.version}: ${s.status}`);
  console.log(formatMetricTable(s.metrics));
  return 0;
}

// One row per metric and k: value and 95% bootstrap interval, three decimals. Metrics are named
// and ordered as the benchmark kind presents them; a name no kind presents is shown as <name>@k.
export function formatMetricTable(metrics: MetricTable): string {
  const families = kindOfMetricTable(metrics)?.presentation.metrics ?? [];
  const names = [...families.map((f) => f.name).filter((n) => n in metrics), ...Object.keys(metrics).filter((n) => !families.some((f) => f.name === n))];
  const rows = [["metric", "k", "value", "95% CI"]];
  for (const name of names) {
    const byK = metrics[name];
    // One word per cell (execution_precision@k), so the table still splits on whitespace.
    const label = (families.find((f) => f.name === name)?.label ?? name).replace(/ /g, "_");
    for (const k of Object.keys(byK).sort((a, b) => Number(a) - Number(b))) {
      const m = byK[k];
      rows.push([`${label}@k`, k, m.value.toFixed(3), `[${m.ci95[0].toFixed(3)}, ${m.ci95[1].toFixed(3)}]`]);
    }
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  ").trimEnd()).join("\n");
}
