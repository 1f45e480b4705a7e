"use client";

import { useActionState } from "react";
import { decideAction, type DecideState } from "./actions";

const INITIAL: DecideState = { error: null, done: null };

export function DecideForm({ id, email }: { id: string; email: string }) {
  const [state, action, pending] = useActionState(decideAction, INITIAL);
  // Each button sends the form with its own decision.
  const decide = (decision: "approve" | "refuse") => (form: FormData) => {
    form.set("decision", decision);
    action(form);
  };
  if (state.done) return <p role="status" className="text-sm text-emerald-800">{state.done}.</p>;
  return (
    <form action={action} className="space-y-2" aria-label={`Decide the request from ${email}`}>
      <input type="hidden" name="id" value={id} />
      <label className="block text-xs text-slate-600">
        Reason (required to refuse; the requester sees it)
        <input name="reason" maxLength={2000} className="mt-1 w-full rounded border border-slate-300 px-2 py-1 text-sm" />
      </label>
      {state.error && <p role="alert" className="text-sm text-red-800">{state.error}</p>}
      <div className="flex gap-2">
        <button type="submit" formAction={decide("approve")} disabled={pending} className="rounded bg-emerald-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-emerald-800 disabled:opacity-60">
          Approve
        </button>
        <button type="submit" formAction={decide("refuse")} disabled={pending} className="rounded border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100 disabled:opacity-60">
          Refuse
        </button>
      </div>
    </form>
  );
}
