// Which file an upload to an execution-grounded benchmark is, from its first bytes: a ranking
// file starts with "{" after optional whitespace (or a byte-order mark, which validation then
// refuses by name); anything else is taken for an .npz, so an unreadable upload gets exactly the
// .npz error it always got. Browser-safe: the submit page's check uses it, and so does the
// server's submission type (lib/kinds/exec-retrieval/submission-types.ts).
import { AppError } from "@/lib/errors/app-error";

export const SUBMISSION_KINDS = ["embeddings", "ranking"] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

export function looksLikeRankingFile(head: Uint8Array): boolean {
  let i = head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d)) i++;
  return head[i] === 0x7b;
}

export function detectSubmissionKind(file: Uint8Array, declared?: string | null): SubmissionKind {
  if (declared !== undefined && declared !== null && declared !== "") {
    if (!(SUBMISSION_KINDS as readonly string[]).includes(declared)) {
      throw new AppError("BAD_REQUEST", `kind must be "embeddings" (an .npz) or "ranking" (JSON lines); got ${JSON.stringify(declared)}`);
    }
    return declared as SubmissionKind;
  }
  return looksLikeRankingFile(file) ? "ranking" : "embeddings";
}
