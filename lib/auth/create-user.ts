import { z } from "zod";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { ROLES, type Role } from "./principal";
import { expiryAfterDays, generateToken, MAX_TOKEN_DAYS } from "./tokens";

export const createUserInput = z.object({
  email: z.string().email(),
  role: z.enum(ROLES),
});

export interface CreatedUser {
  id: string;
  email: string;
  role: Role;
  token: string;
}

export const issueTokenOptions = z.object({
  name: z.string().trim().max(100).optional(),
  expiresInDays: z.number().int().min(1).max(MAX_TOKEN_DAYS).optional(),
});

// Creates a user with a first API token (with the default lifetime). The token is returned
// once and never stored.
export async function createUser(input: z.infer<typeof createUserInput>): Promise<CreatedUser> {
  const { email, role } = createUserInput.parse(input);
  const existing = await db().user.findUnique({ where: { email }, select: { id: true } });
  if (existing) throw new AppError("CONFLICT", `a user with email ${email} already exists`);
  const t = generateToken();
  const expiresAt = expiryAfterDays(getConfig().EXECBOARD_TOKEN_TTL_DAYS);
  const user = await db().user.create({
    data: { email, role, tokens: { create: { tokenHash: t.hash, prefix: t.prefix, name: "first token", expiresAt } } },
    select: { id: true, email: true, role: true },
  });
  return { ...user, token: t.token };
}

// Issues an additional token for an existing user: how an operator recovers an account whose
// tokens all expired, and how scripts get a fresh one.
export async function issueToken(email: string, options: z.input<typeof issueTokenOptions> = {}): Promise<string> {
  const { name, expiresInDays } = issueTokenOptions.parse(options);
  const user = await db().user.findUnique({ where: { email }, select: { id: true } });
  if (!user) throw new AppError("NOT_FOUND", `no user with email ${email}`);
  const t = generateToken();
  const expiresAt = expiryAfterDays(expiresInDays ?? getConfig().EXECBOARD_TOKEN_TTL_DAYS);
  await db().apiToken.create({ data: { userId: user.id, tokenHash: t.hash, prefix: t.prefix, name: name ?? "issued by an operator", expiresAt } });
  return t.token;
}
