import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessRequestStatus, claimAccess, decideAccessRequest, listAccessRequests, requestAccess } from "@/lib/access/access-requests";
import { actorFromPrincipal, operatorActor } from "@/lib/audit/audit-actor";
import { authenticateBearer } from "@/lib/auth/authenticate";
import { createUser } from "@/lib/auth/create-user";
import type { Principal } from "@/lib/auth/principal";
import { db, disconnectDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";

// Access requests against the real database: a visitor asks, a maintainer decides (audited),
// the requester claims the account once with the code; every refusal says why.
const email = () => `asker-${crypto.randomUUID().slice(0, 8)}@example.test`;
const ask = (e = email()) => requestAccess({ email: e, organisation: "Acme Labs", model: "acme-embed-2", note: "We would like to evaluate our code embedder." });

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

describe("access requests", () => {
  let maintainer: Principal;
  let vendor: Principal;
  const as = (p: Principal) => ({ ...actorFromPrincipal(p), principal: p });

  beforeAll(async () => {
    maintainer = await authenticateBearer(`Bearer ${(await createUser({ email: `m-${crypto.randomUUID()}@test.execboard`, role: "maintainer" })).token}`);
    vendor = await authenticateBearer(`Bearer ${(await createUser({ email: `v-${crypto.randomUUID()}@test.execboard`, role: "vendor" })).token}`);
  });
  afterAll(async () => {
    await disconnectDb();
  });

  it("goes from request to an account: pending, approved (audited), claimed once with a working first token", async () => {
    const { request, claimCode } = await ask();
    expect(claimCode).toMatch(/^ebc_[A-Za-z0-9_-]{32}$/);
    expect(request.status).toBe("pending");
    // Only a hash of the code is stored.
    const row = await db().accessRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(JSON.stringify(row)).not.toContain(claimCode.slice(4));
    expect((await accessRequestStatus({ claimCode })).status).toBe("pending");
    expect((await refusal(claimAccess({ claimCode }))).message).toMatch(/has not been decided yet/);
    expect((await listAccessRequests(maintainer)).map((r) => r.id)).toContain(request.id);

    const approved = await decideAccessRequest(as(maintainer), request.id, "approve");
    expect(approved).toMatchObject({ status: "approved", decidedBy: maintainer.email });
    const audit = await db().auditEvent.findFirstOrThrow({ where: { action: "access_approve", actorId: maintainer.userId }, orderBy: { id: "desc" } });
    expect(audit.details).toMatchObject({ accessRequest: request.id, email: request.email, organisation: "Acme Labs" });

    const claimed = await claimAccess({ claimCode });
    expect(claimed.email).toBe(request.email);
    const me = await authenticateBearer(`Bearer ${claimed.token}`);
    expect(me).toMatchObject({ email: request.email, role: "vendor" });
    expect((await accessRequestStatus({ claimCode })).status).toBe("claimed");
    expect((await refusal(claimAccess({ claimCode }))).message).toMatch(/has been used already/);
  });

  it("shows a refusal and its reason to the requester, and a refusal needs a reason", async () => {
    const { request, claimCode } = await ask();
    expect((await refusal(decideAccessRequest(as(maintainer), request.id, "refuse", {}))).message).toMatch(/say why the request is refused/);
    await decideAccessRequest({ ...operatorActor(), principal: null }, request.id, "refuse", { reason: "Please apply with a company address." });
    expect(await accessRequestStatus({ claimCode })).toMatchObject({ status: "refused", reason: "Please apply with a company address." });
    const e = await refusal(claimAccess({ claimCode }));
    expect(e.code).toBe("FORBIDDEN");
    expect(e.message).toBe("the request was refused: Please apply with a company address.");
    expect((await refusal(decideAccessRequest(as(maintainer), request.id, "approve"))).message).toBe("the request is refused, not pending");
  });

  it("lets codes expire, undecided or unclaimed", async () => {
    const { request, claimCode } = await ask();
    await decideAccessRequest(as(maintainer), request.id, "approve");
    await db().accessRequest.update({ where: { id: request.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await accessRequestStatus({ claimCode })).status).toBe("expired");
    expect((await refusal(claimAccess({ claimCode }))).message).toMatch(/the claim code expired on .*; request access again/);
    expect((await listAccessRequests(maintainer, "expired")).map((r) => r.id)).toContain(request.id);
  });

  it("never grants a second account for an email that has one", async () => {
    const { request } = await ask(vendor.email);
    const e = await refusal(decideAccessRequest(as(maintainer), request.id, "approve"));
    expect(e.code).toBe("CONFLICT");
    expect(e.message).toMatch(new RegExp(`an account with email ${vendor.email} already exists`));
  });

  it("is for maintainers to list and decide; vendors are refused", async () => {
    const { request } = await ask();
    expect((await refusal(listAccessRequests(vendor))).code).toBe("FORBIDDEN");
    expect((await refusal(decideAccessRequest(as(vendor), request.id, "approve"))).code).toBe("FORBIDDEN");
    expect((await refusal(decideAccessRequest(as(maintainer), crypto.randomUUID(), "approve"))).code).toBe("NOT_FOUND");
  });

  it("refuses bad input naming the field, unknown codes, and a third waiting request from one email", async () => {
    await expect(requestAccess({ email: "not an email", organisation: "x", model: "y" })).rejects.toThrow(/email/);
    await expect(requestAccess({ email: email(), organisation: "Acme\u202e", model: "m" })).rejects.toThrow(/organisation/);
    expect((await refusal(accessRequestStatus({ claimCode: `ebc_${"x".repeat(32)}` }))).code).toBe("NOT_FOUND");
    await expect(accessRequestStatus({ claimCode: "not-a-code" })).rejects.toThrow(/does not look like an ExecBoard claim code/);
    const same = email();
    await ask(same);
    await ask(same);
    const third = await refusal(ask(same));
    expect(third.code).toBe("CONFLICT");
    expect(third.message).toMatch(/already has 2 requests waiting/);
  });
});
