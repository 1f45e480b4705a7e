import type { z } from "zod";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

// One documented operation. Request schemas are the very zod schemas the route parses with
// (readQuery, readJson, readForm; tests/openapi/route-schemas.test.ts holds them to that); answer
// schemas are lib/'s own or written to match what lib/ returns, checked against real answers.
export interface Operation {
  method: HttpMethod;
  /** OpenAPI path template, e.g. /api/v1/submissions/{id} */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** none: public; optional: shows more to a signed-in caller; required: 401 without one. */
  auth: "none" | "optional" | "required";
  pathParams?: Record<string, string>;
  query?: z.ZodObject;
  body?: {
    schema: z.ZodType;
    contentType: "application/json" | "multipart/form-data" | "application/octet-stream";
    required: boolean;
    /** multipart/form-data: the schema the route parses the text fields with (`schema` documents them with the file). */
    fields?: z.ZodType;
  };
  /** Request headers the operation reads (besides Authorization), e.g. Content-Range. */
  headers?: Record<string, { description: string; required: boolean }>;
  /** contentType: the answer's media type when it is not JSON (a file download). */
  success: { status: number; description: string; schema: z.ZodType; name: string; contentType?: string };
  /** Error statuses this operation can answer with (besides 429 and 5xx, which any can). */
  errors: Partial<Record<400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 507, string>>;
}
