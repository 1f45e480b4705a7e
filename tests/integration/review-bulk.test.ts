import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disconnectDb } from "@/lib/db/client";
import { writeNpz } from "@/lib/embeddings/write-npz";
import { closeQueue } from "@/lib/queue/enqueue";
import { nextInQueue } from "@/lib/review/next-in-queue";
import { api, documentedResponse, expectMatches, newAccount } from "./accounts-helpers";
import { demoLayout, importDemo, METADATA, postSubmission, syntheticNpz, waitUntilFinal, type DemoLayout } from "./helpers";

// Every corpus row but the first is one vector: each query's top-10 cut-off falls in a tie of
// 239 snippets, more than are ever executed, so scoring fails at ranking, the file's fault.
function tiedNpz(layout: DemoLayout, seed: number): Buffer {
  const d = 8;
  const Q = new Float32Array(layout.queryIds.length * d).map((_, i) => ((i * 7919 + seed) % 13) / 13 + 0.1);
  const C = new Float32Array(layout.corpusIds.length * d).fill(0.5);
  C[0] = 1;
  return writeNpz({ query_embeddings: { data: Q, shape: [layout.queryIds.length, d] }, corpus_embeddings: { data: C, shape: [layout.corpusIds.length, d] }, query_ids: layout.queryIds, corpus_ids: layout.corpusIds });
}

