import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import { recomputeVersionAnalysis } from "@/lib/leaderboard/recompute-version-analysis";
import { closeQueue } from "@/lib/queue/enqueue";
import { api, newAccount } from "./accounts-helpers";
import { demoLayout, importDemo, METADATA, postSubmission, syntheticNpz, waitUntilFinal, type DemoLayout } from "./helpers";

// A review action that takes a published submission's paired rows away (hide here; reject and
// re-run share its locking) while the version's statistics are being recomputed. Both delete
// paired rows, and the recomputation's inserts key-share-lock the submissions they name: unless
// both sides lock in one order, Postgres breaks the cycle by failing one of them ("deadlock
// detected", the maintainer sees "internal error"). The hide request is started at offsets that
// sweep the recomputation's whole run, so its lock lands before, inside and after the
// recomputation's transaction.
describe("review actions during a statistics recomputation", () => {
  let layout: DemoLayout;
  let versionId: number;
  let vendor: { email: string; token: string };
  let maintainer: { email: string; token: string };
  const published: string[] = [];

  const act = (id: string, action: string, body: unknown = {}) => api(`/api/v1/submissions/${id}/${action}`, { token: maintainer.token, method: "POST", body });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  beforeAll(async () => {
    versionId = (await importDemo()).versionId;
    layout = await demoLayout(versionId);
    vendor = await newAccount("vendor");
    maintainer = await newAccount("maintainer");
    for (const [i, target] of [0.9, 0.6, 0.3].entries()) {
      const res = await postSubmission(vendor.token, syntheticNpz(layout, target), { ...METADATA, model: `race-${i}` });
      expect(res.status).toBe(202);
      const { id } = await res.json();
      expect((await waitUntilFinal(id, vendor.token)).body.status).toBe("scored");
      expect((await act(id, "publish")).status).toBe(200);
      published.push(id);
    }
  }, 600_000);

  afterAll(async () => {
    await closeQueue();
    await disconnectDb();
  });

  it("hides and publishes again at every point of a recomputation: every action succeeds, and the statistics end up describing the published set", async () => {
    const t0 = Date.now();
    await recomputeVersionAnalysis(versionId);
    const span = Math.max(Date.now() - t0, 20);
    const rounds = 40;
    const target = published[0]!;
    const failures: string[] = [];
    for (let i = 0; i < rounds; i++) {
      const offset = Math.round((span * 1.2 * i) / rounds);
      for (const [action, body] of [["hide", { reason: `race round ${i}` }], ["publish", {}]] as const) {
        const [recomputed, answered] = await Promise.all([
          recomputeVersionAnalysis(versionId).then((r) => r.status, (e: Error) => `threw ${e.message}`),
          sleep(offset).then(() => act(target, action, body)),
        ]);
        if (recomputed !== "written" && recomputed !== "superseded") failures.push(`round ${i} ${action}: recompute ${recomputed}`);
        if (answered.status !== 200) failures.push(`round ${i} ${action} (+${offset} ms): ${answered.status} ${JSON.stringify(answered.body)}`);
      }
    }
    expect(failures).toEqual([]);
    // Every action stood: the target is published again, with its paired rows once a
    // recomputation over the final set has run.
    expect((await db().submission.findUniqueOrThrow({ where: { id: target }, select: { status: true } })).status).toBe("published");
    expect((await recomputeVersionAnalysis(versionId)).status).toBe("written");
    const analysed = (await db().versionAnalysis.findUniqueOrThrow({ where: { versionId }, select: { submissionIds: true } })).submissionIds;
    const nowPublished = (await db().submission.findMany({ where: { versionId, status: "published" }, select: { id: true } })).map((p) => p.id);
    expect(analysed.slice().sort()).toEqual(nowPublished.slice().sort());
    for (const id of published) expect(analysed).toContain(id);
    const pairs = await db().pairwiseComparison.count({ where: { versionId, OR: [{ submissionA: target }, { submissionB: target }] } });
    expect(pairs).toBeGreaterThan(0);
  }, 600_000);
});
