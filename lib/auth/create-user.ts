import { z } from "zod";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { generateToken } from "./tokens";

export const createUserInput = z.object({
  email: z.string().email(),
  role: z.enum(["vendor", "maintainer", "admin"]),
});

export interface CreatedUser {
  id: string;
  email: string;
  role: "vendor" | "maintainer" | "admin";
  token: string;
}

// Creates a user with a first API token. The token is returned once and never stored.
export async function createUser(input: z.infer<typeof createUserInput>): Promise<CreatedUser> {
  const { email, role } = createUserInput.parse(input);
  const existing = await db().user.findUnique({ where: { email }, select: { id: true } });
  if (existing) throw new AppError("CONFLICT", `a user with email ${email} already exists`);
  const t = generateToken();
  const user = await db().user.create({
    data: { email, role, tokens: { create: { tokenHash: t.hash, prefix: t.prefix } } },
    select: { id: true, email: true, role: true },
  });
  return { ...user, token: t.token };
}

// Issues an additional token for an existing user (used by scripts that need a fresh one).
export async function issueToken(email: string): Promise<string> {
  const user = await db().user.findUnique({ where: { email }, select: { id: true } });
  if (!user) throw new AppError("NOT_FOUND", `no user with email ${email}`);
  const t = generateToken();
  await db().apiToken.create({ data: { userId: user.id, tokenHash: t.hash, prefix: t.prefix } });
  return t.token;
}
