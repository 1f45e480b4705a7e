import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import { writeNpz } from "@/lib/embeddings/write-npz";
import { closeQueue } from "@/lib/queue/enqueue";
import { demoLayout, importDemo, METADATA, newUser, postSubmission, syntheticNpz, totalJobs, type DemoLayout } from "./helpers";

// Malformed uploads are refused at once with a 4xx naming the problem; nothing is stored or
// queued for them.
describe("upload refusals", () => {
  let layout: DemoLayout;
  let token: string;
  let rowsBefore: number;
  let jobsBefore: number;

  beforeAll(async () => {
    const imported = await importDemo();
    layout = await demoLayout(imported.versionId);
    token = (await newUser("vendor")).token;
    rowsBefore = await db().submission.count();
    jobsBefore = await totalJobs();
  });

  afterAll(async () => {
    // Not one refused upload left a row or a job behind.
    expect(await db().submission.count()).toBe(rowsBefore);
    expect(await totalJobs()).toBe(jobsBefore);
    await closeQueue();
    await disconnectDb();
  });

  const Q = () => layout.queryIds.length;
  const C = () => layout.corpusIds.length;
  const mat = (rows: number, d: number, fill = 0.1) => ({ data: new Float32Array(rows * d).fill(fill), shape: [rows, d] });
  const expectRefusal = async (res: Response, status: number, fragment: RegExp) => {
    expect(res.status).toBe(status);
    const body = await res.json();
    expect(body.error.message).toMatch(fragment);
    return body;
  };

  it("rejects a request without a token", async () => {
    await expectRefusal(await postSubmission(null, syntheticNpz(layout, 0), METADATA), 401, /Authorization/);
  });

  it("rejects an unknown token", async () => {
    await expectRefusal(await postSubmission("ebt_nope", syntheticNpz(layout, 0), METADATA), 401, /unknown or revoked/);
  });

  it("rejects a file that is not a zip", async () => {
    await expectRefusal(await postSubmission(token, Buffer.from("hello"), METADATA), 422, /zip/i);
  });

  it("rejects a missing array, naming it", async () => {
    const file = writeNpz({ query_embeddings: mat(Q(), 8), query_ids: layout.queryIds, corpus_ids: layout.corpusIds });
    await expectRefusal(await postSubmission(token, file, METADATA), 422, /corpus_embeddings/);
  });

  it("rejects mismatched row counts", async () => {
    const file = writeNpz({ query_embeddings: mat(Q(), 8), corpus_embeddings: mat(C() - 1, 8), query_ids: layout.queryIds, corpus_ids: layout.corpusIds });
    await expectRefusal(await postSubmission(token, file, METADATA), 422, /corpus_embeddings has \d+ rows but corpus_ids has \d+/);
  });

  it("rejects ids that do not match the benchmark", async () => {
    const ids = [...layout.corpusIds];
    ids[0] = "c_9999";
    const file = writeNpz({ query_embeddings: mat(Q(), 8), corpus_embeddings: mat(C(), 8), query_ids: layout.queryIds, corpus_ids: ids });
    await expectRefusal(await postSubmission(token, file, METADATA), 422, /c_9999/);
  });

  it("rejects NaN and Inf values, naming where", async () => {
    const q = mat(Q(), 8);
    q.data[3 * 8 + 2] = Number.NaN;
    const file = writeNpz({ query_embeddings: q, corpus_embeddings: mat(C(), 8), query_ids: layout.queryIds, corpus_ids: layout.corpusIds });
    await expectRefusal(await postSubmission(token, file, METADATA), 422, /query_embeddings.*(NaN|non-finite|finite)/i);
  });

  it("rejects zero-norm rows", async () => {
    const c = mat(C(), 8);
    c.data.fill(0, 8, 16);
    const file = writeNpz({ query_embeddings: mat(Q(), 8), corpus_embeddings: c, query_ids: layout.queryIds, corpus_ids: layout.corpusIds });
    await expectRefusal(await postSubmission(token, file, METADATA), 422, /zero/i);
  });

  it("rejects pickled object arrays", async () => {
    const { readFileSync } = await import("node:fs");
    const file = readFileSync("tests/fixtures/npz/ids_object.npz");
    await expectRefusal(await postSubmission(token, file, METADATA), 422, /pickle|object/i);
  });

  it("rejects metadata that is not JSON or misses fields", async () => {
    await expectRefusal(await postSubmission(token, syntheticNpz(layout, 0), "{nope"), 400, /metadata is not valid JSON/);
    await expectRefusal(await postSubmission(token, syntheticNpz(layout, 0), { provider: "x" }), 400, /model/);
    await expectRefusal(await postSubmission(token, syntheticNpz(layout, 0), { ...METADATA, similarity: "euclid" }), 400, /similarity/);
  });

  it("rejects dimensions that disagree with the matrices", async () => {
    await expectRefusal(await postSubmission(token, syntheticNpz(layout, 0), { ...METADATA, dimensions: 3 }), 422, /dimensions is 3/);
  });

  it("rejects an unknown benchmark and a missing file field", async () => {
    await expectRefusal(await postSubmission(token, syntheticNpz(layout, 0), METADATA, "no-such-benchmark"), 404, /no benchmark/);
    await expectRefusal(await postSubmission(token, null, METADATA), 400, /file/);
  });
});
