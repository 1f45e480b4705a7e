-- A second kind of benchmark, repository context retrieval for coding agents (lib/kinds/
-- repo-retrieval): content-addressed file blobs shared by every snapshot that holds them,
-- repository snapshots at a commit, the snapshots each version searches, its samples, and a
-- scored submission's ranked files and analysis. Submissions to it are run files (TREC or JSON
-- lines) or chunk embeddings (.npz).
-- AlterEnum
ALTER TYPE "BenchmarkKind" ADD VALUE 'repo_retrieval';

-- AlterEnum
ALTER TYPE "SubmissionKind" ADD VALUE 'run_trec';
ALTER TYPE "SubmissionKind" ADD VALUE 'run_jsonl';
ALTER TYPE "SubmissionKind" ADD VALUE 'chunk_embeddings';

-- CreateEnum
CREATE TYPE "RepoTask" AS ENUM ('code2test', 'comment2context', 'trace2code', 'edit2ripple', 'nogold_natural', 'nogold_counterfactual');

-- CreateTable
CREATE TABLE "repo_blobs" (
    "sha256" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "lines" INTEGER NOT NULL,
    "tokens" INTEGER NOT NULL,
    "content" BYTEA NOT NULL,

    CONSTRAINT "repo_blobs_pkey" PRIMARY KEY ("sha256")
);

-- CreateTable
CREATE TABLE "repo_snapshots" (
    "id" SERIAL NOT NULL,
    "repo" TEXT NOT NULL,
    "commit" TEXT NOT NULL,
    "file_count" INTEGER NOT NULL,
    "bytes" BIGINT NOT NULL,
    "excluded" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "repo_snapshots_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "repo_snapshot_files" (
    "snapshot_id" INTEGER NOT NULL,
    "path" TEXT NOT NULL,
    "blob_sha256" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "header_tokens" INTEGER NOT NULL,

    CONSTRAINT "repo_snapshot_files_pkey" PRIMARY KEY ("snapshot_id","path")
);

-- CreateTable
CREATE TABLE "repo_version_snapshots" (
    "version_id" INTEGER NOT NULL,
    "snapshot_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "repo_version_snapshots_pkey" PRIMARY KEY ("version_id","snapshot_id")
);

-- CreateTable
CREATE TABLE "repo_samples" (
    "id" SERIAL NOT NULL,
    "version_id" INTEGER NOT NULL,
    "sample_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "task" "RepoTask" NOT NULL,
    "repo" TEXT NOT NULL,
    "base_commit" TEXT NOT NULL,
    "snapshot_id" INTEGER NOT NULL,
    "query" JSONB NOT NULL,
    "query_text" TEXT NOT NULL,
    "gold_files" TEXT[],
    "given_files" TEXT[],
    "supporting_files" TEXT[],
    "distractor_files" TEXT[],
    "no_gold_reason" TEXT,
    "metadata" JSONB NOT NULL,

    CONSTRAINT "repo_samples_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "repo_rankings" (
    "submission_id" UUID NOT NULL,
    "sample_db_id" INTEGER NOT NULL,
    "paths" TEXT[],
    "scores" DOUBLE PRECISION[],
    "abstention" DOUBLE PRECISION,

    CONSTRAINT "repo_rankings_pkey" PRIMARY KEY ("submission_id","sample_db_id")
);

-- CreateTable
CREATE TABLE "repo_analyses" (
    "submission_id" UUID NOT NULL,
    "engine_version" INTEGER NOT NULL,
    "computed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "payload" JSONB NOT NULL,

    CONSTRAINT "repo_analyses_pkey" PRIMARY KEY ("submission_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "repo_snapshots_repo_commit_key" ON "repo_snapshots"("repo", "commit");

-- CreateIndex
CREATE INDEX "repo_snapshot_files_blob_sha256_idx" ON "repo_snapshot_files"("blob_sha256");

-- CreateIndex
CREATE UNIQUE INDEX "repo_version_snapshots_version_id_position_key" ON "repo_version_snapshots"("version_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "repo_samples_version_id_sample_id_key" ON "repo_samples"("version_id", "sample_id");

-- CreateIndex
CREATE UNIQUE INDEX "repo_samples_version_id_position_key" ON "repo_samples"("version_id", "position");

-- AddForeignKey
ALTER TABLE "repo_snapshot_files" ADD CONSTRAINT "repo_snapshot_files_snapshot_id_fkey" FOREIGN KEY ("snapshot_id") REFERENCES "repo_snapshots"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "repo_snapshot_files" ADD CONSTRAINT "repo_snapshot_files_blob_sha256_fkey" FOREIGN KEY ("blob_sha256") REFERENCES "repo_blobs"("sha256") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "repo_version_snapshots" ADD CONSTRAINT "repo_version_snapshots_version_id_fkey" FOREIGN KEY ("version_id") REFERENCES "benchmark_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "repo_version_snapshots" ADD CONSTRAINT "repo_version_snapshots_snapshot_id_fkey" FOREIGN KEY ("snapshot_id") REFERENCES "repo_snapshots"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "repo_samples" ADD CONSTRAINT "repo_samples_version_id_fkey" FOREIGN KEY ("version_id") REFERENCES "benchmark_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "repo_samples" ADD CONSTRAINT "repo_samples_snapshot_id_fkey" FOREIGN KEY ("snapshot_id") REFERENCES "repo_snapshots"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "repo_rankings" ADD CONSTRAINT "repo_rankings_submission_id_fkey" FOREIGN KEY ("submission_id") REFERENCES "submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "repo_rankings" ADD CONSTRAINT "repo_rankings_sample_db_id_fkey" FOREIGN KEY ("sample_db_id") REFERENCES "repo_samples"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "repo_analyses" ADD CONSTRAINT "repo_analyses_submission_id_fkey" FOREIGN KEY ("submission_id") REFERENCES "submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The reader stamp (migration 0013) moves with every write a signed-out reader of the track's
-- pages could see: snapshots, their files and blobs, a version's snapshots and samples (any
-- change), and a submission's ranked files and analysis while it is published.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['repo_blobs', 'repo_snapshots', 'repo_snapshot_files', 'repo_version_snapshots', 'repo_samples'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER "reader_stamp" AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "reader_stamp_any"()', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['repo_rankings', 'repo_analyses'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER "reader_stamp" AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "reader_stamp_of_submission"()', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['repo_blobs', 'repo_snapshots', 'repo_snapshot_files', 'repo_version_snapshots', 'repo_samples', 'repo_rankings', 'repo_analyses'] LOOP
    EXECUTE format('CREATE TRIGGER "reader_stamp_truncate" AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "reader_stamp_truncate"()', t);
  END LOOP;
END $$;
