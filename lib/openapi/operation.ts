import type { z } from "zod";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 507;
/** What an error status means for one operation, in words its callers can act on. */
export type ErrorTexts = Partial<Record<ErrorStatus, string>>;

// One documented operation. Request schemas are the very zod schemas the route parses with
// (readQuery, readJson, readForm; tests/openapi/route-schemas.test.ts holds them to that); answer
// schemas are lib/'s own or written to match what lib/ returns, checked against real answers.
// The files in operations/ write them with defineOperations below.
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
  errors: ErrorTexts;
}

/**
 * Who may call an operation (the route's requireViewer or optionalViewer, and the role lib/
 * checks). Each level brings the error answers it implies, so an operation names only its own.
 */
export type Access = "public" | "viewer" | "signed-in" | "maintainer" | "admin";

const NO_CREDENTIALS = "no valid credentials";
const ACCESS: Record<Access, { auth: Operation["auth"]; errors: ErrorTexts }> = {
  public: { auth: "none", errors: {} },
  viewer: { auth: "optional", errors: { 401: "an Authorization header was sent but the token is not valid" } },
  "signed-in": { auth: "required", errors: { 401: NO_CREDENTIALS } },
  maintainer: { auth: "required", errors: { 401: NO_CREDENTIALS, 403: "the caller is not a maintainer or admin" } },
  admin: { auth: "required", errors: { 401: NO_CREDENTIALS, 403: "the caller is not an admin" } },
};

// lib/auth/resolve-viewer.ts refuses a change (any method but GET) made with a session cookie
// from a page of another origin, whichever operation it is.
const CROSS_ORIGIN = "a cross-origin request made with a session cookie";

// What each path parameter names, by the segment before it: one wording wherever a resource
// appears in a path. A route with a new parameter adds it here (or describes it with `params`).
const PATH_PARAMS: Record<string, string> = {
  "access-requests/{id}": "access request id",
  "benchmarks/{slug}": "benchmark slug",
  "dataset/{file}": "benchmark.json, queries.jsonl, corpus.jsonl, LICENSE.txt, SHA256SUMS, or <slug>-<version>.zip",
  "members/{email}": "the member's email",
  "organisations/{slug}": "organisation slug",
  "rescores/{id}": "re-score batch id",
  "samples/{sampleId}": "sample id",
  "submissions/{id}": "submission id",
  "tokens/{id}": "token id",
  "uploads/{id}": "upload id",
};

/** "METHOD /api/v1/…", as the route file's comment and tests/openapi name a handler. */
export type Route = `${Uppercase<HttpMethod>} /api/v1/${string}`;

/** What an operation says of itself; its route, its group and its access level say the rest. */
export interface OperationSpec {
  /** The operationId. */
  id: string;
  summary: string;
  description?: string;
  /** The group's tag and access level, unless the operation has its own. */
  tag?: string;
  access?: Access;
  /** Path parameters worded otherwise than PATH_PARAMS. */
  params?: Record<string, string>;
  query?: z.ZodObject;
  body?: Operation["body"];
  headers?: Operation["headers"];
  success: Operation["success"];
  /** The operation's own error answers; a text here replaces its access level's for that status. */
  errors?: ErrorTexts;
}

/**
 * The operations of one group of routes, keyed by route, in the order given. Path parameters
 * come from the path, 401 and 403 from the access level, the cross-origin 403 from the method;
 * an operation that reads a query or a body must say what its 400 means.
 */
export function defineOperations(group: { tag: string; access: Access }, specs: { [route: Route]: OperationSpec }): Operation[] {
  return Object.entries(specs).map(([route, spec]) => operation(route as Route, spec, group));
}

function operation(route: Route, spec: OperationSpec, group: { tag: string; access: Access }): Operation {
  const [verb, path] = route.split(" ") as [Uppercase<HttpMethod>, string];
  const method = verb.toLowerCase() as HttpMethod;
  const access = ACCESS[spec.access ?? group.access];
  const errors: ErrorTexts = { ...access.errors, ...spec.errors };
  if (access.auth !== "none" && method !== "get") errors[403] = errors[403] ? `${errors[403]}, or ${CROSS_ORIGIN}` : CROSS_ORIGIN;
  if ((spec.query || spec.body) && !errors[400]) throw new Error(`${route} reads a ${spec.query ? "query" : "body"}: say what its 400 means`);
  return {
    method,
    path,
    operationId: spec.id,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tag: spec.tag ?? group.tag,
    auth: access.auth,
    pathParams: pathParams(route, path, spec.params ?? {}),
    ...(spec.query ? { query: spec.query } : {}),
    ...(spec.body ? { body: spec.body } : {}),
    ...(spec.headers ? { headers: spec.headers } : {}),
    success: spec.success,
    errors,
  };
}

function pathParams(route: Route, path: string, own: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [, segment, name] of path.matchAll(/([^/]+)\/\{(\w+)\}/g)) {
    const description = own[name] ?? PATH_PARAMS[`${segment}/{${name}}`];
    if (!description) throw new Error(`${route}: describe the path parameter {${name}} (PATH_PARAMS in lib/openapi/operation.ts)`);
    out[name] = description;
  }
  const stray = Object.keys(own).filter((name) => !(name in out));
  if (stray.length) throw new Error(`${route}: params names ${stray.join(", ")}, which the path does not have`);
  return out;
}

/** A named answer: its schema is documented once, as components/schemas/<name>. */
export interface Answer {
  name: string;
  schema: z.ZodType;
  /** The media type when the answer is not JSON (a file download). */
  contentType?: string;
}

export function answer(name: string, schema: z.ZodType, contentType?: string): Answer {
  return { name, schema, ...(contentType ? { contentType } : {}) };
}

/** The success answers: 200, 201 (something new) and 202 (accepted, work queued). */
export const ok = (description: string, what: Answer): Operation["success"] => ({ status: 200, description, ...what });
export const created = (description: string, what: Answer): Operation["success"] => ({ status: 201, description, ...what });
export const accepted = (description: string, what: Answer): Operation["success"] => ({ status: 202, description, ...what });

/** A JSON request body parsed with `schema` (readJson). */
export function jsonBody(schema: z.ZodType, required = true): NonNullable<Operation["body"]> {
  return { schema, contentType: "application/json", required };
}
