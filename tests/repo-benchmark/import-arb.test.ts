// execboard benchmark import-arb on repositories made on the fly: refusals naming the line,
// every leakage gate and what it caught, snapshots deduplicated across samples sharing a base
// commit and blobs across snapshots, re-import as a no-op, and the corpus as stored.
import { afterAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import { importArbBenchmark } from "@/lib/repo-benchmark/import-arb";
import { loadRepoVersion } from "@/lib/repo-benchmark/load-version";
import { headerTokens } from "@/lib/repo-files/render";
import { countTokens } from "@/lib/tokenizer/cl100k";
import { buildArbFixture, WIDGETS_BASE } from "./fixture";

const fixtures: { cleanup(): void }[] = [];
afterAll(async () => {
  for (const f of fixtures) f.cleanup();
  await disconnectDb();
});

describe("import-arb", () => {
  it("refuses, naming every line, records it cannot import; nothing is written", async () => {
    const f = buildArbFixture({ refused: true });
    fixtures.push(f);
    const slug = `arb-refused-${Date.now()}`;
    const err = await importArbBenchmark({ samplesPath: f.samplesPath, reposDir: f.reposDir, meta: { slug } }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    const msg = (err as Error).message;
    expect(msg).toMatch(/7 of 13 samples refused; nothing was imported \(pass --skip-refused/);
    expect(msg).toMatch(/line 13 \(derived-absent\): none of the files its record names beyond the given ones is a corpus file at [0-9a-f]{12} \(gold file widgets\/rows.py is not in acme\/widgets at [0-9a-f]{12}\)/);
    expect(msg).toMatch(/line 12 \(given-only\): a comment2context sample whose only gold file is given context \(widgets\/layout.py\): nothing is left to retrieve/);
    expect(msg).toMatch(/line 11: not JSON/);
    expect(msg).toMatch(/line 10 \(bad-task\): unknown task_type "summarize"/);
    expect(msg).toMatch(/line 9 \(bad-repo\): repository acme\/nowhere is not under --repos/);
    expect(msg).toMatch(/line 7 \(bad-commit\): base commit 0{40} is not in acme\/widgets/);
    expect(msg).toMatch(/line 8 \(bad-gold\): gold file tests\/test_new.py is not in acme\/widgets at/);
    expect(await db().benchmark.findUnique({ where: { slug } })).toBeNull();
  });

  it("imports every task, leaves out what each gate catches and reports it, and shares snapshots and blobs", async () => {
    const f = buildArbFixture({ leaky: true, released: true, refused: true });
    fixtures.push(f);
    const slug = `arb-import-${Date.now()}`;
    const r = await importArbBenchmark({ samplesPath: f.samplesPath, reposDir: f.reposDir, meta: { slug, version: "v1" }, skipRefused: true });
    expect(r.created).toBe(true);
    expect(r.report.kept.by_task).toEqual({ code2test: 2, comment2context: 2, trace2code: 1, edit2ripple: 1, nogold_natural: 1, nogold_counterfactual: 1 });
    const caught = Object.fromEntries(r.report.gates.map((g) => [g.gate, g.samples.map((s) => s.sample_id).sort()]));
    expect(Object.keys(caught)).toEqual(["exact_gold_path", "fix_commit_hash", "fix_patch", "stack_hint", "patch_unchecked"]);
    // The gates see the normalized gold: the released-shape comment2context whose review names
    // its additional file is caught; naming the given file (path, changed_file) is no leak.
    expect(caught.exact_gold_path).toEqual([f.ids.leakPath, f.ids.releasedC2cLeak].sort());
    expect(r.report.gates.find((g) => g.gate === "exact_gold_path")!.samples.find((s) => s.sample_id === f.ids.releasedC2cLeak)!.hits).toEqual(["widgets/util.py (in review_comment)"]);
    expect(caught.fix_commit_hash).toEqual([f.ids.leakCommit]);
    expect(caught.fix_patch).toEqual([f.ids.leakPatch]);
    // The trace2code sample's failure output names its test, not its root cause: no stack hint.
    expect(caught.stack_hint).toEqual([]);
    expect(r.report.gates.find((g) => g.gate === "fix_patch")!.samples[0].hits[0]).toMatch(/^widgets\/core.py: return clamp\(size \* 2, 0, 20\)/);
    expect(r.report.refused.count).toBe(7);
    expect(r.report.refused.samples.find((x) => x.sample_id === "given-only")!.reason).toMatch(/only gold file is given context/);
    expect(r.markdown).toMatch(/\| exact_gold_path \| yes \| 2 \|/);
    // Taking given files out of gold is a normalization the report counts, for kept samples.
    expect(r.report.given_removed).toEqual({
      samples: 2,
      files: 2,
      entries: [
        { sample_id: f.ids.releasedC2c, task: "comment2context", repo: "acme/widgets", files: ["widgets/layout.py"] },
        { sample_id: f.ids.givenInGold, task: "code2test", repo: "acme/widgets", files: ["widgets/core.py"] },
      ],
    });
    expect(r.markdown).toMatch(/## Given files taken out of gold \(2\)/);
    expect(r.markdown).toMatch(/- `c2c-released` \(comment2context, acme\/widgets\): widgets\/layout.py/);
    // Its derived gold named a test the pull request added: left out of gold, counted.
    expect(r.report.dropped_paths).toEqual({ given: 0, supporting: 0, distractor: 0, derived_gold: 1 });
    expect(r.markdown).toMatch(/1 comment2context gold file read from a record's other files \(no must-context files\) was not a corpus file at the base commit/);

    // Two snapshots (the samples on widgets' base share one); the binary file is left out.
    expect(r.report.corpus.snapshots).toBe(2);
    const widgets = r.report.snapshots.find((s) => s.repo === "acme/widgets")!;
    expect(widgets.files).toBe(Object.keys(WIDGETS_BASE).length - 1);
    expect(widgets.excluded.binary).toBe(1);
    // widgets/__init__.py is empty, as no other file: every blob is stored once.
    expect(r.report.corpus.unique_blobs).toBe(r.report.corpus.files);

    const v = await loadRepoVersion(r.versionId);
    expect(v.samples.map((s) => s.sampleId)).toEqual([f.ids.code2test, f.ids.comment2context, f.ids.trace2code, f.ids.edit2ripple, f.ids.natural, f.ids.counterfactual, f.ids.releasedC2c, f.ids.givenInGold]);
    const [c2t, c2c, t2c, e2r, nat, cf, released, givenInGold] = v.samples;
    // The released shape: gold is what the review led to beyond the reviewed file; the reviewed
    // file is given, and files that became gold are no longer distractors.
    expect(released).toMatchObject({ task: "comment2context", gold: ["widgets/core.py", "tests/test_layout.py"], given: ["widgets/layout.py"], supporting: [], distractors: ["docs/guide.md"] });
    expect(givenInGold).toMatchObject({ task: "code2test", gold: ["tests/test_core.py"], given: ["widgets/core.py"] });
    expect(c2t).toMatchObject({ task: "code2test", gold: ["tests/test_core.py"], given: ["widgets/core.py"], distractors: ["widgets/layout.py"] });
    expect(c2c).toMatchObject({ task: "comment2context", gold: ["widgets/util.py", "widgets/core.py"], given: ["widgets/layout.py"], supporting: ["tests/test_layout.py"] });
    expect(t2c).toMatchObject({ task: "trace2code", gold: ["gears/gear.go"], supporting: ["gears/gear_test.go"] });
    expect(e2r).toMatchObject({ task: "edit2ripple", given: ["widgets/util.py"] });
    expect(nat).toMatchObject({ task: "nogold_natural", gold: [], noGoldReason: "upstream_dependency" });
    expect(cf).toMatchObject({ task: "nogold_counterfactual", gold: [], noGoldReason: "counterfactual_wrong_repo" });
    expect(c2t.queryText).toBe("changed_file: widgets/core.py\npr_body: The layout needs widgets twice as large; render_widget now doubles.\npr_title: Double the widget size in render_widget");
    expect(c2t.snapshot).toBe(c2c.snapshot);
    const core = c2t.snapshot.byPath.get("widgets/core.py")!;
    expect(core.content).toBe(countTokens(WIDGETS_BASE["widgets/core.py"]));
    expect(core.header).toBe(headerTokens("widgets/core.py"));

    // The same content again: nothing new; a new version on the same commits stores no new blob.
    const again = await importArbBenchmark({ samplesPath: f.samplesPath, reposDir: f.reposDir, meta: { slug, version: "v1" }, skipRefused: true });
    expect(again.created).toBe(false);
    const blobsBefore = await db().repoBlob.count();
    const v2 = await importArbBenchmark({ samplesPath: f.samplesPath, reposDir: f.reposDir, meta: { slug, version: "v2" }, skipRefused: true });
    expect(v2.created).toBe(true);
    expect(v2.report.snapshots.every((s) => s.reused)).toBe(true);
    expect(await db().repoBlob.count()).toBe(blobsBefore);
    const files = await db().benchmarkVersionFile.findMany({ where: { versionId: r.versionId }, select: { name: true } });
    expect(files.map((x) => x.name).sort()).toEqual(["benchmark.json", "corpus.jsonl", "import-report.json", "import-report.md", "samples.jsonl"]);
  });
});
