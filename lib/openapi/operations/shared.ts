import { versionQuerySchema } from "@/lib/leaderboard/version-query";
import type { OperationSpec } from "../operation";

// Route shapes, and their wordings, that operations of several groups share.

export const SUBMISSION_NOT_VISIBLE = "no such submission, or not visible to the caller";

/**
 * A read of one benchmark version: the newest unless the query (?version=, or a query of the
 * operation's own that has it) names one. 400 and 404 as worded here unless the operation words them.
 */
export function versionRead(spec: OperationSpec): OperationSpec {
  return { query: versionQuerySchema, ...spec, errors: { 400: "invalid version", 404: "no such benchmark or version", ...spec.errors } };
}

/** A read of one submission that anyone may ask for, answered only to those who may see it (lib/auth/policies.ts). */
export function submissionRead(spec: OperationSpec): OperationSpec {
  return {
    access: "viewer",
    description: "Unpublished submissions are visible to their owner, the members of the organisation they were made for, and maintainers; anyone else gets 404.",
    ...spec,
    errors: { 404: SUBMISSION_NOT_VISIBLE, ...spec.errors },
  };
}
