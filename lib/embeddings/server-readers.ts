import { bytesSource } from "./byte-source";
import { withFileSource } from "./file-source";
import { nodeCodec } from "./node-codec";
import { readSubmissionMatrices, type SubmissionMatrices } from "./read-submission-matrices";
import { validateSubmission, type SubmissionExpectation, type ValidatedSubmission } from "./validate-submission";

// The server's readers of a submitted .npz, all the one reader over a byte source with Node's
// zlib: a multipart upload held in memory, a resumable upload on disk, and the scoring job's
// read of the stored file. (The submit page runs the same validation on its File.)
export function validateSubmissionBytes(bytes: Uint8Array, expected: SubmissionExpectation, opts: { maxBytes?: number } = {}): Promise<ValidatedSubmission> {
  return validateSubmission(bytesSource(bytes), expected, { maxBytes: opts.maxBytes, codec: nodeCodec });
}

export function validateSubmissionFile(path: string, expected: SubmissionExpectation, opts: { maxBytes?: number } = {}): Promise<ValidatedSubmission> {
  return withFileSource(path, (source) => validateSubmission(source, expected, { maxBytes: opts.maxBytes, codec: nodeCodec }));
}

export function readSubmissionFile(path: string, expected: SubmissionExpectation, opts: { maxBytes: number }): Promise<SubmissionMatrices> {
  return withFileSource(path, (source) => readSubmissionMatrices(source, expected, { maxBytes: opts.maxBytes, codec: nodeCodec }));
}
