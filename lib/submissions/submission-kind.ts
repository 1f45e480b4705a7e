import { z } from "zod";
import { SubmissionKind } from "@/lib/db/generated/enums";

/** Every submission type of every kind of benchmark (submissions.kind), for API schemas. */
export const submissionKindSchema = z.enum(Object.values(SubmissionKind) as [SubmissionKind, ...SubmissionKind[]]);
