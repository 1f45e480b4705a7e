// The OpenAPI document describes requests with the very zod schemas the routes parse them with:
// for every handler under app/api/v1, the schema it hands readQuery, readJson or readForm is the
// same object its operation documents (query, body, or a multipart body's text fields), and a
// documented query or body is one the handler reads that way. A route that parses with a schema
// of its own, or reads a parameter by hand, fails here: the document would drift from it.
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Operation } from "@/lib/openapi/operation";
import { OPERATIONS } from "@/lib/openapi/operations/index";
import { routesOnDisk, type RouteHandler } from "./routes-on-disk";

const READERS = { readQuery: "query", readJson: "body", readForm: "fields" } as const;
type Part = (typeof READERS)[keyof typeof READERS];

/** The schema object a route file imports under `name`. */
async function importedSchema(route: RouteHandler, name: string): Promise<unknown> {
  for (const m of route.source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
    for (const item of m[1].split(",").map((x) => x.trim()).filter(Boolean)) {
      const [exported, local] = item.replace(/^type\s+/, "").split(/\s+as\s+/);
      if ((local ?? exported) !== name) continue;
      const spec = m[2].startsWith("@/") ? path.resolve(m[2].slice(2)) : path.resolve(path.dirname(route.file), m[2]);
      return (await import(`${spec}.ts`))[exported];
    }
  }
  throw new Error(`${route.file}: ${name} is not imported (a schema defined in a route file cannot be the documented one)`);
}

function documented(op: Operation, part: Part): unknown {
  if (part === "query") return op.query;
  if (part === "fields") return op.body?.contentType === "multipart/form-data" ? op.body.fields : undefined;
  return op.body?.contentType === "application/json" ? op.body.schema : undefined;
}

describe("request schemas in the OpenAPI document", () => {
  const handlers = routesOnDisk();
  const ops = new Map(OPERATIONS.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o]));

  it("are the schemas each route parses with, and every documented one is parsed", async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const route of handlers) {
      const op = ops.get(route.key);
      if (!op) continue; // document.test.ts reports undocumented routes
      const reads = new Map<Part, string>();
      for (const m of route.body.matchAll(/\b(readQuery|readJson|readForm)\(\s*request\s*,\s*(\w+)/g)) reads.set(READERS[m[1] as keyof typeof READERS], m[2]);
      for (const part of ["query", "body", "fields"] as const) {
        const want = documented(op, part);
        const name = reads.get(part);
        if (!name && want) problems.push(`${route.key}: documents a ${part} schema but does not read the request with it`);
        if (!name) continue;
        const used = await importedSchema(route, name);
        if (used !== want) problems.push(`${route.key}: parses with ${name}, which is not the schema its operation documents as its ${part}`);
        else checked++;
      }
      if (/searchParams|\.parse\(/.test(route.body)) problems.push(`${route.key}: reads the query or parses by hand; use readQuery/readJson/readForm with the documented schema`);
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(25);
  });
});
