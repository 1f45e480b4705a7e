// Access requests over HTTP (issue 14): a visitor asks without an account, a maintainer decides
// through the API, the requester claims the account with the code and gets a working token once;
// the request form is limited per address per day; the pages exist for each step.
import crypto from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { getConfig } from "@/lib/config";
import { disconnectDb } from "@/lib/db/client";
import { api, documentedResponse, expectMatches, freshLoopbackAddress, newAccount, rawRequest } from "./accounts-helpers";

const asker = () => ({ email: `asker-${crypto.randomUUID().slice(0, 8)}@example.test`, organisation: "Beta Research", model: "beta-code-embed" });

describe("access requests over HTTP", () => {
  afterAll(async () => {
    await disconnectDb();
  });

  it("takes a request, lets a maintainer approve it, and turns the claim code into an account with a first token", async () => {
    const doc = (await api("/api/v1/openapi.json")).body;
    const filed = await rawRequest("/api/v1/access-requests", { from: freshLoopbackAddress(), method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(asker()) });
    expect(filed.status).toBe(201);
    const { request, claimCode } = JSON.parse(filed.body);
    expectMatches(documentedResponse(doc, "post", "/api/v1/access-requests", 201), JSON.parse(filed.body));
    const status = await api("/api/v1/access-requests/status", { method: "POST", body: { claimCode } });
    expect(status.body.status).toBe("pending");

    const maintainer = await newAccount("maintainer");
    const vendor = await newAccount("vendor");
    const queue = await api("/api/v1/access-requests", { token: maintainer.token });
    expectMatches(documentedResponse(doc, "get", "/api/v1/access-requests", 200), queue.body);
    expect(queue.body.requests.map((r: { id: string }) => r.id)).toContain(request.id);
    expect((await api("/api/v1/access-requests", { token: vendor.token })).status).toBe(403);
    expect((await api("/api/v1/access-requests")).status).toBe(401);
    expect((await api(`/api/v1/access-requests/${request.id}/approve`, { token: vendor.token, method: "POST", body: {} })).status).toBe(403);

    const approved = await api(`/api/v1/access-requests/${request.id}/approve`, { token: maintainer.token, method: "POST", body: {} });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe("approved");

    const claimed = await api("/api/v1/access-requests/claim", { method: "POST", body: { claimCode } });
    expect(claimed.status).toBe(201);
    expectMatches(documentedResponse(doc, "post", "/api/v1/access-requests/claim", 201), claimed.body);
    const me = await api("/api/v1/me", { token: claimed.body.token });
    expect(me.body).toMatchObject({ email: request.email, role: "vendor" });
    const again = await api("/api/v1/access-requests/claim", { method: "POST", body: { claimCode } });
    expect(again.status).toBe(409);
    const audit = await api("/api/v1/review/audit?action=access_approve", { token: maintainer.token });
    expect(audit.body.entries.some((e: { details: { accessRequest?: string } }) => e.details?.accessRequest === request.id)).toBe(true);
  });

  it("tells the requester about a refusal and its reason", async () => {
    const filed = await rawRequest("/api/v1/access-requests", { from: freshLoopbackAddress(), method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(asker()) });
    const { claimCode, request } = JSON.parse(filed.body);
    const maintainer = await newAccount("maintainer");
    expect((await api(`/api/v1/access-requests/${request.id}/refuse`, { token: maintainer.token, method: "POST", body: {} })).status).toBe(400);
    expect((await api(`/api/v1/access-requests/${request.id}/refuse`, { token: maintainer.token, method: "POST", body: { reason: "We only onboard model vendors for now." } })).status).toBe(200);
    const status = await api("/api/v1/access-requests/status", { method: "POST", body: { claimCode } });
    expect(status.body).toMatchObject({ status: "refused", reason: "We only onboard model vendors for now." });
    const claim = await api("/api/v1/access-requests/claim", { method: "POST", body: { claimCode } });
    expect(claim.status).toBe(403);
    expect(claim.body.error.message).toBe("the request was refused: We only onboard model vendors for now.");
  });

  it("limits requests per address per day", async () => {
    const from = freshLoopbackAddress();
    const limit = getConfig().EXECBOARD_ACCESS_REQUESTS_PER_IP_PER_DAY;
    const post = () => rawRequest("/api/v1/access-requests", { from, method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(asker()) });
    for (let i = 0; i < limit; i++) expect((await post()).status).toBe(201);
    const over = await post();
    expect(over.status).toBe(429);
    expect(JSON.parse(over.body).error.message).toMatch(new RegExp(`access requests from this address may make ${limit} per 86400 s`));
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("serves the request and claim pages, and the maintainers' queue only to maintainers", async () => {
    const form = await rawRequest("/access");
    expect(form.status).toBe(200);
    expect(form.body).toContain("Request vendor access");
    expect(form.body).toMatch(/name="organisation"/);
    const claim = await rawRequest("/access/claim");
    expect(claim.status).toBe(200);
    expect(claim.body).toMatch(/name="claimCode"/);
    const anonymous = await rawRequest("/review/access");
    expect([303, 307]).toContain(anonymous.status);
    expect(anonymous.headers.location).toMatch(/\/signin\?next=%2Freview%2Faccess/);
  });
});
