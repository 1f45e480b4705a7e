// Public surface of the embeddings concern: .npy/.npz reading and writing, submission validation.
export { parseNpy, type ParseNpyOptions } from "./npy";
export { readNpz, type ReadNpzOptions } from "./npz";
export type { NpyArray, NpyFloatArray, NpyStringArray, FloatDtype } from "./npy-types";
export { writeNpz, type NpyInput } from "./write-npz";
export { encodeNpy } from "./write-npy";
export { readZip, extractZipEntry, DEFAULT_MAX_UNCOMPRESSED_BYTES, type ReadZipOptions } from "./zip-extract";
export { listZipEntries, type ZipEntry } from "./zip-directory";
export {
  validateSubmissionNpz,
  type SubmissionExpectation,
  type ValidatedSubmission,
} from "./validate-submission";
