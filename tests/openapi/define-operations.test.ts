import { describe, expect, it } from "vitest";
import { z } from "zod";
import { accepted, answer, defineOperations, jsonBody, ok, type Access, type OperationSpec, type Route } from "@/lib/openapi/operation";

// The operations in lib/openapi/operations/ state only what is their own; defineOperations adds
// what their route, group and access level imply. These are the rules the document relies on.
const thing = answer("Thing", z.strictObject({ id: z.string() }));
const spec = (more: Partial<OperationSpec> = {}): OperationSpec => ({ id: "op", summary: "an operation", success: ok("the thing", thing), ...more });
const one = (route: Route, s: OperationSpec, access: Access = "public") => defineOperations({ tag: "Things", access }, { [route]: s })[0];

describe("defineOperations", () => {
  it("keeps the routes' order and splits each into method and path", () => {
    const ops = defineOperations({ tag: "Things", access: "public" }, { "GET /api/v1/b": spec({ id: "b" }), "POST /api/v1/a": spec({ id: "a" }), "GET /api/v1/a": spec({ id: "c" }) });
    expect(ops.map((o) => [o.method, o.path, o.operationId])).toEqual([
      ["get", "/api/v1/b", "b"],
      ["post", "/api/v1/a", "a"],
      ["get", "/api/v1/a", "c"],
    ]);
  });

  it("gives each operation its group's tag and access level unless it names its own", () => {
    const [mine, other] = defineOperations({ tag: "Things", access: "signed-in" }, { "GET /api/v1/a": spec(), "GET /api/v1/b": spec({ tag: "Other", access: "public" }) });
    expect([mine.tag, mine.auth, other.tag, other.auth]).toEqual(["Things", "required", "Other", "none"]);
  });

  it("documents the 401 and 403 an access level implies, and an operation's own text replaces the level's", () => {
    expect(one("GET /api/v1/a", spec(), "public").errors).toEqual({});
    expect(one("GET /api/v1/a", spec(), "viewer")).toMatchObject({ auth: "optional", errors: { 401: "an Authorization header was sent but the token is not valid" } });
    expect(one("GET /api/v1/a", spec(), "signed-in").errors).toEqual({ 401: "no valid credentials" });
    expect(one("GET /api/v1/a", spec(), "maintainer").errors).toEqual({ 401: "no valid credentials", 403: "the caller is not a maintainer or admin" });
    expect(one("GET /api/v1/a", spec(), "admin").errors).toEqual({ 401: "no valid credentials", 403: "the caller is not an admin" });
    expect(one("GET /api/v1/a", spec({ errors: { 401: "expired", 403: "not yours", 409: "busy" } }), "maintainer").errors).toEqual({ 401: "expired", 403: "not yours", 409: "busy" });
  });

  it("adds the cross-origin 403 to every change made with credentials, and to no read or public change", () => {
    const crossOrigin = "a cross-origin request made with a session cookie";
    expect(one("DELETE /api/v1/a", spec(), "signed-in").errors[403]).toBe(crossOrigin);
    expect(one("POST /api/v1/a", spec(), "maintainer").errors[403]).toBe(`the caller is not a maintainer or admin, or ${crossOrigin}`);
    expect(one("POST /api/v1/a", spec({ errors: { 403: "not an owner" } }), "signed-in").errors[403]).toBe(`not an owner, or ${crossOrigin}`);
    expect(one("GET /api/v1/a", spec(), "signed-in").errors[403]).toBeUndefined();
    expect(one("POST /api/v1/a", spec(), "public").errors[403]).toBeUndefined();
  });

  it("declares the path's parameters in order, worded by the resource they follow unless the operation rewords one", () => {
    expect(one("GET /api/v1/submissions/{id}/samples/{sampleId}", spec()).pathParams).toEqual({ id: "submission id", sampleId: "sample id" });
    expect(Object.entries(one("GET /api/v1/benchmarks/{slug}/dataset/{file}", spec()).pathParams!).map(([name]) => name)).toEqual(["slug", "file"]);
    expect(one("GET /api/v1/organisations/{slug}", spec()).pathParams).toEqual({ slug: "organisation slug" });
    expect(one("GET /api/v1/benchmarks/{slug}", spec({ params: { slug: "benchmark slug, e.g. x" } })).pathParams).toEqual({ slug: "benchmark slug, e.g. x" });
    expect(one("GET /api/v1/benchmarks", spec()).pathParams).toEqual({});
  });

  it("refuses a path parameter nobody describes, and a description of one the path lacks", () => {
    expect(() => one("GET /api/v1/widgets/{id}", spec())).toThrow("GET /api/v1/widgets/{id}: describe the path parameter {id}");
    expect(() => one("GET /api/v1/benchmarks/{slug}", spec({ params: { id: "an id" } }))).toThrow("params names id, which the path does not have");
  });

  it("refuses an operation that reads a query or a body without saying what its 400 means", () => {
    const query = z.object({ version: z.string().optional() });
    expect(() => one("GET /api/v1/a", spec({ query }))).toThrow("GET /api/v1/a reads a query: say what its 400 means");
    expect(() => one("POST /api/v1/a", spec({ body: jsonBody(query) }))).toThrow("POST /api/v1/a reads a body: say what its 400 means");
    const op = one("POST /api/v1/a", spec({ body: jsonBody(query, false), errors: { 400: "invalid version" } }));
    expect(op.body).toEqual({ schema: query, contentType: "application/json", required: false });
    expect(op.errors[400]).toBe("invalid version");
  });

  it("states the success answer's status, wording and named schema once", () => {
    const file = answer("File", z.string(), "application/octet-stream");
    expect(one("POST /api/v1/a", spec({ success: accepted("queued", file) })).success).toEqual({ status: 202, description: "queued", name: "File", schema: file.schema, contentType: "application/octet-stream" });
    expect(one("GET /api/v1/a", spec()).success).toEqual({ status: 200, description: "the thing", name: "Thing", schema: thing.schema });
  });
});
