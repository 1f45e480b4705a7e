import { createElement as h, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ApiReference, type ApiDocument } from "@/app/docs/api/reference";
import { HeatmapBody, PValueHeatmap } from "@/components/compare/pvalue-heatmap";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";
import { renderStaticMarkup } from "@/components/ui/static-markup";

// /docs/api renders its reference once per process with renderStaticMarkup (react-dom/server
// is not available in server components): the HTML must be exactly what React renders.
describe("static markup", () => {
  it("renders the API reference exactly as react-dom/server does", () => {
    const el = h(ApiReference, { doc: buildOpenApiDocument() as unknown as ApiDocument });
    const mine = renderStaticMarkup(el);
    expect(mine.length).toBeGreaterThan(100_000);
    expect(mine).toBe(renderToStaticMarkup(el));
  });

  it("the compare page's p-value heatmap marks estimates, picks and small p", () => {
    const systems = ["a", "b", "c"].map((id) => ({ submissionId: id, model: `model <${id}> & "co"` }));
    const monteCarlo = [[false, false, true], [false, false, false], [true, false, false]];
    const m = { systems, p: [[null, 0.0004, 0.2], [0.0004, null, null], [0.2, null, null]], sign: [[0, 1, -1], [-1, 0, 0], [1, 0, 0]], monteCarlo, stale: false, provisional: [] };
    const props = { m, k: 1, highlight: new Set(["a", "c"]) };
    const html = renderToStaticMarkup(h(PValueHeatmap, { m, k: 1, highlight: ["a", "c"] }));
    expect(html).toBe(`<div class="space-y-2">${renderToStaticMarkup(h(HeatmapBody, props))}</div>`);
    expect(html.match(/text-emerald-800 underline/g)).toHaveLength(4); // a and c, as row and as column
    expect(html).toContain("&lt;.001");
    // A Monte Carlo p is marked as estimated, to the eye and to screen readers, and the legend says how.
    expect(html).toMatch(/<span aria-hidden="true">~<\/span><span class="sr-only">estimated <\/span>\.20/);
    expect(html).toContain("100,000 seeded random sign flips");
    expect(renderToStaticMarkup(h(HeatmapBody, { ...props, m: { ...m, monteCarlo: monteCarlo.map((r) => r.map(() => false)) } }))).not.toContain("sign flips");
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
