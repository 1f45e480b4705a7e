-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('vendor', 'maintainer', 'admin');

-- CreateEnum
CREATE TYPE "CorpusRole" AS ENUM ('canonical', 'distractor');

-- CreateEnum
CREATE TYPE "Similarity" AS ENUM ('cosine', 'dot');

-- CreateEnum
CREATE TYPE "SubmissionStatus" AS ENUM ('queued', 'validating', 'ranking', 'executing', 'scoring', 'scored', 'failed', 'published', 'rejected');

-- CreateTable
CREATE TABLE "benchmarks" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "license" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "benchmarks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "benchmark_versions" (
    "id" SERIAL NOT NULL,
    "benchmark_id" INTEGER NOT NULL,
    "version" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "source_sha256" TEXT NOT NULL,
    "query_count" INTEGER NOT NULL,
    "corpus_count" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "benchmark_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "queries" (
    "id" SERIAL NOT NULL,
    "version_id" INTEGER NOT NULL,
    "query_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "function_name" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "tests" TEXT[],
    "tests_hash" TEXT NOT NULL,
    "correct_corpus_ids" TEXT[],

    CONSTRAINT "queries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "corpus_items" (
    "id" SERIAL NOT NULL,
    "version_id" INTEGER NOT NULL,
    "corpus_id" TEXT NOT NULL,
    "query_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "role" "CorpusRole" NOT NULL,
    "code" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "bug_type" TEXT,
    "bug_description" TEXT,

    CONSTRAINT "corpus_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "role" "Role" NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_tokens" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMP(3),
    "expires_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),

    CONSTRAINT "api_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "submissions" (
    "id" UUID NOT NULL,
    "version_id" INTEGER NOT NULL,
    "user_id" UUID NOT NULL,
    "status" "SubmissionStatus" NOT NULL DEFAULT 'queued',
    "progress_done" INTEGER NOT NULL DEFAULT 0,
    "progress_total" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "model_name" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "similarity" "Similarity" NOT NULL,
    "metadata" JSONB NOT NULL,
    "is_baseline" BOOLEAN NOT NULL DEFAULT false,
    "dims" INTEGER NOT NULL,
    "dtype" TEXT NOT NULL,
    "file_sha256" TEXT NOT NULL,
    "file_bytes" BIGINT NOT NULL,
    "storage_key" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "scored_at" TIMESTAMP(3),
    "published_at" TIMESTAMP(3),

    CONSTRAINT "submissions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "submission_events" (
    "id" BIGSERIAL NOT NULL,
    "submission_id" UUID NOT NULL,
    "status" "SubmissionStatus" NOT NULL,
    "message" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "submission_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rankings" (
    "submission_id" UUID NOT NULL,
    "query_db_id" INTEGER NOT NULL,
    "top_corpus_ids" INTEGER[],
    "top_scores" DOUBLE PRECISION[],
    "watched_corpus_ids" INTEGER[],
    "watched_scores" DOUBLE PRECISION[],
    "passes" BOOLEAN[],

    CONSTRAINT "rankings_pkey" PRIMARY KEY ("submission_id","query_db_id")
);

-- CreateTable
CREATE TABLE "executions" (
    "id" BIGSERIAL NOT NULL,
    "code_hash" TEXT NOT NULL,
    "tests_hash" TEXT NOT NULL,
    "runner_version" TEXT NOT NULL,
    "outcomes" TEXT[],
    "passed" BOOLEAN NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "backend" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "executions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "metrics" (
    "submission_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "k" INTEGER NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "ci_low" DOUBLE PRECISION NOT NULL,
    "ci_high" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "metrics_pkey" PRIMARY KEY ("submission_id","name","k")
);

-- CreateIndex
CREATE UNIQUE INDEX "benchmarks_slug_key" ON "benchmarks"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "benchmark_versions_benchmark_id_version_key" ON "benchmark_versions"("benchmark_id", "version");

-- CreateIndex
CREATE UNIQUE INDEX "queries_version_id_query_id_key" ON "queries"("version_id", "query_id");

-- CreateIndex
CREATE UNIQUE INDEX "queries_version_id_position_key" ON "queries"("version_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "corpus_items_version_id_corpus_id_key" ON "corpus_items"("version_id", "corpus_id");

-- CreateIndex
CREATE UNIQUE INDEX "corpus_items_version_id_position_key" ON "corpus_items"("version_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "api_tokens_token_hash_key" ON "api_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "submissions_version_id_status_idx" ON "submissions"("version_id", "status");

-- CreateIndex
CREATE INDEX "submissions_user_id_idx" ON "submissions"("user_id");

-- CreateIndex
CREATE INDEX "submission_events_submission_id_id_idx" ON "submission_events"("submission_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "executions_code_hash_tests_hash_runner_version_key" ON "executions"("code_hash", "tests_hash", "runner_version");

-- AddForeignKey
ALTER TABLE "benchmark_versions" ADD CONSTRAINT "benchmark_versions_benchmark_id_fkey" FOREIGN KEY ("benchmark_id") REFERENCES "benchmarks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "queries" ADD CONSTRAINT "queries_version_id_fkey" FOREIGN KEY ("version_id") REFERENCES "benchmark_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "corpus_items" ADD CONSTRAINT "corpus_items_version_id_fkey" FOREIGN KEY ("version_id") REFERENCES "benchmark_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_version_id_fkey" FOREIGN KEY ("version_id") REFERENCES "benchmark_versions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "submission_events" ADD CONSTRAINT "submission_events_submission_id_fkey" FOREIGN KEY ("submission_id") REFERENCES "submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rankings" ADD CONSTRAINT "rankings_submission_id_fkey" FOREIGN KEY ("submission_id") REFERENCES "submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rankings" ADD CONSTRAINT "rankings_query_db_id_fkey" FOREIGN KEY ("query_db_id") REFERENCES "queries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "metrics" ADD CONSTRAINT "metrics_submission_id_fkey" FOREIGN KEY ("submission_id") REFERENCES "submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

