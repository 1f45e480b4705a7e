import Link from "next/link";
import type { AuditEntry } from "@/lib/audit/audit-entry";
import { DataTable } from "@/components/ui/data-table";

// Audit entries as a table (scrolling sideways on a phone): when, who, what, to which
// submission, and why.
const ACTION_TEXT: Record<AuditEntry["action"], string> = {
  publish: "Published",
  reject: "Rejected",
  verify: "Verified",
  unverify: "Withdrew verification",
  note: "Warning note",
  hide: "Hid",
  rerun: "Re-ran",
  organisation_create: "Created organisation",
  member_add: "Added member",
  member_remove: "Removed member",
  access_approve: "Approved access request",
  access_refuse: "Refused access request",
};

export function AuditList({ entries, showSubmission = true }: { entries: AuditEntry[]; showSubmission?: boolean }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">No review actions recorded.</p>;
  const columns = ["When (UTC)", "Who", "Action", ...(showSubmission ? ["Submission"] : []), "Reason and details"];
  return (
    <DataTable
      caption="Audit log entries"
      columns={columns}
      cell="px-3 py-2 font-medium"
      className="w-full min-w-[40rem] text-sm"
      headClassName="border-b border-slate-200 text-left text-slate-600"
      scrollClassName="rounded-lg border border-slate-200 bg-white"
    >
      {entries.map((e) => (
        <tr key={e.id} data-action={e.action} className="align-top">
          <td className="tabular-nums text-slate-600 px-3 py-2">
            <time dateTime={e.at}>{e.at.replace("T", " ").slice(0, 19)}</time>
          </td>
          <td className="break-all px-3 py-2">{e.actor.label}</td>
          <td className="font-medium px-3 py-2">
            {ACTION_TEXT[e.action]}
            {e.fromStatus && e.toStatus && e.fromStatus !== e.toStatus && (
              <span className="block text-xs font-normal text-slate-500">
                {e.fromStatus} → {e.toStatus}
              </span>
            )}
          </td>
          {showSubmission && (
            <td className="px-3 py-2">
              {e.submission ? (
                <Link prefetch={false} href={`/review/${e.submission.id}`} className="underline">
                  {e.submission.model}
                </Link>
              ) : e.organisation ? (
                `organisation ${e.organisation.name} (${e.organisation.slug})`
              ) : (
                "—"
              )}
              {e.submission && <span className="block text-xs text-slate-500">{e.submission.benchmark} {e.submission.version}</span>}
            </td>
          )}
          <td className="break-words text-slate-700 px-3 py-2">
            {e.reason ?? ""}
            {(e.action === "member_add" || e.action === "member_remove") && e.details && (
              <span className="block text-xs text-slate-500">{`${String(e.details.member)}${e.details.role ? ` (${String(e.details.role)})` : ""}`}</span>
            )}
            {(e.action === "access_approve" || e.action === "access_refuse") && e.details && (
              <span className="block text-xs text-slate-500">{`${String(e.details.email)}, ${String(e.details.organisation)}: ${String(e.details.model)}`}</span>
            )}
            {e.action === "note" && e.details && (
              <span className="block text-xs text-slate-500">{e.details.note ? `note: ${String(e.details.note)}` : "note removed"}</span>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
