import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticateBearer } from "@/lib/auth/authenticate";
import { createToken } from "@/lib/auth/create-token";
import { createUser, issueToken } from "@/lib/auth/create-user";
import { listTokens } from "@/lib/auth/list-tokens";
import type { Principal } from "@/lib/auth/principal";
import { revokeToken } from "@/lib/auth/revoke-token";
import { rotateToken } from "@/lib/auth/rotate-token";
import { getConfig } from "@/lib/config";
import { db, disconnectDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";

// API tokens as their owner manages them, against the real database: stored only as hashes,
// expiring, revocable and rotatable, each refusal saying why.
describe("API token lifecycle", () => {
  let owner: Principal;
  let ownerToken: string;
  let other: Principal;

  const principalOf = async (token: string) => authenticateBearer(`Bearer ${token}`);
  const refusal = async (p: Promise<unknown>) => {
    const e = await p.then(() => null, (err: unknown) => err);
    expect(e).toBeInstanceOf(AppError);
    return e as AppError;
  };

  beforeAll(async () => {
    const u = await createUser({ email: `tokens-${crypto.randomUUID()}@test.execboard`, role: "vendor" });
    ownerToken = u.token;
    owner = await principalOf(u.token);
    const o = await createUser({ email: `tokens-other-${crypto.randomUUID()}@test.execboard`, role: "vendor" });
    other = await principalOf(o.token);
  });

  afterAll(async () => {
    await disconnectDb();
  });

  it("gives every new account a first token with the configured expiry (90 days by default)", async () => {
    const { tokens } = await listTokens(owner);
    expect(tokens).toHaveLength(1);
    const days = (Date.parse(tokens[0].expiresAt!) - Date.parse(tokens[0].createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(getConfig().EXECBOARD_TOKEN_TTL_DAYS, 3);
    expect(tokens[0]).toMatchObject({ status: "active", current: true, prefix: ownerToken.slice(0, 10) });
  });

  it("stores only a hash: the secret appears nowhere in the database", async () => {
    const created = await createToken(owner, { name: "laptop", expiresInDays: 7 });
    expect(created.token).toMatch(/^ebt_[A-Za-z0-9_-]{32}$/);
    const row = await db().apiToken.findUniqueOrThrow({ where: { id: created.info.id } });
    expect(row.tokenHash).toBe(crypto.createHash("sha256").update(created.token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(10));
    const listed = await listTokens(owner);
    expect(JSON.stringify(listed)).not.toContain(created.token);
    expect(listed.tokens.find((t) => t.id === created.info.id)).toMatchObject({ name: "laptop", status: "active", current: false });
    expect((await principalOf(created.token)).userId).toBe(owner.userId);
  });

  it("refuses an expired token with TOKEN_EXPIRED and says when it expired", async () => {
    const created = await createToken(owner, { name: "short-lived" });
    const expiredAt = new Date(Date.now() - 60_000);
    await db().apiToken.update({ where: { id: created.info.id }, data: { expiresAt: expiredAt } });
    const e = await refusal(principalOf(created.token));
    expect(e.code).toBe("TOKEN_EXPIRED");
    expect(e.message).toContain(`expired on ${expiredAt.toISOString()}`);
    expect(e.message).toContain("execboard tokens create");
    expect((await listTokens(owner)).tokens.find((t) => t.id === created.info.id)?.status).toBe("expired");
  });

  it("revokes a token at once; revoking twice is harmless; the refusal names the revocation", async () => {
    const created = await createToken(owner, {});
    const first = await revokeToken(owner, created.info.id);
    expect(first.info.status).toBe("revoked");
    const again = await revokeToken(owner, created.info.id);
    expect(again.info.revokedAt).toBe(first.info.revokedAt);
    const e = await refusal(principalOf(created.token));
    expect(e.code).toBe("UNAUTHORIZED");
    expect(e.message).toMatch(/was revoked on/);
  });

  it("rotates: same name and lifetime, the old token dead in the same step, the new one working", async () => {
    const created = await createToken(owner, { name: "ci", expiresInDays: 30 });
    const rotated = await rotateToken(owner, created.info.id);
    expect(rotated.replaces).toBe(created.info.id);
    expect(rotated.info.name).toBe("ci");
    expect((Date.parse(rotated.info.expiresAt!) - Date.parse(rotated.info.createdAt)) / 86_400_000).toBeCloseTo(30, 3);
    expect(rotated.token).not.toBe(created.token);
    expect((await refusal(principalOf(created.token))).code).toBe("UNAUTHORIZED");
    expect((await principalOf(rotated.token)).userId).toBe(owner.userId);
    // A revoked token cannot be rotated again (two rotations racing: only one wins).
    const e = await refusal(rotateToken(owner, created.info.id));
    expect(e.code).toBe("CONFLICT");
  });

  it("renews an expired token by rotation", async () => {
    const created = await createToken(owner, { name: "renew-me", expiresInDays: 5 });
    await db().apiToken.update({ where: { id: created.info.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const rotated = await rotateToken(owner, created.info.id);
    expect(rotated.info.status).toBe("active");
    expect((await principalOf(rotated.token)).userId).toBe(owner.userId);
  });

  it("treats another user's token as non-existent", async () => {
    const created = await createToken(owner, {});
    expect((await refusal(revokeToken(other, created.info.id))).code).toBe("NOT_FOUND");
    expect((await refusal(rotateToken(other, created.info.id))).code).toBe("NOT_FOUND");
    expect((await listTokens(other)).tokens.map((t) => t.id)).not.toContain(created.info.id);
    expect((await principalOf(created.token)).userId).toBe(owner.userId);
    expect((await refusal(revokeToken(owner, "not-a-uuid"))).code).toBe("NOT_FOUND");
  });

  it("never lets a token create one that outlives it: the default is cut to its expiry, a longer request refused", async () => {
    const email = `short-lived-${crypto.randomUUID()}@test.execboard`;
    await createUser({ email, role: "vendor" });
    const shortToken = await issueToken(email, { expiresInDays: 1, name: "one day left" });
    const short = await principalOf(shortToken);
    const own = await db().apiToken.findUniqueOrThrow({ where: { id: short.tokenId! }, select: { expiresAt: true } });

    const before = (await listTokens(short)).tokens.length;
    const refused = await refusal(createToken(short, { name: "long", expiresInDays: 365 }));
    expect(refused.code).toBe("BAD_REQUEST");
    expect(refused.message).toMatch(/expiresInDays: the token you are using expires on .* cannot outlive it/);
    expect(refused.message).toMatch(/ask an operator \(execboard users token/);
    expect((await listTokens(short)).tokens).toHaveLength(before);

    const defaulted = await createToken(short, { name: "default lifetime" });
    expect(Date.parse(defaulted.info.expiresAt!)).toBe(own.expiresAt!.getTime());
    expect((await refusal(createToken(short, { expiresInDays: 2 }))).message).toMatch(/ask for at most 1 day;/);
    const lastDay = await createToken(short, { expiresInDays: 1 });
    expect(Date.parse(lastDay.info.expiresAt!)).toBe(own.expiresAt!.getTime());

    // Rotating another token from the short-lived one gives it no more than the short one has left,
    // and rotating itself replaces its secret but keeps its expiry: no rotation renews it.
    const other = await createToken(await principalOf(defaulted.token), { name: "other" });
    const rotatedOther = await rotateToken(short, other.info.id);
    expect(Date.parse(rotatedOther.info.expiresAt!)).toBeLessThanOrEqual(own.expiresAt!.getTime());
    const rotatedSelf = await rotateToken(short, short.tokenId!);
    expect(Date.parse(rotatedSelf.info.expiresAt!)).toBe(own.expiresAt!.getTime());
    expect((await refusal(principalOf(shortToken))).code).toBe("UNAUTHORIZED");
    // …and the rotated token, rotated again, is still held to the same day.
    const again = await rotateToken(await principalOf(rotatedSelf.token), rotatedSelf.info.id);
    expect(Date.parse(again.info.expiresAt!)).toBe(own.expiresAt!.getTime());
  });

  it("lets an operator issue a token to a locked-out user, with a chosen lifetime", async () => {
    const email = `locked-out-${crypto.randomUUID()}@test.execboard`;
    await createUser({ email, role: "vendor" });
    const token = await issueToken(email, { expiresInDays: 2, name: "recovery" });
    const p = await principalOf(token);
    const info = (await listTokens(p)).tokens.find((t) => t.current)!;
    expect(info.name).toBe("recovery");
    expect((Date.parse(info.expiresAt!) - Date.now()) / 86_400_000).toBeCloseTo(2, 2);
  });
});
