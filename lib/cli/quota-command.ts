import { AppError } from "@/lib/errors/app-error";
import type { QuotaView } from "@/lib/quotas/quota-view";
import { apiClient } from "./api-options";
import { parse, required } from "./args";
import { EXIT } from "./exit-codes";

const USAGE = [
  "usage: execboard quota --benchmark <slug> [--user <email> | --org <slug>] [--check] [--json]",
  "       execboard quota set --user <email> | --org <slug> --benchmark <slug> [--per-day <n|default>] [--total <n|default>] [--concurrent <n|default>]   (admins)",
].join("\n");

// execboard quota: what remains of a quota (with --check, exit 5 when nothing does);
// execboard quota set: an admin changes one user's (or organisation's) limits on one benchmark.
// --org: the organisation's quota, shared by its members' submissions for it.
export async function quotaCommand(argv: string[]): Promise<number> {
  const { positionals, values } = parse(argv, {
    api: true,
    strings: ["benchmark", "user", "org", "per-day", "total", "concurrent"],
    booleans: ["check"],
  });
  const client = apiClient(values, { tokenRequired: true });
  const benchmark = required(values.benchmark, `--benchmark\n${USAGE}`);
  if (values.user && values.org) throw new AppError("BAD_REQUEST", `give --user or --org, not both\n${USAGE}`);
  let quota: QuotaView;
  if (positionals[0] === "set" && positionals.length === 1) {
    const body: Record<string, number | null> = {};
    for (const [flag, field] of [["per-day", "perDay"], ["total", "total"], ["concurrent", "concurrent"]] as const) {
      const v = values[flag];
      if (v !== undefined) body[field] = parseLimit(flag, v);
    }
    if (Object.keys(body).length === 0) throw new AppError("BAD_REQUEST", `nothing to set: give --per-day, --total or --concurrent\n${USAGE}`);
    const whose = values.org ? { organisation: values.org } : { email: required(values.user, `--user or --org\n${USAGE}`) };
    quota = await client.request<QuotaView>("PUT", "/api/v1/quota/overrides", { json: { ...whose, benchmark, ...body } });
  } else if (positionals.length === 0) {
    const query = new URLSearchParams({ benchmark, ...(values.user ? { email: values.user } : {}), ...(values.org ? { organisation: values.org } : {}) });
    quota = await client.request<QuotaView>("GET", `/api/v1/quota?${query}`);
  } else {
    throw new AppError("BAD_REQUEST", USAGE);
  }
  console.log(values.json ? JSON.stringify(quota, null, 2) : formatQuota(quota));
  return values.check && quota.available === 0 ? EXIT.limited : EXIT.ok;
}

function parseLimit(flag: string, value: string): number | null {
  if (value === "default") return null;
  if (!/^\d+$/.test(value)) throw new AppError("BAD_REQUEST", `--${flag} must be a whole number or "default" (got ${value})`);
  return Number(value);
}

export function formatQuota(q: QuotaView): string {
  const rows = [
    ["", "limit", "used", "remaining"],
    ["per day", q.limits.perDay, q.used.perDay, q.remaining.perDay],
    ["total", q.limits.total, q.used.total, q.remaining.total],
    ["concurrent", q.limits.concurrent, q.used.concurrent, q.remaining.concurrent],
  ].map((r) => r.map(String));
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return [
    `quota for ${q.organisation ? `organisation ${q.organisation.slug} (${q.organisation.name}), all members together,` : q.user.email} on ${q.benchmark} (${q.overridden ? "set by an admin" : "defaults"})`,
    ...rows.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  ")),
    `available now: ${q.available}; the per-day count restarts at ${q.dayResetsAt}` +
      (q.refunded ? `; ${q.refunded} submission(s) failed by the platform were not charged` : ""),
  ].join("\n");
}
