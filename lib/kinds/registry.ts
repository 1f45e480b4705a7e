// Every kind of benchmark ExecBoard hosts, by the id stored in benchmarks.kind.
import { db, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { execRetrievalKind } from "./exec-retrieval";
import { repoRetrievalKind } from "./repo-retrieval";
import type { MetricTable } from "@/lib/submissions/serialize";
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

/** Every registered kind. */
export function allKinds(): readonly BenchmarkKind[] {
  return Object.values(KINDS);
}

/**
 * The kind whose metric families a metric table holds, for a client that has the table alone (the
 * CLI reads it from the API); null when no registered kind presents every name in it.
 */
export function kindOfMetricTable(table: MetricTable): BenchmarkKind | null {
  const names = Object.keys(table);
  return allKinds().find((k) => names.every((n) => k.presentation.metrics.some((m) => m.name === n))) ?? null;
}

/** A kind's primary metric with its label ("exec@1", "MRR"), as one-line summaries name it. */
export function primaryMetric(kind: BenchmarkKind): { name: string; k: number; label: string } {
  const { primary, summary, metrics } = kind.presentation;
  const label = summary.find((s) => s.name === primary.name && s.k === primary.k)?.label ?? `${metrics.find((m) => m.name === primary.name)?.label ?? primary.name}@${primary.k}`;
  return { ...primary, label };
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

/** The kind of the benchmark a submission was made to (NOT_FOUND for no such submission; says nothing of who may see it). */
export async function kindOfSubmission(id: string): Promise<BenchmarkKind> {
  const s = UUID.test(id) ? await db().submission.findUnique({ where: { id }, select: { version: { select: { benchmark: { select: { kind: true } } } } } }) : null;
  if (!s) throw new AppError("NOT_FOUND", `no submission ${id}`);
  return getKind(s.version.benchmark.kind);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A submission type of a kind by its id (submissions.kind). */
export function submissionTypeOf(kind: BenchmarkKind, id: string): SubmissionType {
  const t = kind.submissionTypes.find((s) => s.id === id);
  if (!t) throw new AppError("INTERNAL", `benchmarks of kind ${kind.id} take no submission of type ${id}`);
  return t;
}
