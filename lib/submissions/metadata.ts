import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { plainText } from "@/lib/text/plain-text";

/** A link shown to readers: an absolute http or https URL, nothing a browser would run or open locally. */
export function isWebLink(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const webLink = z
  .string()
  .trim()
  .max(500)
  .superRefine(plainText("line"))
  .refine(isWebLink, "must be an http:// or https:// URL")
  .meta({ format: "uri", description: "an http:// or https:// link to the model" });

// A release date as YYYY-MM-DD: a real calendar day, not after tomorrow (UTC; time zones).
const releaseDate = z
  .string()
  .trim()
  .superRefine((d, ctx) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) ctx.addIssue({ code: "custom", message: "must be a date written YYYY-MM-DD" });
    else if (!Number.isFinite(t) || new Date(t).toISOString().slice(0, 10) !== d) ctx.addIssue({ code: "custom", message: "is not a calendar date" });
    else if (t > Date.now() + 86_400_000) ctx.addIssue({ code: "custom", message: "is in the future" });
  })
  .meta({ format: "date", description: "when the model was released, YYYY-MM-DD" });

// What a vendor says about the model beside the matrices (DESIGN.md: submission metadata).
export const submissionMetadataSchema = z
  .object({
    model: z.string().trim().min(1, "model is required").max(200).superRefine(plainText("name")),
    provider: z.string().trim().min(1, "provider is required").max(100).superRefine(plainText("name")),
    revision: z.string().trim().max(200).superRefine(plainText("line")).optional(),
    link: webLink.optional(),
    openWeights: z.boolean().optional(),
    parameters: z.number({ error: "must be a parameter count, e.g. 335000000" }).int("must be a whole number").positive().max(1e13).optional().meta({ description: "the model's parameter count, e.g. 335000000" }),
    license: z.string().trim().min(1).max(100).superRefine(plainText("name")).optional().meta({ description: "the model's licence, e.g. Apache-2.0 or proprietary" }),
    releaseDate: releaseDate.optional(),
    dimensions: z.number().int().positive().optional(),
    similarity: z.enum(["cosine", "dot"]).default("cosine"),
    queryPrefix: z.string().max(1000).superRefine(plainText("multiline")).optional(),
    passagePrefix: z.string().max(1000).superRefine(plainText("multiline")).optional(),
    notes: z.string().max(5000).superRefine(plainText("multiline")).optional(),
  })
  .strict();

export type SubmissionMetadata = z.infer<typeof submissionMetadataSchema>;

export function parseSubmissionMetadata(raw: unknown): SubmissionMetadata {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch (e) {
      throw new AppError("BAD_REQUEST", `metadata is not valid JSON: ${(e as Error).message}`);
    }
  }
  const parsed = submissionMetadataSchema.safeParse(value);
  if (!parsed.success) {
    const msg = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; ");
    throw new AppError("BAD_REQUEST", `invalid metadata: ${msg}`, { issues: parsed.error.issues });
  }
  return parsed.data;
}

// Metadata as the API and pages hand it out. Submissions stored before links were checked may
// hold any URL; one that is not http(s) is left out rather than shown.
export function publicMetadata(stored: unknown): unknown {
  if (stored === null || typeof stored !== "object" || Array.isArray(stored)) return stored;
  const { link, ...rest } = stored as Record<string, unknown>;
  return typeof link === "string" && isWebLink(link) ? { ...rest, link } : rest;
}
