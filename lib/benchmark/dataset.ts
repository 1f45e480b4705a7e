import crypto from "node:crypto";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { writeStoredZip } from "@/lib/embeddings/write-zip";
import { AppError } from "@/lib/errors/app-error";
import { ARB_DATASET_FILES } from "@/lib/repo-benchmark/version-files";
import { CONTRACT_FILES } from "./format";

// A benchmark version as a reader downloads it: the contract files exactly as imported
// (benchmark.json, queries.jsonl, corpus.jsonl), a LICENSE.txt naming the licence and how to
// cite it, SHA256SUMS over those four, and all five in one zip. Everything is a function of the
// stored files, so the same version always downloads as the same bytes.

/** The query string of the dataset routes. */
export const datasetQuery = z.strictObject({ version: z.string().min(1).max(64).optional().describe("a version of the benchmark (default: the newest)") });

export interface DatasetFile {
  name: string;
  bytes: number;
  sha256: string;
  contentType: string;
}

export interface Dataset {
  slug: string;
  version: string;
  name: string;
  license: string;
  /** The one-archive download's file name, e.g. execretrieval-core-2.0.0.zip. */
  zipName: string;
  files: DatasetFile[];
}

interface Materialised extends Dataset {
  contents: Map<string, Buffer>;
}

const TYPES: Record<string, string> = {
  "benchmark.json": "application/json; charset=utf-8",
  "queries.jsonl": "application/x-ndjson; charset=utf-8",
  "corpus.jsonl": "application/x-ndjson; charset=utf-8",
  "samples.jsonl": "application/x-ndjson; charset=utf-8",
  "import-report.json": "application/json; charset=utf-8",
  "import-report.md": "text/markdown; charset=utf-8",
  "LICENSE.txt": "text/plain; charset=utf-8",
  SHA256SUMS: "text/plain; charset=utf-8",
};

const LICENSE_URLS: Record<string, string> = {
  "CC-BY-4.0": "https://creativecommons.org/licenses/by/4.0/",
  "CC-BY-SA-4.0": "https://creativecommons.org/licenses/by-sa/4.0/",
  "CC0-1.0": "https://creativecommons.org/publicdomain/zero/1.0/",
  MIT: "https://opensource.org/license/mit",
  "Apache-2.0": "https://www.apache.org/licenses/LICENSE-2.0",
};

const sha = (b: Buffer) => crypto.createHash("sha256").update(b).digest("hex");

async function load(slug: string, version: string | undefined): Promise<Materialised> {
  const v = await db().benchmarkVersion.findFirst({
    where: { benchmark: { slug }, ...(version ? { version } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { version: true, benchmark: { select: { slug: true, name: true, license: true, kind: true } }, files: { select: { name: true, content: true } } },
  });
  if (!v) throw new AppError("NOT_FOUND", version ? `no version ${version} of benchmark ${slug}` : `no benchmark named ${slug}`);
  const contents = new Map<string, Buffer>();
  const repo = v.benchmark.kind === "repo_retrieval";
  for (const name of repo ? ARB_DATASET_FILES : CONTRACT_FILES) {
    const f = v.files.find((x) => x.name === name);
    if (!f) throw new AppError("NOT_FOUND", `${slug} ${v.version} has no stored ${name}; import its directory again to make it downloadable`);
    contents.set(name, Buffer.from(f.content));
  }
  const { slug: s, name, license } = v.benchmark;
  contents.set("LICENSE.txt", Buffer.from(licenseText(s, name, v.version, license, repo), "utf8"));
  const sums = [...contents.entries()].map(([n, b]) => `${sha(b)}  ${n}\n`).join("");
  contents.set("SHA256SUMS", Buffer.from(sums, "utf8"));
  const files = [...contents.entries()].map(([n, b]) => ({ name: n, bytes: b.length, sha256: sha(b), contentType: TYPES[n] }));
  return { slug: s, version: v.version, name, license, zipName: `${s}-${v.version}.zip`, files, contents };
}

function licenseText(slug: string, name: string, version: string, license: string, repo: boolean): string {
  const url = LICENSE_URLS[license];
  return [
    `${name} (${slug}) version ${version}`,
    "",
    `Licensed under ${license}${url ? `: ${url}` : ""}.`,
    "",
    "When you use or share it, give appropriate credit: name the benchmark and its version,",
    "link to where you obtained it, and say whether you changed it.",
    "",
    ...(repo
      ? [
          "The files in this download: benchmark.json (what the benchmark is), samples.jsonl (one",
          "sample per line: task, repository, base commit, query fields and the canonical query",
          "text, gold, given, supporting and distractor files, no-gold reason), corpus.jsonl (one",
          "corpus file per line: snapshot, path, content SHA-256, language, size, lines, tokens,",
          "canonical chunks), import-report.json and .md (what each leakage gate caught), SHA256SUMS.",
          "Corpus files keep the licenses of their repositories; their text is served by",
          "GET /api/v1/benchmarks/{slug}/corpus.",
        ]
      : [
          "The files in this download: benchmark.json (what the benchmark is), queries.jsonl (one",
          "task per line: query, function name, domain, test suite, the ids of its correct snippets),",
          "corpus.jsonl (one snippet per line: the canonical implementations and the mechanically",
          "generated distractors with their bug types), SHA256SUMS (checksums of every file).",
        ]),
    "",
  ].join("\n");
}

/** What a version's download holds: file names, sizes and checksums (the newest version when none is named). */
export async function describeDataset(slug: string, version?: string): Promise<Dataset> {
  const { contents: _contents, ...dataset } = await load(slug, version);
  return dataset;
}

/** One file of the download, or the whole zip when `name` is the dataset's zipName. */
export async function datasetFile(slug: string, name: string, version?: string): Promise<{ name: string; content: Buffer; contentType: string; sha256: string }> {
  const d = await load(slug, version);
  if (name === d.zipName || name === "dataset.zip") {
    const folder = `${d.slug}-${d.version}`;
    const zip = writeStoredZip([...d.contents.entries()].map(([n, b]) => ({ name: `${folder}/${n}`, chunks: [b] })));
    return { name: d.zipName, content: zip, contentType: "application/zip", sha256: sha(zip) };
  }
  const content = d.contents.get(name);
  if (!content) throw new AppError("NOT_FOUND", `no file ${name} in ${d.slug} ${d.version}; the download holds ${[...d.contents.keys(), d.zipName].join(", ")}`);
  return { name, content, contentType: TYPES[name], sha256: sha(content) };
}
