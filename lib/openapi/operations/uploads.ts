import { completeUploadInput } from "@/lib/intake/complete-upload-session";
import { createUploadInput } from "@/lib/intake/create-upload-session";
import { accepted, answer, created, defineOperations, jsonBody, ok } from "../operation";
import { completedUploadSchema, uploadChunkSchema, uploadSessionSchema } from "../schemas/uploads";

// Resumable uploads for large files: open a session, PUT chunks at offsets, ask how much arrived,
// complete it with the metadata. The multipart POST …/submissions stays for small files.
const session = answer("UploadSession", uploadSessionSchema);
const NOT_THE_CALLERS = "no such upload, or not the caller's";
const QUOTA_OR_RATE_LIMIT = "a quota (QUOTA_EXCEEDED) or the rate limit is exhausted";

export const UPLOAD_OPERATIONS = defineOperations({ tag: "Uploads", access: "signed-in" }, {
  "POST /api/v1/uploads": {
    id: "createUpload",
    summary: "Open a resumable upload of a large file",
    description:
      "Checks what can be checked before any byte is sent: the benchmark exists, the size is within EXECBOARD_UPLOAD_SESSION_MAX_BYTES, " +
      "and the caller has quota left. A vendor may hold 3 unfinished uploads; an idle one expires (expiresAt) and its bytes are deleted.",
    body: jsonBody(createUploadInput),
    success: created("the open upload", session),
    errors: {
      400: "invalid body",
      404: "no such benchmark, or no organisation of that name among the caller's",
      409: "too many unfinished uploads",
      413: "the file is larger than an upload may be",
      429: QUOTA_OR_RATE_LIMIT,
      507: "the server's free disk, less what unfinished uploads have reserved, cannot hold the file now (Retry-After says when to try again)",
    },
  },
  "GET /api/v1/uploads/{id}": {
    id: "getUpload",
    summary: "How much of an upload has arrived",
    description: "receivedBytes is where the next chunk starts: a client that lost track (a dropped connection, a restart) asks here and carries on.",
    success: ok("the upload", session),
    errors: { 404: NOT_THE_CALLERS },
  },
  "PUT /api/v1/uploads/{id}": {
    id: "putUploadChunk",
    summary: "Store one chunk of an upload",
    description:
      "The body is the chunk's raw bytes, streamed to disk. It must start at receivedBytes (409 with details.receivedBytes otherwise). " +
      "If the body ends early, what arrived is kept and the answer says where to continue; a body longer than its range is discarded.",
    headers: { "Content-Range": { description: "bytes <first>-<last>/<total>: inclusive positions of this chunk in the file, and the file's size", required: true } },
    body: { schema: uploadChunkSchema, contentType: "application/octet-stream", required: true },
    success: ok("the upload after this chunk", session),
    errors: {
      400: "missing or malformed Content-Range, a total that is not the upload's size, or a body that does not match the range",
      404: NOT_THE_CALLERS,
      409: "the chunk does not start where the upload ends (details.receivedBytes), another request is writing, or the upload is no longer open",
      413: "the chunk is larger than maxChunkBytes",
    },
  },
  "DELETE /api/v1/uploads/{id}": {
    id: "cancelUpload",
    summary: "Give up an unfinished upload and delete its bytes",
    success: ok("the cancelled upload", session),
    errors: { 404: NOT_THE_CALLERS, 409: "already completed, or busy" },
  },
  "POST /api/v1/uploads/{id}/complete": {
    id: "completeUpload",
    summary: "Check a fully received upload and submit it",
    description:
      "The server hashes the bytes it holds (refusing them if they do not match a declared SHA-256) and validates the file streaming from disk, " +
      "then creates the submission exactly as the multipart upload does, quota included. A refused file ends the upload (its bytes are deleted); " +
      "bad metadata or an exhausted quota leave it open to be completed again. Completing a completed upload returns the same submission (200).",
    body: jsonBody(completeUploadInput),
    success: accepted("accepted and queued (200: it had already been completed)", answer("CompletedUpload", completedUploadSchema)),
    errors: {
      400: "invalid metadata or kind",
      404: `${NOT_THE_CALLERS}; or the caller no longer belongs to the organisation the upload is for (the upload stays open)`,
      409: "not every byte has arrived, or the upload is busy or no longer open",
      413: "a ranking file larger than the in-memory limit",
      422: "the file is not a valid submission, or its bytes do not match the declared SHA-256 (the message names the problem)",
      429: QUOTA_OR_RATE_LIMIT,
    },
  },
});
