import crypto from "node:crypto";
import { z } from "zod";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { AuditActor } from "@/lib/audit/audit-actor";
import { requireRole } from "@/lib/auth/policies";
import type { Principal } from "@/lib/auth/principal";
import { expiryAfterDays, generateToken, hashToken } from "@/lib/auth/tokens";
import { getConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import type { AccessRequestStatus } from "@/lib/db/generated/enums";
import { AppError } from "@/lib/errors/app-error";
import { plainText } from "@/lib/text/plain-text";

// How a vendor gets an account without a maintainer's private channel. A visitor asks (email,
// organisation, model) and is shown a one-time claim code; the request waits in the maintainers'
// queue; a maintainer approves or refuses it (audited, with a reason for a refusal); with the
// code, the requester sees the decision and, once approved, claims the account: it is created
// then, its first API token shown once. Codes expire (EXECBOARD_ACCESS_CODE_TTL_DAYS); only
// their hashes are stored. An email that already has an account cannot be granted another
// through a request (that would hand its owner's account to whoever asked).

const CODE_PREFIX = "ebc_";
export const CLAIM_CODE_PATTERN = /^ebc_[A-Za-z0-9_-]{20,100}$/;
const MAX_PENDING_PER_EMAIL = 2;

export const requestAccessInput = z.strictObject({
  email: z.string().trim().toLowerCase().email().max(254).describe("where you can be reached; the account's email"),
  organisation: z.string().trim().min(1, "organisation is required").max(200).superRefine(plainText("name")).describe("the company or lab you submit for"),
  model: z.string().trim().min(1, "model is required").max(200).superRefine(plainText("name")).describe("the model (or models) you want to evaluate"),
  note: z.string().trim().max(2000).superRefine(plainText("multiline")).optional().describe("anything the maintainers should know"),
});

export const claimInput = z.strictObject({
  claimCode: z.string().trim().regex(CLAIM_CODE_PATTERN, "that does not look like an ExecBoard claim code (ebc_…)"),
});

export const decideInput = z.strictObject({
  reason: z.string().trim().max(2000).superRefine(plainText("multiline")).optional().describe("why; required when refusing, shown to the requester"),
});

export type PublicStatus = AccessRequestStatus | "expired";

export const accessListQuery = z.strictObject({
  status: z.enum(["pending", "approved", "refused", "claimed", "expired", "all"]).default("pending").describe("which requests (default: pending)"),
});

export interface AccessRequestView {
  id: string;
  email: string;
  organisation: string;
  model: string;
  note: string | null;
  status: PublicStatus;
  reason: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
  expiresAt: string;
}

type Row = Awaited<ReturnType<typeof findByCode>>;

function statusOf(r: NonNullable<Row>, now = Date.now()): PublicStatus {
  if ((r.status === "pending" || r.status === "approved") && r.expiresAt.getTime() <= now) return "expired";
  return r.status;
}

function view(r: NonNullable<Row>): AccessRequestView {
  return {
    id: r.id,
    email: r.email,
    organisation: r.organisation,
    model: r.model,
    note: r.note,
    status: statusOf(r),
    reason: r.reason,
    decidedBy: r.decidedBy,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
  };
}

function findByCode(claimCode: string) {
  return db().accessRequest.findUnique({ where: { claimCodeHash: hashToken(claimCode) } });
}

/** Files a request; the claim code in the answer is shown this once. */
export async function requestAccess(raw: z.input<typeof requestAccessInput>): Promise<{ request: AccessRequestView; claimCode: string }> {
  const input = requestAccessInput.parse(raw);
  const pending = await db().accessRequest.count({ where: { email: input.email, status: "pending", expiresAt: { gt: new Date() } } });
  if (pending >= MAX_PENDING_PER_EMAIL) {
    throw new AppError("CONFLICT", `${input.email} already has ${pending} requests waiting for a decision; use the claim code you were given to follow them`);
  }
  const claimCode = CODE_PREFIX + crypto.randomBytes(24).toString("base64url");
  const row = await db().accessRequest.create({
    data: { ...input, note: input.note ?? null, claimCodeHash: hashToken(claimCode), expiresAt: expiryAfterDays(getConfig().EXECBOARD_ACCESS_CODE_TTL_DAYS) },
  });
  return { request: view(row), claimCode };
}

/** What became of a request, for whoever holds its claim code. */
export async function accessRequestStatus(raw: z.input<typeof claimInput>): Promise<AccessRequestView> {
  const { claimCode } = claimInput.parse(raw);
  const row = await findByCode(claimCode);
  if (!row) throw new AppError("NOT_FOUND", "no access request has that claim code");
  return view(row);
}

/** The maintainers' queue: requests by status (pending first by default), oldest first. */
export async function listAccessRequests(viewer: Principal, status: PublicStatus | "all" = "pending"): Promise<AccessRequestView[]> {
  requireRole(viewer, ["maintainer", "admin"], "see access requests");
  const now = new Date();
  const where =
    status === "all" ? {} : status === "expired" ? { status: { in: ["pending", "approved"] as AccessRequestStatus[] }, expiresAt: { lte: now } } : { status, ...(status === "pending" || status === "approved" ? { expiresAt: { gt: now } } : {}) };
  const rows = await db().accessRequest.findMany({ where, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 500 });
  return rows.map(view);
}

/** A maintainer's decision, recorded in the audit log in the same transaction. */
export async function decideAccessRequest(actor: AuditActor & { principal: Principal | null }, id: string, decision: "approve" | "refuse", raw: z.input<typeof decideInput> = {}): Promise<AccessRequestView> {
  if (actor.principal) requireRole(actor.principal, ["maintainer", "admin"], "decide access requests");
  const { reason } = decideInput.parse(raw);
  if (decision === "refuse" && (!reason || reason.length < 3)) throw new AppError("BAD_REQUEST", "reason: say why the request is refused (at least 3 characters); the requester sees it");
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError("NOT_FOUND", `no access request ${id}`);
  return db().$transaction(async (tx) => {
    const row = await tx.accessRequest.findUnique({ where: { id } });
    if (!row) throw new AppError("NOT_FOUND", `no access request ${id}`);
    const status = statusOf(row);
    if (status !== "pending") throw new AppError("CONFLICT", `the request is ${status}, not pending`);
    if (decision === "approve" && (await tx.user.findUnique({ where: { email: row.email }, select: { id: true } }))) {
      throw new AppError("CONFLICT", `an account with email ${row.email} already exists; its owner signs in with their own token (an operator can issue one: execboard users token --email ${row.email})`);
    }
    const moved = await tx.accessRequest.updateMany({
      where: { id, status: "pending" },
      data: { status: decision === "approve" ? "approved" : "refused", reason: reason ?? null, decidedById: actor.userId, decidedBy: actor.label, decidedAt: new Date() },
    });
    if (moved.count === 0) throw new AppError("CONFLICT", "the request was decided meanwhile");
    await recordAuditEvent(tx, {
      action: decision === "approve" ? "access_approve" : "access_refuse",
      actor,
      reason: reason ?? null,
      details: { accessRequest: id, email: row.email, organisation: row.organisation, model: row.model },
    });
    return view((await tx.accessRequest.findUnique({ where: { id } }))!);
  });
}

/**
 * Claims an approved request: creates the vendor account and its first API token, shown this
 * once. Refusals, pending or expired requests and codes already used say so.
 */
export async function claimAccess(raw: z.input<typeof claimInput>): Promise<{ token: string; email: string; userId: string; expiresAt: string }> {
  const { claimCode } = claimInput.parse(raw);
  const t = generateToken();
  const tokenExpiry = expiryAfterDays(getConfig().EXECBOARD_TOKEN_TTL_DAYS);
  return db().$transaction(async (tx) => {
    const row = await tx.accessRequest.findUnique({ where: { claimCodeHash: hashToken(claimCode) } });
    if (!row) throw new AppError("NOT_FOUND", "no access request has that claim code");
    const status = statusOf(row);
    if (status === "pending") throw new AppError("CONFLICT", "the request has not been decided yet; come back with the same code later");
    if (status === "refused") throw new AppError("FORBIDDEN", `the request was refused${row.reason ? `: ${row.reason}` : ""}`);
    if (status === "claimed") throw new AppError("CONFLICT", "this claim code has been used already; sign in with the token it showed (or ask a maintainer for a new one)");
    if (status === "expired") throw new AppError("FORBIDDEN", `the claim code expired on ${row.expiresAt.toISOString()}; request access again`);
    if (await tx.user.findUnique({ where: { email: row.email }, select: { id: true } })) {
      throw new AppError("CONFLICT", `an account with email ${row.email} exists already; sign in with its token`);
    }
    const claimed = await tx.accessRequest.updateMany({ where: { id: row.id, status: "approved", claimedAt: null }, data: { status: "claimed", claimedAt: new Date() } });
    if (claimed.count === 0) throw new AppError("CONFLICT", "this claim code has been used already");
    const user = await tx.user.create({
      data: { email: row.email, role: "vendor", tokens: { create: { tokenHash: t.hash, prefix: t.prefix, name: "first token (access request)", expiresAt: tokenExpiry } } },
      select: { id: true, email: true },
    });
    await tx.accessRequest.update({ where: { id: row.id }, data: { userId: user.id } });
    return { token: t.token, email: user.email, userId: user.id, expiresAt: tokenExpiry.toISOString() };
  });
}
