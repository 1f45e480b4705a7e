import { pageMeta } from "@/components/site/page-meta";
import Link from "next/link";
import { AuditList } from "@/components/review/audit-list";
import { ReviewNav } from "@/components/review/review-nav";
import { AUDIT_ACTIONS } from "@/lib/audit/audit-entry";
import { listAuditEvents, listAuditInput } from "@/lib/audit/list-audit-events";
import { requireMaintainerPage } from "../guard";

export const dynamic = "force-dynamic";
export const metadata = pageMeta("Audit log", "Every review action, who took it, when and why.", { noindex: true });

export default async function AuditLogPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  await requireMaintainerPage("/review/audit");
  const params = await searchParams;
  const parsed = listAuditInput.safeParse({ action: params.action || undefined, before: params.before || undefined, submission: params.submission || undefined });
  const input = parsed.success ? parsed.data : listAuditInput.parse({});
  const page = await listAuditEvents(input);
  const older = page.nextBefore ? `/review/audit?${new URLSearchParams({ before: page.nextBefore, ...(input.action ? { action: input.action } : {}), ...(input.submission ? { submission: input.submission } : {}) })}` : null;
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Audit log</h1>
        <p className="text-sm text-slate-600">Every review action: who did what to which submission, when and why. Newest first.</p>
      </header>
      <ReviewNav current="audit" />
      <form method="get" className="flex flex-wrap items-end gap-2 text-sm">
        <div>
          <label htmlFor="action" className="block text-xs font-medium text-slate-600">
            Action
          </label>
          <select id="action" name="action" defaultValue={input.action ?? ""} className="rounded border border-slate-300 bg-white px-2 py-1.5">
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        {input.submission && <input type="hidden" name="submission" value={input.submission} />}
        <button type="submit" className="rounded border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-100">
          Filter
        </button>
        {(input.action || input.submission || input.before) && (
          <Link prefetch={false} href="/review/audit" className="px-2 py-1.5 underline">
            Show everything
          </Link>
        )}
      </form>
      {!parsed.success && <p role="alert" className="text-sm text-rose-800">Unknown filter; showing everything.</p>}
      <AuditList entries={page.entries} />
      {older && (
        <p>
          <Link prefetch={false} href={older} className="text-sm font-medium underline">
            Older entries
          </Link>
        </p>
      )}
    </div>
  );
}
