import { cookies } from "next/headers";
import type { Principal } from "./principal";
import { SESSION_COOKIE } from "./session-cookie";
import { verifySession } from "./verify-session";

// The signed-in viewer of a page (server components and server actions), from the session
// cookie; null for anonymous readers and for sessions that have ended. The one file in
// lib/auth that knows about Next.js.
export async function getPageViewer(): Promise<Principal | null> {
  const sessionId = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!sessionId) return null;
  return (await verifySession(sessionId)).viewer;
}
