-- A failed scoring run's error as data (code and details), so the vendor's status page can
-- explain the failure and say what to change.
-- AlterTable
ALTER TABLE "evaluations" ADD COLUMN     "error_details" JSONB;
