-- Access requests (lib/access): visitors ask for a vendor account, maintainers decide, the
-- requester claims it once with a claim code (only its hash is stored).
-- AlterEnum
ALTER TYPE "AuditAction" ADD VALUE 'access_approve';
ALTER TYPE "AuditAction" ADD VALUE 'access_refuse';

-- CreateEnum
CREATE TYPE "AccessRequestStatus" AS ENUM ('pending', 'approved', 'refused', 'claimed');

-- CreateTable
CREATE TABLE "access_requests" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "organisation" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "note" TEXT,
    "claim_code_hash" TEXT NOT NULL,
    "status" "AccessRequestStatus" NOT NULL DEFAULT 'pending',
    "reason" TEXT,
    "decided_by_id" UUID,
    "decided_by" TEXT,
    "decided_at" TIMESTAMP(3),
    "user_id" UUID,
    "claimed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "access_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "access_requests_claim_code_hash_key" ON "access_requests"("claim_code_hash");

-- CreateIndex
CREATE INDEX "access_requests_status_created_at_idx" ON "access_requests"("status", "created_at");

-- CreateIndex
CREATE INDEX "access_requests_email_idx" ON "access_requests"("email");
