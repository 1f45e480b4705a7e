// Which kind of submission an upload is. An explicit `kind` form field wins; otherwise the
// first bytes decide: a zip (.npz) starts with "PK\x03\x04", a ranking file with "{" (after
// optional whitespace or a byte-order mark, which validation then refuses). Anything else is
// treated as embeddings, so an unreadable upload gets exactly the .npz error it always got.
import { AppError } from "@/lib/errors/app-error";

export const SUBMISSION_KINDS = ["embeddings", "ranking"] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

export function detectSubmissionKind(file: Uint8Array, declared?: string | null): SubmissionKind {
  if (declared !== undefined && declared !== null && declared !== "") {
    if (!(SUBMISSION_KINDS as readonly string[]).includes(declared)) {
      throw new AppError("BAD_REQUEST", `kind must be "embeddings" (an .npz) or "ranking" (JSON lines); got ${JSON.stringify(declared)}`);
    }
    return declared as SubmissionKind;
  }
  let i = file.length >= 3 && file[0] === 0xef && file[1] === 0xbb && file[2] === 0xbf ? 3 : 0;
  while (i < file.length && (file[i] === 0x20 || file[i] === 0x09 || file[i] === 0x0a || file[i] === 0x0d)) i++;
  return file[i] === 0x7b ? "ranking" : "embeddings";
}

/** Where an upload of each kind is stored; the scoring job reads the kind back from the key. */
export function storageKeyFor(id: string, kind: SubmissionKind): string {
  return kind === "ranking" ? `${id}.jsonl` : `${id}.npz`;
}

export function kindOfStorageKey(key: string): SubmissionKind {
  return key.endsWith(".jsonl") ? "ranking" : "embeddings";
}
