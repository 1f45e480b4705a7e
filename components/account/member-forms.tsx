"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import type { OrganisationView } from "@/lib/organisations/organisation-view";
import { callApi, useOutcome } from "./outcome";

// Adding and removing an organisation's members from the Account page (its owners, and admins),
// through /api/v1/organisations/{slug}/members. Refusals show the API's message.
const field = "mt-1 block w-full rounded border border-slate-300 bg-white px-3 py-2 text-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30";
const primary = "rounded bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-slate-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60";
const secondary = "rounded border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-slate-600 disabled:cursor-not-allowed disabled:opacity-60";
const danger = "rounded bg-rose-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-rose-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-rose-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60";

const membersUrl = (slug: string) => `/api/v1/organisations/${encodeURIComponent(slug)}/members`;

export function AddMemberForm({ slug, name }: { slug: string; name: string }) {
  const router = useRouter();
  const { report, busy, run } = useOutcome();
  const id = useId();
  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const email = String(data.get("email") ?? "").trim();
    const role = String(data.get("role") ?? "member");
    report(null);
    const answer = await run(() => callApi<OrganisationView>("POST", membersUrl(slug), { email, role }));
    if (!answer.ok) return report({ ok: false, text: answer.message });
    report({ ok: true, text: `${email} is now ${role === "owner" ? "an owner" : "a member"} of ${name}.` });
    form.reset();
    router.refresh();
  }
  return (
    <form onSubmit={onSubmit} aria-labelledby={`${id}-title`} className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h4 id={`${id}-title`} className="text-sm font-semibold">
        Add a member to {name}
      </h4>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <div>
          <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-700">
            Email of an existing account
          </label>
          <input id={`${id}-email`} name="email" type="email" required autoComplete="off" className={field} />
        </div>
        <div>
          <label htmlFor={`${id}-role`} className="block text-sm font-medium text-slate-700">
            Role
          </label>
          <select id={`${id}-role`} name="role" defaultValue="member" className={field}>
            <option value="member">member (submits for it)</option>
            <option value="owner">owner (also manages members)</option>
          </select>
        </div>
      </div>
      <p className="text-xs text-slate-500">For someone already in {name}, this changes their role.</p>
      <button type="submit" disabled={busy} className={primary}>
        Add member
      </button>
    </form>
  );
}

export function RemoveMemberButton({ slug, name, email, self }: { slug: string; name: string; email: string; self: boolean }) {
  const router = useRouter();
  const { report, busy, run } = useOutcome();
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  async function remove() {
    setConfirming(false);
    report(null);
    const answer = await run(() => callApi<OrganisationView>("DELETE", `${membersUrl(slug)}/${encodeURIComponent(email)}`));
    if (!answer.ok) return report({ ok: false, text: answer.message });
    report({ ok: true, text: `${email} is no longer a member of ${name}.` });
    router.refresh();
  }

  if (confirming) {
    return (
      <div role="group" aria-label={`Remove ${email} from ${name}?`} className="flex flex-wrap items-center gap-2 text-sm">
        <span>{self ? `Leave ${name}? You lose access to its unpublished submissions.` : `Remove ${email}? They lose access to ${name}'s unpublished submissions.`}</span>
        <button ref={confirmRef} type="button" disabled={busy} onClick={() => void remove()} className={danger}>
          Yes, remove
        </button>
        <button type="button" onClick={() => setConfirming(false)} className={secondary}>
          Cancel
        </button>
      </div>
    );
  }
  return (
    <button type="button" disabled={busy} onClick={() => setConfirming(true)} className={secondary}>
      Remove<span className="sr-only"> {email} from {name}</span>
    </button>
  );
}
