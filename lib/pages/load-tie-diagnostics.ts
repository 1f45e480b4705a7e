// The tie diagnostics (the edit-blind flag) of submissions a maintainer reviews or a vendor watches, from their
// stored analyses of the current scoring engine: only the small `ties` member of each payload.
// A submission without one (still running, failed, or awaiting its re-score) has no entry.
import { ANALYSIS_ENGINE_VERSION } from "@/lib/analysis/analyze-submission";
import type { TieDiagnostics } from "@/lib/analysis/ties";
import { db } from "@/lib/db/client";

export async function loadTieDiagnostics(ids: readonly string[]): Promise<Map<string, TieDiagnostics>> {
  if (ids.length === 0) return new Map();
  const rows = await db().$queryRaw<{ submission_id: string; ties: TieDiagnostics | null }[]>`
    SELECT submission_id::text AS submission_id, payload->'ties' AS ties FROM submission_analyses
    WHERE submission_id = ANY(${[...ids]}::uuid[]) AND engine_version = ${ANALYSIS_ENGINE_VERSION}`;
  return new Map(rows.flatMap((r) => (r.ties ? [[r.submission_id, r.ties] as const] : [])));
}
