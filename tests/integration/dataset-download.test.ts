// Dataset downloads (issue 14): a benchmark version's files byte for byte as imported, with a
// licence notice, checksums and one zip, over the API and through the CLI.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disconnectDb } from "@/lib/db/client";
import { api, cli, rawRequest } from "./accounts-helpers";
import { DEMO_DIR, DEMO_SLUG, importDemo } from "./helpers";

const sha = (b: Buffer) => crypto.createHash("sha256").update(b).digest("hex");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-dataset-"));

describe("dataset downloads", () => {
  let version: string;
  beforeAll(async () => {
    version = (await importDemo()).version;
  });
  afterAll(async () => {
    fs.rmSync(scratch, { recursive: true, force: true });
    await disconnectDb();
  });

  it("lists the version's files with sizes and checksums, the contract files exactly as imported", async () => {
    const listing = await api(`/api/v1/benchmarks/${DEMO_SLUG}/dataset?version=${version}`);
    expect(listing.status).toBe(200);
    expect(listing.body).toMatchObject({ slug: DEMO_SLUG, version, license: "CC-BY-4.0", zipName: `${DEMO_SLUG}-${version}.zip` });
    expect(listing.body.files.map((f: { name: string }) => f.name)).toEqual(["benchmark.json", "queries.jsonl", "corpus.jsonl", "LICENSE.txt", "SHA256SUMS"]);
    for (const name of ["benchmark.json", "queries.jsonl", "corpus.jsonl"]) {
      const onDisk = fs.readFileSync(path.join(DEMO_DIR, name));
      const listed = listing.body.files.find((f: { name: string }) => f.name === name);
      expect(listed).toMatchObject({ bytes: onDisk.length, sha256: sha(onDisk) });
      const file = await rawRequest(listed.url);
      expect(file.status).toBe(200);
      expect(file.headers["content-disposition"]).toBe(`attachment; filename="${name}"`);
      expect(file.headers["x-content-sha256"]).toBe(sha(onDisk));
      expect(Buffer.from(file.body, "utf8").equals(onDisk)).toBe(true);
      // A client that has it already gets 304.
      expect((await rawRequest(listed.url, { headers: { "if-none-match": `"${sha(onDisk)}"` } })).status).toBe(304);
    }
    const sums = (await rawRequest(`/api/v1/benchmarks/${DEMO_SLUG}/dataset/SHA256SUMS?version=${version}`)).body;
    expect(sums).toContain(`${sha(fs.readFileSync(path.join(DEMO_DIR, "corpus.jsonl")))}  corpus.jsonl\n`);
    expect(sums.trim().split("\n")).toHaveLength(4);
    const licence = (await rawRequest(`/api/v1/benchmarks/${DEMO_SLUG}/dataset/LICENSE.txt`)).body;
    expect(licence).toMatch(/Licensed under CC-BY-4\.0: https:\/\/creativecommons\.org\/licenses\/by\/4\.0\//);
  });

  it("serves all of it as one zip that a standard reader opens, the same bytes every time", async () => {
    const url = `/api/v1/benchmarks/${DEMO_SLUG}/dataset/${DEMO_SLUG}-${version}.zip?version=${version}`;
    const get = () =>
      fetch(new URL(url, process.env.EXECBOARD_URL)).then(async (r) => ({ status: r.status, type: r.headers.get("content-type"), bytes: Buffer.from(await r.arrayBuffer()) }));
    const [a, b] = [await get(), await get()];
    expect(a.status).toBe(200);
    expect(a.type).toBe("application/zip");
    expect(a.bytes.equals(b.bytes)).toBe(true);
    const zipPath = path.join(scratch, "d.zip");
    fs.writeFileSync(zipPath, a.bytes);
    // Python's zipfile as an independent reader: names, and the corpus byte for byte.
    const listing = execFileSync("/usr/bin/python3.11", ["-I", "-c", "import sys, zipfile, hashlib\nz = zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\nfor n in z.namelist(): print(n, hashlib.sha256(z.read(n)).hexdigest())", zipPath], { encoding: "utf8" });
    const entries = Object.fromEntries(listing.trim().split("\n").map((l) => l.split(" ")));
    expect(Object.keys(entries)).toEqual(["benchmark.json", "queries.jsonl", "corpus.jsonl", "LICENSE.txt", "SHA256SUMS"].map((n) => `${DEMO_SLUG}-${version}/${n}`));
    expect(entries[`${DEMO_SLUG}-${version}/corpus.jsonl`]).toBe(sha(fs.readFileSync(path.join(DEMO_DIR, "corpus.jsonl"))));
  });

  it("says what exists when asked for a file, version or benchmark that does not", async () => {
    const nofile = await api(`/api/v1/benchmarks/${DEMO_SLUG}/dataset/secrets.txt`);
    expect(nofile.status).toBe(404);
    expect(nofile.body.error.message).toMatch(/no file secrets\.txt .* the download holds benchmark\.json, queries\.jsonl, corpus\.jsonl, LICENSE\.txt, SHA256SUMS, execretrieval-demo-.*\.zip/);
    expect((await api(`/api/v1/benchmarks/${DEMO_SLUG}/dataset?version=99.0.0`)).status).toBe(404);
    expect((await api(`/api/v1/benchmarks/no-such-benchmark/dataset`)).status).toBe(404);
  });

  it("downloads through the CLI, checking every checksum, as files or as the zip", { timeout: 60_000 }, async () => {
    const out = path.join(scratch, "files");
    const run = await cli(["benchmark", "download", DEMO_SLUG, "--version", version, "--out", out]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/checksums verified/);
    for (const name of ["benchmark.json", "queries.jsonl", "corpus.jsonl"]) {
      expect(fs.readFileSync(path.join(out, name)).equals(fs.readFileSync(path.join(DEMO_DIR, name)))).toBe(true);
    }
    const zipOut = path.join(scratch, "demo.zip");
    const zipped = await cli(["benchmark", "download", DEMO_SLUG, "--zip", "--out", zipOut]);
    expect(zipped.code).toBe(0);
    expect(fs.readFileSync(zipOut).subarray(0, 4).toString("latin1")).toBe("PK\u0003\u0004");
    const missing = await cli(["benchmark", "download", "no-such-benchmark", "--out", path.join(scratch, "x")]);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toMatch(/no benchmark named no-such-benchmark/);
    expect(fs.existsSync(path.join(scratch, "x"))).toBe(false);
  });
});
