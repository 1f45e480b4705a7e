"use server";

import { cookies, headers } from "next/headers";
import { accessRequestStatus, claimAccess, requestAccess, type AccessRequestView } from "@/lib/access/access-requests";
import { isHttpsRequest, SESSION_COOKIE, sessionCookieOptions } from "@/lib/auth/session-cookie";
import { signIn } from "@/lib/auth/sign-in";
import { getConfig } from "@/lib/config";
import { isAppError } from "@/lib/errors/app-error";
import { rateLimitAccessRequest } from "@/lib/rate-limit/rate-limit-request";

export interface RequestState {
  error: string | null;
  claimCode: string | null;
  expiresAt: string | null;
}

// Files a request; the claim code comes back once and the page shows it.
export async function requestAccessAction(_prev: RequestState, form: FormData): Promise<RequestState> {
  try {
    await rateLimitAccessRequest(await headers(), getConfig().EXECBOARD_ACCESS_REQUESTS_PER_IP_PER_DAY);
    const note = String(form.get("note") ?? "").trim();
    const { request, claimCode } = await requestAccess({
      email: String(form.get("email") ?? ""),
      organisation: String(form.get("organisation") ?? ""),
      model: String(form.get("model") ?? ""),
      ...(note ? { note } : {}),
    });
    return { error: null, claimCode, expiresAt: request.expiresAt };
  } catch (e) {
    return { error: words(e), claimCode: null, expiresAt: null };
  }
}

export interface ClaimState {
  error: string | null;
  /** The code as entered, so the form keeps it between steps. */
  claimCode: string;
  request: AccessRequestView | null;
  /** Set once, when the account was claimed: its first API token. */
  token: string | null;
}

// Looks the request up by its claim code; with `claim`, claims an approved one, shows the first
// token and opens a web session with it.
export async function claimAction(_prev: ClaimState, form: FormData): Promise<ClaimState> {
  const claimCode = String(form.get("claimCode") ?? "").trim();
  try {
    if (form.get("intent") !== "claim") return { error: null, claimCode, request: await accessRequestStatus({ claimCode }), token: null };
    const claimed = await claimAccess({ claimCode });
    const session = await signIn({ token: claimed.token });
    (await cookies()).set(SESSION_COOKIE, session.sessionId, sessionCookieOptions(session.expiresAt, isHttpsRequest(await headers())));
    return { error: null, claimCode, request: await accessRequestStatus({ claimCode }), token: claimed.token };
  } catch (e) {
    return { error: words(e), claimCode, request: null, token: null };
  }
}

function words(e: unknown): string {
  if (isAppError(e)) return e.message;
  if (e && typeof e === "object" && "issues" in e) return ((e as { issues: { path: unknown[]; message: string }[] }).issues ?? []).map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; ");
  throw e;
}
