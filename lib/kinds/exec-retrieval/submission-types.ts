// The files a vendor may submit to an execution-grounded benchmark: embedding matrices (.npz,
// DESIGN.md's submission contract, ../npz-submission-type.ts) and ranking files (JSON lines,
// lib/rankings). Each is checked whole against the benchmark version before intake stores
// anything.
import { getVersionIds } from "@/lib/benchmark/get-version";
import { getConfig } from "@/lib/config";
import type { SubmissionExpectation } from "@/lib/embeddings/validate-submission";
import { AppError } from "@/lib/errors/app-error";
import { checkRankingUpload } from "@/lib/rankings/check-ranking-upload";
import { checkRankingSize } from "@/lib/rankings/validate-ranking";
import { looksLikeRankingFile } from "@/lib/rankings/detect-kind";
import type { SubmissionMetadata } from "@/lib/submissions/metadata";
import type { CheckedUpload, IntakeFile, SubmissionType } from "../kind";
import { npzSubmissionType } from "../npz-submission-type";

/** The query and corpus ids a file must name, in the version's order. */
async function versionExpectation(versionId: number): Promise<SubmissionExpectation> {
  const ids = await getVersionIds(versionId);
  return { queryIds: ids.queryIds, corpusIds: ids.corpusIds };
}

export const embeddingsType = npzSubmissionType({
  id: "embeddings",
  description: "an .npz of embedding matrices",
  expected: versionExpectation,
  rows: { queries: "queries", corpus: "corpus rows" },
});

export const rankingType: SubmissionType = {
  id: "ranking",
  extension: "jsonl",
  description: "a ranking file (JSON lines)",
  sniff: looksLikeRankingFile,
  // Ranking files are parsed in memory; they are small (a few MiB for any benchmark).
  maxBytes: () => getConfig().EXECBOARD_UPLOAD_MAX_BYTES,
  async check(file: IntakeFile, versionId: number, metadata: SubmissionMetadata): Promise<CheckedUpload> {
    const limit = rankingType.maxBytes("upload");
    if (file.bytes > limit) throw new AppError("PAYLOAD_TOO_LARGE", `a ranking file may be at most ${limit} bytes; this one is ${file.bytes}`);
    const expected = await versionExpectation(versionId);
    checkRankingSize(file.bytes, expected, { maxBytes: limit }); // before the file is read into memory
    const r = checkRankingUpload(await file.readAll(), expected, metadata, { maxBytes: limit });
    return { dims: 0, dtype: "ranking", summary: r.summary };
  },
};

/** Ranking first: the .npz type claims every file the ranking type does not. */
export const EXEC_RETRIEVAL_SUBMISSION_TYPES: readonly SubmissionType[] = [rankingType, embeddingsType];
