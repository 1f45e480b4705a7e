"use client";

import Link from "next/link";
import { useActionState } from "react";
import { claimAction, type ClaimState } from "../actions";

const INITIAL: ClaimState = { error: null, claimCode: "", request: null, token: null };

const STATUS_TEXT = {
  pending: "Waiting for a maintainer's decision. Come back with the same code later.",
  approved: "Approved. Claim your account: it is created now, and its first API token is shown once.",
  refused: "Refused.",
  claimed: "Claimed: the account exists. Sign in with the token it showed.",
  expired: "Expired: the code stopped working before the request was decided or claimed. Request access again.",
} as const;

export function ClaimForm() {
  const [state, action, pending] = useActionState(claimAction, INITIAL);
  // Each button sends the form with its own intent.
  const send = (intent: "status" | "claim") => (form: FormData) => {
    form.set("intent", intent);
    action(form);
  };
  if (state.token) {
    return (
      <div role="status" className="space-y-3 rounded border border-emerald-200 bg-emerald-50 p-4 text-sm">
        <p className="font-medium text-emerald-900">Your account {state.request?.email} is ready and you are signed in.</p>
        <p>Your first API token, shown only now: store it (a password manager, your CI&apos;s secrets). Scripts and the CLI use it; more tokens are made on your account page.</p>
        <code data-testid="first-token" className="block break-all rounded bg-white px-3 py-2 font-mono text-base">
          {state.token}
        </code>
        <p>
          Next: <Link href="/submit" className="underline">submit a model</Link> or see <Link href="/account" className="underline">your account</Link>.
        </p>
      </div>
    );
  }
  return (
    <form action={action} className="space-y-4">
      <div className="space-y-1">
        <label htmlFor="claimCode" className="block text-sm font-medium text-slate-700">Claim code</label>
        <input id="claimCode" name="claimCode" defaultValue={state.claimCode} required autoComplete="off" spellCheck={false} placeholder="ebc_…" className="w-full rounded border border-slate-300 px-3 py-2 font-mono text-sm focus:border-emerald-600 focus:outline-none" />
      </div>
      {state.error && (
        <p role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {state.error}
        </p>
      )}
      {state.request && (
        <div role="status" data-status={state.request.status} className="space-y-1 rounded border border-slate-200 bg-slate-50 p-3 text-sm">
          <p>
            Request from {state.request.email} ({state.request.organisation}, {state.request.model}): <strong>{STATUS_TEXT[state.request.status]}</strong>
          </p>
          {state.request.reason && <p>Maintainer&apos;s note: {state.request.reason}</p>}
        </div>
      )}
      <div className="flex gap-3">
        <button type="submit" formAction={send("status")} disabled={pending} className="rounded border border-slate-300 px-4 py-2 text-sm hover:bg-slate-100 disabled:opacity-60">
          Check status
        </button>
        {state.request?.status === "approved" && (
          <button type="submit" formAction={send("claim")} disabled={pending} className="rounded bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700 disabled:opacity-60">
            Claim my account
          </button>
        )}
      </div>
    </form>
  );
}
