import { z } from "zod";
import { plainText } from "@/lib/text/plain-text";

// Request bodies of the review actions (API routes, CLI, OpenAPI).
const reason = z.string().trim().min(3, "give a reason (at least 3 characters)").max(2000).superRefine(plainText("multiline"));

export const reasonRequiredInput = z.strictObject({
  reason: reason.describe("why; shown to the submission's owner and recorded in the audit log"),
});

export const reasonOptionalInput = z.strictObject({
  reason: z.string().trim().max(2000).superRefine(plainText("multiline")).optional().describe("why; recorded in the audit log"),
});

export const verifyInput = z.strictObject({
  verified: z.boolean().default(true).describe("false withdraws the mark"),
  reason: z.string().trim().max(2000).superRefine(plainText("multiline")).optional().describe("what was checked; recorded in the audit log"),
});

export const noteInput = z.strictObject({
  note: z
    .string()
    .trim()
    .max(500, "a warning note is at most 500 characters")
    .nullable()
    .describe("shown beside the submission on the leaderboard; null or empty removes it"),
  reason: z.string().trim().max(2000).superRefine(plainText("multiline")).optional().describe("recorded in the audit log"),
});

export type ReasonRequiredInput = z.infer<typeof reasonRequiredInput>;
export type ReasonOptionalInput = z.infer<typeof reasonOptionalInput>;
export type VerifyInput = z.input<typeof verifyInput>;
export type NoteInput = z.infer<typeof noteInput>;
