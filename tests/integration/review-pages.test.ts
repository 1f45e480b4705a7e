import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "@/lib/auth/sign-in";
import { disconnectDb } from "@/lib/db/client";
import { closeQueue } from "@/lib/queue/enqueue";
import { api, newAccount } from "./accounts-helpers";
import { baseUrl, demoLayout, importDemo, METADATA, postSubmission, syntheticNpz, waitUntilFinal } from "./helpers";

// The vendor and review pages, fetched as the browser would (session cookie, no redirects
// followed): an unpublished submission shows to its owner and maintainers only, review pages to
// maintainers only, and signed-out visitors are sent to sign in.
async function page(path: string, session?: string): Promise<{ status: number; location: string | null; html: string }> {
  const res = await fetch(`${baseUrl()}${path}`, { redirect: "manual", headers: session ? { cookie: `execboard_session=${session}` } : {} });
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
}

describe("vendor and review pages", () => {
  let owner: { email: string; token: string };
  let maintainer: { token: string };
  let sessions: { owner: string; other: string; maintainer: string };
  let id: string;
  const model = `pages-check-${Date.now()}`;

  beforeAll(async () => {
    const layout = await demoLayout((await importDemo()).versionId);
    owner = await newAccount("vendor");
    maintainer = await newAccount("maintainer");
    const other = await newAccount("vendor");
    sessions = {
      owner: (await signIn({ token: owner.token })).sessionId,
      other: (await signIn({ token: other.token })).sessionId,
      maintainer: (await signIn({ token: maintainer.token })).sessionId,
    };
    const res = await postSubmission(owner.token, syntheticNpz(layout, 0), { ...METADATA, model });
    id = (await res.json()).id;
    expect((await waitUntilFinal(id, owner.token)).body.status).toBe("scored");
  });

  afterAll(async () => {
    await closeQueue();
    await disconnectDb();
  });

  it("sends signed-out visitors to sign in, and back", async () => {
    // /submit is public (the Submit a model guide); the upload form appears once signed in.
    expect((await page("/submit")).status).toBe(200);
    for (const path of ["/account/submissions", "/review", "/review/audit", "/review/versions", `/review/${id}`]) {
      const r = await page(path);
      expect(r.status, path).toBe(307);
      expect(new URL(r.location!, baseUrl()).pathname + new URL(r.location!, baseUrl()).search).toBe(`/signin?next=${encodeURIComponent(path)}`);
    }
  });

  it("shows an unpublished submission's status page to its owner and maintainers only", async () => {
    const own = await page(`/submissions/${id}/status`, sessions.owner);
    expect(own.status).toBe(200);
    expect(own.html).toContain(model);
    expect(own.html).toContain("private to you and the maintainers");
    expect((await page(`/submissions/${id}/status`, sessions.maintainer)).status).toBe(200);
    for (const who of [undefined, sessions.other]) {
      const r = await page(`/submissions/${id}/status`, who);
      expect(r.status).toBe(404);
      expect(r.html).not.toContain(model);
    }
    expect((await page("/submissions/not-a-uuid/status", sessions.owner)).status).toBe(404);
  });

  it("lists a vendor's own submissions only", async () => {
    expect((await page("/account/submissions", sessions.owner)).html).toContain(model);
    const other = await page("/account/submissions", sessions.other);
    expect(other.status).toBe(200);
    expect(other.html).not.toContain(model);
    expect(other.html).toContain("Nothing yet");
  });

  it("serves the review pages to maintainers and the same 404 as a missing page to vendors", async () => {
    for (const path of ["/review", "/review/audit", "/review/versions", `/review/${id}`]) {
      const vendorView = await page(path, sessions.other);
      expect(vendorView.status, path).toBe(404);
      expect(vendorView.html).not.toContain(model);
      expect((await page(path, sessions.owner)).status, path).toBe(404);
      expect((await page(path, sessions.maintainer)).status, path).toBe(200);
    }
    const queue = await page("/review", sessions.maintainer);
    expect(queue.html).toContain(model);
    const detail = await page(`/review/${id}`, sessions.maintainer);
    expect(detail.html).toContain(owner.email);
    expect((await page("/review/00000000-0000-4000-8000-000000000000", sessions.maintainer)).status).toBe(404);
  });

  it("keeps the queue's filter from the queue to a submission's review page and back", async () => {
    const q = encodeURIComponent(model);
    const queue = await page(`/review?q=${q}`, sessions.maintainer);
    expect(queue.html).toContain(`href="/review/${id}?q=${q}"`);
    const detail = await page(`/review/${id}?q=${q}`, sessions.maintainer);
    expect(detail.status).toBe(200);
    expect(detail.html).toContain(`href="/review?q=${q}"`);
    // Nothing else the filter keeps awaits review: no next, though other submissions wait.
    expect(detail.html).not.toContain('data-testid="next-in-queue"');
    // An invalid filter is dropped, as the queue page drops it.
    expect((await page(`/review/${id}?q=${"x".repeat(300)}`, sessions.maintainer)).status).toBe(200);
  });

  it("follows the review: public once published, private again when hidden, the reason shown to the owner", async () => {
    const act = (action: string, body: unknown) => api(`/api/v1/submissions/${id}/${action}`, { token: maintainer.token, method: "POST", body });
    expect((await act("publish", {})).status).toBe(200);
    const pub = await page(`/submissions/${id}/status`);
    expect(pub.status).toBe(200);
    expect(pub.html).toContain(model);
    expect((await act("hide", { reason: "checking the license" })).status).toBe(200);
    expect((await page(`/submissions/${id}/status`)).status).toBe(404);
    expect((await page(`/submissions/${id}/status`, sessions.other)).status).toBe(404);
    const own = await page(`/submissions/${id}/status`, sessions.owner);
    expect(own.html).toContain("checking the license");
    expect((await page("/account/submissions", sessions.owner)).html).toContain("checking the license");
  });
});
