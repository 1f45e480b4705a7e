// The public "Submit a model" guide, per kind of benchmark. Unasked, it shows an
// execution-grounded benchmark even when a repository-retrieval one sorts first; asked for a
// repository-retrieval benchmark, it describes that track's files (run files, chunk embeddings)
// with ids, paths and chunks read from the version itself, and never the first track's.
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUIDE_SECTIONS, GuideSteps } from "@/components/submit/guide-steps";
import { REPO_GUIDE_SECTIONS, RepoGuideSteps } from "@/components/submit/repo-guide-steps";
import { db, disconnectDb } from "@/lib/db/client";
import { getSubmitGuide } from "@/lib/pages/submit-guide";
import { importArbBenchmark } from "@/lib/repo-benchmark/import-arb";
import { loadRepoVersion, versionChunkIds } from "@/lib/repo-benchmark/load-version";
import { buildArbFixture, type ArbFixture } from "../repo-benchmark/fixture";
import { importDemo } from "../integration/helpers";

const ORIGIN = "https://board.example";
const sectionIds = (html: string) => [...html.matchAll(/<section id="([^"]+)"/g)].map((m) => m[1]);
/** The text of a CodeBlock by its title (HTML entities decoded as a reader sees them). */
function codeBlock(html: string, title: string): string {
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const m = html.match(new RegExp(`<pre[^>]*aria-label="${escaped}"[^>]*><code>([\\s\\S]*?)</code></pre>`));
  if (!m) throw new Error(`no code block titled ${title}`);
  return m[1].replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

describe("the submit guide's default benchmark", () => {
  const slug = `aaa-repo-${Date.now()}`;
  beforeAll(async () => {
    await importDemo();
    await db().benchmark.create({
      data: { slug, kind: "repo_retrieval", name: "Repository first", description: "sorts first", license: "MIT", versions: { create: { version: "v1", description: "v1", sourceSha256: "0".repeat(64), queryCount: 1, corpusCount: 1 } } },
    });
  });
  afterAll(async () => {
    await db().benchmark.delete({ where: { slug } });
  });

  it("is the first execution-grounded benchmark, though it lists every benchmark", async () => {
    const guide = await getSubmitGuide();
    expect(guide.benchmarks.map((b) => b.slug)).toContain(slug);
    expect(slug < guide.benchmark!.slug).toBe(true); // the repository benchmark sorts first
    expect(guide.benchmark!.kind).toBe("exec_retrieval");
    expect(guide.benchmark!.repo).toBeNull();
  });

  it("shows a repository-retrieval benchmark when asked for by name, empty when its files are not stored", async () => {
    const b = (await getSubmitGuide(slug)).benchmark!;
    expect(b).toMatchObject({ slug, kind: "repo_retrieval", dataset: null, repo: { samples: 0, files: 0, chunks: 0, example: null } });
  });
});

describe("the execution-grounded guide", () => {
  it("is the embeddings and ranking-file guide, executed in a sandbox", async () => {
    const guide = await getSubmitGuide("execretrieval-demo");
    const html = renderToStaticMarkup(h(GuideSteps, { guide, origin: ORIGIN, signedIn: false }));
    expect(sectionIds(html)).toEqual(GUIDE_SECTIONS.map(([id]) => id));
    expect(html).toContain("queries.jsonl");
    expect(codeBlock(html, "execboard CLI")).toContain("npx execboard submit embeddings.npz --benchmark execretrieval-demo");
    expect(html).toMatch(/executing<\/strong> each query&#x27;s top 10/);
    expect(html).not.toContain("run.trec");
  });
});

describe("the repository-retrieval guide", () => {
  const slug = `arb-guide-${Date.now()}`;
  let f: ArbFixture;
  let versionId: number;
  beforeAll(async () => {
    f = buildArbFixture();
    versionId = (await importArbBenchmark({ samplesPath: f.samplesPath, reposDir: f.reposDir, meta: { slug, version: "v1", name: "Guide check" }, skipRefused: true })).versionId;
  }, 120_000);
  afterAll(async () => {
    f?.cleanup();
    await disconnectDb();
  });

  it("reads the version: samples by task, repositories, files, chunks and real ids for its examples", async () => {
    const v = await loadRepoVersion(versionId);
    const b = (await getSubmitGuide(slug)).benchmark!;
    expect(b.kind).toBe("repo_retrieval");
    const r = b.repo!;
    expect(r.samples).toBe(v.samples.length);
    expect(r.sampleIds).toEqual(v.samples.map((s) => s.sampleId));
    expect(r.repositories).toBe(2);
    expect(r.files).toBe(v.snapshots.reduce((n, s) => n + s.files.length, 0));
    const chunks = versionChunkIds(v);
    expect(r.chunks).toBe(chunks.length);
    expect(r.tasks.reduce((n, t) => n + t.samples, 0)).toBe(v.samples.length);
    expect(r).toMatchObject({ runDepth: 100, chunkLines: 50, recallKs: [5, 10, 20], budgets: [4000, 8000, 16000, 32000] });
    // The example is a real sample, two of its snapshot's files (not its gold), and chunks of the first.
    const sample = v.samples.find((s) => s.sampleId === r.example!.sampleId)!;
    expect(r.example!.snapshot).toBe(sample.snapshot.key);
    expect(r.example!.paths).toHaveLength(2);
    for (const p of r.example!.paths) {
      expect(sample.snapshot.byPath.has(p)).toBe(true);
      expect(sample.gold).not.toContain(p);
    }
    for (const c of r.example!.chunkIds) expect(chunks).toContain(c);
    expect(r.example!.chunkIds[0]).toBe(`${sample.snapshot.key}/${r.example!.paths[0]}#L1-${Math.min(50, sample.snapshot.byPath.get(r.example!.paths[0])!.lines)}`);
    // The download is the track's own files, each with its size and checksum.
    expect(b.dataset!.files.map((x) => x.name)).toEqual(["benchmark.json", "samples.jsonl", "corpus.jsonl", "import-report.json", "import-report.md", "LICENSE.txt", "SHA256SUMS"]);
    for (const x of b.dataset!.files) expect(x.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("renders the track's own steps: run files with examples from the version, chunk embeddings, upload commands, no execution", async () => {
    const guide = await getSubmitGuide(slug);
    const r = guide.benchmark!.repo!;
    const [a, b] = r.example!.paths;
    const html = renderToStaticMarkup(h(RepoGuideSteps, { guide, origin: ORIGIN, signedIn: false }));
    expect(sectionIds(html)).toEqual(REPO_GUIDE_SECTIONS.map(([id]) => id));
    expect(codeBlock(html, "TREC (run.trec): sample_id Q0 path rank score tag")).toBe(`${r.example!.sampleId} Q0 ${a} 1 12.5 my-run\n${r.example!.sampleId} Q0 ${b} 2 9.75 my-run`);
    expect(JSON.parse(codeBlock(html, "JSON lines (run.jsonl): one sample a line"))).toEqual({ sample_id: r.example!.sampleId, files: [a, b], scores: [12.5, 9.75], abstention: 0.1 });
    expect(codeBlock(html, "Chunk ids").split("\n")).toEqual(r.example!.chunkIds);
    expect(codeBlock(html, "execboard CLI")).toContain(`npx execboard submit run.trec --benchmark ${slug}`);
    expect(codeBlock(html, "curl")).toContain(`-F file=@run.trec -F kind=run_trec`);
    expect(codeBlock(html, "curl")).toContain(`${ORIGIN}/api/v1/benchmarks/${slug}/submissions`);
    expect(codeBlock(html, "The corpus text")).toBe(`curl -fL "${ORIGIN}/api/v1/benchmarks/${slug}/corpus?version=v1" -o corpus-text.jsonl`);
    expect(html).toContain("at most 100 files a sample");
    expect(html).toContain("Nothing is executed.");
    expect(html).toContain(`href="/methodology#repo-retrieval"`);
    for (const x of guide.benchmark!.dataset!.files) expect(html).toContain(x.sha256);
    // None of the first track's words.
    for (const word of ["queries.jsonl", "exec@k", "sandbox", "top 10", "embeddings.npz"]) expect(html).not.toContain(word);
  });
});
