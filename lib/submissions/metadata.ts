import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";

// What a vendor says about the model beside the matrices (DESIGN.md: submission metadata).
export const submissionMetadataSchema = z
  .object({
    model: z.string().trim().min(1, "model is required").max(200),
    provider: z.string().trim().min(1, "provider is required").max(100),
    revision: z.string().trim().max(200).optional(),
    link: z.string().url().max(500).optional(),
    openWeights: z.boolean().optional(),
    dimensions: z.number().int().positive().optional(),
    similarity: z.enum(["cosine", "dot"]).default("cosine"),
    queryPrefix: z.string().max(1000).optional(),
    passagePrefix: z.string().max(1000).optional(),
    notes: z.string().max(5000).optional(),
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
