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

export const healthSchema = z.strictObject({ ok: z.literal(true) });
