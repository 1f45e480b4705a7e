import { executeChunk } from "@/lib/execution/execute-chunk";
import { jobs } from "@/lib/queue/jobs";
import { handler } from "./job-handler";

// execute-pairs: a thin call into lib/execution. Failures are retried by BullMQ; the
// coordinator waiting for the chunk gives up only when the job has failed for good.
export const executePairsHandler = handler({
  def: jobs.executePairs,
  async run(payload, { sandbox }) {
    return executeChunk(payload, sandbox);
  },
});
