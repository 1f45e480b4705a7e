import { z } from "zod";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { ROLES, type Role } from "./principal";

export const setUserRoleInput = z.object({ email: z.string().email(), role: z.enum(ROLES) });

// Changes an account's role (operators only, through the CLI). Takes effect on the next request.
export async function setUserRole(input: z.input<typeof setUserRoleInput>): Promise<{ email: string; role: Role }> {
  const { email, role } = setUserRoleInput.parse(input);
  const updated = await db().user.updateMany({ where: { email }, data: { role } });
  if (updated.count === 0) throw new AppError("NOT_FOUND", `no user with email ${email}`);
  return { email, role };
}
