// The second track end to end over HTTP: a benchmark the test builds (git repositories made on
// the fly, every task, both no-gold kinds) imported, run files (TREC and JSON lines) and chunk
// embeddings submitted and scored by the worker, every metric checked against values worked
// out by hand below; refusals naming their line; publication, the leaderboard, task winners,
// comparison and live fusion through the API, each answer against its OpenAPI schema.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disconnectDb } from "@/lib/db/client";
import { writeNpz } from "@/lib/embeddings/write-npz";
import { importArbBenchmark } from "@/lib/repo-benchmark/import-arb";
import { loadRepoVersion, versionChunkIds, type RepoVersion } from "@/lib/repo-benchmark/load-version";
import { chunkRanges } from "@/lib/repo-files/chunks";
import { METRIC_IDS } from "@/lib/repo-metrics/definitions";
import { compareRunsSchema, fusionSchema, repoAnalysisSchema, repoBoardSchema, sampleDrilldownSchema, taskWinnersSchema } from "@/lib/openapi/schemas/repo-retrieval";
import { buildArbFixture, type ArbFixture } from "../repo-benchmark/fixture";
import { api, expectMatches } from "./accounts-helpers";
import { baseUrl, newUser, waitUntilFinal } from "./helpers";

const SLUG = `arb-http-${Date.now()}`;
const at = (m: string) => METRIC_IDS.indexOf(m as (typeof METRIC_IDS)[number]);

function post(token: string, file: Buffer, name: string, metadata: object, kind?: string) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(file)]), name);
  form.set("metadata", JSON.stringify(metadata));
  if (kind) form.set("kind", kind);
  return fetch(`${baseUrl()}/api/v1/benchmarks/${SLUG}/submissions`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
}

const jsonl = (rows: object[]) => Buffer.from(rows.map((r) => JSON.stringify(r)).join("\n") + "\n");

