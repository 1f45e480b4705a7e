"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { ReviewAction } from "@/lib/review/review-rules";

// The maintainer's actions on one submission. Each calls its API route (the same ones the CLI
// and scripts use), then refreshes the page; the outcome is announced, errors as alerts.
interface Props {
  id: string;
  status: string;
  actions: ReviewAction[];
  warningNote: string | null;
  /** The submission to review after this one (the queue's next), if any. */
  next: { href: string; model: string } | null;
}

type Outcome = { ok: boolean; text: string } | null;

const button =
  "rounded px-4 py-2 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60";
const textarea =
  "mt-1 block w-full rounded border border-slate-300 bg-white px-3 py-2 text-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30";

// Reject and hide: the same form (a required reason the vendor sees), calling the route of that name.
const WITHDRAW = {
  reject: { title: "Reject", submit: "Reject submission", done: "Rejected. The vendor sees the reason." },
  hide: { title: "Hide from the leaderboard", submit: "Hide submission", done: "Hidden: off the leaderboard; nothing was deleted." },
} as const;

export function ReviewActions({ id, status, actions, warningNote, next }: Props) {
  const router = useRouter();
  const [pending, setPending] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [confirmRerun, setConfirmRerun] = useState(false);
  const hydrated = useHydrated();
  const can = (a: ReviewAction) => actions.includes(a);
  const locked = pending !== null || !hydrated;

  async function call(name: string, route: string, method: "POST" | "PUT", body: unknown, done: string) {
    setPending(name);
    setOutcome(null);
    try {
      const res = await fetch(`/api/v1/submissions/${id}/${route}`, {
        method,
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(body),
      });
      const json = await res.json().catch(() => null);
      if (!res.ok) {
        setOutcome({ ok: false, text: json?.error?.message ?? `the server answered ${res.status}` });
        return false;
      }
      setOutcome({ ok: true, text: done });
      router.refresh();
      return true;
    } catch (e) {
      setOutcome({ ok: false, text: `could not reach the server: ${(e as Error).message}` });
      return false;
    } finally {
      setPending(null);
    }
  }

  const reasonOf = (form: HTMLFormElement) => String(new FormData(form).get("reason") ?? "").trim();
  const withdrawForm = (action: keyof typeof WITHDRAW) => {
    const w = WITHDRAW[action];
    return <ReasonForm title={w.title} label="Reason (the vendor sees it)" submit={w.submit} tone="danger" disabled={locked} onSubmit={(form) => call(action, action, "POST", { reason: reasonOf(form) }, w.done)} />;
  };

  return (
    <div className="space-y-4">
      <div aria-live="polite">
        {outcome && (
          <p role={outcome.ok ? "status" : "alert"} data-testid="review-outcome" className={`rounded border px-3 py-2 text-sm ${outcome.ok ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-rose-300 bg-rose-50 text-rose-900"}`}>
            {outcome.ok ? outcome.text : `Not done: ${outcome.text}`}
          </p>
        )}
        {outcome?.ok && next && (
          <p className="mt-2 text-sm">
            <Link prefetch={false} href={next.href} data-testid="next-after-action" className="font-semibold text-emerald-800 underline underline-offset-2">
              Next in queue: {next.model} →
            </Link>
          </p>
        )}
      </div>

      <div className="flex flex-wrap gap-3">
        {can("publish") && (
          <button type="button" disabled={locked} onClick={() => call("publish", "publish", "POST", {}, "Published: it is on the leaderboard now.")} className={`${button} bg-emerald-700 text-white hover:bg-emerald-800 focus-visible:ring-emerald-600`}>
            {status === "hidden" ? "Publish again" : "Publish"}
          </button>
        )}
        {can("verify") && (
          <button type="button" disabled={locked} onClick={() => call("verify", "verify", "POST", { verified: true }, "Marked verified.")} className={`${button} border border-emerald-700 text-emerald-800 hover:bg-emerald-50 focus-visible:ring-emerald-600`}>
            Mark verified
          </button>
        )}
        {can("unverify") && (
          <button type="button" disabled={locked} onClick={() => call("unverify", "verify", "POST", { verified: false }, "Verification withdrawn.")} className={`${button} border border-slate-400 text-slate-800 hover:bg-slate-100 focus-visible:ring-slate-600`}>
            Withdraw verification
          </button>
        )}
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <NoteForm current={warningNote} disabled={locked} onSave={(note) => call("note", "note", "PUT", { note }, note ? "Warning note saved." : "Warning note removed.")} />

        {can("reject") && withdrawForm("reject")}
        {can("hide") && withdrawForm("hide")}
        {can("rerun") && (
          <ReasonForm
            title="Re-run scoring"
            label="Reason (optional, for the audit log)"
            hint="Removes the current results and scores the stored file again. A published submission leaves the leaderboard until it is published again. Not charged to the vendor's quota."
            submit={confirmRerun ? "Confirm re-run" : "Re-run scoring"}
            optional
            tone="neutral"
            disabled={locked}
            onSubmit={async (form) => {
              if (!confirmRerun) return setConfirmRerun(true);
              setConfirmRerun(false);
              await call("rerun", "rerun", "POST", { reason: reasonOf(form) || undefined }, "Queued for a re-run.");
            }}
          />
        )}
      </div>
    </div>
  );
}

function ReasonForm(props: { title: string; label: string; hint?: string; submit: string; tone: "danger" | "neutral"; optional?: boolean; disabled: boolean; onSubmit: (form: HTMLFormElement) => unknown }) {
  const id = useId();
  return (
    <form
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
      aria-labelledby={`${id}-title`}
      onSubmit={async (e) => {
        e.preventDefault();
        const form = e.currentTarget;
        if ((await props.onSubmit(form)) === true) form.reset();
      }}
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        {props.title}
      </h3>
      <label htmlFor={`${id}-reason`} className="block text-sm text-slate-700">
        {props.label}
      </label>
      <textarea id={`${id}-reason`} name="reason" rows={2} required={!props.optional} minLength={props.optional ? undefined : 3} maxLength={2000} aria-describedby={props.hint ? `${id}-hint` : undefined} className={textarea} />
      {props.hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {props.hint}
        </p>
      )}
      <button
        type="submit"
        disabled={props.disabled}
        className={`${button} ${props.tone === "danger" ? "bg-rose-700 text-white hover:bg-rose-800 focus-visible:ring-rose-600" : "bg-slate-900 text-white hover:bg-slate-700 focus-visible:ring-slate-600"}`}
      >
        {props.submit}
      </button>
    </form>
  );
}

function NoteForm({ current, disabled, onSave }: { current: string | null; disabled: boolean; onSave: (note: string | null) => Promise<boolean> }) {
  const id = useId();
  return (
    <form
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        const note = String(new FormData(e.currentTarget).get("note") ?? "").trim();
        void onSave(note || null);
      }}
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        Warning note
      </h3>
      <label htmlFor={`${id}-note`} className="block text-sm text-slate-700">
        Shown beside the submission on the leaderboard
      </label>
      <textarea id={`${id}-note`} name="note" rows={2} maxLength={500} defaultValue={current ?? ""} key={current ?? ""} className={textarea} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={disabled} className={`${button} bg-amber-700 text-white hover:bg-amber-800 focus-visible:ring-amber-700`}>
          Save note
        </button>
        {current && (
          <button type="button" disabled={disabled} onClick={() => void onSave(null)} className={`${button} border border-slate-300 text-slate-800 hover:bg-slate-100 focus-visible:ring-slate-600`}>
            Remove note
          </button>
        )}
      </div>
    </form>
  );
}
