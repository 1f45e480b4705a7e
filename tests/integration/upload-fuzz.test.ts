import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getConfig } from "@/lib/config";
import { db, disconnectDb } from "@/lib/db/client";
import { writeNpz } from "@/lib/embeddings/write-npz";
import { closeQueue } from "@/lib/queue/enqueue";
import { buildZip, type TestEntry } from "../embeddings/helpers/zip-builder";
import { npyBytes } from "../embeddings/helpers/npy-bytes";
import { baseUrl, demoLayout, importDemo, METADATA, newUser, postSubmission, syntheticNpz, totalJobs, waitUntilFinal, type DemoLayout } from "./helpers";

// Hostile and malformed uploads, each refused at once with a clear 4xx: no submission row,
// no queued job, no stored file, and the service keeps working afterwards.

const f32 = (n: number, fill = 0.5) => Buffer.from(new Float32Array(n).fill(fill).buffer);

interface Case {
  name: string;
  build: (l: DemoLayout) => { file?: Buffer | null; metadata?: unknown; token?: "none" | "bad"; raw?: () => Promise<Response> };
  status: number;
  message: RegExp;
}

function arrays(l: DemoLayout, d = 8) {
  return {
    query_embeddings: { data: new Float32Array(l.queryIds.length * d).fill(0.25), shape: [l.queryIds.length, d] },
    corpus_embeddings: { data: new Float32Array(l.corpusIds.length * d).fill(0.5), shape: [l.corpusIds.length, d] },
    query_ids: l.queryIds,
    corpus_ids: l.corpusIds,
  };
}

// Replace one array of a valid file with raw .npy bytes.
function withRaw(l: DemoLayout, name: string, bytes: Buffer | null, extra: TestEntry[] = []): Buffer {
  const valid = arrays(l);
  const entries: TestEntry[] = [];
  for (const [key, value] of Object.entries(valid)) {
    if (key === name) {
      if (bytes) entries.push({ name: `${key}.npy`, data: bytes });
      continue;
    }
    const one = writeNpz({ [key]: value as never });
    // Pull the single entry's .npy back out by re-encoding through the tiny writer.
    entries.push({ name: `${key}.npy`, data: extractSingleNpy(one) });
  }
  return buildZip([...entries, ...extra]);
}

function extractSingleNpy(zip: Buffer): Buffer {
  // Local header at 0: fixed 30 bytes + name + extra, stored data follows.
  const nameLen = zip.readUInt16LE(26);
  const extraLen = zip.readUInt16LE(28);
  const size = zip.readUInt32LE(18);
  const start = 30 + nameLen + extraLen;
  return zip.subarray(start, start + size);
}

