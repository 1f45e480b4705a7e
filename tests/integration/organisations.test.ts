import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "@/lib/auth/sign-in";
import { db, disconnectDb } from "@/lib/db/client";
import { closeQueue, enqueue } from "@/lib/queue/enqueue";
import { jobs } from "@/lib/queue/jobs";
import { publishSubmission } from "@/lib/review/publish-submission";
import { api, documentedResponse, expectMatches, newAccount } from "./accounts-helpers";
import { baseUrl, DEMO_SLUG, demoLayout, importDemo, METADATA, syntheticNpz, waitUntilFinal, type DemoLayout } from "./helpers";

type Account = Awaited<ReturnType<typeof newAccount>>;
type Doc = Parameters<typeof documentedResponse>[0];

// Organisations over HTTP against the running app and worker: admins create them, owners manage
// members, members see and share the organisation's unpublished submissions and its quota, and
// nobody else learns anything. The database is shared with other suites: every name is fresh.
describe("organisations", () => {
  let layout: DemoLayout;
  let doc: Doc;
  let admin: Account;
  let maintainer: Account;
  let owner: Account;
  let member: Account;
  let colleague: Account;
  let outsider: Account;
  const slug = `acme-${crypto.randomUUID().slice(0, 8)}`;
  const orgName = `Acme AI ${slug.slice(5)}`;

  const submitFor = async (token: string, organisation: string | undefined, model: string) => {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(syntheticNpz(layout, 0))]), "embeddings.npz");
    form.set("metadata", JSON.stringify({ ...METADATA, model }));
    if (organisation !== undefined) form.set("organisation", organisation);
    const res = await fetch(`${baseUrl()}/api/v1/benchmarks/${DEMO_SLUG}/submissions`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: await res.json() };
  };
  const quota = (token: string, organisation?: string) => api(`/api/v1/quota?benchmark=${DEMO_SLUG}${organisation ? `&organisation=${organisation}` : ""}`, { token });
  const countRows = async () => ({
    org: await db().submission.count({ where: { organisation: { slug } } }),
    outsider: await db().submission.count({ where: { userId: outsider.id } }),
    uploads: await db().uploadSession.count({ where: { userId: outsider.id } }),
  });

  beforeAll(async () => {
    layout = await demoLayout((await importDemo()).versionId);
    [admin, maintainer, owner, member, colleague, outsider] = await Promise.all(
      (["admin", "maintainer", "vendor", "vendor", "vendor", "vendor"] as const).map((role) => newAccount(role)),
    );
    doc = (await api("/api/v1/openapi.json")).body;
  });

  afterAll(async () => {
    await closeQueue();
    await disconnectDb();
  });

  it("admins create organisations; others cannot; answers and errors have the documented shapes", async () => {
    const byVendor = await api("/api/v1/organisations", { token: owner.token, method: "POST", body: { slug, name: orgName } });
    expect(byVendor.status).toBe(403);
    expect(byVendor.body.error.code).toBe("FORBIDDEN");
    expectMatches(documentedResponse(doc, "post", "/api/v1/organisations", 403), byVendor.body);
    const badSlug = await api("/api/v1/organisations", { token: admin.token, method: "POST", body: { slug: "Not A Slug", name: "x" } });
    expect(badSlug.status).toBe(400);
    expect(badSlug.body.error.message).toMatch(/slug/);

    const created = await api("/api/v1/organisations", { token: admin.token, method: "POST", body: { slug, name: orgName, owner: owner.email } });
    expect(created.status).toBe(201);
    expectMatches(documentedResponse(doc, "post", "/api/v1/organisations", 201), created.body);
    expect(created.body).toMatchObject({ slug, name: orgName, yourRole: null, members: [{ email: owner.email, role: "owner" }] });
    expect((await api("/api/v1/organisations", { token: admin.token, method: "POST", body: { slug, name: "again" } })).status).toBe(409);

    // The owner adds a member; a plain member cannot manage members; the list shows each their own.
    const added = await api(`/api/v1/organisations/${slug}/members`, { token: owner.token, method: "POST", body: { email: member.email } });
    expect(added.status).toBe(200);
    expectMatches(documentedResponse(doc, "post", "/api/v1/organisations/{slug}/members", 200), added.body);
    expect(added.body.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [owner.email, "owner"],
      [member.email, "member"],
    ]);
    expect((await api(`/api/v1/organisations/${slug}/members`, { token: member.token, method: "POST", body: { email: outsider.email } })).status).toBe(403);
    // An outsider cannot tell an existing organisation from a missing one.
    const outsiderAdds = await api(`/api/v1/organisations/${slug}/members`, { token: outsider.token, method: "POST", body: { email: outsider.email } });
    const outsiderAddsNowhere = await api(`/api/v1/organisations/no-such-${slug}/members`, { token: outsider.token, method: "POST", body: { email: outsider.email } });
    expect([outsiderAdds.status, outsiderAddsNowhere.status]).toEqual([404, 404]);
    expect(outsiderAdds.body.error.message.replace(slug, "X")).toBe(outsiderAddsNowhere.body.error.message.replace(`no-such-${slug}`, "X"));
    expect((await api(`/api/v1/organisations/${slug}/members`, { token: owner.token, method: "POST", body: { email: colleague.email } })).status).toBe(200);
    const mine = await api("/api/v1/organisations", { token: member.token });
    expectMatches(documentedResponse(doc, "get", "/api/v1/organisations", 200), mine.body);
    expect(mine.body.organisations).toEqual([expect.objectContaining({ slug, yourRole: "member" })]);
    expect((await api("/api/v1/organisations", { token: outsider.token })).body.organisations.map((o: { slug: string }) => o.slug)).not.toContain(slug);
    const seen = await api(`/api/v1/organisations/${slug}`, { token: outsider.token });
    const missing = await api(`/api/v1/organisations/no-such-${slug}`, { token: outsider.token });
    expect([seen.status, missing.status]).toEqual([404, 404]);
    expect(seen.body.error.message.replace(slug, "X")).toBe(missing.body.error.message.replace(`no-such-${slug}`, "X"));
    expectMatches(documentedResponse(doc, "get", "/api/v1/organisations/{slug}", 200), (await api(`/api/v1/organisations/${slug}`, { token: maintainer.token })).body);
    // An owner cannot leave the organisation without an owner.
    const lastOwner = await api(`/api/v1/organisations/${slug}/members/${encodeURIComponent(owner.email)}`, { token: owner.token, method: "DELETE" });
    expect(lastOwner.status).toBe(409);
  });

  it("refuses a submission for an organisation the caller is not a member of as if it did not exist: 404, nothing written, nothing charged", async () => {
    const before = await countRows();
    const quotaBefore = (await quota(outsider.token)).body.used;
    const refused = await submitFor(outsider.token, slug, "not-a-member");
    expect(refused.status).toBe(404);
    expect(refused.body.error).toMatchObject({ code: "NOT_FOUND", message: `you belong to no organisation named ${slug}` });
    expectMatches(documentedResponse(doc, "post", "/api/v1/benchmarks/{slug}/submissions", 404), refused.body);
    const session = await api("/api/v1/uploads", { token: outsider.token, method: "POST", body: { benchmark: DEMO_SLUG, size: 1000, organisation: slug } });
    expect(session.status).toBe(404);
    const nowhere = await submitFor(outsider.token, "no-such-organisation", "nowhere");
    expect(nowhere.status).toBe(404);
    expect(nowhere.body.error.message).toBe("you belong to no organisation named no-such-organisation");
    expect(await countRows()).toEqual(before);
    expect((await quota(outsider.token)).body.used).toEqual(quotaBefore);
    expect((await quota(outsider.token, slug)).status).toBe(404);
    expect((await quota(outsider.token, "no-such-organisation")).status).toBe(404);
  });

  it("members see the organisation's unpublished submission; others get the same 404 as for a missing id; a removed member loses access", async () => {
    const posted = await submitFor(member.token, slug, "org-private");
    expect(posted.status).toBe(202);
    expectMatches(documentedResponse(doc, "post", "/api/v1/benchmarks/{slug}/submissions", 202), posted.body);
    expect(posted.body.organisation).toBe(slug);
    const id: string = posted.body.id;
    const { body: final } = await waitUntilFinal(id, member.token);
    expect(final.status).toBe("scored");
    expect(final.organisation).toEqual({ slug, name: orgName });

    // The owner did not submit it, but belongs to the organisation: they see it and its logs.
    const asOwner = await api(`/api/v1/submissions/${id}`, { token: owner.token });
    expect(asOwner.status).toBe(200);
    expect(asOwner.body.metrics).not.toBeNull();
    expectMatches(documentedResponse(doc, "get", "/api/v1/submissions/{id}", 200), asOwner.body);
    expect((await api(`/api/v1/submissions/${id}/logs`, { token: owner.token })).status).toBe(200);
    expect((await api(`/api/v1/submissions/${id}`, { token: maintainer.token })).status).toBe(200);

    const missing = await api(`/api/v1/submissions/${crypto.randomUUID()}`, { token: outsider.token });
    const hidden = await api(`/api/v1/submissions/${id}`, { token: outsider.token });
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.code).toBe(missing.body.error.code);
    expect((await api(`/api/v1/submissions/${id}`)).status).toBe(404);
    expect((await api(`/api/v1/submissions/${id}/logs`, { token: outsider.token })).status).toBe(404);

    // The owner's "My submissions" page lists it, labelled with the organisation and who submitted it.
    const ownerSession = (await signIn({ token: owner.token })).sessionId;
    const page = await fetch(`${baseUrl()}/account/submissions`, { headers: { cookie: `execboard_session=${ownerSession}` } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain(`data-submission="${id}"`);
    expect(html).toMatch(new RegExp(`data-testid="organisation-label"[^>]*>${orgName}`));
    expect(html).toContain(member.email);
    // The API's list of one's submissions says the same, filtered by benchmark; outsiders' lists lack it.
    const listed = await api(`/api/v1/submissions?benchmark=${DEMO_SLUG}`, { token: owner.token });
    expectMatches(documentedResponse(doc, "get", "/api/v1/submissions", 200), listed.body);
    expect(listed.body.submissions.find((x: { id: string }) => x.id === id)).toMatchObject({ organisation: { slug, name: orgName }, submittedBy: { email: member.email, you: false }, status: "scored" });
    expect((await api(`/api/v1/submissions?benchmark=no-such-benchmark`, { token: owner.token })).body.submissions).toEqual([]);
    expect((await api("/api/v1/submissions", { token: outsider.token })).body.submissions.map((x: { id: string }) => x.id)).not.toContain(id);
    expect((await api("/api/v1/submissions")).status).toBe(401);
    expect((await api("/api/v1/submissions?limit=0", { token: owner.token })).status).toBe(400);
    const outsiderSession = (await signIn({ token: outsider.token })).sessionId;
    expect(await (await fetch(`${baseUrl()}/account/submissions`, { headers: { cookie: `execboard_session=${outsiderSession}` } })).text()).not.toContain(id);

    // Another member sees it too; removed, they lose access at once: the same token now gets 404,
    // and they can no longer submit for the organisation. Its submitter keeps seeing their own.
    expect((await api(`/api/v1/submissions/${id}`, { token: colleague.token })).status).toBe(200);
    const removed = await api(`/api/v1/organisations/${slug}/members/${encodeURIComponent(colleague.email)}`, { token: owner.token, method: "DELETE" });
    expect(removed.status).toBe(200);
    expectMatches(documentedResponse(doc, "delete", "/api/v1/organisations/{slug}/members/{email}", 200), removed.body);
    expect(removed.body.members.map((m: { email: string }) => m.email)).toEqual([owner.email, member.email]);
    expect((await api(`/api/v1/submissions/${id}`, { token: colleague.token })).status).toBe(404);
    expect((await submitFor(colleague.token, slug, "after-removal")).status).toBe(404);
    expect((await api(`/api/v1/submissions/${id}`, { token: member.token })).status).toBe(200);

    // Published, it is public, and the leaderboard and model page name the organisation as the submitter.
    await publishSubmission(id);
    expect((await api(`/api/v1/submissions/${id}`, { token: outsider.token })).status).toBe(200);
    const board = await api(`/api/v1/benchmarks/${DEMO_SLUG}/leaderboard`);
    expectMatches(documentedResponse(doc, "get", "/api/v1/benchmarks/{slug}/leaderboard", 200), board.body);
    expect(board.body.rows.find((r: { submissionId: string }) => r.submissionId === id)).toMatchObject({ organisation: orgName, provider: METADATA.provider });
    const modelPage = await (await fetch(`${baseUrl()}/submissions/${id}`)).text();
    expect(modelPage).toContain(`submitted by ${orgName}`);

    // Every change above is in the audit log, with the organisation it concerns.
    const audit = await api("/api/v1/review/audit?limit=200", { token: maintainer.token });
    expectMatches(documentedResponse(doc, "get", "/api/v1/review/audit", 200), audit.body);
    const ours = audit.body.entries.filter((e: { organisation: { slug: string } | null }) => e.organisation?.slug === slug);
    expect(ours.map((e: { action: string; actor: { label: string }; details: { member?: string } | null }) => [e.action, e.actor.label, e.details?.member ?? null]).reverse()).toEqual([
      ["organisation_create", admin.email, null],
      ["member_add", admin.email, owner.email],
      ["member_add", owner.email, member.email],
      ["member_add", owner.email, colleague.email],
      ["member_remove", owner.email, colleague.email],
    ]);
  });

  it("charges an organisation's submissions to its quota across members, keeps personal quotas apart, and refunds platform failures", async () => {
    const team = `team-${crypto.randomUUID().slice(0, 8)}`;
    const [a, b] = [await newAccount("vendor"), await newAccount("vendor")];
    expect((await api("/api/v1/organisations", { token: admin.token, method: "POST", body: { slug: team, name: "Team", owner: a.email } })).status).toBe(201);
    expect((await api(`/api/v1/organisations/${team}/members`, { token: a.token, method: "POST", body: { email: b.email } })).status).toBe(200);
    const set = await api("/api/v1/quota/overrides", { token: admin.token, method: "PUT", body: { organisation: team, benchmark: DEMO_SLUG, perDay: 1 } });
    expect(set.status).toBe(200);
    expectMatches(documentedResponse(doc, "put", "/api/v1/quota/overrides", 200), set.body);
    expect(set.body).toMatchObject({ organisation: { slug: team }, limits: { perDay: 1 }, used: { perDay: 0 }, overridden: true });
    expect((await api("/api/v1/quota/overrides", { token: a.token, method: "PUT", body: { organisation: team, benchmark: DEMO_SLUG, perDay: 9 } })).status).toBe(403);

    const first = await submitFor(a.token, team, "team-1");
    expect(first.status).toBe(202);
    // b's submission for the team hits the team's daily limit, which a spent.
    const second = await submitFor(b.token, team, "team-2");
    expect(second.status).toBe(429);
    expect(second.body.error).toMatchObject({ code: "QUOTA_EXCEEDED", details: { limit: "perDay" } });
    expect(second.body.error.message).toMatch(new RegExp(`daily quota of organisation ${team} reached: 1 of 1`));
    // b's own quota is untouched by the team's submissions, and a personal submission goes through.
    expect((await quota(b.token)).body.used).toEqual({ perDay: 0, total: 0, concurrent: 0 });
    const personal = await submitFor(b.token, undefined, "b-personal");
    expect(personal.status).toBe(202);
    const teamQuota = await quota(b.token, team);
    expectMatches(documentedResponse(doc, "get", "/api/v1/quota", 200), teamQuota.body);
    expect(teamQuota.body).toMatchObject({ organisation: { slug: team, name: "Team" }, used: { perDay: 1, total: 1 }, available: 0 });

    // A team submission whose file the platform lost: the worker fails it after its retries and
    // refunds it to the team, so it stops counting (the one a made still does).
    const organisationId = (await db().organisation.findUniqueOrThrow({ where: { slug: team }, select: { id: true } })).id;
    const lost = await db().submission.create({
      data: { versionId: (await db().submission.findUniqueOrThrow({ where: { id: first.body.id }, select: { versionId: true } })).versionId, userId: b.id, organisationId, modelName: "team-lost", provider: "tests", similarity: "cosine", metadata: {}, dims: 4, dtype: "float32", fileSha256: "0".repeat(64), fileBytes: BigInt(1), storageKey: `${crypto.randomUUID()}.npz` },
      select: { id: true },
    });
    expect((await quota(a.token, team)).body.used).toMatchObject({ perDay: 2, total: 2 });
    await enqueue(jobs.scoreSubmission, { submissionId: lost.id });
    const lostFinal = (await waitUntilFinal(lost.id, a.token, 120_000)).body;
    expect(lostFinal.status).toBe("failed");
    await waitUntilFinal(first.body.id, a.token);
    expect((await quota(a.token, team)).body).toMatchObject({ used: { perDay: 1, total: 1 }, refunded: 1 });
    expect((await quota(b.token)).body).toMatchObject({ used: { total: 1 }, refunded: 0 });
    await waitUntilFinal(personal.body.id, b.token);
  });
});
