import { z } from "zod";
import { SubmissionStatus, UploadStatus } from "@/lib/db/generated/enums";

// Written to match lib/intake (UploadSessionView, CompletedUpload); the integration tests check
// real answers against them.
const datetime = z.iso.datetime();

export const uploadSessionSchema = z.strictObject({
  id: z.string().uuid(),
  benchmark: z.string().describe("the benchmark slug the file will be submitted to"),
  status: z.enum(Object.values(UploadStatus) as [UploadStatus, ...UploadStatus[]]).describe("open: taking chunks; completing: being checked; completed: it became a submission; failed: refused; cancelled: given up or expired"),
  size: z.number().int().describe("the file's size, as declared"),
  receivedBytes: z.number().int().describe("bytes stored so far from the start of the file: the next chunk starts here"),
  sha256: z.string().nullable().describe("the SHA-256 the client declared, checked against the bytes on completion"),
  kind: z.string().nullable(),
  organisation: z.string().nullable().describe("the organisation the file will be submitted for (slug), or null for a personal submission"),
  filename: z.string().nullable(),
  submissionId: z.string().uuid().nullable().describe("the submission it became, once completed"),
  error: z.string().nullable().describe("why it was refused or given up"),
  maxChunkBytes: z.number().int().describe("the largest chunk one PUT may carry"),
  createdAt: datetime,
  updatedAt: datetime,
  expiresAt: datetime.describe("when an idle upload is given up and its bytes deleted (each chunk extends it)"),
});

export const completedUploadSchema = z.strictObject({
  uploadId: z.string().uuid(),
  created: z.boolean().describe("false when the upload had already been completed: the same submission is returned"),
  submission: z.strictObject({
    id: z.string().uuid(),
    status: z.enum(Object.values(SubmissionStatus) as [SubmissionStatus, ...SubmissionStatus[]]),
    benchmark: z.string(),
    version: z.string(),
    organisation: z.string().nullable().describe("the organisation it was submitted for (slug), or null"),
  }),
});

export const uploadChunkSchema = z.string().meta({ format: "binary" }).describe("the chunk's raw bytes, as Content-Range says");
