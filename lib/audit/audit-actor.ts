import os from "node:os";
import type { Principal } from "@/lib/auth/principal";

// Who performed a review action: a signed-in account (token or session), or an operator running
// the CLI on the server without a token (they have no account; the label says where they were).
export interface AuditActor {
  userId: string | null;
  label: string;
}

export function actorFromPrincipal(p: Principal): AuditActor {
  return { userId: p.userId, label: p.email };
}

export function operatorActor(what = "execboard CLI"): AuditActor {
  let user = "unknown";
  try {
    user = os.userInfo().username;
  } catch {
    /* no passwd entry (containers): keep "unknown" */
  }
  return { userId: null, label: `operator ${user}@${os.hostname()} (${what})` };
}
