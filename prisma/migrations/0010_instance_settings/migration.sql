-- Facts about this installation every process must agree on (lib/storage/storage-identity.ts:
-- the id of the file storage the web app and the workers share).
-- CreateTable
CREATE TABLE "instance_settings" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "instance_settings_pkey" PRIMARY KEY ("key")
);
