// The .npz submission type of every kind that takes embeddings: one matrix of query vectors and
// one of corpus vectors (DESIGN.md's submission contract), whatever a kind calls its rows (an
// execution-grounded benchmark's queries and snippets, a repository benchmark's samples and
// chunks). The file is checked whole against the version before intake stores anything; one on
// disk (a resumable upload) is validated streaming from disk, never loaded whole.
import { getConfig } from "@/lib/config";
import { validateSubmissionBytes, validateSubmissionFile } from "@/lib/embeddings/server-readers";
import { arrayBudget, type SubmissionExpectation } from "@/lib/embeddings/validate-submission";
import { AppError } from "@/lib/errors/app-error";
import type { SubmissionMetadata } from "@/lib/submissions/metadata";
import type { CheckedUpload, IntakeFile, SubmissionType } from "./kind";

export interface NpzTypeSpec {
  id: string;
  description: string;
  /** The ids the two matrices' rows must name, in the version's order. */
  expected(versionId: number): Promise<SubmissionExpectation>;
  /** What the summary calls the rows of each matrix: "queries", "corpus rows". */
  rows: { queries: string; corpus: string };
}

export function npzSubmissionType(spec: NpzTypeSpec): SubmissionType {
  const type: SubmissionType = {
    id: spec.id,
    extension: "npz",
    description: spec.description,
    // The catch-all: anything the kind's other types do not claim gets the .npz checks and their messages.
    sniff: () => true,
    maxBytes: (via) => (via === "request" ? getConfig().EXECBOARD_UPLOAD_MAX_BYTES : getConfig().EXECBOARD_UPLOAD_SESSION_MAX_BYTES),
    async check(file: IntakeFile, versionId: number, metadata: SubmissionMetadata): Promise<CheckedUpload> {
      const expected = await spec.expected(versionId);
      // The inflated arrays may be as large as the file may be, for the way it came, and never
      // more than the version's rows can need: a small hostile archive that inflates to
      // hundreds of MiB is refused by its declared sizes, before any of it is inflated.
      const budget = { maxBytes: Math.min(type.maxBytes(file.via), arrayBudget(expected.queryIds.length, expected.corpusIds.length)) };
      const checked = file.buffer ? await validateSubmissionBytes(file.buffer, expected, budget) : await validateSubmissionFile(file.path!, expected, budget);
      if (metadata.dimensions !== undefined && metadata.dimensions !== checked.dims) {
        throw new AppError("INVALID_UPLOAD", `metadata.dimensions is ${metadata.dimensions} but the matrices have ${checked.dims} columns`);
      }
      const summary = `${checked.queryCount} ${spec.rows.queries} × ${checked.corpusCount} ${spec.rows.corpus}, d=${checked.dims}, ${checked.dtype}`;
      return { dims: checked.dims, dtype: checked.dtype, summary };
    },
  };
  return type;
}
