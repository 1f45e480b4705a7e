"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { safeRedirectPath } from "@/lib/auth/safe-redirect";
import { isHttpsRequest, SESSION_COOKIE, sessionCookieOptions } from "@/lib/auth/session-cookie";
import { signIn } from "@/lib/auth/sign-in";
import { isAppError } from "@/lib/errors/app-error";

export interface SignInState {
  error: string | null;
  code: string | null;
}

// Verifies the pasted token, opens a session and sets its cookie; on failure the form shows
// why (unknown, revoked or expired token).
export async function signInAction(_prev: SignInState, form: FormData): Promise<SignInState> {
  let session: Awaited<ReturnType<typeof signIn>>;
  try {
    session = await signIn({ token: String(form.get("token") ?? "") });
  } catch (e) {
    if (isAppError(e)) return { error: e.message, code: e.code };
    throw e;
  }
  const secure = isHttpsRequest(await headers());
  (await cookies()).set(SESSION_COOKIE, session.sessionId, sessionCookieOptions(session.expiresAt, secure));
  redirect(safeRedirectPath(form.get("next")));
}
