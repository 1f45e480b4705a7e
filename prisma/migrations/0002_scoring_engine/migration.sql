-- Scoring engine: submission kind (embeddings | ranking), stored per-submission analyses,
-- cross-submission analyses per benchmark version and paired comparisons.

-- CreateEnum
CREATE TYPE "SubmissionKind" AS ENUM ('embeddings', 'ranking');

-- AlterTable
ALTER TABLE "submissions" ADD COLUMN     "kind" "SubmissionKind" NOT NULL DEFAULT 'embeddings';

-- CreateTable
CREATE TABLE "submission_analyses" (
    "submission_id" UUID NOT NULL,
    "engine_version" INTEGER NOT NULL,
    "computed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "payload" JSONB NOT NULL,

    CONSTRAINT "submission_analyses_pkey" PRIMARY KEY ("submission_id")
);

-- CreateTable
CREATE TABLE "version_analyses" (
    "version_id" INTEGER NOT NULL,
    "engine_version" INTEGER NOT NULL,
    "computed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "submission_ids" UUID[],
    "payload" JSONB NOT NULL,

    CONSTRAINT "version_analyses_pkey" PRIMARY KEY ("version_id")
);

-- CreateTable
CREATE TABLE "pairwise_comparisons" (
    "version_id" INTEGER NOT NULL,
    "submission_a" UUID NOT NULL,
    "submission_b" UUID NOT NULL,
    "metric" TEXT NOT NULL,
    "k" INTEGER NOT NULL,
    "a_value" DOUBLE PRECISION NOT NULL,
    "b_value" DOUBLE PRECISION NOT NULL,
    "delta" DOUBLE PRECISION NOT NULL,
    "ci_low" DOUBLE PRECISION NOT NULL,
    "ci_high" DOUBLE PRECISION NOT NULL,
    "a_only" INTEGER,
    "b_only" INTEGER,
    "p_value" DOUBLE PRECISION,

    CONSTRAINT "pairwise_comparisons_pkey" PRIMARY KEY ("version_id","submission_a","submission_b","metric","k")
);

-- CreateIndex
CREATE INDEX "pairwise_comparisons_submission_a_idx" ON "pairwise_comparisons"("submission_a");

-- CreateIndex
CREATE INDEX "pairwise_comparisons_submission_b_idx" ON "pairwise_comparisons"("submission_b");

-- AddForeignKey
ALTER TABLE "submission_analyses" ADD CONSTRAINT "submission_analyses_submission_id_fkey" FOREIGN KEY ("submission_id") REFERENCES "submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "version_analyses" ADD CONSTRAINT "version_analyses_version_id_fkey" FOREIGN KEY ("version_id") REFERENCES "benchmark_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pairwise_comparisons" ADD CONSTRAINT "pairwise_comparisons_version_id_fkey" FOREIGN KEY ("version_id") REFERENCES "benchmark_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pairwise_comparisons" ADD CONSTRAINT "pairwise_comparisons_submission_a_fkey" FOREIGN KEY ("submission_a") REFERENCES "submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pairwise_comparisons" ADD CONSTRAINT "pairwise_comparisons_submission_b_fkey" FOREIGN KEY ("submission_b") REFERENCES "submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

