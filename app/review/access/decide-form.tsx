"use client";

import { useActionState, useRef } from "react";
import { decideAction, type DecideState } from "./actions";

const INITIAL: DecideState = { error: null, done: null };

export function DecideForm({ id, email }: { id: string; email: string }) {
  const [state, action, pending] = useActionState(decideAction, INITIAL);
  // Which button submitted: set on click, before the form is sent.
  const decision = useRef<HTMLInputElement>(null);
  const choose = (d: "approve" | "refuse") => () => {
    if (decision.current) decision.current.value = d;
  };
  if (state.done) return <p role="status" className="text-sm text-emerald-800">{state.done}.</p>;
  return (
    <form action={action} className="space-y-2" aria-label={`Decide the request from ${email}`}>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="decision" ref={decision} defaultValue="" />
      <label className="block text-xs text-slate-600">
        Reason (required to refuse; the requester sees it)
        <input name="reason" maxLength={2000} className="mt-1 w-full rounded border border-slate-300 px-2 py-1 text-sm" />
      </label>
      {state.error && <p role="alert" className="text-sm text-red-800">{state.error}</p>}
      <div className="flex gap-2">
        <button type="submit" onClick={choose("approve")} disabled={pending} className="rounded bg-emerald-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-emerald-800 disabled:opacity-60">
          Approve
        </button>
        <button type="submit" onClick={choose("refuse")} disabled={pending} className="rounded border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100 disabled:opacity-60">
          Refuse
        </button>
      </div>
    </form>
  );
}
