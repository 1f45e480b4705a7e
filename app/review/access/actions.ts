"use server";

import { decideAccessRequest } from "@/lib/access/access-requests";
import { actorFromPrincipal } from "@/lib/audit/audit-actor";
import { isAppError } from "@/lib/errors/app-error";
import { requireMaintainerPage } from "../guard";

export interface DecideState {
  error: string | null;
  done: string | null;
}

// Decides one request; the item says what was done (the list itself changes on the next visit,
// so a maintainer working down the queue keeps their place).
export async function decideAction(_prev: DecideState, form: FormData): Promise<DecideState> {
  const viewer = await requireMaintainerPage("/review/access");
  const id = String(form.get("id") ?? "");
  const chosen = form.get("decision");
  if (chosen !== "approve" && chosen !== "refuse") return { error: "choose Approve or Refuse", done: null };
  const decision = chosen;
  const reason = String(form.get("reason") ?? "").trim();
  try {
    const r = await decideAccessRequest({ ...actorFromPrincipal(viewer), principal: viewer }, id, decision, reason ? { reason } : {});
    return { error: null, done: `${decision === "approve" ? "Approved" : "Refused"} ${r.email}` };
  } catch (e) {
    if (isAppError(e)) return { error: e.message, done: null };
    throw e;
  }
}
