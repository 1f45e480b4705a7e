// Every job kind a worker process runs: its definition (lib/queue/jobs.ts) bound to its
// handler, dispatched by name through runJob (workers/job-handler.ts: one failure policy).
import { executePairsHandler } from "./execute-pairs";
import type { JobHandler } from "./job-handler";
import { recomputeVersionAnalysisHandler } from "./recompute-version-analysis";
import { rescoreSubmissionHandler } from "./rescore-submission";
import { scoreSubmissionHandler } from "./score-submission";
import { upgradeScoringEngineHandler } from "./upgrade-scoring-engine";

/** Jobs of the main queue (QUEUE_NAME). */
export const MAIN_HANDLERS: readonly JobHandler[] = [scoreSubmissionHandler, recomputeVersionAnalysisHandler, rescoreSubmissionHandler, upgradeScoringEngineHandler] as JobHandler[];

/** Jobs of the execution queue (EXECUTE_QUEUE_NAME), with their own worker slots. */
export const EXECUTE_HANDLERS: readonly JobHandler[] = [executePairsHandler] as JobHandler[];
