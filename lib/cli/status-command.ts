import { AppError } from "@/lib/errors/app-error";
import type { SubmissionView } from "@/lib/submissions/get-submission";
import type { OwnSubmission } from "@/lib/account/list-own-submissions";
import { apiClient } from "./api-options";
import { parse } from "./args";

const USAGE = [
  "usage: execboard status <submission-id> [--json] [--url <url>] [--token <token>]",
  "       execboard status [--benchmark <slug>] [--json]   (your submissions and your organisations', newest first)",
].join("\n");

// execboard status <id>: where a submission is in the pipeline, its history and any error.
// execboard status: the caller's submissions, one line each. Exits 0 whenever they could be
// read, whatever their status (see README: exit codes).
export async function statusCommand(argv: string[]): Promise<number> {
  const { positionals, values } = parse(argv, { api: true, strings: ["benchmark"] });
  const id = positionals[0];
  if (positionals.length > 1 || (id && values.benchmark)) throw new AppError("BAD_REQUEST", USAGE);
  if (!id) {
    const query = values.benchmark ? `?benchmark=${encodeURIComponent(values.benchmark)}` : "";
    const { submissions } = await apiClient(values, { tokenRequired: true }).request<{ submissions: OwnSubmission[] }>("GET", `/api/v1/submissions${query}`);
    console.log(values.json ? JSON.stringify(submissions, null, 2) : formatList(submissions));
    return 0;
  }
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
  if (s.failure) lines.push(...formatFailure(s.failure).map((l) => `  ${l}`));
  lines.push("  history");
  for (const h of s.history) lines.push(`    ${h.at}  ${h.status.padEnd(10)} ${h.message ?? ""}`.trimEnd());
  return lines.join("\n");
}

export function formatList(items: OwnSubmission[]): string {
  if (items.length === 0) return "no submissions yet";
  const rows = items.map((s) => [
    s.id,
    s.status,
    s.exec1 ? s.exec1.value.toFixed(3) : "-",
    `${s.benchmark.slug} ${s.benchmark.version}`,
    s.model.name,
    s.organisation ? `${s.organisation.name}${s.submittedBy.you ? "" : ` (${s.submittedBy.email})`}` : "personal",
    s.createdAt.slice(0, 16).replace("T", " "),
  ]);
  const head = ["id", "status", "exec@1", "benchmark", "model", "for", "created (UTC)"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [head, ...rows].map((r) => r.map((c, i) => c.padEnd(widths[i])).join("  ").trimEnd()).join("\n");
}

/** A failure explained for the terminal: what happened, then what to change (the log lines are the logs command's). */
export function formatFailure(f: NonNullable<SubmissionView["failure"]>): string[] {
  return [
    `why        ${f.title}${f.cause === "platform" ? (f.refunded ? " (ExecBoard's side; refunded)" : " (ExecBoard's side)") : ""}`,
    `           ${f.what}`,
    ...f.fix.map((x, i) => `${i === 0 ? (f.cause === "file" ? "change     " : "do         ") : "           "}- ${x}`),
  ];
}
