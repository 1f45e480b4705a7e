import { AppError } from "@/lib/errors/app-error";
import type { SubmissionView } from "@/lib/submissions/get-submission";
import { API_OPTIONS, apiClient } from "./api-options";
import { parse } from "./args";

const USAGE = "usage: execboard status <submission-id> [--json] [--url <url>] [--token <token>]";

// execboard status <id>: where a submission is in the pipeline, its history and any error.
// Exits 0 whenever the submission could be read, whatever its status (see README: exit codes).
export async function statusCommand(argv: string[]): Promise<number> {
  const { positionals, values } = parse(argv, API_OPTIONS);
  const id = positionals[0];
  if (!id || positionals.length > 1) throw new AppError("BAD_REQUEST", USAGE);
  // Published submissions are public, so a token is optional here.
  const s = await apiClient(values, { tokenRequired: false }).request<SubmissionView>("GET", `/api/v1/submissions/${encodeURIComponent(id)}`);
  if (values.json) {
    console.log(JSON.stringify(s, null, 2));
    return 0;
  }
  console.log(formatStatus(s));
  return 0;
}

export function formatStatus(s: SubmissionView): string {
  const running = !["scored", "failed", "published", "rejected"].includes(s.status);
  const lines = [
    `submission ${s.id}`,
    `  status     ${s.status}${running && s.progress.total ? ` (${s.progress.done}/${s.progress.total})` : ""}`,
    `  benchmark  ${s.benchmark.slug} ${s.benchmark.version}`,
    `  model      ${s.model.name} (${s.model.provider}), ${s.model.similarity}, d=${s.model.dims}, ${s.model.dtype}${s.isBaseline ? ", baseline" : ""}`,
    `  created    ${s.createdAt}`,
  ];
  if (s.scoredAt) lines.push(`  scored     ${s.scoredAt}`);
  if (s.publishedAt) lines.push(`  published  ${s.publishedAt}`);
  if (s.error) lines.push(`  error      ${s.error}`);
  lines.push("  history");
  for (const h of s.history) lines.push(`    ${h.at}  ${h.status.padEnd(10)} ${h.message ?? ""}`.trimEnd());
  return lines.join("\n");
}
