import { operatorActor, type AuditActor } from "@/lib/audit/audit-actor";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import type { AuditPage } from "@/lib/audit/audit-entry";
import { getConfig } from "@/lib/config";
import { disconnectDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { closeQueue } from "@/lib/queue/enqueue";
import { describeIssues } from "@/lib/errors/zod-issues";
import { BULK_ACTIONS, BULK_MAX, bulkReview, bulkReviewInput, type BulkReviewResult } from "@/lib/review/bulk-review";
import { hideSubmission } from "@/lib/review/hide-submission";
import { listReviewQueue, QUEUE_VIEWS, type QueueView, type ReviewQueue } from "@/lib/review/list-review-queue";
import { publishReviewedSubmission } from "@/lib/review/publish-reviewed-submission";
import { rejectSubmission } from "@/lib/review/reject-submission";
import { rerunSubmission } from "@/lib/review/rerun-submission";
import type { ReviewItem } from "@/lib/review/review-item";
import { setWarningNote } from "@/lib/review/set-warning-note";
import { verifySubmission } from "@/lib/review/verify-submission";
import { apiClient } from "./api-options";
import { parse, required } from "./args";

const USAGE = [
  "usage: execboard submissions <action> <id>... [--reason <text>] [--json]",
  "  publish <id>...                    publish scored submissions (or show a hidden one again)",
  "  reject <id>... --reason <text>     reject them; their owners see the reason",
  "  verify <id>... | unverify <id>     mark verified by a maintainer, or withdraw the mark",
  "  note <id> --text <note> | --clear  set or remove the warning note shown on the leaderboard",
  "  hide <id> --reason <text>          take a published submission off the leaderboard",
  "  rerun <id>                         score a finished submission again (not charged to the vendor)",
  "  queue [--view awaiting|running|published|hidden|rejected|failed|all] [--benchmark <slug>] [--search <text>]",
  "  audit [--submission <id>] [--limit <n>]",
  "With a maintainer's token (--token or EXECBOARD_TOKEN) the action goes through the API as that account;",
  "without one it runs directly against the database, recorded in the audit log as the operator.",
  `Several ids (at most ${BULK_MAX}) act on each one by one, each with its own audit entry; a refusal is`,
  "reported for its id without stopping the others, and the exit code is then 1.",
].join("\n");

type Values = { reason?: string; text?: string; clear?: boolean };
interface ActionDef {
  done: string;
  method: "POST" | "PUT";
  route: string;
  body: (v: Values) => Record<string, unknown>;
  direct: (actor: AuditActor, id: string, v: Values) => Promise<ReviewItem>;
}

const needReason = (v: Values) => required(v.reason, `--reason (the owner sees it)\n${USAGE}`);
const noteOf = (v: Values): string | null => {
  if (v.clear && v.text !== undefined) throw new AppError("BAD_REQUEST", `give --text or --clear, not both\n${USAGE}`);
  if (!v.clear && v.text === undefined) throw new AppError("BAD_REQUEST", `missing --text <note> (or --clear)\n${USAGE}`);
  return v.clear ? null : (v.text ?? null);
};

const ACTIONS: Record<string, ActionDef> = {
  publish: { done: "published", method: "POST", route: "publish", body: (v) => ({ reason: v.reason }), direct: (a, id, v) => publishReviewedSubmission(a, id, { reason: v.reason }) },
  reject: { done: "rejected", method: "POST", route: "reject", body: (v) => ({ reason: needReason(v) }), direct: (a, id, v) => rejectSubmission(a, id, { reason: needReason(v) }) },
  verify: { done: "marked verified", method: "POST", route: "verify", body: (v) => ({ verified: true, reason: v.reason }), direct: (a, id, v) => verifySubmission(a, id, { verified: true, reason: v.reason }) },
  unverify: { done: "verification withdrawn", method: "POST", route: "verify", body: (v) => ({ verified: false, reason: v.reason }), direct: (a, id, v) => verifySubmission(a, id, { verified: false, reason: v.reason }) },
  note: { done: "warning note saved", method: "PUT", route: "note", body: (v) => ({ note: noteOf(v), reason: v.reason }), direct: (a, id, v) => setWarningNote(a, id, { note: noteOf(v), reason: v.reason }) },
  hide: { done: "hidden", method: "POST", route: "hide", body: (v) => ({ reason: needReason(v) }), direct: (a, id, v) => hideSubmission(a, id, { reason: needReason(v) }) },
  rerun: { done: "queued for a re-run", method: "POST", route: "rerun", body: (v) => ({ reason: v.reason }), direct: (a, id, v) => rerunSubmission(a, id, { reason: v.reason }) },
};

// execboard submissions …: the maintainers' review actions, the queue and the audit log.
export async function submissionsCommand(argv: string[]): Promise<number> {
  const { positionals, values } = parse(argv, {
    api: true,
    strings: ["reason", "text", "view", "benchmark", "search", "submission", "limit"],
    booleans: ["clear"],
  });
  const [sub, id, ...extra] = positionals;
  const bulkAction = BULK_ACTIONS.find((a) => a === sub);
  const viaApi = Boolean(values.token ?? getConfig().EXECBOARD_TOKEN);
  const client = viaApi ? apiClient(values, { tokenRequired: true }) : null;
  try {
    if (sub === "queue" || sub === "audit") {
      if (id) throw new AppError("BAD_REQUEST", USAGE);
      return sub === "queue" ? await queue(client, values) : await audit(client, values);
    }
    if (bulkAction && id && extra.length > 0) return await bulk(client, bulkAction, [id, ...extra], values);
    const def = sub ? ACTIONS[sub] : undefined;
    if (!def || !id || extra.length > 0) throw new AppError("BAD_REQUEST", USAGE);
    const item = client
      ? await client.request<ReviewItem>(def.method, `/api/v1/submissions/${encodeURIComponent(id)}/${def.route}`, { json: def.body(values) })
      : await def.direct(operatorActor(), id, values);
    console.log(values.json ? JSON.stringify(item, null, 2) : `${def.done}: ${describe(item)}`);
    return 0;
  } finally {
    if (!client) {
      await closeQueue();
      await disconnectDb();
    }
  }
}

// Several submissions, one action: POST /api/v1/review/bulk, or bulkReview as the operator.
async function bulk(client: ReturnType<typeof apiClient> | null, action: (typeof BULK_ACTIONS)[number], ids: string[], values: Values & { json?: boolean }): Promise<number> {
  const input = { action, ids, ...(values.reason !== undefined ? { reason: values.reason } : {}) };
  let result: BulkReviewResult;
  if (client) result = await client.request<BulkReviewResult>("POST", "/api/v1/review/bulk", { json: input });
  else {
    const parsed = bulkReviewInput.safeParse(input);
    if (!parsed.success) throw new AppError("BAD_REQUEST", `${describeIssues(parsed.error)}\n${USAGE}`);
    result = await bulkReview(operatorActor(), parsed.data);
  }
  if (values.json) console.log(JSON.stringify(result, null, 2));
  else {
    for (const r of result.results) console.log(r.ok ? `${ACTIONS[action].done}: ${describe(r.item)}` : `refused: ${r.id}: ${r.error.message}`);
    console.log(`${result.done} of ${ids.length} ${ACTIONS[action].done}${result.refused ? `, ${result.refused} refused` : ""}`);
  }
  return result.refused > 0 ? 1 : 0;
}

async function queue(client: ReturnType<typeof apiClient> | null, values: { view?: string; benchmark?: string; search?: string; json?: boolean }): Promise<number> {
  const view = (values.view ?? "awaiting") as QueueView;
  if (!QUEUE_VIEWS.includes(view)) throw new AppError("BAD_REQUEST", `--view must be one of ${QUEUE_VIEWS.join(", ")}`);
  const filter = { ...(values.benchmark ? { benchmark: values.benchmark } : {}), ...(values.search ? { search: values.search } : {}) };
  const query = new URLSearchParams({ view, ...filter });
  const q = client ? await client.request<ReviewQueue>("GET", `/api/v1/review/queue?${query}`) : await listReviewQueue({ view, ...filter });
  if (values.json) console.log(JSON.stringify(q, null, 2));
  else {
    console.log(`${q.items.length} of ${q.counts[view]} ${view} submission(s)`);
    for (const item of q.items) console.log(`  ${describe(item)}`);
  }
  return 0;
}

async function audit(client: ReturnType<typeof apiClient> | null, values: { submission?: string; limit?: string; json?: boolean }): Promise<number> {
  const query = { ...(values.submission ? { submission: values.submission } : {}), ...(values.limit ? { limit: values.limit } : {}) };
  const page = client ? await client.request<AuditPage>("GET", `/api/v1/review/audit?${new URLSearchParams(query)}`) : await listAuditEvents(query);
  if (values.json) console.log(JSON.stringify(page, null, 2));
  else {
    for (const e of page.entries) {
      const what = e.submission
        ? `${e.submission.id} (${e.submission.model})`
        : e.organisation
          ? `organisation ${e.organisation.slug}${e.details?.member ? ` ${String(e.details.member)}` : ""}`
          : "(submission gone)";
      console.log(`${e.at}  ${e.action.padEnd(13)} ${what}  by ${e.actor.label}${e.reason ? `: ${e.reason}` : ""}`);
    }
  }
  return 0;
}

function describe(s: ReviewItem): string {
  const marks = [s.review.verified ? "verified" : "", s.review.warningNote ? `note: ${s.review.warningNote}` : ""].filter(Boolean);
  const exec1 = s.exec1 ? `exec@1 ${s.exec1.value.toFixed(3)}` : "not scored";
  return `${s.id}  ${s.status}  ${s.model.name} (${s.model.provider})  ${exec1}  ${s.owner.email}${marks.length ? `  [${marks.join("; ")}]` : ""}`;
}
