// Replaces a version's paired comparisons in one INSERT … SELECT FROM unnest(…): thousands of
// rows through the ORM's createMany take seconds here, one array-parameter statement a few ms.
import type { Tx } from "@/lib/db/client";
import type { PairwiseComparison } from "./pairwise";

export async function storePairwise(tx: Tx, versionId: number, pairs: readonly PairwiseComparison[]): Promise<void> {
  await tx.$executeRaw`DELETE FROM pairwise_comparisons WHERE version_id = ${versionId}`;
  if (pairs.length === 0) return;
  const col = <T>(f: (p: PairwiseComparison) => T) => pairs.map(f);
  await tx.$executeRaw`
    INSERT INTO pairwise_comparisons (version_id, submission_a, submission_b, metric, k, a_value, b_value, delta, ci_low, ci_high, a_only, b_only, p_value, p_method)
    SELECT ${versionId}, * FROM unnest(
      ${col((p) => p.a)}::uuid[], ${col((p) => p.b)}::uuid[], ${col((p) => p.metric)}::text[], ${col((p) => p.k)}::int[],
      ${col((p) => p.aValue)}::float8[], ${col((p) => p.bValue)}::float8[], ${col((p) => p.delta)}::float8[],
      ${col((p) => p.ci95[0])}::float8[], ${col((p) => p.ci95[1])}::float8[],
      ${col((p) => p.aOnly)}::float8[], ${col((p) => p.bOnly)}::float8[], ${col((p) => p.pValue)}::float8[], ${col((p) => p.pMethod)}::text[])`;
}
