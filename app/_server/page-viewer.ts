import { cookies } from "next/headers";
import type { Principal } from "@/lib/auth/principal";
import { SESSION_COOKIE } from "@/lib/auth/session-cookie";
import { verifySession } from "@/lib/auth/verify-session";

// The signed-in viewer of a page (server components and server actions), from the session
// cookie; null for anonymous readers and for sessions that have ended. Next.js's cookies() is
// why this lives with the pages, not in lib/auth.
export async function getPageViewer(): Promise<Principal | null> {
  const sessionId = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!sessionId) return null;
  return (await verifySession(sessionId)).viewer;
}
