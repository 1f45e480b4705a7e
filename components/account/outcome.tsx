"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";

// The Account page's forms call the same /api/v1 routes as the CLI (same-origin fetch with the
// session cookie). Each section has one outcome area at its top: the result of the last action
// is announced there (status, or alert for a refusal with the API's own message) and focus moves
// to it, so it is not lost when the row that was acted on disappears after the refresh.
export interface Secret {
  token: string;
  label: string;
}

export interface Outcome {
  ok: boolean;
  text: string;
  /** A newly issued API token, shown in this outcome only. */
  secret?: Secret;
  /** Set when the action ended this session: a link to sign in again. */
  signInAgain?: boolean;
}

interface OutcomeContext {
  report: (o: Outcome | null) => void;
  busy: boolean;
  run: <T>(fn: () => Promise<T>) => Promise<T>;
}

const Ctx = createContext<OutcomeContext | null>(null);

export function useOutcome(): OutcomeContext {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error("useOutcome outside an OutcomeArea");
  return ctx;
}

export type ApiAnswer<T> = { ok: true; body: T } | { ok: false; message: string };

export async function callApi<T>(method: "POST" | "DELETE", url: string, body?: unknown): Promise<ApiAnswer<T>> {
  try {
    const res = await fetch(url, {
      method,
      headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json().catch(() => null);
    if (!res.ok) return { ok: false, message: json?.error?.message ?? `the server answered ${res.status}` };
    return { ok: true, body: json as T };
  } catch (e) {
    return { ok: false, message: `could not reach the server: ${(e as Error).message}` };
  }
}

export function OutcomeArea({ testId, children }: { testId: string; children: React.ReactNode }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState(false);
  const hydrated = useHydrated();
  const ref = useRef<HTMLDivElement>(null);
  const report = useCallback((o: Outcome | null) => setOutcome(o), []);
  const run = useCallback(async <T,>(fn: () => Promise<T>) => {
    setPending(true);
    try {
      return await fn();
    } finally {
      setPending(false);
    }
  }, []);

  useEffect(() => {
    if (outcome) ref.current?.focus();
  }, [outcome]);

  const value = useMemo(() => ({ report, busy: pending || !hydrated, run }), [report, pending, hydrated, run]);
  return (
    <Ctx.Provider value={value}>
      {outcome && (
        <div
          ref={ref}
          tabIndex={-1}
          role={outcome.ok ? "status" : "alert"}
          data-testid={testId}
          className={`space-y-3 rounded border px-3 py-2 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-slate-600 ${outcome.ok ? "border-emerald-300 bg-emerald-50 text-emerald-950" : "border-rose-300 bg-rose-50 text-rose-900"}`}
        >
          <p>{outcome.ok ? outcome.text : `Not done: ${outcome.text}`}</p>
          {outcome.secret && <SecretReveal secret={outcome.secret} />}
          {outcome.signInAgain && (
            <p>
              <a href="/signin?next=%2Faccount" className="font-medium underline">
                Sign in again
              </a>{" "}
              with the new token once you have stored it.
            </p>
          )}
          {outcome.secret && !outcome.signInAgain && (
            <button type="button" onClick={() => setOutcome(null)} className="rounded border border-slate-400 bg-white px-3 py-1 text-sm text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-slate-600">
              I have stored it — hide the token
            </button>
          )}
        </div>
      )}
      {children}
    </Ctx.Provider>
  );
}

// The secret of a new token: in a read-only field (easy to select), with a copy button and the
// warning that it is shown this once.
function SecretReveal({ secret }: { secret: Secret }) {
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret.token);
      setCopied("yes");
    } catch {
      inputRef.current?.select();
      setCopied("no");
    }
  }
  return (
    <div className="space-y-2 rounded border border-amber-300 bg-amber-50 p-3 text-amber-950">
      <label htmlFor="new-token-secret" className="block font-medium">
        {secret.label}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          ref={inputRef}
          id="new-token-secret"
          readOnly
          value={secret.token}
          aria-describedby="new-token-note"
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 basis-56 rounded border border-slate-300 bg-white px-2 py-1 font-mono text-sm text-slate-900"
        />
        <button type="button" onClick={() => void copy()} className="rounded bg-slate-900 px-3 py-1 text-sm font-medium text-white hover:bg-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-slate-600 focus-visible:ring-offset-2">
          Copy token
        </button>
      </div>
      <p id="new-token-note" className="font-medium">
        Store it now: you will not see it again. ExecBoard keeps only its hash.
      </p>
      <p aria-live="polite" className="text-xs">
        {copied === "yes" ? "Copied to the clipboard." : copied === "no" ? "Could not copy: the token is selected, copy it with Ctrl+C (⌘C)." : ""}
      </p>
    </div>
  );
}
