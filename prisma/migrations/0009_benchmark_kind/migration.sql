-- Benchmark kinds (lib/kinds): every benchmark names the kind that defines its submissions,
-- scoring and pages. Every existing benchmark is execution-grounded code retrieval.
-- CreateEnum
CREATE TYPE "BenchmarkKind" AS ENUM ('exec_retrieval');

-- AlterTable
ALTER TABLE "benchmarks" ADD COLUMN     "kind" "BenchmarkKind" NOT NULL DEFAULT 'exec_retrieval';