describe("repository retrieval over HTTP", () => {
  let f: ArbFixture;
  let v: RepoVersion;
  let vendor: { token: string };
  let maintainer: { token: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    f = buildArbFixture();
    const r = await importArbBenchmark({ samplesPath: f.samplesPath, reposDir: f.reposDir, meta: { slug: SLUG, version: "v1" } });
    v = await loadRepoVersion(r.versionId);
    vendor = await newUser("vendor");
    maintainer = await newUser("maintainer");
  });
  afterAll(async () => {
    f.cleanup();
    await disconnectDb();
  });

  // Run A, JSON lines, with abstention scores. By hand, per positive sample:
  //   code2test     gold tests/test_core.py at rank 2                    RR 1/2, R@5 1
  //   comment2ctx   gold util.py at 1, core.py at 6                       RR 1,   R@5 1/2, R@10 1
  //   trace2code    gold gear.go tied with shaft.go at ranks 1-2          RR (1 + 1/2)/2, R@5 1, gold@1 1/2
  //   edit2ripple   nothing ranked                                        0 everywhere
  // Every file here is a few hundred tokens: all listed files fit in 4k, so BCY = recall of the listed.
  const runA = () =>
    jsonl([
      { sample_id: f.ids.code2test, files: ["widgets/layout.py", "tests/test_core.py", "README.md"], scores: [3, 2, 1], abstention: 0.1 },
      { sample_id: f.ids.comment2context, files: ["widgets/util.py", "docs/guide.md", "README.md", "widgets/__init__.py", "tests/test_layout.py", "widgets/core.py"], scores: [5, 4, 3, 2, 1, 0.5], abstention: 0.1 },
      { sample_id: f.ids.trace2code, files: ["gears/gear.go", "gears/shaft.go"], scores: [1, 1], abstention: 0.1 },
      { sample_id: f.ids.edit2ripple, files: [], scores: [], abstention: 0.1 },
      { sample_id: f.ids.natural, files: [], scores: [], abstention: 0.9 },
      { sample_id: f.ids.counterfactual, files: [], scores: [], abstention: 0.8 },
    ]);

  it("scores a JSON-lines run exactly as worked out by hand, in both weightings, with selective retrieval", async () => {
    const res = await post(vendor.token, runA(), "run.jsonl", { model: "hand-run", provider: "tests" });
    expect(res.status).toBe(202);
    ids.a = (await res.json()).id;
    const { body } = await waitUntilFinal(ids.a, vendor.token);
    expect(body.status).toBe("scored");
    expect(body.history[0].message).toMatch(/JSON lines run: files for 6 of 6 samples, at most 6 each \(depth 100\)/);
    const m = body.metrics;
    expect(m.recall["5"].value).toBeCloseTo((1 + 0.5 + 1 + 0) / 4, 12);
    expect(m.recall["10"].value).toBeCloseTo(3 / 4, 12);
    expect(m.recall["20"].value).toBeCloseTo(3 / 4, 12);
    expect(m.mrr["100"].value).toBeCloseTo((0.5 + 1 + 0.75 + 0) / 4, 12);
    for (const b of ["4000", "8000", "16000", "32000"]) expect(m.bcy[b].value).toBeCloseTo(3 / 4, 12);
    expect(m.mrr["100"].ci95[0]).toBeLessThanOrEqual(m.mrr["100"].value);

    const a = await api(`/api/v1/submissions/${ids.a}/repo-analysis`, { token: vendor.token });
    expect(a.status).toBe(200);
    expectMatches(repoAnalysisSchema, a.body);
    const an = a.body.analysis;
    // Repository-equal: widgets (code2test, comment2context, edit2ripple) and gears (trace2code).
    expect(an.overall.repo[at("mrr")].value).toBeCloseTo(((0.5 + 1 + 0) / 3 + 0.75) / 2, 12);
    expect(an.overall.repo[at("recall@5")].value).toBeCloseTo(((1 + 0.5 + 0) / 3 + 1) / 2, 12);
    expect(an.byTask.trace2code.sample[at("mrr")].value).toBeCloseTo(0.75, 12);
    expect(an.byTask.trace2code.sample[at("any@1")].value).toBeCloseTo(0.5, 12);
    expect(an.byTask.edit2ripple.sample[at("mrr")].value).toBe(0);
    // Tests only: code2test keeps test_core at rank 1 (RR 1); comment2context keeps test_layout.py only.
    expect(an.filters.tests.sample[at("mrr")].value).toBeCloseTo((1 + 0 + 0 + 0) / 4, 12);
    // Selective retrieval (confidence: minus the abstention score). Two repository folds; the
    // one trained on gears abstains below -0.1 and answers every widgets sample; the one trained
    // on widgets never abstains. Success: gears 1 of 3 (trace2code), widgets 2 of 3.
    const sel = an.selective;
    expect(sel).toMatchObject({ confidence: "abstention", folds: 2, grouping: "repository", counts: { positive: 4, natural: 1, counterfactual: 1 } });
    expect(sel.always.success).toBeCloseTo(3 / 6, 12);
    expect(sel.calibrated.success).toBeCloseTo(3 / 6, 12);
    expect(sel.calibrated.thresholds).toEqual(["never", -0.1]);
    expect(sel.calibrated.positive).toBeCloseTo(3 / 4, 12);
    expect(sel.naturalOnly.success).toBeCloseTo(3 / 5, 12);
    expect(sel.naturalOnly.counterfactual).toBeNull();
    expect(a.body.samples.find((s: { sampleId: string }) => s.sampleId === f.ids.trace2code).firstGold).toEqual([1, 2]);

    const d = await api(`/api/v1/submissions/${ids.a}/samples/${f.ids.comment2context}`, { token: vendor.token });
    expect(d.status).toBe(200);
    expectMatches(sampleDrilldownSchema, d.body);
    expect(d.body.files.map((x: { role: string }) => x.role)).toEqual(["gold", "other", "other", "other", "supporting", "gold"]);
    expect(d.body.sample.given).toEqual(["widgets/layout.py"]);
    expect(d.body.files.every((x: { packed: Record<string, string> }) => x.packed["4000"] === "whole")).toBe(true);
  });

  it("scores a TREC run, and refuses a bad one naming its line", async () => {
    const trec = [`${f.ids.trace2code} Q0 gears/shaft.go 1 2.0 t`, `${f.ids.trace2code} Q0 gears/gear.go 2 1.0 t`, `${f.ids.code2test} Q0 tests/test_core.py 1 9 t`].join("\n") + "\n";
    const res = await post(vendor.token, Buffer.from(trec), "run.trec", { model: "hand-trec", provider: "tests" });
    expect(res.status).toBe(202);
    ids.t = (await res.json()).id;
    const { body } = await waitUntilFinal(ids.t, vendor.token);
    expect(body.status).toBe("scored");
    // code2test RR 1; trace2code gold at 2: RR 1/2; the others retrieved nothing.
    expect(body.metrics.mrr["100"].value).toBeCloseTo((1 + 0.5) / 4, 12);

    const bad = await post(vendor.token, Buffer.from(`${f.ids.code2test} Q0 tests/test_core.py 1 9 t\n${f.ids.code2test} Q0 widgets/nope.py 2 8 t\n`), "bad.trec", { model: "x", provider: "tests" });
    expect(bad.status).toBe(422);
    const err = await bad.json();
    expect(err.error.message).toMatch(/^line 2: widgets\/nope.py is not a file of acme\/widgets@[0-9a-f]{12}/);
    expect(err.error.details).toEqual({ line: 2 });
    const rising = await post(vendor.token, jsonl([{ sample_id: f.ids.code2test, files: ["a", "b"], scores: [1, 2] }]), "r.jsonl", { model: "x", provider: "tests" });
    expect(rising.status).toBe(422);
    const deep = await post(vendor.token, jsonl([{ sample_id: "nope", files: [], scores: [] }]), "r.jsonl", { model: "x", provider: "tests" }, "run_jsonl");
    expect((await deep.json()).error.message).toBe("line 1: unknown sample nope");
  });

  // Chunk embeddings: one dimension per corpus file (every chunk of a file is that file's unit
  // vector) and one spare. Cosine ranking, max over a file's chunks:
  //   code2test     q = e(test_core) + 0.5 e(layout): test_core 1st                  RR 1
  //   comment2ctx   q = e(util) + e(core): the two tie at 1-2, both gold             RR 1, R@5 1
  //   trace2code    q = e(gear.go)                                                   RR 1
  //   edit2ripple   q = e(guide.md): guide 1st, then the other six files tie at 0,
  //                 two of them gold: E[1/rank] = sum_{r=1..5} (6-r)/15 · 1/(1+r)
  //                 and each gold file is in the first 5 with probability 4/6
  it("ranks chunk embeddings on the server with max aggregation and tie-aware metrics", async () => {
    const chunkIds = versionChunkIds(v);
    const files: string[] = [];
    for (const s of v.snapshots) for (const file of s.files) if (chunkRanges(file.lines).length) files.push(`${s.key}/${file.path}`);
    const dims = files.length + 1;
    const unit = (key: string) => files.indexOf(key);
    const corpus = new Float32Array(chunkIds.length * dims);
    chunkIds.forEach((id, r) => (corpus[r * dims + unit(id.slice(0, id.lastIndexOf("#L")))] = 1));
    const w = (p: string) => `${v.samples[0].snapshot.key}/${p}`, g = (p: string) => `${v.samples[2].snapshot.key}/${p}`;
    const q = new Float32Array(v.samples.length * dims);
    const set = (i: number, key: string | null, x: number) => (q[i * dims + (key === null ? files.length : unit(key))] = x);
    set(0, w("tests/test_core.py"), 1);
    set(0, w("widgets/layout.py"), 0.5);
    set(1, w("widgets/util.py"), 1);
    set(1, w("widgets/core.py"), 1);
    set(2, g("gears/gear.go"), 1);
    set(3, w("docs/guide.md"), 1);
    set(4, null, 1);
    set(5, null, 1);
    const npz = writeNpz({ query_embeddings: { data: q, shape: [v.samples.length, dims] }, corpus_embeddings: { data: corpus, shape: [chunkIds.length, dims] }, query_ids: v.samples.map((s) => s.sampleId), corpus_ids: chunkIds });
    const res = await post(vendor.token, npz, "chunks.npz", { model: "hand-chunks", provider: "tests", similarity: "cosine" });
    expect(res.status).toBe(202);
    ids.c = (await res.json()).id;
    const { body } = await waitUntilFinal(ids.c, vendor.token);
    expect(body.status).toBe("scored");
    const e2r = (5 / 2 + 4 / 3 + 3 / 4 + 2 / 5 + 1 / 6) / 15;
    expect(body.metrics.mrr["100"].value).toBeCloseTo((1 + 1 + 1 + e2r) / 4, 12);
    expect(body.metrics.recall["5"].value).toBeCloseTo((1 + 1 + 1 + 4 / 6) / 4, 12);

    const wrong = writeNpz({ query_embeddings: { data: q, shape: [v.samples.length, dims] }, corpus_embeddings: { data: corpus.subarray(0, (chunkIds.length - 1) * dims), shape: [chunkIds.length - 1, dims] }, query_ids: v.samples.map((s) => s.sampleId), corpus_ids: chunkIds.slice(0, -1) });
    const refused = await post(vendor.token, wrong, "chunks.npz", { model: "x", provider: "tests" });
    expect(refused.status).toBe(422);
  });

  it("publishes, and serves the leaderboard, task winners, comparison and live fusion", async () => {
    for (const id of [ids.a, ids.t, ids.c]) expect((await api(`/api/v1/submissions/${id}/publish`, { token: maintainer.token, method: "POST", body: {} })).status).toBe(200);
    const board = await api(`/api/v1/benchmarks/${SLUG}/repo-board`);
    expect(board.status).toBe(200);
    expectMatches(repoBoardSchema, board.body);
    expect(board.body.rows.map((r: { model: string }) => r.model)).toEqual(["hand-chunks", "hand-run", "hand-trec"]);
    expect(board.body.rows[0].tie).toBe("leader");
    const repoBoard = await api(`/api/v1/benchmarks/${SLUG}/repo-board?weighting=repo&task=trace2code&sort=recall@5`);
    expect(repoBoard.body.rows.map((r: { values: Record<string, { value: number }> }) => r.values["recall@5"].value)).toEqual([1, 1, 1]);
    expect((await api(`/api/v1/benchmarks/${SLUG}/repo-board?task=nope`)).status).toBe(400);

    const winners = await api(`/api/v1/benchmarks/${SLUG}/task-winners`);
    expectMatches(taskWinnersSchema, winners.body);
    expect(winners.body.rows.find((r: { task: string }) => r.task === "all").cells.mrr.winner.model).toBe("hand-chunks");

    const cmp = await api(`/api/v1/benchmarks/${SLUG}/compare-runs?runs=${ids.a},${ids.c}`);
    expect(cmp.status).toBe(200);
    expectMatches(compareRunsSchema, cmp.body);
    const pair = cmp.body.pairs.find((p: { metric: string }) => p.metric === "mrr").result;
    expect(pair.delta).toBeCloseTo((0.5 + 1 + 0.75 + 0) / 4 - (3 + (5 / 2 + 4 / 3 + 3 / 4 + 2 / 5 + 1 / 6) / 15) / 4, 12);
    // Four samples differ: the exact sign-flip distribution over 2^4 sign vectors.
    expect(pair.method).toBe("exact");

    // RRF of run A and the chunk run. code2test: layout (1 in A, 2 in C) and test_core (2 in A,
    // 1 in C) get the same terms: an exact tie at the top, so RR = (1 + 1/2)/2.
    const fusion = await api(`/api/v1/benchmarks/${SLUG}/fusion?runs=${ids.a},${ids.c}`);
    expect(fusion.status).toBe(200);
    expectMatches(fusionSchema, fusion.body);
    expect(fusion.body.fused.perSample[0].values[at("mrr")]).toBeCloseTo(0.75, 12);
    expect(fusion.body.tests.mrr).toHaveLength(2);
    expect((await api(`/api/v1/benchmarks/${SLUG}/fusion?runs=${ids.a}`)).status).toBe(400);

    // The dataset: the version's files as imported, and the corpus text in corpus order.
    const ds = await api(`/api/v1/benchmarks/${SLUG}/dataset?version=v1`);
    expect(ds.body.files.map((x: { name: string }) => x.name)).toEqual(["benchmark.json", "samples.jsonl", "corpus.jsonl", "import-report.json", "import-report.md", "LICENSE.txt", "SHA256SUMS"]);
    const corpusLines = (await (await fetch(`${baseUrl()}/api/v1/benchmarks/${SLUG}/corpus?version=v1`)).text()).trim().split("\n").map((l) => JSON.parse(l));
    expect(corpusLines.map((l: { snapshot: string; path: string }) => `${l.snapshot}/${l.path}`)).toEqual(v.snapshots.flatMap((s) => s.files.map((x) => `${s.key}/${x.path}`)));
    expect(corpusLines.find((l: { path: string }) => l.path === "widgets/util.py").text).toMatch(/^def clamp\(value, low, high\):/);
    expect((await fetch(`${baseUrl()}/api/v1/benchmarks/${SLUG}/corpus?snapshot=acme/none@000000000000`)).status).toBe(404);

    // The pages render for a reader.
    for (const path of [`/benchmarks/${SLUG}/v1`, `/benchmarks/${SLUG}/v1/tasks`, `/benchmarks/${SLUG}/v1/queries`, `/benchmarks/${SLUG}/v1/fusion?runs=${ids.a}&runs=${ids.c}`, `/benchmarks/${SLUG}/v1/compare?runs=${ids.a}&runs=${ids.c}`, `/submissions/${ids.a}`, `/submissions/${ids.a}/queries/${f.ids.trace2code}`]) {
      const page = await fetch(`${baseUrl()}${path}`);
      expect(page.status, path).toBe(200);
    }
  });
});
