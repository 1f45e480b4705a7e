"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { TokenSecret, TokenView } from "@/lib/auth/token-view";
import { callApi, useOutcome } from "./outcome";

// Creating, rotating and revoking API tokens from the Account page, through /api/v1/tokens.
const field = "mt-1 block w-full rounded border border-slate-300 bg-white px-3 py-2 text-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30";
const primary = "rounded bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-slate-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60";
const secondary = "rounded border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-slate-600 disabled:cursor-not-allowed disabled:opacity-60";
const danger = "rounded bg-rose-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-rose-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-rose-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60";

export function describeToken(t: Pick<TokenView, "name" | "prefix">): string {
  return `${t.name || "unnamed"} (${t.prefix}…)`;
}

export function CreateTokenForm({ defaultDays, maxDays }: { defaultDays: number; maxDays: number }) {
  const router = useRouter();
  const { report, busy, run } = useOutcome();
  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const name = String(data.get("name") ?? "").trim();
    const days = Number(data.get("expiresInDays"));
    report(null);
    const answer = await run(() => callApi<TokenSecret>("POST", "/api/v1/tokens", { ...(name ? { name } : {}), expiresInDays: days }));
    if (!answer.ok) return report({ ok: false, text: answer.message });
    const t = answer.body.info;
    report({
      ok: true,
      text: `Created token ${describeToken(t)}, valid until ${t.expiresAt ? `${t.expiresAt.slice(0, 10)}` : "it is revoked"}.`,
      secret: { token: answer.body.token, label: `Your new API token ${describeToken(t)}` },
    });
    form.reset();
    router.refresh();
  }
  return (
    <form onSubmit={onSubmit} aria-labelledby="create-token-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h3 id="create-token-heading" className="font-semibold">
        Create a token
      </h3>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <div>
          <label htmlFor="token-name" className="block text-sm font-medium text-slate-700">
            Name <span className="font-normal text-slate-500">(optional, e.g. the machine or CI job)</span>
          </label>
          <input id="token-name" name="name" maxLength={100} autoComplete="off" className={field} />
        </div>
        <div>
          <label htmlFor="token-days" className="block text-sm font-medium text-slate-700">
            Expires in (days)
          </label>
          <input id="token-days" name="expiresInDays" type="number" inputMode="numeric" min={1} max={maxDays} step={1} required defaultValue={defaultDays} aria-describedby="token-days-hint" className={field} />
          <p id="token-days-hint" className="mt-1 text-xs text-slate-500">
            1 to {maxDays}; {defaultDays} by default.
          </p>
        </div>
      </div>
      <button type="submit" disabled={busy} className={primary}>
        Create token
      </button>
    </form>
  );
}

// Rotate and revoke for one token, each behind a confirmation that says what will happen —
// including that acting on the token this session was opened with ends the session.
export function TokenActions({ token }: { token: Pick<TokenView, "id" | "name" | "prefix" | "status" | "current"> }) {
  const router = useRouter();
  const { report, busy, run } = useOutcome();
  const [confirming, setConfirming] = useState<"revoke" | "rotate" | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  if (token.status === "revoked") return null;
  const what = describeToken(token);

  async function revoke() {
    setConfirming(null);
    report(null);
    const answer = await run(() => callApi("DELETE", `/api/v1/tokens/${encodeURIComponent(token.id)}`));
    if (!answer.ok) return report({ ok: false, text: answer.message });
    if (token.current) {
      // The session died with its token: the next page would be the sign-in form anyway.
      window.location.assign("/signin?signedOut=1&next=%2Faccount");
      return;
    }
    report({ ok: true, text: `Revoked token ${what}: it no longer works.` });
    router.refresh();
  }

  async function rotate() {
    setConfirming(null);
    report(null);
    const answer = await run(() => callApi<TokenSecret>("POST", `/api/v1/tokens/${encodeURIComponent(token.id)}/rotate`));
    if (!answer.ok) return report({ ok: false, text: answer.message });
    const t = answer.body.info;
    const secret = { token: answer.body.token, label: `Your new API token ${describeToken(t)}` };
    if (token.current) {
      // Not refreshed: the page would send a signed-out visitor to /signin before the secret is stored.
      report({ ok: true, text: `Rotated ${what}. The old token no longer works, and this session (opened with it) has ended.`, secret, signInAgain: true });
      return;
    }
    report({ ok: true, text: `Rotated ${what}: the old token no longer works; the new one is ${t.prefix}…, valid until ${t.expiresAt?.slice(0, 10) ?? "it is revoked"}.`, secret });
    router.refresh();
  }

  if (confirming) {
    const verb = confirming === "revoke" ? "Revoke" : "Rotate";
    return (
      <div role="group" aria-label={`${verb} ${what}?`} className="space-y-2 rounded border border-rose-200 bg-rose-50 p-3 text-sm text-rose-950">
        <p>
          {confirming === "revoke" ? `Revoke ${what}? Anything using it stops working at once.` : `Rotate ${what}? It is replaced by a new secret with the same name, expiring no later than the token you signed in with; the old one stops working at once.`}
          {token.current && <strong className="block pt-1">This session was opened with this token: {confirming === "revoke" ? "revoking" : "rotating"} it signs you out.</strong>}
        </p>
        <div className="flex flex-wrap gap-2">
          <button ref={confirmRef} type="button" disabled={busy} onClick={() => void (confirming === "revoke" ? revoke() : rotate())} className={danger}>
            {confirming === "revoke" ? "Yes, revoke" : "Yes, rotate"}
            {token.current ? " and sign out" : ""}
          </button>
          <button type="button" onClick={() => setConfirming(null)} className={secondary}>
            Cancel
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" disabled={busy} onClick={() => setConfirming("rotate")} className={secondary}>
        Rotate<span className="sr-only"> {what}</span>
      </button>
      <button type="button" disabled={busy} onClick={() => setConfirming("revoke")} className={secondary}>
        Revoke<span className="sr-only"> {what}</span>
      </button>
    </div>
  );
}
