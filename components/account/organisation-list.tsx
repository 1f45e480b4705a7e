import type { OrganisationView } from "@/lib/organisations/organisation-view";
import { AddMemberForm, RemoveMemberButton } from "./member-forms";
import { OutcomeArea } from "./outcome";
import { When } from "./token-list";

// One organisation with its members, server-rendered; owners (and admins) also get the forms to
// add and remove members, each organisation with its own outcome area.
export function OrganisationCard({ org, viewerEmail, canManage }: { org: OrganisationView; viewerEmail: string; canManage: boolean }) {
  const headingId = `org-${org.slug}`;
  return (
    <section aria-labelledby={headingId} data-organisation={org.slug} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <header className="space-y-1">
        <h3 id={headingId} className="font-semibold">
          {org.name} <code className="text-xs font-normal text-slate-600">{org.slug}</code>
        </h3>
        <p className="text-sm text-slate-600" data-testid="organisation-role">
          {org.yourRole ? `Your role: ${org.yourRole}` : "You are not a member (you see it as an admin or maintainer)."}
          {canManage ? " · you can add and remove members." : " · its owners manage the members."}
        </p>
      </header>
      <OutcomeArea testId="organisation-outcome">
        <ul aria-label={`Members of ${org.name}`} className="divide-y divide-slate-200 rounded border border-slate-200">
          {org.members.map((m) => (
            <li key={m.email} data-member={m.email} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-3 py-2 text-sm">
              <div className="min-w-0">
                <span className="break-all font-medium text-slate-900">{m.email}</span>
                {m.email === viewerEmail && <span className="text-slate-500"> (you)</span>}
                <span className="block text-slate-600">
                  <span data-testid="member-role">{m.role}</span> since <When iso={m.since} />
                </span>
              </div>
              {canManage && <RemoveMemberButton slug={org.slug} name={org.name} email={m.email} self={m.email === viewerEmail} />}
            </li>
          ))}
          {org.members.length === 0 && <li className="px-3 py-2 text-sm text-slate-600">No members yet.</li>}
        </ul>
        {canManage && <AddMemberForm slug={org.slug} name={org.name} />}
      </OutcomeArea>
    </section>
  );
}
