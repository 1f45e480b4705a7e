import type { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { describeIssues } from "@/lib/errors/zod-issues";

// JSON lines read whole from files a maintainer hands the CLI (a benchmark's queries and corpus,
// another repository's samples): every non-blank line is one value of a schema, and the first
// line that is not is refused, naming the file and the line. Readers that refuse line by line
// and carry on (a released samples file, a benchmark source's tasks) keep their own loop.

/**
 * The values of `text`'s non-blank lines, each parsed as JSON and checked by `schema`; a line
 * that is not JSON, or not of the schema, is a BAD_REQUEST naming `file` and its line number
 * (`what` names what a line should be: "not a sample record: …").
 */
export function parseJsonLines<S extends z.ZodType>(file: string, text: string, schema: S, what?: string): z.output<S>[] {
  const values: z.output<S>[] = [];
  text.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (e) {
      throw new AppError("BAD_REQUEST", `${file} line ${i + 1}: invalid JSON (${(e as Error).message})`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new AppError("BAD_REQUEST", `${file} line ${i + 1}: ${what ? `not ${what}: ` : ""}${describeIssues(parsed.error)}`);
    values.push(parsed.data);
  });
  return values;
}
