// Every kind of benchmark ExecBoard hosts, by the id stored in benchmarks.kind.
import { db, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { execRetrievalKind } from "./exec-retrieval";
import { repoRetrievalKind } from "./repo-retrieval";
import type { BenchmarkKind, BenchmarkKindId, SubmissionType } from "./kind";

const KINDS: Record<BenchmarkKindId, BenchmarkKind> = {
  exec_retrieval: execRetrievalKind,
  repo_retrieval: repoRetrievalKind,
};

export function getKind(id: BenchmarkKindId): BenchmarkKind {
  const kind = KINDS[id];
  if (!kind) throw new AppError("INTERNAL", `no benchmark kind ${id}`);
  return kind;
}

/** The kind of a benchmark version. */
export async function kindOfVersion(versionId: number, tx?: Tx): Promise<BenchmarkKind> {
  const v = await (tx ?? db()).benchmarkVersion.findUnique({ where: { id: versionId }, select: { benchmark: { select: { kind: true } } } });
  if (!v) throw new AppError("NOT_FOUND", `no benchmark version ${versionId}`);
  return getKind(v.benchmark.kind);
}

/** The kind of a benchmark, by its slug. */
export async function kindOfBenchmark(slug: string): Promise<BenchmarkKind> {
  const b = await db().benchmark.findUnique({ where: { slug }, select: { kind: true } });
  if (!b) throw new AppError("NOT_FOUND", `no benchmark named ${slug}`);
  return getKind(b.kind);
}

/** A submission type of a kind by its id (submissions.kind). */
export function submissionTypeOf(kind: BenchmarkKind, id: string): SubmissionType {
  const t = kind.submissionTypes.find((s) => s.id === id);
  if (!t) throw new AppError("INTERNAL", `benchmarks of kind ${kind.id} take no submission of type ${id}`);
  return t;
}
