// Public surface of the embeddings concern: one .npz reader over a random-access byte source
// (bytes in memory, a Blob, a file on disk), submission validation, the scoring read, writing.
// This index holds Node code (the server's readers, the writers): browser code imports the
// browser-safe modules directly, as lib/browser-check does.
export { blobSource, bytesSource, type ByteSource } from "./byte-source";
export { openFileSource, withFileSource } from "./file-source";
export { readZipDirectory, type ZipEntry } from "./zip-directory";
export { entryChunks, DEFAULT_MAX_UNCOMPRESSED_BYTES } from "./zip-entry-stream";
export type { ZipCodec } from "./zip-codec";
export { webCodec } from "./web-codec";
export { nodeCodec } from "./node-codec";
export { readNpzArray, type NpzArray } from "./npz-array";
export { validateSubmission, type SubmissionExpectation, type ValidatedSubmission, type ValidationTrace } from "./validate-submission";
export { readSubmissionMatrices, type SubmissionMatrices } from "./read-submission-matrices";
export { readSubmissionFile, validateSubmissionBytes, validateSubmissionFile } from "./server-readers";
export type { FloatDtype } from "./npy-dtype";
export { writeNpz, type NpyInput } from "./write-npz";
export { encodeNpy } from "./write-npy";
