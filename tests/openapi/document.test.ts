import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";
import { routesOnDisk } from "./routes-on-disk";

type Doc = { openapi: string; paths: Record<string, Record<string, Record<string, unknown>>>; components: { schemas: Record<string, unknown> } };

describe("OpenAPI document", () => {
  const doc = buildOpenApiDocument() as Doc;
  const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));

  it("documents exactly the routes that exist, method for method", () => {
    const onDisk = routesOnDisk().map((r) => r.key);
    expect(onDisk.length).toBeGreaterThanOrEqual(12);
    // A new route needs an entry in lib/openapi/operations/ (and a removed one, its entry gone).
    expect({
      undocumented: onDisk.filter((k) => !documented.includes(k)).sort(),
      documentedButNoRoute: documented.filter((k) => !onDisk.includes(k)).sort(),
    }).toEqual({ undocumented: [], documentedButNoRoute: [] });
  });

  it("has every handler wrapped in handle() (rate limit, error shape) and labelled with its route", () => {
    for (const r of routesOnDisk()) {
      expect(r.source, r.file).toMatch(/\bhandle\(/);
      const [method, url] = r.key.split(" ");
      expect(r.source, `${r.file} lacks "// ${method} ${url} – …"`).toContain(`// ${method} ${url}`);
    }
  });

  it("is OpenAPI 3.1 with unique operation ids, declared path parameters and resolvable references", () => {
    expect(doc.openapi).toBe("3.1.0");
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    for (const [p, ops] of Object.entries(doc.paths)) {
      const inTemplate = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const op of Object.values(ops)) {
        const declared = ((op.parameters as { name: string; in: string }[] | undefined) ?? []).filter((x) => x.in === "path").map((x) => x.name).sort();
        expect(declared, `${p}`).toEqual(inTemplate);
      }
    }
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/(\w+)\/([^"]+)"/g)];
    expect(refs.length).toBeGreaterThan(20);
    for (const [, kind, name] of refs) expect((doc.components as Record<string, Record<string, unknown>>)[kind]?.[name], `${kind}/${name}`).toBeDefined();
  });

  it("describes errors with the stable { error: { code, message, details? } } shape", () => {
    const error = doc.components.schemas.Error as { properties: { error: { required: string[]; properties: { code: { enum: string[] } } } } };
    expect(error.properties.error.required.sort()).toEqual(["code", "message"]);
    expect(error.properties.error.properties.code.enum).toEqual(expect.arrayContaining(["RATE_LIMITED", "QUOTA_EXCEEDED", "TOKEN_EXPIRED", "NOT_FOUND"]));
    for (const ops of Object.values(doc.paths)) {
      for (const op of Object.values(ops)) expect(Object.keys(op.responses as object)).toContain("429");
    }
  });
});
