export { analyzeSubmission, scoreAndAnalyze, ANALYSIS_ENGINE_VERSION, type SubmissionAnalysis, type QueryRecord } from "./analyze-submission";
export { buildLayout, type BenchmarkLayout, type LayoutSource, type LayoutQuery, type LayoutCorpusItem } from "./layout";
export type { QueryEvidence, SubmissionEvidence } from "./evidence";
export { toQueryOutcomes } from "./query-outcomes";
export { editSize, editSizeBucket, EDIT_SIZE_BUCKETS } from "./edit-size";
export type { Stat } from "./stat";