// Review in bulk and the queue's flags, over HTTP against the running app and worker: each item
// of a batch handled on its own (refusals reported, never stopping the others), one audit entry
// per item, the answer as documented; the flags a maintainer sees (exec@1 ≥ 0.95, a file
// identical to another submission's, repeated failures of the account's own files) and the
// explanation a vendor sees when a file fails for real.
describe("bulk review and review flags", () => {
  let layout: DemoLayout;
  let doc: Parameters<typeof documentedResponse>[0];
  let maintainer: { email: string; token: string };

  async function submit(token: string, file: Buffer, model: string): Promise<string> {
    const res = await postSubmission(token, file, { ...METADATA, model });
    expect(res.status, await res.clone().text()).toBe(202);
    return (await res.json()).id;
  }
  const bulk = (body: unknown, token = maintainer.token) => api("/api/v1/review/bulk", { token, method: "POST", body });
  const byModel = async (model: string) => (await api(`/api/v1/review/queue?view=all&search=${encodeURIComponent(model)}`, { token: maintainer.token })).body;

  beforeAll(async () => {
    layout = await demoLayout((await importDemo()).versionId);
    maintainer = await newAccount("maintainer");
    doc = (await api("/api/v1/openapi.json")).body;
  });

  afterAll(async () => {
    await closeQueue();
    await disconnectDb();
  });

  it("publishes several at once, each with its own audit entry, and reports the one it cannot publish without stopping the others", async () => {
    const vendor = await newAccount("vendor");
    const a = await submit(vendor.token, syntheticNpz(layout, 1), "bulk-a");
    const b = await submit(vendor.token, syntheticNpz(layout, 1, { scale: 2 }), "bulk-b");
    for (const id of [a, b]) expect((await waitUntilFinal(id, vendor.token)).body.status).toBe("scored");
    expect((await api(`/api/v1/submissions/${a}/publish`, { token: maintainer.token, method: "POST", body: {} })).status).toBe(200);

    const res = await bulk({ action: "publish", ids: [a, b, b] });
    expect(res.status).toBe(200);
    expectMatches(documentedResponse(doc, "post", "/api/v1/review/bulk", 200), res.body);
    // a was published already: publishing again is harmless (it stays published); duplicates count once.
    expect(res.body).toMatchObject({ action: "publish", done: 2, refused: 0 });
    expect(res.body.results.map((r: { id: string; ok: boolean; item?: { status: string } }) => [r.id, r.ok, r.item?.status])).toEqual([
      [a, true, "published"],
      [b, true, "published"],
    ]);

    const verify = await bulk({ action: "verify", ids: [a, b] });
    expect(verify.body).toMatchObject({ done: 2, refused: 0 });
    const again = await bulk({ action: "verify", ids: [b] });
    expect(again.body).toMatchObject({ done: 0, refused: 1, results: [{ id: b, ok: false, error: { code: "CONFLICT", message: `submission ${b}: this submission is already marked verified` } }] });

    const reject = await bulk({ action: "reject", ids: [a, b], reason: "the file was trained on the test split" });
    expect(reject.body).toMatchObject({ done: 2, refused: 0 });
    for (const id of [a, b]) {
      const audit = (await api(`/api/v1/review/audit?submission=${id}`, { token: maintainer.token })).body.entries as { action: string; reason: string | null }[];
      // Publishing a published submission again changes nothing and writes nothing.
      expect(audit.map((e) => e.action)).toEqual(["reject", "verify", "publish"]);
      expect(audit[0].reason).toBe("the file was trained on the test split");
    }
    expect((await api(`/api/v1/submissions/${b}`, { token: vendor.token })).body.review.reason).toBe("the file was trained on the test split");
  });

  it("refuses a batch it cannot read, and vendors altogether", async () => {
    const vendor = await newAccount("vendor");
    expect((await bulk({ action: "publish", ids: [] })).body.error.message).toContain("name at least one submission");
    const noReason = await bulk({ action: "reject", ids: ["00000000-0000-4000-8000-000000000000"] });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toContain("reason: give a reason");
    expect((await bulk({ action: "hide", ids: ["00000000-0000-4000-8000-000000000000"], reason: "x" })).status).toBe(400);
    expect((await bulk({ action: "publish", ids: Array.from({ length: 101 }, () => "00000000-0000-4000-8000-000000000000") })).body.error.message).toContain("at most 100");
    const asVendor = await bulk({ action: "publish", ids: ["00000000-0000-4000-8000-000000000000"] }, vendor.token);
    expect(asVendor.status).toBe(403);
    expect((await api("/api/v1/review/bulk", { method: "POST", body: { action: "publish", ids: [] } })).status).toBe(401);
    const missing = await bulk({ action: "publish", ids: ["00000000-0000-4000-8000-000000000000"] });
    expect(missing.body).toMatchObject({ done: 0, refused: 1, results: [{ ok: false, error: { code: "NOT_FOUND" } }] });
  });

  it("flags exec@1 of 0.95 or more and a file identical to another submission's, naming the other", async () => {
    const vendor = await newAccount("vendor");
    const oracle = syntheticNpz(layout, 0, { scale: 3 });
    const first = await submit(vendor.token, oracle, "flag-oracle-1");
    const second = await submit(vendor.token, oracle, "flag-oracle-2");
    for (const id of [first, second]) expect((await waitUntilFinal(id, vendor.token)).body.status).toBe("scored");
    const queue = (await api(`/api/v1/review/queue?search=flag-oracle`, { token: maintainer.token })).body;
    expectMatches(documentedResponse(doc, "get", "/api/v1/review/queue", 200), queue);
    type Flag = { kind: string; message: string; related: { id: string; model: string }[] };
    const flags = new Map<string, Flag[]>(queue.items.map((i: { id: string; flags: Flag[] }) => [i.id, i.flags]));
    for (const [id, other] of [
      [first, second],
      [second, first],
    ]) {
      const f = flags.get(id)!;
      expect(f.map((x) => x.kind)).toEqual(["high-exec1", "duplicate-file"]);
      expect(f[0].message).toBe("exec@1 is 1.000, at least 0.95: check for benchmark leakage or a file that is not what it claims");
      expect(f[1].related.map((r) => r.id)).toContain(other);
    }
    // A different file of the same account and a low score: no flag.
    const plain = await submit(vendor.token, syntheticNpz(layout, 1, { scale: 5 }), "flag-plain");
    expect((await waitUntilFinal(plain, vendor.token)).body.status).toBe("scored");
    expect((await byModel("flag-plain")).items[0].flags).toEqual([]);
  });

  it("explains a file that fails for real, and flags the account whose own files keep failing", async () => {
    const vendor = await newAccount("vendor");
    const failed: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await submit(vendor.token, tiedNpz(layout, i), `flag-tied-${i}`);
      failed.push(id);
      expect((await waitUntilFinal(id, vendor.token)).body.status).toBe("failed");
    }
    const view = (await api(`/api/v1/submissions/${failed[0]}`, { token: vendor.token })).body;
    expectMatches(documentedResponse(doc, "get", "/api/v1/submissions/{id}", 200), view);
    expect(view.failure).toMatchObject({ cause: "file", title: "Too many snippets tie at the top-10 cut-off", stage: "ranking", refunded: false });
    expect(view.failure.what).toMatch(/^For q_\d+, 239 corpus snippets received exactly the same score/);
    expect(view.failure.excerpt.join("\n")).toMatch(/attempt 1 failed while ranking[\s\S]*"tieGroupSize":239/);
    expect(view.failure.excerpt.some((l: string) => /^\s+at /.test(l))).toBe(false);
    expect(view.failure.fix.length).toBeGreaterThan(0);

    const good = await submit(vendor.token, syntheticNpz(layout, 1, { scale: 7 }), "flag-after-failures");
    expect((await waitUntilFinal(good, vendor.token)).body.status).toBe("scored");
    const flags = (await byModel("flag-after-failures")).items[0].flags;
    expect(flags).toEqual([{ kind: "repeated-failures", message: "its account's files failed 3 times in the last 30 days", related: [] }]);
  });

  it("names the next submission in the queue: the one after this, or the first when this is the last", async () => {
    const vendor = await newAccount("vendor");
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const id = await submit(vendor.token, syntheticNpz(layout, 1, { scale: 11 + i }), `next-${i}`);
      expect((await waitUntilFinal(id, vendor.token)).body.status).toBe("scored");
      ids.push(id);
    }
    const queue = (await api("/api/v1/review/queue?limit=500", { token: maintainer.token })).body.items.map((i: { id: string }) => i.id) as string[];
    const at = queue.indexOf(ids[0]);
    expect((await nextInQueue(ids[0]))?.id).toBe(queue[at + 1]);
    expect((await nextInQueue(queue[queue.length - 1]))?.id).toBe(queue[0]);
    // Once published, it has left the queue: the next is the next scored after it.
    await bulk({ action: "publish", ids: [ids[0]] });
    const next = await nextInQueue(ids[0]);
    expect(next?.id).not.toBe(ids[0]);
    expect(next?.id).toBe(queue[at + 1]);
  });

  it("names the next within the filter the queue was narrowed with", async () => {
    const vendor = await newAccount("vendor");
    const tag = `nextf-${Date.now()}`;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await submit(vendor.token, syntheticNpz(layout, 1, { scale: 21 + i }), `${tag}-${i}`);
      expect((await waitUntilFinal(id, vendor.token)).body.status).toBe("scored");
      ids.push(id);
    }
    const queue = (await api(`/api/v1/review/queue?search=${tag}`, { token: maintainer.token })).body.items.map((i: { id: string }) => i.id) as string[];
    expect([...queue].sort()).toEqual([...ids].sort());
    const filter = { search: tag };
    expect(await nextInQueue(queue[0], filter)).toEqual({ id: queue[1], model: expect.stringContaining(tag), waiting: 3 });
    // The last of the filtered queue goes round to its first, not to the whole queue's.
    expect((await nextInQueue(queue[2], filter))?.id).toBe(queue[0]);
    // Once one is published, the count and the order are the filter's remaining ones.
    await bulk({ action: "publish", ids: [queue[1]] });
    expect(await nextInQueue(queue[1], filter)).toEqual({ id: queue[2], model: expect.stringContaining(tag), waiting: 2 });
    expect(await nextInQueue(queue[0], { search: `${tag}-none` })).toBeNull();
  });
});
