-- Tie-aware scoring (engine 2): per-query exec@k values are expectations over the orders of
-- exactly tied snippets, so a pair's discordant counts are expected counts (fractions) and its
-- p-value comes from the paired sign-flip test, exact or Monte Carlo (p_method). Evaluations
-- record the scoring engine whose definitions their metrics follow (null: before engine 2).
-- AlterTable
ALTER TABLE "pairwise_comparisons" ADD COLUMN     "p_method" TEXT,
ALTER COLUMN "a_only" SET DATA TYPE DOUBLE PRECISION,
ALTER COLUMN "b_only" SET DATA TYPE DOUBLE PRECISION;

-- AlterTable
ALTER TABLE "evaluations" ADD COLUMN     "scoring_engine" INTEGER;

-- Engine-1 analyses and paired statistics are derived data in a shape engine 2 does not read;
-- they are rebuilt when each published submission is re-scored (the workers queue that once
-- after an upgrade: lib/rescore/request-engine-upgrade.ts). Metrics and rankings stay until then.
DELETE FROM "submission_analyses" WHERE "engine_version" < 2;
DELETE FROM "version_analyses" WHERE "engine_version" < 2;
DELETE FROM "pairwise_comparisons";
