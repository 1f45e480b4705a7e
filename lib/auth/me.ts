import { z } from "zod";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { Principal } from "./principal";
import { ROLES } from "./principal";

export const meSchema = z.strictObject({
  id: z.string().uuid(),
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: z.iso.datetime(),
  authenticatedWith: z.enum(["token", "session"]).nullable(),
});
export type Me = z.infer<typeof meSchema>;

// The signed-in user as they see themselves.
export async function getMe(viewer: Principal): Promise<Me> {
  const user = await db().user.findUnique({ where: { id: viewer.userId }, select: { id: true, email: true, role: true, createdAt: true } });
  if (!user) throw new AppError("UNAUTHORIZED", "this account no longer exists");
  return { ...user, createdAt: user.createdAt.toISOString(), authenticatedWith: viewer.via ?? null };
}
