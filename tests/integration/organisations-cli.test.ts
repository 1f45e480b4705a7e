import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import { closeQueue } from "@/lib/queue/enqueue";
import { api, cli, newAccount } from "./accounts-helpers";
import { DEMO_SLUG, demoLayout, importDemo, METADATA, syntheticNpz, waitUntilFinal } from "./helpers";

// `execboard orgs …` as operators and users run it (a subprocess), and `execboard submit --org`.
describe("execboard orgs and submit --org", () => {
  let admin: Awaited<ReturnType<typeof newAccount>>;
  let dir: string;
  let npz: string;

  beforeAll(async () => {
    const layout = await demoLayout((await importDemo()).versionId);
    admin = await newAccount("admin");
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "execboard-orgs-"));
    npz = path.join(dir, "e.npz");
    await fs.writeFile(npz, syntheticNpz(layout, 0));
  });

  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
    await closeQueue();
    await disconnectDb();
  });

  it("creates, lists, shows and changes members, as the operator and through the API, with exit codes scripts can rely on", async () => {
    const slug = `cli-${crypto.randomUUID().slice(0, 8)}`;
    const [owner, member] = [await newAccount("vendor"), await newAccount("vendor")];

    // Operator on the server, no token: allowed, recorded as the operator.
    const created = await cli(["orgs", "create", slug, "--name", "CLI Labs", "--owner", owner.email]);
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(new RegExp(`created organisation ${slug} \\(CLI Labs\\)\\n\\s+owner\\s+${owner.email.replace(/[.+]/g, "\\$&")}`));
    expect((await cli(["orgs", "create", slug, "--name", "again"])).code).toBe(1); // 409: the slug is taken
    expect((await cli(["orgs", "create", slug])).code).toBe(2); // --name missing
    expect((await cli(["orgs", "frobnicate", slug])).code).toBe(2);

    // The owner, with their token: adds a member (through the API), sees the organisation in their list.
    const env = { EXECBOARD_TOKEN: owner.token };
    const added = await cli(["orgs", "add-member", slug, "--email", member.email], env);
    expect(added.stderr).toBe("");
    expect(added.code).toBe(0);
    expect(added.stdout).toContain(`${member.email} is now member of ${slug}`);
    const list = await cli(["orgs", "list", "--json"], env);
    expect(JSON.parse(list.stdout).organisations).toEqual([expect.objectContaining({ slug, yourRole: "owner", members: [expect.objectContaining({ email: owner.email }), expect.objectContaining({ email: member.email, role: "member" })] })]);
    expect((await cli(["orgs", "add-member", slug, "--email", member.email, "--role", "boss"], env)).code).toBe(2);
    expect((await cli(["orgs", "add-member", slug, "--email", "nobody@test.execboard"], env)).code).toBe(4);

    // A member is not allowed to manage members (exit 3); an unknown organisation is exit 4.
    const byMember = await cli(["orgs", "remove-member", slug, "--email", owner.email], { EXECBOARD_TOKEN: member.token });
    expect(byMember.code).toBe(3);
    expect(byMember.stderr).toMatch(/403 only admins and owners of organisation/);
    expect((await cli(["orgs", "show", `missing-${slug}`], { EXECBOARD_TOKEN: admin.token })).code).toBe(4);
    // A vendor cannot create organisations.
    expect((await cli(["orgs", "create", `x-${slug}`, "--name", "X"], env)).code).toBe(3);

    const removed = await cli(["orgs", "remove-member", slug, "--email", member.email], env);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain(`${member.email} removed from ${slug}`);
    const shown = JSON.parse((await cli(["orgs", "show", slug, "--json"], { EXECBOARD_TOKEN: admin.token })).stdout);
    expect(shown.members.map((m: { email: string }) => m.email)).toEqual([owner.email]);

    // The audit log names who did each change: the operator, then the owner.
    const events = await db().auditEvent.findMany({ where: { organisation: { slug } }, orderBy: { id: "asc" }, select: { action: true, actorLabel: true } });
    expect(events.map((e) => e.action)).toEqual(["organisation_create", "member_add", "member_add", "member_remove"]);
    expect(events[0].actorLabel).toMatch(/^operator /);
    expect(events[2].actorLabel).toBe(owner.email);
  });

  it("submit --org submits for the organisation; a non-member is refused (exit 3) with nothing written", async () => {
    const slug = `sub-${crypto.randomUUID().slice(0, 8)}`;
    const [member, outsider] = [await newAccount("vendor"), await newAccount("vendor")];
    expect((await api("/api/v1/organisations", { token: admin.token, method: "POST", body: { slug, name: "Submitters", owner: member.email } })).status).toBe(201);
    const stateDir = await fs.mkdtemp(path.join(dir, "state-"));
    const args = ["submit", npz, "--benchmark", DEMO_SLUG, "--metadata", JSON.stringify({ ...METADATA, model: "cli-org" }), "--org", slug];

    const refused = await cli(args, { EXECBOARD_TOKEN: outsider.token, EXECBOARD_STATE_DIR: stateDir });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(new RegExp(`404 you belong to no organisation named ${slug}`));
    expect(await db().uploadSession.count({ where: { userId: outsider.id } })).toBe(0);
    expect(await db().submission.count({ where: { userId: outsider.id } })).toBe(0);

    const ok = await cli(args, { EXECBOARD_TOKEN: member.token, EXECBOARD_STATE_DIR: stateDir });
    expect(ok.stderr).not.toMatch(/error/i);
    expect(ok.code).toBe(0);
    const id = ok.stdout.match(/submitted (\S+)/)?.[1];
    expect(id).toBeDefined();
    const { body } = await waitUntilFinal(id!, member.token);
    expect(body.organisation).toEqual({ slug, name: "Submitters" });
    const q = await cli(["quota", "--benchmark", DEMO_SLUG, "--org", slug], { EXECBOARD_TOKEN: member.token });
    expect(q.code).toBe(0);
    expect(q.stdout).toMatch(new RegExp(`quota for organisation ${slug} \\(Submitters\\), all members together,`));
    expect(q.stdout).toMatch(/total\s+\d+\s+1\s+\d+/);
  });
});
