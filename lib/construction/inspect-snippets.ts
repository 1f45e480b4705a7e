import { z } from "zod";
import { runPythonTool } from "./run-python-tool";

const inspectionSchema = z.object({
  id: z.string(),
  syntax_error: z.string().nullable(),
  defines_target: z.boolean(),
  function_names: z.array(z.string()),
  test_problems: z.array(z.object({ index: z.number().int(), problem: z.string() })),
});

export type SnippetInspection = z.infer<typeof inspectionSchema>;

export interface InspectRequest {
  id: string;
  code: string;
  function_name: string;
  tests?: string[];
}

/** Parses snippets (never runs them): syntax, whether they define the target, all def names, test shape. */
export async function inspectSnippets(requests: InspectRequest[]): Promise<Map<string, SnippetInspection>> {
  const replies = await runPythonTool<InspectRequest, { id: string }>("inspect-snippets.py", requests);
  return new Map([...replies].map(([id, r]) => [id, inspectionSchema.parse(r)]));
}
