-- The contract files of each benchmark version as imported, for dataset downloads
-- (lib/benchmark/dataset.ts). Versions imported earlier get theirs the next time their
-- directory is imported (import fills in missing files of an unchanged version).
-- CreateTable
CREATE TABLE "benchmark_version_files" (
    "version_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "content" BYTEA NOT NULL,
    "sha256" TEXT NOT NULL,

    CONSTRAINT "benchmark_version_files_pkey" PRIMARY KEY ("version_id","name")
);

-- AddForeignKey
ALTER TABLE "benchmark_version_files" ADD CONSTRAINT "benchmark_version_files_version_id_fkey" FOREIGN KEY ("version_id") REFERENCES "benchmark_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
