import os from "node:os";
import type { Principal } from "@/lib/auth/principal";

// Who asked for a re-score: a maintainer's account (API), or an operator running the CLI on the
// server without a token (no account; the label says where).
export interface RescoreActor {
  userId: string | null;
  label: string;
}

export function rescoreActorOf(p: Principal): RescoreActor {
  return { userId: p.userId, label: p.email };
}

export function operatorRescoreActor(): RescoreActor {
  let user = "unknown";
  try {
    user = os.userInfo().username;
  } catch {
    /* no passwd entry (containers) */
  }
  return { userId: null, label: `operator ${user}@${os.hostname()} (execboard CLI)` };
}
