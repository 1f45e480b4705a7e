import { z } from "zod";
import { tokenViewSchema } from "@/lib/auth/token-view";
import { SESSION_COOKIE } from "@/lib/auth/session-cookie";
import pkg from "@/package.json";
import type { Operation } from "./operation";
import { OPERATIONS } from "./operations/index";
import { errorBodySchema } from "./schemas/common";
import { statSchema } from "./schemas/analysis";
import { tieDiagnosticsSchema } from "./schemas/leaderboard";
import { metricTableSchema, metricValueSchema } from "./schemas/submissions";

const REF = "#/components/schemas/";

const ERROR_TEXT: Record<number, string> = {
  400: "the request is malformed (BAD_REQUEST)",
  401: "no valid credentials (UNAUTHORIZED; TOKEN_EXPIRED for an expired token)",
  403: "not allowed for this account (FORBIDDEN)",
  404: "not found (NOT_FOUND)",
  409: "conflicts with the current state (CONFLICT)",
  413: "too large (PAYLOAD_TOO_LARGE)",
  422: "well-formed but invalid (INVALID_UPLOAD)",
  429: "the rate limit is exhausted (RATE_LIMITED); see Retry-After",
};

type JsonSchema = Record<string, unknown>;
let cached: JsonSchema | undefined;

// The OpenAPI 3.1 document for /api/v1, built from OPERATIONS and their zod schemas. Named
// answers become components; request bodies and parameters are inlined (as input schemas).
export function buildOpenApiDocument(): JsonSchema {
  if (cached) return cached;
  const registry = z.registry<{ id: string }>();
  registry.add(errorBodySchema, { id: "Error" });
  registry.add(metricTableSchema, { id: "MetricTable" });
  registry.add(metricValueSchema, { id: "MetricValue" });
  registry.add(tokenViewSchema, { id: "Token" });
  registry.add(tieDiagnosticsSchema, { id: "TieDiagnostics" });
  registry.add(statSchema, { id: "Stat" });
  for (const op of OPERATIONS) if (!registry.has(op.success.schema)) registry.add(op.success.schema, { id: op.success.name });
  const { schemas } = z.toJSONSchema(registry, { target: "draft-2020-12", uri: (id) => `${REF}${id}`, unrepresentable: "any" });
  const components = Object.fromEntries(Object.entries(schemas).map(([id, s]) => [id, strip(s as JsonSchema)]));

  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operationObject(op, registry.get(op.success.schema)!.id);

  cached = {
    openapi: "3.1.0",
    info: {
      title: "ExecBoard API",
      version: pkg.version,
      description:
        "Leaderboards for execution-grounded code retrieval. Authenticate with `Authorization: Bearer <token>` " +
        "(tokens: POST /api/v1/tokens, or `execboard users create`), or with the web session cookie after signing in at /signin. " +
        "Errors are JSON `{ error: { code, message, details? } }`. Requests are rate limited per token and per address " +
        "(429 RATE_LIMITED with Retry-After; X-RateLimit-* headers on every answer).",
    },
    tags: [...new Set(OPERATIONS.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "an ExecBoard API token (ebt_…)" },
        sessionCookie: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "the web session set by /signin" },
      },
      headers: {
        "X-RateLimit-Limit": { description: "requests allowed per window", schema: { type: "integer" } },
        "X-RateLimit-Remaining": { description: "requests left in this window", schema: { type: "integer" } },
        "X-RateLimit-Reset": { description: "when this window ends (Unix seconds)", schema: { type: "integer" } },
        "Retry-After": { description: "seconds to wait before trying again", schema: { type: "integer" } },
      },
    },
  };
  return cached;
}

function operationObject(op: Operation, successId: string): Record<string, unknown> {
  const parameters = [
    ...Object.entries(op.pathParams ?? {}).map(([name, description]) => ({ name, in: "path", required: true, description, schema: { type: "string" } })),
    ...Object.entries(op.query?.shape ?? {}).map(([name, field]) => {
      const schema = field as z.ZodType;
      return { name, in: "query", required: !schema.safeParse(undefined).success, description: schema.description, schema: inputSchema(schema) };
    }),
    ...Object.entries(op.headers ?? {}).map(([name, h]) => ({ name, in: "header", required: h.required, description: h.description, schema: { type: "string" } })),
  ];
  const errors = { ...op.errors, 429: op.errors[429] ?? ERROR_TEXT[429] };
  const ref = (id: string) => ({ "application/json": { schema: { $ref: `${REF}${id}` } } });
  const rateHeaders = Object.fromEntries(["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"].map((h) => [h, { $ref: `#/components/headers/${h}` }]));
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    security: op.auth === "none" ? [] : op.auth === "optional" ? [{}, { bearerAuth: [] }, { sessionCookie: [] }] : [{ bearerAuth: [] }, { sessionCookie: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(op.body ? { requestBody: { required: op.body.required, content: { [op.body.contentType]: { schema: inputSchema(op.body.schema) } } } } : {}),
    responses: {
      [String(op.success.status)]: {
        description: op.success.description,
        headers: rateHeaders,
        content: op.success.contentType ? { [op.success.contentType]: { schema: { $ref: `${REF}${successId}` } } } : ref(successId),
      },
      ...Object.fromEntries(
        Object.entries(errors).map(([status, text]) => [
          status,
          { description: text ?? ERROR_TEXT[Number(status)], ...(status === "429" ? { headers: { "Retry-After": { $ref: "#/components/headers/Retry-After" } } } : {}), content: ref("Error") },
        ]),
      ),
      "5XX": { description: "the service is unavailable or failed (INTERNAL)", content: ref("Error") },
    },
  };
}

function inputSchema(schema: z.ZodType): JsonSchema {
  return strip(z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" }) as JsonSchema);
}

function strip(schema: JsonSchema): JsonSchema {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return rest;
}
