// A benchmark version's queries in benchmark order, with their distractors' bug types, and the
// version's domains and bug types, read once per version and process: versions are immutable.
// The memo key still carries the version's counts. Used by the query browser and Compare.
import { db } from "@/lib/db/client";
import { VersionedMemo } from "@/lib/db/versioned-memo";

export interface VersionQueries {
  queries: { queryId: string; functionName: string; domain: string; text: string; bugTypes: string[] }[];
  domains: string[];
  bugTypes: string[];
}

const versionQueriesMemo = new VersionedMemo<VersionQueries>(8);

async function loadVersionQueries(versionId: number): Promise<VersionQueries> {
  const [queries, distractors] = await Promise.all([
    db().query.findMany({ where: { versionId }, orderBy: { position: "asc" }, select: { queryId: true, functionName: true, domain: true, text: true } }),
    db().corpusItem.findMany({ where: { versionId, role: "distractor" }, select: { queryId: true, bugType: true } }),
  ]);
  const bugs = new Map<string, Set<string>>();
  for (const d of distractors) {
    if (!bugs.has(d.queryId)) bugs.set(d.queryId, new Set());
    bugs.get(d.queryId)!.add(d.bugType ?? "unspecified");
  }
  return {
    queries: queries.map((q) => ({ ...q, bugTypes: [...(bugs.get(q.queryId) ?? [])].sort() })),
    domains: [...new Set(queries.map((q) => q.domain))].sort(),
    bugTypes: [...new Set(distractors.map((x) => x.bugType ?? "unspecified"))].sort(),
  };
}

export function getVersionQueries(v: { id: number; queries: number; corpus: number }): Promise<VersionQueries> {
  return versionQueriesMemo.get(String(v.id), `${v.queries}:${v.corpus}`, () => loadVersionQueries(v.id));
}
