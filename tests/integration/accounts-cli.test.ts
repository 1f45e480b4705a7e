import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import { closeQueue } from "@/lib/queue/enqueue";
import { cli, newAccount } from "./accounts-helpers";
import { DEMO_SLUG, demoLayout, importDemo, METADATA, postSubmission, syntheticNpz, waitUntilFinal } from "./helpers";

// The vendor CLI against the running app, and the exit codes scripts rely on:
// 0 ok, 1 failed, 2 usage, 3 auth, 4 not found, 5 quota or rate limit.
describe("execboard CLI for vendors", () => {
  let vendor: { id: string; token: string };
  let scoredId: string;
  let queuedId: string;

  beforeAll(async () => {
    const imported = await importDemo();
    vendor = await newAccount("vendor");
    const res = await postSubmission(vendor.token, syntheticNpz(await demoLayout(imported.versionId), 0), { ...METADATA, model: "cli-oracle" });
    scoredId = (await res.json()).id;
    await waitUntilFinal(scoredId, vendor.token);
    // A submission no worker will pick up: it stays queued.
    queuedId = (
      await db().submission.create({
        data: { versionId: imported.versionId, userId: vendor.id, modelName: "cli-waiting", provider: "tests", similarity: "cosine", metadata: {}, dims: 4, dtype: "float32", fileSha256: "0".repeat(64), fileBytes: BigInt(1), storageKey: `${crypto.randomUUID()}.npz` },
        select: { id: true },
      })
    ).id;
  });

  afterAll(async () => {
    await db().submission.delete({ where: { id: queuedId } }); // never queued: leave nothing that looks stuck
    await closeQueue();
    await disconnectDb();
  });

  it("results: the metrics table, or --json, for a scored submission", async () => {
    const table = await cli(["results", scoredId], { EXECBOARD_TOKEN: vendor.token });
    expect(table.code).toBe(0);
    expect(table.stdout).toContain("cli-oracle (ExecBoard tests) on execretrieval-demo");
    expect(table.stdout).toMatch(/^exec@k\s+1\s+1\.000\s+\[1\.000, 1\.000\]$/m);
    expect(table.stdout).toMatch(/^execution_precision@k\s+10\s+0\.100\s+/m);
    expect(table.stdout.trim().split("\n")).toHaveLength(2 + 12);
    const json = await cli(["results", scoredId, "--json"], { EXECBOARD_TOKEN: vendor.token });
    expect(JSON.parse(json.stdout)).toMatchObject({ id: scoredId, status: "scored", metrics: { exec: { "1": { value: 1, ci95: [1, 1] } } } });
  });

  it("results: exit 1 with the reason when there are none yet", async () => {
    const r = await cli(["results", queuedId], { EXECBOARD_TOKEN: vendor.token });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`submission ${queuedId} has no results: it is queued`);
  });

  it("status: where a submission stands, with its history", async () => {
    const r = await cli(["status", scoredId], { EXECBOARD_TOKEN: vendor.token });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/status\s+scored/);
    expect(r.stdout).toMatch(/queued\s+\d+ queries ×/);
    expect(JSON.parse((await cli(["status", queuedId, "--json"], { EXECBOARD_TOKEN: vendor.token })).stdout).status).toBe("queued");
  });

  it("status without an id: the vendor's submissions, newest first, one line each", async () => {
    const r = await cli(["status", "--benchmark", DEMO_SLUG], { EXECBOARD_TOKEN: vendor.token });
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^id\s+status\s+exec@1\s+benchmark\s+model\s+for\s+created \(UTC\)$/);
    expect(lines.find((l) => l.startsWith(scoredId))).toMatch(/\sscored\s+\d\.\d{3}\s+execretrieval-demo \S+\s.*\spersonal\s/);
    expect(lines.find((l) => l.startsWith(queuedId))).toMatch(/\squeued\s+-\s/);
    const json = JSON.parse((await cli(["status", "--json"], { EXECBOARD_TOKEN: vendor.token })).stdout) as { id: string }[];
    expect(json.map((s) => s.id)).toEqual(expect.arrayContaining([scoredId, queuedId]));
    const other = await newAccount("vendor");
    expect((await cli(["status"], { EXECBOARD_TOKEN: other.token })).stdout.trim()).toBe("no submissions yet");
  });

  it("exit codes: 4 not found (or not visible), 3 auth, 2 usage", async () => {
    const hidden = await cli(["status", scoredId]); // unpublished, and no token
    expect(hidden.code).toBe(4);
    expect((await cli(["results", crypto.randomUUID()], { EXECBOARD_TOKEN: vendor.token })).code).toBe(4);
    const noToken = await cli(["tokens", "list"]);
    expect(noToken.code).toBe(3);
    expect(noToken.stderr).toMatch(/no API token: pass --token or set EXECBOARD_TOKEN/);
    expect((await cli(["tokens", "list"], { EXECBOARD_TOKEN: "ebt_" + "z".repeat(32) })).code).toBe(3);
    expect((await cli(["status"])).code).toBe(3); // listing one's submissions needs a token
    expect((await cli(["status", scoredId, queuedId], { EXECBOARD_TOKEN: vendor.token })).code).toBe(2);
    expect((await cli(["tokens", "frobnicate"], { EXECBOARD_TOKEN: vendor.token })).code).toBe(2);
    expect((await cli(["status", scoredId, "--no-such-flag"])).code).toBe(2);
  });

  it("tokens: create, list, rotate the one in use, revoke by prefix; an expired token exits 3", async () => {
    const created = await cli(["tokens", "create", "--name", "laptop", "--expires-in-days", "10", "--json"], { EXECBOARD_TOKEN: vendor.token });
    expect(created.code).toBe(0);
    const secret = JSON.parse(created.stdout);
    expect(secret.info).toMatchObject({ name: "laptop", status: "active" });

    const list = await cli(["tokens", "list"], { EXECBOARD_TOKEN: secret.token });
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`${secret.info.prefix}…\\s+laptop\\s+active \\(in use\\)`));
    expect(list.stdout).not.toContain(secret.token);

    const rotated = await cli(["tokens", "rotate", "--json"], { EXECBOARD_TOKEN: secret.token });
    expect(rotated.code).toBe(0);
    const next = JSON.parse(rotated.stdout);
    expect(next.replaces).toBe(secret.info.id);
    expect((await cli(["tokens", "list"], { EXECBOARD_TOKEN: secret.token })).code).toBe(3);

    const revoke = await cli(["tokens", "revoke", `${next.info.prefix}…`], { EXECBOARD_TOKEN: vendor.token });
    expect(revoke.code).toBe(0);
    expect(revoke.stdout).toContain(`revoked ${next.info.prefix}…`);
    expect((await cli(["tokens", "list"], { EXECBOARD_TOKEN: next.token })).code).toBe(3);
    expect((await cli(["tokens", "revoke", "ebt_nomatch"], { EXECBOARD_TOKEN: vendor.token })).code).toBe(4);

    const expiring = JSON.parse((await cli(["tokens", "create", "--json"], { EXECBOARD_TOKEN: vendor.token })).stdout);
    await db().apiToken.update({ where: { id: expiring.info.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await cli(["quota", "--benchmark", "execretrieval-demo"], { EXECBOARD_TOKEN: expiring.token });
    expect(expired.code).toBe(3);
    expect(expired.stderr).toMatch(/401 API token .* expired on/);
  });
});
