import type { z } from "zod";

// How a refusal names what zod found wrong with an input, the same in every message built from it.

/** One zod issue as a phrase: "path: message", or the message alone when it is about the whole value. */
export function describeIssue(issue: { path: readonly PropertyKey[]; message: string }): string {
  return issue.path.length ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message;
}

/** Every issue of a zod error, in one sentence. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map(describeIssue).join("; ");
}
