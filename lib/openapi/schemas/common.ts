import { z } from "zod";
import { APP_ERROR_CODES } from "@/lib/errors/app-error";

// Every error answer has this shape; `code` is stable, `message` is for people.
export const errorBodySchema = z.strictObject({
  error: z.strictObject({
    code: z.enum(APP_ERROR_CODES),
    message: z.string(),
    details: z.unknown().optional().describe("machine-readable particulars, e.g. the quota that was exhausted"),
  }),
});

export const healthSchema = z.strictObject({
  ok: z.literal(true),
  execboard: z
    .strictObject({
      version: z.string().describe("package version"),
      commit: z.string().nullable().describe("git commit of the running build (EXECBOARD_GIT_COMMIT in images); null when unknown"),
    })
    .describe("the ExecBoard build answering, as recorded in every result's provenance"),
  workers: z
    .strictObject({
      scoring: z.number().int().describe("worker processes connected to the scoring queue"),
      executing: z.number().int().describe("execution consumers connected to the execution queue"),
    })
    .nullable()
    .describe("workers alive now, as the queue sees their connections; null when the queue (Redis) does not answer"),
  warnings: z.array(z.string()).describe("what does not work right now, e.g. that no worker is running (submissions wait)"),
});
