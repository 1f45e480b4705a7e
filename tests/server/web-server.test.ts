// What the web process decides about a request before Next.js sees it: which per-address window
// it counts against (pages, downloads and exports count; the API counts its own, static assets
// nothing), and which bodies it refuses unread (a page form over 1 MiB, or of no declared length).
import { describe, expect, it } from "vitest";
import { bodyRefusal, pageKind, PAGE_BODY_MAX_BYTES } from "@/server/web-server";

describe("the web process", () => {
  it("counts pages, downloads and exports per address, sign-in attempts apart, and not the API or static files", () => {
    expect(pageKind("GET", "/", {})).toBe("page");
    expect(pageKind("GET", "/benchmarks/execretrieval-demo/1.0.0/export", {})).toBe("page");
    expect(pageKind("GET", "/submissions/x/queries/q_0001", {})).toBe("page");
    expect(pageKind("POST", "/signin", {})).toBe("signin");
    expect(pageKind("GET", "/signin", {})).toBe("page");
    expect(pageKind("GET", "/", { "next-router-prefetch": "1" })).toBe("prefetch");
    expect(pageKind("GET", "/api/v1/health", {})).toBeNull();
    expect(pageKind("GET", "/_next/static/chunks/main.js", {})).toBeNull();
  });

  it("refuses a page form over 1 MiB or of no declared length, and lets everything else through", () => {
    expect(bodyRefusal("POST", "/signin", { "content-length": String(PAGE_BODY_MAX_BYTES + 1) })).toEqual({ status: 413, message: `a form sent to a page may be at most ${PAGE_BODY_MAX_BYTES} bytes; this one is ${PAGE_BODY_MAX_BYTES + 1}` });
    expect(bodyRefusal("POST", "/access", { "transfer-encoding": "chunked" })).toEqual({ status: 411, message: "a form sent to a page must say its length (Content-Length)" });
    expect(bodyRefusal("POST", "/signin", { "content-length": "nonsense" })?.status).toBe(413);
    expect(bodyRefusal("POST", "/signin", { "content-length": String(PAGE_BODY_MAX_BYTES) })).toBeNull();
    expect(bodyRefusal("POST", "/signin", {})).toBeNull(); // no body at all
    // The API reads its own bodies with its own limits (multipart uploads are far larger).
    expect(bodyRefusal("POST", "/api/v1/benchmarks/x/submissions", { "content-length": String(500 * 2 ** 20) })).toBeNull();
    expect(bodyRefusal("PUT", "/api/v1/uploads/x", { "transfer-encoding": "chunked" })).toBeNull();
    expect(bodyRefusal("GET", "/", { "transfer-encoding": "chunked" })).toBeNull();
  });
});
