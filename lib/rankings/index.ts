export { validateRankingFile } from "./validate-ranking";
export { checkRankingUpload, type CheckedRankingUpload } from "./check-ranking-upload";
export { detectSubmissionKind, looksLikeRankingFile, SUBMISSION_KINDS, type SubmissionKind } from "./detect-kind";
export { MIN_RANKING_DEPTH, type RankingExpectation, type ValidatedRanking } from "./ranking-format";
