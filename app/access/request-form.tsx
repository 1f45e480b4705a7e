"use client";

import Link from "next/link";
import { useActionState } from "react";
import { requestAccessAction, type RequestState } from "./actions";

const INITIAL: RequestState = { error: null, claimCode: null, expiresAt: null };
const field = "w-full rounded border border-slate-300 px-3 py-2 text-sm focus:border-emerald-600 focus:outline-none";

export function RequestAccessForm() {
  const [state, action, pending] = useActionState(requestAccessAction, INITIAL);
  if (state.claimCode) {
    return (
      <div role="status" className="space-y-3 rounded border border-emerald-200 bg-emerald-50 p-4 text-sm">
        <p className="font-medium text-emerald-900">Your request is in the maintainers&apos; queue.</p>
        <p>
          Your claim code, shown only now (ExecBoard keeps only a hash of it): keep it to follow the request and to claim your account once it is
          approved. It works until {new Date(state.expiresAt!).toUTCString()}.
        </p>
        <p>
          <code data-testid="claim-code" className="block break-all rounded bg-white px-3 py-2 font-mono text-base">
            {state.claimCode}
          </code>
        </p>
        <p>
          <Link href="/access/claim" className="underline">
            Follow your request
          </Link>
        </p>
      </div>
    );
  }
  return (
    <form action={action} className="space-y-4">
      <div className="space-y-1">
        <label htmlFor="email" className="block text-sm font-medium text-slate-700">Email</label>
        <input id="email" name="email" type="email" required maxLength={254} autoComplete="email" className={field} />
      </div>
      <div className="space-y-1">
        <label htmlFor="organisation" className="block text-sm font-medium text-slate-700">Organisation</label>
        <input id="organisation" name="organisation" required maxLength={200} autoComplete="organization" className={field} />
      </div>
      <div className="space-y-1">
        <label htmlFor="model" className="block text-sm font-medium text-slate-700">Model you want to evaluate</label>
        <input id="model" name="model" required maxLength={200} className={field} />
      </div>
      <div className="space-y-1">
        <label htmlFor="note" className="block text-sm font-medium text-slate-700">Anything the maintainers should know (optional)</label>
        <textarea id="note" name="note" rows={3} maxLength={2000} className={field} />
      </div>
      {state.error && (
        <p role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {state.error}
        </p>
      )}
      <button type="submit" disabled={pending} className="rounded bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700 disabled:opacity-60">
        {pending ? "Sending…" : "Request access"}
      </button>
    </form>
  );
}
