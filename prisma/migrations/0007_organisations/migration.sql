-- Organisations: vendors' companies with owner/member memberships, submissions made on an
-- organisation's behalf (null = personal, as every existing row stays), per-organisation quota
-- overrides, organisation management in the audit log, and the organisation an upload is for.
-- CreateEnum
CREATE TYPE "OrganisationRole" AS ENUM ('owner', 'member');

-- AlterEnum
ALTER TYPE "AuditAction" ADD VALUE 'organisation_create';
ALTER TYPE "AuditAction" ADD VALUE 'member_add';
ALTER TYPE "AuditAction" ADD VALUE 'member_remove';

-- AlterTable
ALTER TABLE "submissions" ADD COLUMN     "organisation_id" UUID;

-- AlterTable
ALTER TABLE "audit_events" ADD COLUMN     "organisation_id" UUID;

-- AlterTable
ALTER TABLE "upload_sessions" ADD COLUMN     "organisation_slug" TEXT;

-- CreateTable
CREATE TABLE "organisations" (
    "id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "organisations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "memberships" (
    "organisation_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "role" "OrganisationRole" NOT NULL DEFAULT 'member',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "memberships_pkey" PRIMARY KEY ("organisation_id","user_id")
);

-- CreateTable
CREATE TABLE "organisation_quota_overrides" (
    "organisation_id" UUID NOT NULL,
    "benchmark_id" INTEGER NOT NULL,
    "per_day" INTEGER,
    "total" INTEGER,
    "concurrent" INTEGER,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "organisation_quota_overrides_pkey" PRIMARY KEY ("organisation_id","benchmark_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "organisations_slug_key" ON "organisations"("slug");

-- CreateIndex
CREATE INDEX "memberships_user_id_idx" ON "memberships"("user_id");

-- CreateIndex
CREATE INDEX "submissions_organisation_id_idx" ON "submissions"("organisation_id");

-- AddForeignKey
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organisation_quota_overrides" ADD CONSTRAINT "organisation_quota_overrides_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organisation_quota_overrides" ADD CONSTRAINT "organisation_quota_overrides_benchmark_id_fkey" FOREIGN KEY ("benchmark_id") REFERENCES "benchmarks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE SET NULL ON UPDATE CASCADE;
