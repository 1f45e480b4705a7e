// The tie diagnostics (the edit-blind flag) of several submissions, read from their stored
// analyses: only the small `ties` member of each payload, and only analyses of the current
// scoring engine. A submission without one (still running, failed, or awaiting its re-score)
// has no entry. For the leaderboard, the review queue and item, and the vendor's status page.
import { db } from "@/lib/db/client";
import { ANALYSIS_ENGINE_VERSION } from "./analyze-submission";
import type { TieDiagnostics } from "./ties";

export async function loadTies(submissionIds: readonly string[]): Promise<Map<string, TieDiagnostics>> {
  if (submissionIds.length === 0) return new Map();
  const rows = await db().$queryRaw<{ submission_id: string; ties: TieDiagnostics | null }[]>`
    SELECT submission_id::text AS submission_id, payload->'ties' AS ties FROM submission_analyses
    WHERE submission_id = ANY(${[...submissionIds]}::uuid[]) AND engine_version = ${ANALYSIS_ENGINE_VERSION}`;
  return new Map(rows.flatMap((r) => (r.ties ? [[r.submission_id, r.ties] as const] : [])));
}
