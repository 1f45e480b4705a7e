import { pageMeta } from "@/components/site/page-meta";
import Link from "next/link";
import { ReviewNav } from "@/components/review/review-nav";
import { accessListQuery, listAccessRequests } from "@/lib/access/access-requests";
import { requireMaintainerPage } from "../guard";
import { DecideForm } from "./decide-form";

export const dynamic = "force-dynamic";
export const metadata = pageMeta("Access requests", "Requests for vendor accounts awaiting a maintainer decision.", { noindex: true });

const VIEWS = ["pending", "approved", "claimed", "refused", "expired", "all"] as const;

export default async function AccessRequestsPage({ searchParams }: { searchParams: Promise<{ status?: string }> }) {
  const viewer = await requireMaintainerPage("/review/access");
  const parsed = accessListQuery.safeParse({ status: (await searchParams).status });
  const status = parsed.success ? parsed.data.status : "pending";
  const requests = await listAccessRequests(viewer, status);
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Review</h1>
        <p className="text-sm text-slate-600">
          Visitors&apos; requests for a vendor account, oldest first. Approving lets the requester claim the account with their code; refusing
          shows them your reason. Each decision is in the audit log.
        </p>
      </header>
      <ReviewNav current="access" />
      <nav aria-label="Access request views" className="flex flex-wrap gap-2 text-sm">
        {VIEWS.map((v) => (
          <Link prefetch={false} key={v} href={`/review/access?status=${v}`} aria-current={v === status ? "page" : undefined} className={`rounded px-3 py-1 ${v === status ? "bg-slate-900 text-white" : "border border-slate-300 hover:bg-slate-100"}`}>
            {v}
          </Link>
        ))}
      </nav>
      {requests.length === 0 ? (
        <p className="text-sm text-slate-600">No {status === "all" ? "" : `${status} `}access requests.</p>
      ) : (
        <ul className="space-y-3">
          {requests.map((r) => (
            <li key={r.id} data-access-request={r.id} className="space-y-2 rounded border border-slate-200 p-4">
              <p className="text-sm">
                <strong>{r.email}</strong> · {r.organisation} · model {r.model} <span className="text-slate-500">({r.status}, asked {r.createdAt.slice(0, 10)})</span>
              </p>
              {r.note && <p className="whitespace-pre-wrap text-sm text-slate-700">{r.note}</p>}
              {r.decidedBy && (
                <p className="text-xs text-slate-500">
                  {r.status === "refused" ? "Refused" : "Approved"} by {r.decidedBy} on {r.decidedAt?.slice(0, 10)}
                  {r.reason ? `: ${r.reason}` : ""}
                </p>
              )}
              {r.status === "pending" && <DecideForm id={r.id} email={r.email} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
