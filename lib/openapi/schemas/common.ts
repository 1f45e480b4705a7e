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
});
