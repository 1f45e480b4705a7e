// Which kind a benchmark is, for the pages that render each kind their own way (null when there
// is no such benchmark: the page's own loader then answers 404).
import type { BenchmarkKind } from "@/lib/db/generated/enums";
import { db } from "@/lib/db/client";

export async function benchmarkKindOf(slug: string): Promise<BenchmarkKind | null> {
  return (await db().benchmark.findUnique({ where: { slug }, select: { kind: true } }))?.kind ?? null;
}

/** The kind of the benchmark a submission was made to, or null. */
export async function submissionKindOf(id: string): Promise<BenchmarkKind | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  return (await db().submission.findUnique({ where: { id }, select: { version: { select: { benchmark: { select: { kind: true } } } } } }))?.version.benchmark.kind ?? null;
}
