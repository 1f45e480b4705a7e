import { completeUploadInput } from "@/lib/intake/complete-upload-session";
import { createUploadInput } from "@/lib/intake/create-upload-session";
import type { Operation } from "../operation";
import { completedUploadSchema, uploadChunkSchema, uploadSessionSchema } from "../schemas/uploads";

// Resumable uploads for large files: open a session, PUT chunks at offsets, ask how much arrived,
// complete it with the metadata. The multipart POST …/submissions stays for small files.
const session = { schema: uploadSessionSchema, name: "UploadSession" };
const pathParams = { id: "upload id" };

export const UPLOAD_OPERATIONS: Operation[] = [
  {
    method: "post",
    path: "/api/v1/uploads",
    operationId: "createUpload",
    summary: "Open a resumable upload of a large file",
    description:
      "Checks what can be checked before any byte is sent: the benchmark exists, the size is within EXECBOARD_UPLOAD_SESSION_MAX_BYTES, " +
      "and the caller has quota left. A vendor may hold 3 unfinished uploads; an idle one expires (expiresAt) and its bytes are deleted.",
    tag: "Uploads",
    auth: "required",
    body: { schema: createUploadInput, contentType: "application/json", required: true },
    success: { status: 201, description: "the open upload", ...session },
    errors: { 400: "invalid body", 401: "no valid credentials", 404: "no such benchmark, or no organisation of that name among the caller's", 409: "too many unfinished uploads", 413: "the file is larger than an upload may be", 429: "a quota (QUOTA_EXCEEDED) or the rate limit is exhausted", 507: "the server's free disk, less what unfinished uploads have reserved, cannot hold the file now (Retry-After says when to try again)" },
  },
  {
    method: "get",
    path: "/api/v1/uploads/{id}",
    operationId: "getUpload",
    summary: "How much of an upload has arrived",
    description: "receivedBytes is where the next chunk starts: a client that lost track (a dropped connection, a restart) asks here and carries on.",
    tag: "Uploads",
    auth: "required",
    pathParams,
    success: { status: 200, description: "the upload", ...session },
    errors: { 401: "no valid credentials", 404: "no such upload, or not the caller's" },
  },
  {
    method: "put",
    path: "/api/v1/uploads/{id}",
    operationId: "putUploadChunk",
    summary: "Store one chunk of an upload",
    description:
      "The body is the chunk's raw bytes, streamed to disk. It must start at receivedBytes (409 with details.receivedBytes otherwise). " +
      "If the body ends early, what arrived is kept and the answer says where to continue; a body longer than its range is discarded.",
    tag: "Uploads",
    auth: "required",
    pathParams,
    headers: { "Content-Range": { description: "bytes <first>-<last>/<total>: inclusive positions of this chunk in the file, and the file's size", required: true } },
    body: { schema: uploadChunkSchema, contentType: "application/octet-stream", required: true },
    success: { status: 200, description: "the upload after this chunk", ...session },
    errors: {
      400: "missing or malformed Content-Range, a total that is not the upload's size, or a body that does not match the range",
      401: "no valid credentials",
      404: "no such upload, or not the caller's",
      409: "the chunk does not start where the upload ends (details.receivedBytes), another request is writing, or the upload is no longer open",
      413: "the chunk is larger than maxChunkBytes",
    },
  },
  {
    method: "delete",
    path: "/api/v1/uploads/{id}",
    operationId: "cancelUpload",
    summary: "Give up an unfinished upload and delete its bytes",
    tag: "Uploads",
    auth: "required",
    pathParams,
    success: { status: 200, description: "the cancelled upload", ...session },
    errors: { 401: "no valid credentials", 404: "no such upload, or not the caller's", 409: "already completed, or busy" },
  },
  {
    method: "post",
    path: "/api/v1/uploads/{id}/complete",
    operationId: "completeUpload",
    summary: "Check a fully received upload and submit it",
    description:
      "The server hashes the bytes it holds (refusing them if they do not match a declared SHA-256) and validates the file streaming from disk, " +
      "then creates the submission exactly as the multipart upload does, quota included. A refused file ends the upload (its bytes are deleted); " +
      "bad metadata or an exhausted quota leave it open to be completed again. Completing a completed upload returns the same submission (200).",
    tag: "Uploads",
    auth: "required",
    pathParams,
    body: { schema: completeUploadInput, contentType: "application/json", required: true },
    success: { status: 202, description: "accepted and queued (200: it had already been completed)", schema: completedUploadSchema, name: "CompletedUpload" },
    errors: {
      400: "invalid metadata or kind",
      401: "no valid credentials",
      404: "no such upload, or not the caller's; or the caller no longer belongs to the organisation the upload is for (the upload stays open)",
      409: "not every byte has arrived, or the upload is busy or no longer open",
      413: "a ranking file larger than the in-memory limit",
      422: "the file is not a valid submission, or its bytes do not match the declared SHA-256 (the message names the problem)",
      429: "a quota (QUOTA_EXCEEDED) or the rate limit is exhausted",
    },
  },
];
