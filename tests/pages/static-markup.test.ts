import { createElement as h, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ApiReference, type ApiDocument } from "@/app/docs/api/reference";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";
import { renderStaticMarkup } from "@/lib/pages/static-markup";

// /docs/api renders its reference once per process with renderStaticMarkup (react-dom/server
// is not available in server components): the HTML must be exactly what React renders.
describe("static markup", () => {
  it("renders the API reference exactly as react-dom/server does", () => {
    const el = h(ApiReference, { doc: buildOpenApiDocument() as unknown as ApiDocument });
    const mine = renderStaticMarkup(el);
    expect(mine.length).toBeGreaterThan(100_000);
    expect(mine).toBe(renderToStaticMarkup(el));
  });

  it("escapes text and attributes and handles fragments, arrays, booleans and void elements as React does", () => {
    const el = h(
      "div",
      { className: `a"b`, id: "x<y", "aria-hidden": true, hidden: false, tabIndex: 0, "data-n": 3 },
      h(Fragment, null, "Tom & 'Jerry' <b>", null, false, 7, [h("br", { key: "1" }), h("span", { key: "2", title: "é&" }, "ok")]),
    );
    expect(renderStaticMarkup(el)).toBe(renderToStaticMarkup(el));
  });

  it("refuses what it cannot render instead of dropping it", () => {
    expect(() => renderStaticMarkup(h("button", { onClick: () => {} }, "x"))).toThrow(/unsupported/);
    expect(() => renderStaticMarkup(h("div", { style: { color: "red" } }))).toThrow(/unsupported/);
    expect(() => renderStaticMarkup(h(async () => "x"))).toThrow(/async/);
  });
});
