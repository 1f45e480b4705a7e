"use client";

import { useActionState } from "react";
import { signInAction, type SignInState } from "./actions";

const INITIAL: SignInState = { error: null, code: null };

export function SignInForm({ next }: { next: string }) {
  const [state, action, pending] = useActionState(signInAction, INITIAL);
  return (
    <form action={action} className="space-y-4">
      <input type="hidden" name="next" value={next} />
      <div className="space-y-1">
        <label htmlFor="token" className="block text-sm font-medium text-slate-700">
          API token
        </label>
        <input
          id="token"
          name="token"
          type="password"
          autoComplete="off"
          spellCheck={false}
          required
          placeholder="ebt_…"
          aria-describedby={state.error ? "signin-error" : undefined}
          className="w-full rounded border border-slate-300 px-3 py-2 font-mono text-sm focus:border-emerald-600 focus:outline-none"
        />
      </div>
      {state.error && (
        <p id="signin-error" role="alert" data-code={state.code ?? undefined} className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {state.error}
        </p>
      )}
      <button type="submit" disabled={pending} className="rounded bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700 disabled:opacity-60">
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
