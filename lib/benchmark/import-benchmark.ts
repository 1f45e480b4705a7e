import crypto from "node:crypto";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { hashTests, sha256 } from "@/lib/execution/hash";
import type { Sandbox } from "@/lib/sandbox/types";
import { checkIntegrity } from "./check-integrity";
import { CONTRACT_FILES, type BenchmarkData } from "./format";
import { readBenchmarkDir } from "./read-benchmark-dir";
import { verifyByExecution, type ExecutionReport } from "./verify-by-execution";

export interface ImportResult {
  slug: string;
  version: string;
  versionId: number;
  queries: number;
  corpus: number;
  created: boolean;
  execution: ExecutionReport | null;
  /** Things accepted but worth a maintainer's attention (e.g. legacy bug types). */
  notes: string[];
}

// Imports a benchmark directory as a new, immutable version. Re-importing identical content
// is a no-op; different content under an existing version number is refused. Nothing is
// written unless every check, including execution, passes, and then all in one transaction.
export async function importBenchmark(dir: string, sandbox: Sandbox): Promise<ImportResult> {
  const data = await readBenchmarkDir(dir);
  const { notes } = checkIntegrity(data);
  const { slug, version } = data.meta;

  const existing = await db().benchmarkVersion.findFirst({
    where: { version, benchmark: { slug } },
    select: { id: true, sourceSha256: true, queryCount: true, corpusCount: true },
  });
  if (existing) {
    if (existing.sourceSha256 !== data.sourceSha256) {
      throw new AppError("CONFLICT", `${slug} version ${version} already exists with different content; versions are immutable, bump the version`);
    }
    // A version imported before its files were kept gets them now (same content, same hash).
    if ((await db().benchmarkVersionFile.count({ where: { versionId: existing.id } })) === 0) {
      await db().benchmarkVersionFile.createMany({ data: fileRows(existing.id, data), skipDuplicates: true });
    }
    return { slug, version, versionId: existing.id, queries: existing.queryCount, corpus: existing.corpusCount, created: false, execution: null, notes };
  }

  const execution = await verifyByExecution(data, sandbox);
  if (execution.problems.length) {
    throw new AppError("BAD_REQUEST", `benchmark execution check failed: ${execution.problems.slice(0, 10).join("; ")}`, {
      problems: execution.problems,
    });
  }

  const versionId = await db().$transaction(
    async (tx) => {
      const benchmark = await tx.benchmark.upsert({
        where: { slug },
        create: { slug, name: data.meta.name, description: data.meta.description, license: data.meta.license },
        update: { name: data.meta.name, description: data.meta.description, license: data.meta.license },
        select: { id: true },
      });
      const v = await tx.benchmarkVersion.create({
        data: {
          benchmarkId: benchmark.id,
          version,
          description: data.meta.description,
          sourceSha256: data.sourceSha256,
          queryCount: data.queries.length,
          corpusCount: data.corpus.length,
        },
        select: { id: true },
      });
      await tx.query.createMany({
        data: data.queries.map((q, position) => ({
          versionId: v.id,
          queryId: q.query_id,
          position,
          functionName: q.function_name,
          domain: q.domain,
          text: q.query,
          tests: q.test_suite,
          testsHash: hashTests(q.test_suite),
          correctCorpusIds: q.correct_corpus_ids,
        })),
      });
      await tx.corpusItem.createMany({
        data: data.corpus.map((c, position) => ({
          versionId: v.id,
          corpusId: c.corpus_id,
          queryId: c.query_id,
          position,
          role: c.role,
          code: c.code,
          codeHash: sha256(c.code),
          bugType: c.bug_type ?? null,
          bugDescription: c.bug_description ?? null,
        })),
      });
      await tx.benchmarkVersionFile.createMany({ data: fileRows(v.id, data) });
      return v.id;
    },
    { timeout: 60_000 },
  );
  return { slug, version, versionId, queries: data.queries.length, corpus: data.corpus.length, created: true, execution, notes };
}

// The contract files as read from the directory: what a dataset download hands out.
function fileRows(versionId: number, data: BenchmarkData) {
  const files = data.files;
  if (!files) throw new Error("importBenchmark needs the files as read (readBenchmarkDir)");
  return CONTRACT_FILES.map((name) => {
    const content = Buffer.from(files[name], "utf8");
    return { versionId, name, content, sha256: crypto.createHash("sha256").update(content).digest("hex") };
  });
}