const CASES: Case[] = [
  // Not a zip, or a broken one.
  { name: "empty file", build: () => ({ file: Buffer.alloc(0) }), status: 422, message: /empty/ },
  { name: "plain text", build: () => ({ file: Buffer.from("query_embeddings,corpus_embeddings\n1,2\n") }), status: 422, message: /zip/i },
  { name: "random bytes", build: () => ({ file: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 2654435761) & 0xff)) }), status: 422, message: /zip/i },
  { name: "a lone .npy instead of an .npz", build: (l) => ({ file: extractSingleNpy(writeNpz({ query_ids: l.queryIds })) }), status: 422, message: /zip/i },
  { name: "truncated to 10%", build: (l) => { const f = syntheticNpz(l, 0); return { file: f.subarray(0, Math.floor(f.length * 0.1)) }; }, status: 422, message: /zip|truncated/i },
  { name: "truncated to 50%", build: (l) => { const f = syntheticNpz(l, 0); return { file: f.subarray(0, Math.floor(f.length * 0.5)) }; }, status: 422, message: /zip|truncated/i },
  { name: "truncated by one byte", build: (l) => { const f = syntheticNpz(l, 0); return { file: f.subarray(0, f.length - 1) }; }, status: 422, message: /zip|truncated/i },
  { name: "zip with no entries", build: () => ({ file: buildZip([]) }), status: 422, message: /query_embeddings/ },
  { name: "gzip, not zip", build: (l) => ({ file: zlib.gzipSync(syntheticNpz(l, 0)) }), status: 422, message: /zip/i },
  { name: "zip bomb: entry inflating past its declared size", build: (l) => ({ file: withRaw(l, "corpus_embeddings", null, [{ name: "corpus_embeddings.npy", data: Buffer.alloc(64 * 1024 * 1024), method: 8, declaredSize: 1024 }]) }), status: 422, message: /size|bomb|large|limit|declared/i },
  {
    name: "archive inflating past what the benchmark's rows can need (64 MiB of zeros, honestly declared)",
    build: (l) => ({ file: withRaw(l, "corpus_embeddings", null, [{ name: "corpus_embeddings.npy", data: Buffer.alloc(64 * 1024 * 1024), method: 8 }]) }),
    status: 422,
    message: /would decompress to \d+ bytes, more than the limit of \d+ bytes/,
  },
  { name: "entry claiming 100 GB uncompressed", build: (l) => ({ file: withRaw(l, "corpus_embeddings", null, [{ name: "corpus_embeddings.npy", data: Buffer.alloc(16), declaredSize: 0xfffffff0 }]) }), status: 422, message: /size|large|limit|declared|mismatch/i },
  { name: "path traversal entry name", build: (l) => ({ file: withRaw(l, "query_ids", null, [{ name: "../query_ids.npy", data: extractSingleNpy(writeNpz({ query_ids: l.queryIds })) }]) }), status: 422, message: /\.\.|path|name/i },
  { name: "absolute entry name", build: (l) => ({ file: withRaw(l, "query_ids", null, [{ name: "/etc/query_ids.npy", data: extractSingleNpy(writeNpz({ query_ids: l.queryIds })) }]) }), status: 422, message: /absolute|path|name/i },
  { name: "duplicate entry names", build: (l) => ({ file: withRaw(l, "__none__", null, [{ name: "query_ids.npy", data: extractSingleNpy(writeNpz({ query_ids: l.queryIds })) }]) }), status: 422, message: /more than once|duplicate/i },
  { name: "encrypted entry", build: (l) => ({ file: withRaw(l, "query_ids", null, [{ name: "query_ids.npy", data: extractSingleNpy(writeNpz({ query_ids: l.queryIds })), flags: 0x801 }]) }), status: 422, message: /encrypt/i },
  { name: "unsupported compression method", build: (l) => ({ file: withRaw(l, "query_ids", null, [{ name: "query_ids.npy", data: Buffer.from("BZh91AY&SY"), method: 12 }]) }), status: 422, message: /method|compress/i },
  { name: "CRC mismatch", build: (l) => ({ file: withRaw(l, "query_ids", null, [{ name: "query_ids.npy", data: extractSingleNpy(writeNpz({ query_ids: l.queryIds })), crc: 1234 }]) }), status: 422, message: /crc|corrupt/i },
  // Broken .npy payloads.
  { name: "header claiming 10^12 rows", build: (l) => ({ file: withRaw(l, "query_embeddings", npyBytes("{'descr': '<f4', 'fortran_order': False, 'shape': (999999999999, 8), }", f32(64))) }), status: 422, message: /declares shape \(999999999999, 8\)/ },
  { name: "7,000,000 dimensions", build: (l) => ({ file: withRaw(l, "query_embeddings", npyBytes(`{'descr': '<f4', 'fortran_order': False, 'shape': (${l.queryIds.length}, 7000000), }`, f32(64))) }), status: 422, message: /declares 7000000 dimensions; at most 16384/ },
  { name: "bad npy magic", build: (l) => ({ file: withRaw(l, "query_embeddings", Buffer.from("NOTNUMPY" + "x".repeat(200))) }), status: 422, message: /npy|magic/i },
  { name: "npy version 9", build: (l) => ({ file: withRaw(l, "query_embeddings", npyBytes(`{'descr': '<f4', 'fortran_order': False, 'shape': (${l.queryIds.length}, 8), }`, f32(l.queryIds.length * 8), [9, 0])) }), status: 422, message: /version/i },
  { name: "header is not a dict", build: (l) => ({ file: withRaw(l, "query_embeddings", npyBytes("[1, 2, 3]", f32(8))) }), status: 422, message: /header|dict/i },
  { name: "header with code injection", build: (l) => ({ file: withRaw(l, "query_embeddings", npyBytes("{'descr': __import__('os').system('id'), 'fortran_order': False, 'shape': (1,), }", f32(1))) }), status: 422, message: /header|literal|parse|descr/i },
  { name: "header length beyond the file", build: () => { const b = npyBytes("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 1), }", f32(1)); b.writeUInt16LE(65535, 8); return { file: buildZip([{ name: "query_embeddings.npy", data: b }]) }; }, status: 422, message: /header|truncated/i },
  { name: "int8 embeddings", build: (l) => ({ file: withRaw(l, "query_embeddings", npyBytes(`{'descr': '|i1', 'fortran_order': False, 'shape': (${l.queryIds.length}, 8), }`, Buffer.alloc(l.queryIds.length * 8, 1))) }), status: 422, message: /dtype|i1|float/i },
  { name: "complex embeddings", build: (l) => ({ file: withRaw(l, "query_embeddings", npyBytes(`{'descr': '<c8', 'fortran_order': False, 'shape': (${l.queryIds.length}, 8), }`, Buffer.alloc(l.queryIds.length * 64))) }), status: 422, message: /dtype|c8|float/i },
  { name: "structured dtype", build: (l) => ({ file: withRaw(l, "query_embeddings", npyBytes(`{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (${l.queryIds.length},), }`, f32(l.queryIds.length))) }), status: 422, message: /dtype|structured|descr/i },
  { name: "pickled object ids", build: (l) => ({ file: withRaw(l, "query_ids", npyBytes(`{'descr': '|O', 'fortran_order': False, 'shape': (${l.queryIds.length},), }`, Buffer.from("\x80\x04\x95pickle", "latin1"))) }), status: 422, message: /pickle|object/i },
  { name: "negative shape", build: (l) => ({ file: withRaw(l, "query_embeddings", npyBytes("{'descr': '<f4', 'fortran_order': False, 'shape': (-1, 8), }", f32(8))) }), status: 422, message: /shape/i },
  { name: "3-D embeddings", build: (l) => ({ file: withRaw(l, "query_embeddings", npyBytes(`{'descr': '<f4', 'fortran_order': False, 'shape': (${l.queryIds.length}, 2, 4), }`, f32(l.queryIds.length * 8))) }), status: 422, message: /2-D|dimension|shape/i },
  { name: "data shorter than the shape", build: (l) => ({ file: withRaw(l, "query_embeddings", npyBytes(`{'descr': '<f4', 'fortran_order': False, 'shape': (${l.queryIds.length}, 8), }`, f32(l.queryIds.length * 8 - 3))) }), status: 422, message: /truncated|short|bytes|length/i },
  { name: "data longer than the shape", build: (l) => ({ file: withRaw(l, "query_embeddings", npyBytes(`{'descr': '<f4', 'fortran_order': False, 'shape': (${l.queryIds.length}, 8), }`, f32(l.queryIds.length * 8 + 5))) }), status: 422, message: /trailing|long|bytes|length/i },
  { name: "absurd shape (overflow)", build: () => ({ file: buildZip([{ name: "query_embeddings.npy", data: npyBytes("{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999, 99999999999), }", f32(4)) }]) }), status: 422, message: /shape|large|size|truncated|bytes/i },
  // Well-formed files that are not a valid submission.
  ...(["query_embeddings", "corpus_embeddings", "query_ids", "corpus_ids"] as const).map((name) => ({
    name: `missing ${name}`,
    build: (l: DemoLayout) => { const a: Record<string, unknown> = arrays(l); delete a[name]; return { file: writeNpz(a as never) }; },
    status: 422,
    message: new RegExp(name),
  })),
  { name: "1-D embeddings", build: (l) => ({ file: writeNpz({ ...arrays(l), query_embeddings: { data: new Float32Array(l.queryIds.length).fill(1), shape: [l.queryIds.length] } }) }), status: 422, message: /2-D|dimension|shape/i },
  { name: "ids as floats", build: (l) => ({ file: writeNpz({ ...arrays(l), query_ids: { data: new Float32Array(l.queryIds.length).fill(1), shape: [l.queryIds.length] } }) }), status: 422, message: /query_ids/ },
  { name: "embeddings as strings", build: (l) => ({ file: writeNpz({ ...arrays(l), corpus_embeddings: l.corpusIds }) }), status: 422, message: /corpus_embeddings/ },
  { name: "query rows ≠ query ids", build: (l) => ({ file: writeNpz({ ...arrays(l), query_ids: l.queryIds.slice(1) }) }), status: 422, message: /query_embeddings has \d+ rows but query_ids has \d+/ },
  { name: "corpus rows ≠ corpus ids", build: (l) => ({ file: writeNpz({ ...arrays(l), corpus_ids: [...l.corpusIds, "c_extra"] }) }), status: 422, message: /corpus_embeddings has \d+ rows but corpus_ids has \d+/ },
  { name: "different d for queries and corpus", build: (l) => ({ file: writeNpz({ ...arrays(l), corpus_embeddings: arrays(l, 9).corpus_embeddings }) }), status: 422, message: /dimension|columns|\bd\b|8.*9|9.*8/i },
  { name: "zero columns", build: (l) => ({ file: writeNpz(arrays(l, 0)) }), status: 422, message: /column|dimension|\bd\b|empty|zero/i },
  { name: "zero rows", build: (l) => ({ file: writeNpz({ query_embeddings: { data: new Float32Array(0), shape: [0, 8] }, corpus_embeddings: arrays(l).corpus_embeddings, query_ids: { data: [], shape: [0] } as never, corpus_ids: l.corpusIds }) }), status: 422, message: /query/i },
  { name: "duplicate query ids", build: (l) => ({ file: writeNpz({ ...arrays(l), query_ids: [l.queryIds[0], ...l.queryIds.slice(0, -1)] }) }), status: 422, message: /duplicate/i },
  { name: "duplicate corpus ids", build: (l) => ({ file: writeNpz({ ...arrays(l), corpus_ids: [l.corpusIds[1], ...l.corpusIds.slice(1)] }) }), status: 422, message: /duplicate/i },
  { name: "unknown query id", build: (l) => ({ file: writeNpz({ ...arrays(l), query_ids: ["q_nope", ...l.queryIds.slice(1)] }) }), status: 422, message: /q_nope/ },
  { name: "NaN in corpus", build: (l) => { const a = arrays(l); a.corpus_embeddings.data[17] = Number.NaN; return { file: writeNpz(a) }; }, status: 422, message: /corpus_embeddings/ },
  { name: "+Inf in queries", build: (l) => { const a = arrays(l); a.query_embeddings.data[0] = Number.POSITIVE_INFINITY; return { file: writeNpz(a) }; }, status: 422, message: /query_embeddings/ },
  { name: "-Inf in corpus", build: (l) => { const a = arrays(l); a.corpus_embeddings.data[9] = Number.NEGATIVE_INFINITY; return { file: writeNpz(a) }; }, status: 422, message: /corpus_embeddings/ },
  { name: "zero-norm query row", build: (l) => { const a = arrays(l); a.query_embeddings.data.fill(0, 16, 24); return { file: writeNpz(a) }; }, status: 422, message: /zero/i },
  { name: "float16 overflow to infinity", build: (l) => ({ file: withRaw(l, "query_embeddings", npyBytes(`{'descr': '<f2', 'fortran_order': False, 'shape': (${l.queryIds.length}, 8), }`, Buffer.alloc(l.queryIds.length * 16, 0x7c).fill(0x00, 0, 1))) }), status: 422, message: /query_embeddings/ },
  { name: "byte-string ids", build: (l) => ({ file: withRaw(l, "query_ids", npyBytes(`{'descr': '|S6', 'fortran_order': False, 'shape': (${l.queryIds.length},), }`, Buffer.from(l.queryIds.map((q) => q.padEnd(6, "\0")).join(""), "latin1"))) }), status: 422, message: /query_ids|bytes|S6|unicode/i },
  // Bad requests around a good file.
  { name: "no file field", build: () => ({ file: null }), status: 400, message: /file/ },
  { name: "metadata missing", build: (l) => ({ file: syntheticNpz(l, 0), metadata: undefined }), status: 400, message: /metadata/ },
  { name: "metadata not JSON", build: (l) => ({ file: syntheticNpz(l, 0), metadata: "{model: x}" }), status: 400, message: /not valid JSON/ },
  { name: "metadata is an array", build: (l) => ({ file: syntheticNpz(l, 0), metadata: [METADATA] }), status: 400, message: /metadata/ },
  { name: "metadata with an unknown key", build: (l) => ({ file: syntheticNpz(l, 0), metadata: { ...METADATA, temperature: 0.7 } }), status: 400, message: /temperature|unrecognized/i },
  { name: "empty model name", build: (l) => ({ file: syntheticNpz(l, 0), metadata: { ...METADATA, model: "  " } }), status: 400, message: /model/ },
  { name: "notes longer than 5,000 characters", build: (l) => ({ file: syntheticNpz(l, 0), metadata: { ...METADATA, notes: "x".repeat(6000) } }), status: 400, message: /notes/ },
  { name: "invalid link", build: (l) => ({ file: syntheticNpz(l, 0), metadata: { ...METADATA, link: "not a url" } }), status: 400, message: /link/ },
  { name: "javascript: link", build: (l) => ({ file: syntheticNpz(l, 0), metadata: { ...METADATA, link: "javascript:alert(1)" } }), status: 400, message: /link: must be an http/ },
  { name: "file: link", build: (l) => ({ file: syntheticNpz(l, 0), metadata: { ...METADATA, link: "file:///etc/passwd" } }), status: 400, message: /link: must be an http/ },
  { name: "NUL in notes", build: (l) => ({ file: syntheticNpz(l, 0), metadata: { ...METADATA, notes: "a\u0000b" } }), status: 400, message: /notes: contains the control character U\+0000/ },
  { name: "lone surrogate in the model name", build: (l) => ({ file: syntheticNpz(l, 0), metadata: { ...METADATA, model: "x\ud800" } }), status: 400, message: /model: contains an unpaired surrogate/ },
  { name: "right-to-left override in the provider", build: (l) => ({ file: syntheticNpz(l, 0), metadata: { ...METADATA, provider: "Lab\u202eA" } }), status: 400, message: /provider: .*U\+202E/ },
  { name: "zero-width space in the model name", build: (l) => ({ file: syntheticNpz(l, 0), metadata: { ...METADATA, model: "embed\u200b" } }), status: 400, message: /model: .*U\+200B/ },
  { name: "data: link", build: (l) => ({ file: syntheticNpz(l, 0), metadata: { ...METADATA, link: "data:text/html,<script>alert(1)</script>" } }), status: 400, message: /link: must be an http/ },
  { name: "left-to-right isolate in the provider", build: (l) => ({ file: syntheticNpz(l, 0), metadata: { ...METADATA, provider: "\u2066Acme" } }), status: 400, message: /provider: .*U\+2066/ },
  { name: "soft hyphen in the model name", build: (l) => ({ file: syntheticNpz(l, 0), metadata: { ...METADATA, model: "embed\u00adder" } }), status: 400, message: /model: .*U\+00AD/ },
  { name: "dimensions of 1e400 (Infinity in JSON)", build: (l) => ({ file: syntheticNpz(l, 0), metadata: `{"model":"m","provider":"p","dimensions":1e400}` }), status: 400, message: /dimensions/ },
  {
    name: "ranking file larger than any ranking of the benchmark can be",
    build: () => ({ file: Buffer.concat([Buffer.from('{"query_id"'), Buffer.alloc(4 * 1024 * 1024, 0x20)]) }),
    status: 422,
    message: /more than any ranking of this benchmark can be/,
  },
  { name: "ranking file with an infinite score", build: (l) => ({ file: Buffer.from(l.queryIds.map((q) => `{"query_id":"${q}","corpus_ids":${JSON.stringify(l.corpusIds.slice(0, 100))},"scores":[1e400${",0".repeat(99)}]}`).join("\n")) }), status: 422, message: /scores\[0\] is not a finite number/ },
  { name: "no token", build: (l) => ({ file: syntheticNpz(l, 0), token: "none" }), status: 401, message: /Authorization/ },
  { name: "forged token", build: (l) => ({ file: syntheticNpz(l, 0), token: "bad" }), status: 401, message: /token/i },
  {
    name: "JSON body instead of multipart",
    build: () => ({ raw: () => fetch(`${baseUrl()}/api/v1/benchmarks/execretrieval-demo/submissions`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify({ file: "AAAA", metadata: METADATA }) }) }),
    status: 400,
    message: /multipart/,
  },
];

