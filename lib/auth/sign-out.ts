import { db } from "@/lib/db/client";
import { hashToken } from "./tokens";

// Ends a web session. Signing out of a session that is already gone is harmless.
export async function signOut(rawSessionId: string | undefined): Promise<void> {
  if (!rawSessionId) return;
  await db().session.deleteMany({ where: { sessionHash: hashToken(rawSessionId) } });
}
