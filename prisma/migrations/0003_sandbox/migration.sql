-- Sandbox runner 2: each cached execution records which tests ran the old way, inside the
-- candidate's process (their verdicts are weaker evidence than the others').

-- AlterTable
ALTER TABLE "executions" ADD COLUMN     "in_process_tests" INTEGER[] DEFAULT ARRAY[]::INTEGER[];
