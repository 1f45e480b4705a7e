// The two baselines' behaviour on a small repository: path-aware BM25 over files, and the
// structural map (imports and identifiers, personalised PageRank from what the query names).
import { describe, expect, it } from "vitest";
import { FileBm25 } from "@/lib/repo-search/bm25-files";
import { codeTokens } from "@/lib/repo-search/code-tokens";
import { RepoGraph } from "@/lib/repo-search/structural";
import { ImportResolver } from "@/lib/repo-search/resolve-imports";

const files = [
  { path: "pkg/billing/invoice.py", text: "from pkg.billing.tax import apply_tax\n\ndef render_invoice(order):\n    return apply_tax(order.total)\n" },
  { path: "pkg/billing/tax.py", text: "def apply_tax(amount):\n    return amount * 1.2\n" },
  { path: "tests/test_invoice.py", text: "from pkg.billing.invoice import render_invoice\n\ndef test_render_invoice():\n    assert render_invoice(Order(10))\n" },
  { path: "pkg/shipping/route.py", text: "def plan_route(stops):\n    return sorted(stops)\n" },
  { path: "docs/notes.md", text: "Notes about nothing in particular.\n" },
];

describe("code tokens", () => {
  it("splits identifiers at camelCase and snake_case and keeps the whole word", () => {
    expect(codeTokens("parseFormMapping render_widget HTTPServer x")).toEqual(["parseformmapping", "parse", "form", "mapping", "render", "widget", "httpserver", "http", "server"]);
  });
});

describe("path-aware BM25 over files", () => {
  it("matches the query's words in paths as well as content, and retrieves nothing else", () => {
    const hits = new FileBm25(files).search("shipping route planner");
    expect(hits.map((h) => h.path)).toEqual(["pkg/shipping/route.py"]);
  });
});

describe("the structural map", () => {
  it("resolves imports by each language's conventions", () => {
    const r = new ImportResolver(files.map((f) => f.path));
    expect(r.resolve("tests/test_invoice.py", "python", "pkg.billing.invoice")).toEqual(["pkg/billing/invoice.py"]);
    expect(r.resolve("pkg/billing/invoice.py", "python", ".tax")).toEqual(["pkg/billing/tax.py"]);
  });

  it("reaches a changed module's test through the links both ways, and never returns the given file", () => {
    const g = new RepoGraph(files);
    const ranked = g.rank("Round the invoice total", ["pkg/billing/invoice.py"]);
    const paths = ranked.sort((a, b) => b.score - a.score).map((r) => r.path);
    expect(paths).not.toContain("pkg/billing/invoice.py");
    expect(paths.slice(0, 2).sort()).toEqual(["pkg/billing/tax.py", "tests/test_invoice.py"]);
    // Unconnected to anything the query names: never reached.
    expect(paths).not.toContain("docs/notes.md");
  });

  it("restarts uniformly when the query names nothing of the repository", () => {
    const ranked = new RepoGraph(files).rank("zzz qqq", []);
    expect(ranked).toHaveLength(files.length);
  });
});