let token = "";

describe(`upload fuzz: ${CASES.length} malformed or hostile uploads`, () => {
  let layout: DemoLayout;
  let rowsBefore: number;
  let jobsBefore: number;
  let filesBefore: number;
  const uploads = () => {
    const dir = path.join(getConfig().EXECBOARD_DATA_DIR, "uploads");
    return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
  };
  const table: string[] = [];

  beforeAll(async () => {
    const imported = await importDemo();
    layout = await demoLayout(imported.versionId);
    token = (await newUser("vendor")).token;
    rowsBefore = await db().submission.count();
    jobsBefore = await totalJobs();
    filesBefore = uploads();
  });

  afterAll(async () => {
    console.log(`[fuzz] ${table.length} cases\n${table.join("\n")}`);
    await closeQueue();
    await disconnectDb();
  });

  it("has at least 50 cases", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(50);
  });

  for (const c of CASES) {
    it(`refuses: ${c.name}`, async () => {
      const input = c.build(layout);
      const res = input.raw
        ? await input.raw()
        : await postSubmission(input.token === "none" ? null : input.token === "bad" ? "ebt_forged0000000000000000000000" : token, input.file ?? null, "metadata" in input ? input.metadata : METADATA);
      const body = await res.json();
      table.push(`${c.name} → ${res.status} ${body.error?.message}`);
      expect(res.status).toBe(c.status);
      expect(body.error.code).toMatch(/^[A-Z_]+$/);
      expect(body.error.message).toMatch(c.message);
    });
  }

  it("left no submission, job or stored file behind, and still scores a good upload", async () => {
    expect(await db().submission.count()).toBe(rowsBefore);
    expect(await totalJobs()).toBe(jobsBefore);
    expect(uploads()).toBe(filesBefore);
    const res = await postSubmission(token, syntheticNpz(layout, 0), { ...METADATA, model: "after-fuzz" });
    expect(res.status).toBe(202);
    const { body } = await waitUntilFinal((await res.json()).id, token);
    expect(body.status).toBe("scored");
    expect(body.metrics.exec["1"].value).toBe(1);
  });
});
