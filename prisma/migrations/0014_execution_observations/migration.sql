-- Per-test observations of the verdict side (the exception type a failing call raised, a
-- bounded repr of the value the candidate returned), for the drilldown; null where the runner
-- did not report them.
-- AlterTable
ALTER TABLE "executions" ADD COLUMN     "observations" JSONB;
