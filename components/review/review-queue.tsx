"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { TieDiagnostics } from "@/lib/analysis/ties";
import type { BulkReviewResult } from "@/lib/review/bulk-review";
import type { QueueFilter } from "@/lib/review/list-review-queue";
import type { ReviewItem } from "@/lib/review/review-item";
import { reviewHref } from "./queue-filter";
import { ReviewItemCard } from "./review-item-card";

type BulkAction = "publish" | "reject" | "verify";
type Note = { ok: boolean; text: string };

const DONE: Record<BulkAction, string> = { publish: "Published", reject: "Rejected", verify: "Marked verified" };
const button =
  "rounded px-3 py-1.5 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50";
const TONE = {
  publish: `${button} bg-emerald-700 text-white hover:bg-emerald-800 focus-visible:ring-emerald-600`,
  verify: `${button} border border-emerald-700 text-emerald-800 hover:bg-emerald-50 focus-visible:ring-emerald-600`,
  reject: `${button} border border-rose-700 text-rose-800 hover:bg-rose-50 focus-visible:ring-rose-600`,
} as const;

// The review queue with its actions: each submission can be published, verified or rejected in
// place, or several at once from the bar above the list. Both go through POST
// /api/v1/review/bulk (each item on its own, with its own audit entry); the outcome is announced
// per item and for the whole batch, the list refreshes, and focus moves on to the next submission
// in the queue.
export function ReviewQueue({ label, empty, items, ties, filter = {} }: { label: string; empty: string; items: ReviewItem[]; ties: Record<string, TieDiagnostics>; filter?: QueueFilter }) {
  const router = useRouter();
  const hydrated = useHydrated();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState(false);
  const [notes, setNotes] = useState<Map<string, Note>>(new Map());
  const [batch, setBatch] = useState<Note | null>(null);
  const [rejecting, setRejecting] = useState<string | "bulk" | null>(null);
  const [reason, setReason] = useState("");
  const focusNext = useRef<string | null>(null);
  // The list's refresh after an action, as a transition: done once the new list is on screen.
  const [refreshing, startRefresh] = useTransition();
  const listRef = useRef<HTMLUListElement>(null);
  const shown = new Set(items.map((i) => i.id));
  const chosen = [...selected].filter((id) => shown.has(id));
  const can = (a: BulkAction, ids: string[]) => ids.length > 0 && ids.every((id) => items.find((i) => i.id === id)?.actions.includes(a));

  // The next submission (the one after the last acted on) takes the focus as soon as the action
  // is done: it is on screen already, so the focus does not wait on the list's refresh. Once the
  // refreshed list is on screen it takes it again if the focus was lost meanwhile.
  const focusItem = (id: string) => listRef.current?.querySelector<HTMLElement>(`li[data-submission="${id}"]`)?.focus();
  useEffect(() => {
    const id = focusNext.current;
    if (refreshing || !id) return;
    focusNext.current = null;
    if (!listRef.current?.contains(document.activeElement)) focusItem(id);
  }, [refreshing, items]);

  async function act(action: BulkAction, ids: string[], why?: string) {
    setPending(true);
    setBatch(null);
    const after = items.findIndex((i) => i.id === ids[ids.length - 1]);
    focusNext.current = items.slice(after + 1).find((i) => !ids.includes(i.id))?.id ?? items.find((i) => !ids.includes(i.id))?.id ?? null;
    try {
      const res = await fetch("/api/v1/review/bulk", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ action, ids, ...(why ? { reason: why } : {}) }),
      });
      const body = (await res.json().catch(() => null)) as (BulkReviewResult & { error?: { message: string } }) | null;
      if (!res.ok || !body?.results) {
        focusNext.current = null;
        setBatch({ ok: false, text: `Not done: ${body?.error?.message ?? `the server answered ${res.status}`}` });
        return;
      }
      const next = new Map(notes);
      for (const r of body.results) next.set(r.id, r.ok ? { ok: true, text: `${DONE[action]}.` } : { ok: false, text: `Not ${action === "verify" ? "verified" : `${action}ed`}: ${r.error.message}` });
      setNotes(next);
      const refused = body.results.filter((r) => !r.ok).length;
      setBatch({ ok: refused === 0, text: `${DONE[action]} ${body.done} of ${ids.length}${refused ? `; ${refused} refused (see each)` : ""}.` });
      setSelected(new Set());
      setRejecting(null);
      setReason("");
      if (focusNext.current) focusItem(focusNext.current);
      startRefresh(() => router.refresh());
    } catch (e) {
      focusNext.current = null;
      setBatch({ ok: false, text: `Not done: could not reach the server (${(e as Error).message})` });
    } finally {
      setPending(false);
    }
  }

  const locked = pending || refreshing || !hydrated;
  const toggle = (id: string) => setSelected((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])));
  const all = chosen.length === items.length && items.length > 0;

  // The outcome of the last action stays on screen when it emptied the view (publishing the last
  // submission waiting): the empty view is drawn here, below it, rather than in place of the queue.
  const outcome = (
    <div aria-live="polite">
      {batch && (
        <p role={batch.ok ? "status" : "alert"} data-testid="bulk-outcome" className={`rounded border px-3 py-2 text-sm ${batch.ok ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-rose-300 bg-rose-50 text-rose-900"}`}>
          {batch.text}
        </p>
      )}
    </div>
  );
  if (items.length === 0) {
    return (
      <div className="space-y-3">
        {outcome}
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">{empty}</p>
      </div>
    );
  }

  return (
    <div className="space-y-3">
      <div role="region" aria-label="Bulk actions" className="sticky top-0 z-10 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-2 shadow-sm">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={all}
            disabled={locked}
            onChange={() => setSelected(all ? new Set() : new Set(items.map((i) => i.id)))}
            className="h-4 w-4 accent-emerald-700"
          />
          Select all
        </label>
        <span className="text-sm text-slate-600" aria-live="polite">
          {chosen.length} selected
        </span>
        <span className="flex flex-wrap gap-2">
          <button type="button" disabled={locked || !can("publish", chosen)} onClick={() => void act("publish", chosen)} className={TONE.publish}>
            Publish selected
          </button>
          <button type="button" disabled={locked || !can("verify", chosen)} onClick={() => void act("verify", chosen)} className={TONE.verify}>
            Verify selected
          </button>
          <button type="button" disabled={locked || !can("reject", chosen)} onClick={() => setRejecting("bulk")} className={TONE.reject}>
            Reject selected…
          </button>
        </span>
        {rejecting === "bulk" && (
          <RejectForm label="Reject the selected submissions" count={chosen.length} reason={reason} setReason={setReason} disabled={locked} onCancel={() => setRejecting(null)} onSubmit={() => void act("reject", chosen, reason.trim())} />
        )}
      </div>
      {outcome}
      <ul ref={listRef} aria-label={label} className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {items.map((item) => {
          const note = notes.get(item.id);
          return (
            <ReviewItemCard
              key={item.id}
              item={item}
              href={reviewHref(item.id, filter)}
              ties={ties[item.id] ?? null}
              select={
                <input
                  type="checkbox"
                  checked={selected.has(item.id)}
                  disabled={locked}
                  onChange={() => toggle(item.id)}
                  aria-label={`Select ${item.model.name}`}
                  className="h-4 w-4 accent-emerald-700"
                />
              }
              actions={
                <>
                  {item.actions.includes("publish") && (
                    <button type="button" disabled={locked} onClick={() => void act("publish", [item.id])} className={TONE.publish}>
                      Publish<span className="sr-only"> {item.model.name}</span>
                    </button>
                  )}
                  {item.actions.includes("verify") && (
                    <button type="button" disabled={locked} onClick={() => void act("verify", [item.id])} className={TONE.verify}>
                      Verify<span className="sr-only"> {item.model.name}</span>
                    </button>
                  )}
                  {item.actions.includes("reject") && (
                    <button type="button" disabled={locked} onClick={() => setRejecting(item.id)} className={TONE.reject}>
                      Reject…<span className="sr-only"> {item.model.name}</span>
                    </button>
                  )}
                </>
              }
              outcome={
                <>
                  {rejecting === item.id && (
                    <RejectForm label="Reject this submission" count={1} reason={reason} setReason={setReason} disabled={locked} onCancel={() => setRejecting(null)} onSubmit={() => void act("reject", [item.id], reason.trim())} />
                  )}
                  {note && (
                    <p role={note.ok ? "status" : "alert"} data-testid="item-outcome" className={`text-sm font-medium ${note.ok ? "text-emerald-800" : "text-rose-800"}`}>
                      {note.text}
                    </p>
                  )}
                </>
              }
            />
          );
        })}
      </ul>
    </div>
  );
}

function RejectForm(props: { label: string; count: number; reason: string; setReason: (r: string) => void; disabled: boolean; onSubmit: () => void; onCancel: () => void }) {
  return (
    <form
      aria-label={props.label}
      className="mt-2 flex w-full flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      <label className="block min-w-0 flex-1 basis-64 text-sm">
        <span className="text-slate-700">Reason (the vendor sees it)</span>
        <input
          autoFocus
          required
          minLength={3}
          maxLength={2000}
          value={props.reason}
          onChange={(e) => props.setReason(e.target.value)}
          className="mt-1 block w-full rounded border border-slate-300 bg-white px-2 py-1.5 text-sm focus:border-rose-600 focus:outline-none focus:ring-2 focus:ring-rose-600/30"
        />
      </label>
      <button type="submit" disabled={props.disabled} className={`${button} bg-rose-700 text-white hover:bg-rose-800 focus-visible:ring-rose-600`}>
        {props.count === 1 ? "Reject submission" : `Reject ${props.count} submissions`}
      </button>
      <button type="button" onClick={props.onCancel} className={`${button} border border-slate-300 text-slate-800 hover:bg-slate-100`}>
        Cancel
      </button>
    </form>
  );
}
