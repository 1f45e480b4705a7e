import { db } from "@/lib/db/client";
import type { Role } from "./principal";

export interface UserSummary {
  id: string;
  email: string;
  role: Role;
  createdAt: string;
  activeTokens: number;
}

// Every account, oldest first, for operators (the CLI's `users list`).
export async function listUsers(): Promise<UserSummary[]> {
  const now = new Date();
  const users = await db().user.findMany({
    orderBy: [{ createdAt: "asc" }, { email: "asc" }],
    select: {
      id: true,
      email: true,
      role: true,
      createdAt: true,
      _count: { select: { tokens: { where: { revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] } } } },
    },
  });
  return users.map((u) => ({ id: u.id, email: u.email, role: u.role, createdAt: u.createdAt.toISOString(), activeTokens: u._count.tokens }));
}
