import { z } from "zod";
import { BUG_TYPES } from "./format";

// The source task format maintainers write (benchmarks/<name>-src/tasks/<domain>.jsonl, one
// task per line). Objects are strict: a misspelt optional key such as "distractor" would
// otherwise be dropped without a word, silently losing hand-written distractors.

export const sourceDistractorSchema = z.strictObject({
  code: z.string().min(1).max(100_000),
  bug_type: z.enum(BUG_TYPES, { error: `bug_type must be one of ${BUG_TYPES.join(", ")}` }),
  bug_description: z.string().trim().min(1).max(2000),
});

export const sourceTaskSchema = z.strictObject({
  function_name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "function_name must be a Python identifier"),
  domain: z.string().regex(/^[a-z][a-z0-9_]*$/, "domain is lowercase snake_case, e.g. bit_manipulation"),
  query: z.string().trim().min(1).max(5000),
  canonical: z.string().min(1).max(100_000),
  test_suite: z.array(z.string().min(1).max(5000)).min(7, "at least 7 tests").max(10, "at most 10 tests"),
  distractors: z.array(sourceDistractorSchema).max(4, "at most 4 distractors").optional(),
});

export type SourceTask = z.infer<typeof sourceTaskSchema>;
export type SourceDistractor = z.infer<typeof sourceDistractorSchema>;
