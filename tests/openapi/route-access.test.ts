// The document says which operations need credentials (and so answer 401, and 403 to a
// cross-origin change made with a session cookie): it must say what each handler does. A handler
// that calls requireViewer is documented as needing a caller, one that calls optionalViewer as
// showing more to one, and one that calls neither as public.
import { describe, expect, it } from "vitest";
import { OPERATIONS } from "@/lib/openapi/operations/index";
import { routesOnDisk } from "./routes-on-disk";

describe("access levels in the OpenAPI document", () => {
  it("are what each route's handler asks of its caller", () => {
    const ops = new Map(OPERATIONS.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o]));
    const handlers = routesOnDisk().filter((r) => ops.has(r.key)); // document.test.ts reports undocumented routes
    const wrong = handlers.flatMap((route) => {
      const reads = /\brequireViewer\(/.test(route.body) ? "required" : /\boptionalViewer\(/.test(route.body) ? "optional" : "none";
      const documented = ops.get(route.key)!.auth;
      return documented === reads ? [] : [`${route.key}: the handler's caller is ${reads}, the document says ${documented}`];
    });
    expect(wrong).toEqual([]);
    expect(new Set(handlers.map((r) => ops.get(r.key)!.auth))).toEqual(new Set(["none", "optional", "required"]));
  });
});
