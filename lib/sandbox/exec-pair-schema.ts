import { z } from "zod";

// Boundary validation for pairs arriving from outside (CLI, job payloads). Limits keep one
// pair from monopolising a runner; the runner enforces the timeout itself.
export const execPairSchema = z.object({
  id: z.string().min(1).max(256),
  code: z.string().max(256 * 1024),
  tests: z.array(z.string().max(64 * 1024)).min(1).max(500),
  timeoutMs: z.number().int().min(1).max(60_000).optional(),
});

export type ExecPairInput = z.infer<typeof execPairSchema>;
