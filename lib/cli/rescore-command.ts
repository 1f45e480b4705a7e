import { getConfig } from "@/lib/config";
import { disconnectDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { closeQueue } from "@/lib/queue/enqueue";
import { getRescoreBatch } from "@/lib/rescore/get-rescore-batch";
import { operatorRescoreActor } from "@/lib/rescore/rescore-actor";
import { requestRescore, rescoreInput } from "@/lib/rescore/request-rescore";
import type { RescoreBatchView } from "@/lib/rescore/rescore-view";
import { apiClient } from "./api-options";
import { parse, required } from "./args";

const USAGE = [
  "usage: execboard rescore --benchmark <slug> [--all-published] [--dry-run] [--reason <text>] [--wait] [--json]",
  "       execboard rescore status <batch-id> [--wait] [--json]",
  "Re-scores a benchmark's published submissions with this deployment's runner: by default those whose",
  "current results came from another runner version (or of unknown provenance); --all-published, all of",
  "them. Results are replaced only when a new run finishes; the old run stays in the submission's history.",
  "With a maintainer's token (--token or EXECBOARD_TOKEN) it goes through the API as that account; without",
  "one it runs directly against the database and queue, recorded as the operator.",
].join("\n");

// execboard rescore: a maintainer's bulk re-score (lib/rescore), and where a batch stands.
export async function rescoreCommand(argv: string[]): Promise<number> {
  const { positionals, values } = parse(argv, {
    api: true,
    strings: ["benchmark", "reason"],
    booleans: ["all-published", "dry-run", "wait"],
  });
  const viaApi = Boolean(values.token ?? getConfig().EXECBOARD_TOKEN);
  const client = viaApi ? apiClient(values, { tokenRequired: true }) : null;
  const fetchBatch = (id: string) => (client ? client.request<RescoreBatchView>("GET", `/api/v1/rescores/${encodeURIComponent(id)}`) : getRescoreBatch(id));
  try {
    let batch: RescoreBatchView;
    if (positionals[0] === "status") {
      if (!positionals[1] || positionals.length > 2 || values.benchmark) throw new AppError("BAD_REQUEST", USAGE);
      batch = await fetchBatch(positionals[1]);
    } else {
      if (positionals.length > 0) throw new AppError("BAD_REQUEST", USAGE);
      const slug = required(values.benchmark, `--benchmark\n${USAGE}`);
      const input = rescoreInput.parse({ allPublished: values["all-published"] ?? false, dryRun: values["dry-run"] ?? false, reason: values.reason });
      batch = client
        ? await client.request<RescoreBatchView>("POST", `/api/v1/benchmarks/${encodeURIComponent(slug)}/rescore`, { json: input })
        : await requestRescore(operatorRescoreActor(), slug, input);
      if (!values.json) console.error(describeRequest(batch, input.dryRun));
    }
    let printed = "";
    while (values.wait && batch.id && !batch.done) {
      const line = countsLine(batch);
      if (line !== printed && !values.json) console.error(`  ${line}`);
      printed = line;
      await new Promise((r) => setTimeout(r, 1000));
      batch = await fetchBatch(batch.id);
    }
    console.log(values.json ? JSON.stringify(batch, null, 2) : formatBatch(batch));
    return batch.done && batch.counts.failed > 0 ? 1 : 0;
  } finally {
    if (!client) {
      await closeQueue();
      await disconnectDb();
    }
  }
}

function describeRequest(b: RescoreBatchView, dryRun: boolean): string {
  const by = b.runnerVersion === null ? `scoring engine ${b.scoringEngine}` : `runner ${b.runnerVersion} and scoring engine ${b.scoringEngine}`;
  const what = b.scope === "all-published" ? "published submissions" : b.scope === "outdated-engine" ? `published submissions not scored by scoring engine ${b.scoringEngine}` : `published submissions not scored by ${by}`;
  const n = b.items.length;
  if (dryRun) return `dry run: would re-score ${n} ${what} of ${b.benchmark}${b.skipped.length ? ` (${b.skipped.length} left out)` : ""}`;
  if (!b.id) return `nothing to re-score: no ${what} of ${b.benchmark}${b.skipped.length ? ` (${b.skipped.length} left out)` : ""}`;
  return `re-scoring ${n} ${what} of ${b.benchmark}: batch ${b.id}`;
}

function countsLine(b: RescoreBatchView): string {
  const c = b.counts;
  return `${c.scored + c.failed} of ${b.items.length} done (${c.scored} scored, ${c.failed} failed, ${c.running} running, ${c.pending} waiting)`;
}

export function formatBatch(b: RescoreBatchView): string {
  const value = (v: number | null | undefined) => (v === null || v === undefined ? "  –  " : v.toFixed(3));
  const lines = [
    `re-score ${b.id ?? "(dry run)"} of ${b.benchmark}, ${b.scope}${b.reason ? `: ${b.reason}` : ""}`,
    `  requested by ${b.requestedBy} at ${b.createdAt}; ${countsLine(b)}`,
  ];
  for (const i of b.items) {
    // The runner matters only to a kind that executes.
    const runner = b.runnerVersion === null ? "" : `  runner ${i.before.runnerVersion ?? "?"} → ${i.after?.runnerVersion ?? b.runnerVersion}`;
    const failure = i.failure ? `  ${i.failure.stage ? `${i.failure.stage}: ` : ""}${i.failure.error}` : "";
    lines.push(`  ${i.submissionId}  ${i.status.padEnd(7)}  ${i.model} (${i.provider}) v${i.benchmarkVersion}${runner}  ${b.headline.label} ${value(i.before.headline)} → ${value(i.after?.headline)}${failure}`);
  }
  for (const s of b.skipped) lines.push(`  ${s.submissionId}  skipped  ${s.model}: ${s.reason}`);
  return lines.join("\n");
}
