// `execboard benchmark import-arb <samples.jsonl> --repos <dir>`: a released samples file and
// the git repositories it names become a new, immutable version of a repository-retrieval
// benchmark. In order:
// 1. every record is read and normalized (read-samples.ts); malformed ones are refused;
// 2. each repository is found under --repos and each base commit in it (git, read-only);
//    every gold path must be a text file of the corpus at its base commit;
// 3. the leakage gates (leakage-gates.ts) leave out samples whose query gives the answer away;
// 4. each distinct (repository, base commit) becomes a snapshot, its files stored once as
//    content-addressed blobs (lib/repo-corpus), shared by every sample and version on it;
// 5. the version, its snapshots, samples and dataset files are written in one transaction.
// A refused sample fails the import, naming every one, unless `skipRefused`: then they are left
// out and listed in the report. Re-importing the same content is a no-op; other content under
// an existing version is refused.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { ArbIdentity } from "@/lib/construction/arb-mining/benchmark-identity";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { TreeEntry } from "@/lib/git/read-only-git";
import { ensureSnapshot, type SnapshotSummary } from "@/lib/repo-corpus/build-snapshot";
import { GitRepo } from "@/lib/repo-corpus/git-repo";
import { classifyTree } from "@/lib/repo-corpus/tree-files";
import { corpusText } from "@/lib/repo-files/file-text";
import { buildImportReport, type ImportReport } from "./import-report";
import { runLeakageGates, type GateHit } from "./leakage-gates";
import { readBenchmarkMeta } from "./benchmark-meta";
import { readSamples, type Refusal } from "./read-samples";
import { findRepo, repoCandidates } from "./repos-dir";
import type { NormalizedSample } from "./sample-format";
import { renderImportReport } from "./render-import-report";
import { versionFiles } from "./version-files";

export interface ArbImportOptions {
  samplesPath: string;
  reposDir: string;
  /** Overrides of benchmark.json (beside the samples file) and the defaults. */
  meta?: Partial<ArbIdentity>;
  skipRefused?: boolean;
  onProgress?: (message: string) => void;
}

export interface ArbImportResult {
  slug: string;
  version: string;
  versionId: number;
  created: boolean;
  report: ImportReport;
  markdown: string;
}

type Sample = NormalizedSample & { line: number };
export interface GatedSample {
  sample: Sample;
  hits: GateHit[];
}

interface Corpus {
  repo: string;
  commit: string;
  git: GitRepo;
  tree: TreeEntry[];
}

