-- Maintainer review: a hidden status, verification, warning notes, rejection/hiding reasons,
-- maintainer re-runs (not charged), and the audit log of review actions.
-- CreateEnum
CREATE TYPE "AuditAction" AS ENUM ('publish', 'reject', 'verify', 'unverify', 'note', 'hide', 'rerun');

-- AlterEnum
ALTER TYPE "SubmissionStatus" ADD VALUE 'hidden';

-- AlterTable
ALTER TABLE "submissions" ADD COLUMN     "rerun_at" TIMESTAMP(3),
ADD COLUMN     "review_reason" TEXT,
ADD COLUMN     "verified_at" TIMESTAMP(3),
ADD COLUMN     "warning_note" TEXT;

-- CreateTable
CREATE TABLE "audit_events" (
    "id" BIGSERIAL NOT NULL,
    "action" "AuditAction" NOT NULL,
    "actor_id" UUID,
    "actor_label" TEXT NOT NULL,
    "submission_id" UUID,
    "from_status" "SubmissionStatus",
    "to_status" "SubmissionStatus",
    "reason" TEXT,
    "details" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_events_created_at_id_idx" ON "audit_events"("created_at", "id");

-- CreateIndex
CREATE INDEX "audit_events_submission_id_id_idx" ON "audit_events"("submission_id", "id");

-- AddForeignKey
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_submission_id_fkey" FOREIGN KEY ("submission_id") REFERENCES "submissions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

