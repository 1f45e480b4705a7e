-- Provenance and re-scoring: one evaluations row per scoring run (benchmark version, runner
-- version, sandbox image, ExecBoard version; failure stage, error and log), its metrics kept per
-- run, the submission pointing at its current run; bulk re-score batches; resumable uploads.
-- CreateEnum
CREATE TYPE "EvaluationTrigger" AS ENUM ('submission', 'rerun', 'rescore');

-- CreateEnum
CREATE TYPE "EvaluationStatus" AS ENUM ('pending', 'running', 'scored', 'failed');

-- CreateEnum
CREATE TYPE "UploadStatus" AS ENUM ('open', 'completing', 'completed', 'failed', 'cancelled');

-- AlterTable
ALTER TABLE "submissions" ADD COLUMN     "current_evaluation_id" UUID;

-- CreateTable
CREATE TABLE "evaluations" (
    "id" UUID NOT NULL,
    "submission_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "trigger" "EvaluationTrigger" NOT NULL,
    "status" "EvaluationStatus" NOT NULL,
    "rescore_batch_id" UUID,
    "benchmark_version" TEXT NOT NULL,
    "benchmark_sha256" TEXT NOT NULL,
    "runner_version" TEXT,
    "sandbox_backend" TEXT,
    "sandbox_image" TEXT,
    "execboard_version" TEXT,
    "execboard_commit" TEXT,
    "worker" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "failed_stage" TEXT,
    "error" TEXT,
    "log" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "evaluations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "evaluation_metrics" (
    "evaluation_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "k" INTEGER NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "ci_low" DOUBLE PRECISION NOT NULL,
    "ci_high" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "evaluation_metrics_pkey" PRIMARY KEY ("evaluation_id","name","k")
);

-- CreateTable
CREATE TABLE "rescore_batches" (
    "id" UUID NOT NULL,
    "benchmark_id" INTEGER NOT NULL,
    "scope" TEXT NOT NULL,
    "reason" TEXT,
    "actor_id" UUID,
    "actor_label" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rescore_batches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "upload_sessions" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "benchmark_slug" TEXT NOT NULL,
    "size" BIGINT NOT NULL,
    "received_bytes" BIGINT NOT NULL DEFAULT 0,
    "declared_sha256" TEXT,
    "kind" TEXT,
    "filename" TEXT,
    "status" "UploadStatus" NOT NULL DEFAULT 'open',
    "error" TEXT,
    "submission_id" UUID,
    "lease_until" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "upload_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "evaluations_rescore_batch_id_idx" ON "evaluations"("rescore_batch_id");

-- CreateIndex
CREATE INDEX "evaluations_status_idx" ON "evaluations"("status");

-- CreateIndex
CREATE UNIQUE INDEX "evaluations_submission_id_seq_key" ON "evaluations"("submission_id", "seq");

-- CreateIndex
CREATE INDEX "rescore_batches_benchmark_id_created_at_idx" ON "rescore_batches"("benchmark_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "upload_sessions_submission_id_key" ON "upload_sessions"("submission_id");

-- CreateIndex
CREATE INDEX "upload_sessions_user_id_status_idx" ON "upload_sessions"("user_id", "status");

-- CreateIndex
CREATE INDEX "upload_sessions_expires_at_idx" ON "upload_sessions"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "submissions_current_evaluation_id_key" ON "submissions"("current_evaluation_id");

-- AddForeignKey
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_current_evaluation_id_fkey" FOREIGN KEY ("current_evaluation_id") REFERENCES "evaluations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_submission_id_fkey" FOREIGN KEY ("submission_id") REFERENCES "submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_rescore_batch_id_fkey" FOREIGN KEY ("rescore_batch_id") REFERENCES "rescore_batches"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evaluation_metrics" ADD CONSTRAINT "evaluation_metrics_evaluation_id_fkey" FOREIGN KEY ("evaluation_id") REFERENCES "evaluations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rescore_batches" ADD CONSTRAINT "rescore_batches_benchmark_id_fkey" FOREIGN KEY ("benchmark_id") REFERENCES "benchmarks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "upload_sessions" ADD CONSTRAINT "upload_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "upload_sessions" ADD CONSTRAINT "upload_sessions_submission_id_fkey" FOREIGN KEY ("submission_id") REFERENCES "submissions"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Results scored before provenance was recorded become each submission's first evaluation,
-- with what is still known (the benchmark version) and the rest left unknown (NULL).
INSERT INTO "evaluations" ("id", "submission_id", "seq", "trigger", "status", "benchmark_version", "benchmark_sha256", "created_at", "started_at", "finished_at", "log")
SELECT gen_random_uuid(), s."id", 1, 'submission', 'scored', v."version", v."source_sha256", s."created_at", s."created_at", COALESCE(s."scored_at", s."updated_at"),
       'scored before provenance was recorded: runner, sandbox image and ExecBoard version unknown'
FROM "submissions" s JOIN "benchmark_versions" v ON v."id" = s."version_id"
WHERE EXISTS (SELECT 1 FROM "metrics" m WHERE m."submission_id" = s."id");

INSERT INTO "evaluation_metrics" ("evaluation_id", "name", "k", "value", "ci_low", "ci_high")
SELECT e."id", m."name", m."k", m."value", m."ci_low", m."ci_high"
FROM "metrics" m JOIN "evaluations" e ON e."submission_id" = m."submission_id";

UPDATE "submissions" s SET "current_evaluation_id" = e."id" FROM "evaluations" e WHERE e."submission_id" = s."id";