export async function importArbBenchmark(opts: ArbImportOptions): Promise<ArbImportResult> {
  const say = opts.onProgress ?? (() => undefined);
  const raw = await fs.promises.readFile(opts.samplesPath).catch((e: Error) => {
    throw new AppError("BAD_REQUEST", `cannot read ${opts.samplesPath}: ${e.message}`);
  });
  if (!fs.existsSync(opts.reposDir) || !fs.statSync(opts.reposDir).isDirectory()) throw new AppError("BAD_REQUEST", `--repos ${opts.reposDir} is not a directory`);
  const meta = readBenchmarkMeta(path.dirname(opts.samplesPath), opts.meta ?? {});
  const other = await db().benchmark.findUnique({ where: { slug: meta.slug }, select: { kind: true } });
  if (other && other.kind !== "repo_retrieval") throw new AppError("CONFLICT", `${meta.slug} is a benchmark of another kind (${other.kind}); choose another slug`);
  const read = readSamples(raw.toString("utf8"));
  const refused: Refusal[] = [...read.refused];
  say(`read ${read.records} records: ${read.samples.length} samples, ${read.refused.length} refused`);

  // Repositories and base commits.
  const repos = new Map<string, GitRepo | null>();
  for (const repo of new Set(read.samples.map((s) => s.repo))) {
    const dir = findRepo(opts.reposDir, repo);
    repos.set(repo, dir ? new GitRepo(dir) : null);
  }
  const corpora = new Map<string, Corpus>();
  const key = (repo: string, commit: string) => `${repo}@${commit}`;
  const usable: Sample[] = [];
  for (const s of read.samples) {
    const git = repos.get(s.repo)!;
    if (!git) {
      refused.push({ line: s.line, sampleId: s.sample_id, reason: `repository ${s.repo} is not under --repos (looked for ${repoCandidates(opts.reposDir, s.repo).map((c) => path.relative(opts.reposDir, c)).join(", ")})` });
      continue;
    }
    const k = key(s.repo, s.base_commit);
    if (!corpora.has(k)) {
      if (!(await git.hasCommit(s.base_commit))) {
        refused.push({ line: s.line, sampleId: s.sample_id, reason: `base commit ${s.base_commit} is not in ${s.repo} (${git.gitDir})` });
        continue;
      }
      corpora.set(k, { repo: s.repo, commit: s.base_commit, git, tree: await git.tree(s.base_commit) });
    }
    usable.push(s);
  }

  // Gold paths must be corpus files at the base commit (derived gold keeps those that are);
  // other named paths that are not are dropped.
  const dropped = { given: 0, supporting: 0, distractor: 0, derived_gold: 0 };
  const present: Sample[] = [];
  for (const s of usable) {
    const c = corpora.get(key(s.repo, s.base_commit))!;
    const problems = await goldProblems(c, s.gold_files);
    const gold = s.derived_gold ? s.gold_files.filter((g) => !problems.has(g)) : s.gold_files;
    if (s.derived_gold ? gold.length === 0 : problems.size > 0) {
      const reason = s.derived_gold
        ? `none of the files its record names beyond the given ones is a corpus file at ${s.base_commit.slice(0, 12)} (${[...problems.values()].join("; ")})`
        : problems.values().next().value!;
      refused.push({ line: s.line, sampleId: s.sample_id, reason });
      continue;
    }
    dropped.derived_gold += s.gold_files.length - gold.length;
    const inTree = new Set(c.tree.map((e) => e.path));
    const keep = (list: string[], what: keyof typeof dropped) => list.filter((p) => inTree.has(p) || (dropped[what]++, false));
    present.push({ ...s, gold_files: gold, given_files: keep(s.given_files, "given"), supporting_files: keep(s.supporting_files, "supporting"), distractor_files: keep(s.distractor_files, "distractor") });
  }

  refused.sort((a, b) => a.line - b.line);
  if (refused.length && !opts.skipRefused) {
    const list = refused.map((r) => `line ${r.line}${r.sampleId ? ` (${r.sampleId})` : ""}: ${r.reason}`);
    throw new AppError("BAD_REQUEST", `${refused.length} of ${read.records} samples refused; nothing was imported (pass --skip-refused to import the others):\n${list.slice(0, 50).join("\n")}${list.length > 50 ? `\n… and ${list.length - 50} more` : ""}`, { refused });
  }

  // Leakage gates.
  const gated: GatedSample[] = [];
  for (const s of present) {
    const c = corpora.get(key(s.repo, s.base_commit))!;
    const patch = s.fix_commit ? { added: await c.git.addedLines(s.fix_commit, s.gold_files), baseText: await goldTexts(c, s.gold_files) } : null;
    gated.push({ sample: s, hits: runLeakageGates(s, patch) });
  }
  const kept = gated.filter((g) => !g.hits.some((h) => h.fatal)).map((g) => g.sample);
  if (kept.length === 0) throw new AppError("BAD_REQUEST", `no sample passed every leakage gate (${gated.length} checked); nothing was imported`, { gates: gated.map((g) => ({ sampleId: g.sample.sample_id, hits: g.hits })) });

  // Snapshots of the base commits the kept samples need, in first-use order.
  const needed = [...new Set(kept.map((s) => key(s.repo, s.base_commit)))].map((k) => corpora.get(k)!);
  const snapshots: SnapshotSummary[] = [];
  for (const c of needed) {
    say(`snapshot ${c.repo}@${c.commit.slice(0, 12)}: ${c.tree.length} tree entries`);
    snapshots.push(await ensureSnapshot(c.git, c.repo, c.commit, c.tree));
  }
  const snapshotOf = new Map(snapshots.map((s) => [key(s.repo, s.commit), s.snapshotId]));
  const manifest = await db().repoSnapshotFile.findMany({
    where: { snapshotId: { in: snapshots.map((s) => s.snapshotId) } },
    select: { snapshotId: true, path: true, blobSha256: true, language: true, headerTokens: true, blob: { select: { bytes: true, lines: true, tokens: true } } },
  });
  // Corpus order: snapshots as the version lists them, paths as JavaScript compares them (never a
  // database collation), the order of the canonical chunks.
  const order = new Map(snapshots.map((s, i) => [s.snapshotId, i]));
  manifest.sort((a, b) => order.get(a.snapshotId)! - order.get(b.snapshotId)! || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

  const report = buildImportReport({ meta, samplesPath: opts.samplesPath, records: read.records, refused, skipRefused: !!opts.skipRefused, gated, kept, dropped, snapshots, manifest, repos: [...repos].map(([repo, git]) => ({ repo, gitDir: git?.gitDir ?? null })) });
  const markdown = renderImportReport(report);
  const files = versionFiles({ meta, kept, snapshots, manifest, report, markdown });
  const sourceSha256 = crypto.createHash("sha256").update(files.map((f) => `${f.name}\0${f.sha256}\n`).filter((_, i) => !files[i].name.startsWith("import-report")).join("")).digest("hex");

  const existing = await db().benchmarkVersion.findFirst({ where: { version: meta.version, benchmark: { slug: meta.slug } }, select: { id: true, sourceSha256: true } });
  if (existing) {
    if (existing.sourceSha256 !== sourceSha256) throw new AppError("CONFLICT", `${meta.slug} version ${meta.version} already exists with different content; versions are immutable, bump the version`);
    return { slug: meta.slug, version: meta.version, versionId: existing.id, created: false, report, markdown };
  }
  const versionId = await db().$transaction(
    async (tx) => {
      const b = await tx.benchmark.upsert({
        where: { slug: meta.slug },
        create: { slug: meta.slug, kind: "repo_retrieval", name: meta.name, description: meta.description, license: meta.license },
        update: { name: meta.name, description: meta.description, license: meta.license },
        select: { id: true },
      });
      const v = await tx.benchmarkVersion.create({
        data: { benchmarkId: b.id, version: meta.version, description: meta.description, sourceSha256, queryCount: kept.length, corpusCount: manifest.length },
        select: { id: true },
      });
      await tx.repoVersionSnapshot.createMany({ data: snapshots.map((s, position) => ({ versionId: v.id, snapshotId: s.snapshotId, position })) });
      await tx.repoSample.createMany({
        data: kept.map((s, position) => ({
          versionId: v.id,
          sampleId: s.sample_id,
          position,
          task: s.task,
          repo: s.repo,
          baseCommit: s.base_commit,
          snapshotId: snapshotOf.get(key(s.repo, s.base_commit))!,
          query: s.query as object,
          queryText: s.query_text,
          goldFiles: s.gold_files,
          givenFiles: s.given_files,
          supportingFiles: s.supporting_files,
          distractorFiles: s.distractor_files,
          noGoldReason: s.no_gold_reason,
          metadata: { ...s.metadata, fix_commit: s.fix_commit } as object,
        })),
      });
      await tx.benchmarkVersionFile.createMany({ data: files.map((f) => ({ versionId: v.id, name: f.name, content: f.content, sha256: f.sha256 })) });
      return v.id;
    },
    { timeout: 120_000 },
  );
  return { slug: meta.slug, version: meta.version, versionId, created: true, report, markdown };
}

async function goldTexts(c: Corpus, gold: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const entries = c.tree.filter((e) => gold.includes(e.path));
  const paths = new Map<string, string[]>();
  for (const e of entries) paths.set(e.oid, [...(paths.get(e.oid) ?? []), e.path]);
  await c.git.forEachBlob([...paths.keys()], (oid, bytes) => {
    const t = corpusText(bytes);
    if ("text" in t) for (const p of paths.get(oid)!) out.set(p, t.text);
  });
  return out;
}

// Why each gold file that is not a corpus file at the base commit is not (by path, in gold order).
async function goldProblems(c: Corpus, gold: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const byPath = new Map(c.tree.map((e) => [e.path, e]));
  const { candidates } = classifyTree(gold.map((g) => byPath.get(g)).filter((e): e is TreeEntry => e !== undefined));
  for (const g of gold) {
    const e = byPath.get(g);
    if (!e) out.set(g, `gold file ${g} is not in ${c.repo} at ${c.commit.slice(0, 12)}`);
    else if (!candidates.includes(e)) out.set(g, `gold file ${g} is not a corpus file at ${c.commit.slice(0, 12)} (${e.mode === "120000" ? "a symbolic link" : e.mode === "160000" ? "a submodule" : "larger than 1 MiB"})`);
  }
  const binary = new Set<string>();
  await c.git.forEachBlob(candidates.map((e) => e.oid), (oid, bytes) => {
    if ("excluded" in corpusText(bytes)) for (const e of candidates) if (e.oid === oid) binary.add(e.path);
  });
  for (const g of gold) if (binary.has(g)) out.set(g, `gold file ${g} is not a text file (binary or not UTF-8) at ${c.commit.slice(0, 12)}`);
  return new Map(gold.filter((g) => out.has(g)).map((g) => [g, out.get(g)!]));
}
