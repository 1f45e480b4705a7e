// Writes a submission's analysis. The payload (hundreds of KiB: one record per query) goes to
// Postgres as JSON text: the ORM's JSON input path walks it value by value and takes about a
// second per payload here, the text path a few milliseconds.
import type { Tx } from "@/lib/db/client";
import { ANALYSIS_ENGINE_VERSION, type SubmissionAnalysis } from "./analyze-submission";

export async function storeSubmissionAnalysis(tx: Tx, submissionId: string, analysis: SubmissionAnalysis): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO submission_analyses (submission_id, engine_version, computed_at, payload)
    VALUES (${submissionId}::uuid, ${ANALYSIS_ENGINE_VERSION}, now(), ${JSON.stringify(analysis)}::jsonb)
    ON CONFLICT (submission_id) DO UPDATE
      SET engine_version = EXCLUDED.engine_version, computed_at = EXCLUDED.computed_at, payload = EXCLUDED.payload`;
}

/** Sets each query's pass vector in one statement (one UPDATE per query costs ~1 ms each). */
export async function storePasses(tx: Tx, submissionId: string, passes: readonly { queryDbId: number; passes: readonly boolean[] }[]): Promise<number> {
  return tx.$executeRaw`
    UPDATE rankings AS r
    SET passes = ARRAY(SELECT jsonb_array_elements_text(v.p)::boolean)
    FROM jsonb_to_recordset(${JSON.stringify(passes.map((p) => ({ q: p.queryDbId, p: p.passes })))}::jsonb) AS v(q int, p jsonb)
    WHERE r.submission_id = ${submissionId}::uuid AND r.query_db_id = v.q`;
}
