import type { z } from "zod";

// Parses a request's query string with a zod schema (the one its OpenAPI operation documents):
// each parameter once, as text; a repeated parameter keeps its last value. What the schema
// refuses is a 400 naming the parameter (handle() maps the ZodError).
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  return schema.parse(Object.fromEntries(new URL(request.url).searchParams));
}
