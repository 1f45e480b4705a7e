import { expect, test } from "@playwright/test";
import { atBothWidths, DEMO, NAV } from "./reader-helpers";

interface Difficulty {
  systems: string[];
  histogram: number[];
  solvedByNone: number;
  queries: { queryId: string; domain: string; solvedBy: number }[];
}

// A reader looks for hard queries: the difficulty histogram and the domain heatmap agree with
// the API, filters narrow the list, and a query opens its page across all systems.
test("query browser: difficulty, domain heatmap, filters, and a query across systems", async ({ page, request }) => {
  test.setTimeout(180_000); // several pages, each scanned by axe at two widths
  const d: Difficulty = await (await request.get(`/api/v1/benchmarks/${DEMO}/difficulty`)).json();
  const board = await (await request.get(`/api/v1/benchmarks/${DEMO}/leaderboard`)).json();
  const bm25 = board.rows.find((r: { model: string }) => r.model === "BM25");
  const analysis = await (await request.get(`/api/v1/submissions/${bm25.submissionId}/analysis?perQuery=false`)).json();

  await page.goto("/");
  await page.getByRole("navigation", { name: /ExecRetrieval Demo/ }).getByRole("link", { name: "Queries" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "How many systems solve each query at rank 1" })).toBeVisible(NAV);
  await expect(page.getByRole("definition").filter({ hasText: new RegExp(`^${d.solvedByNone}$`) }).first()).toBeVisible();
  await expect(page.locator("dl").getByText("solved by none", { exact: true })).toBeVisible();

  // The heatmap: one row per published system; BM25's cell in a domain is its exec@1 there.
  const heatmap = page.getByRole("table", { name: /exec@1 per domain/ });
  await expect(heatmap.getByRole("row")).toHaveCount(1 + board.rows.length);
  const dom = analysis.analysis.perDomain[0];
  const cell = heatmap.locator(`a[title^="BM25, ${dom.domain.replaceAll("_", " ")}: "]`);
  await expect(cell).toHaveText(dom.exec1.value.toFixed(2));
  await expect(cell).toHaveAccessibleDescription(new RegExp(`exec@1 ${dom.exec1.value.toFixed(3)} \\[`));

  // Filters: a domain, then a difficulty; the list matches the API's per-query counts.
  const list = page.getByTestId("query-browser");
  await expect(list.getByRole("row")).toHaveCount(1 + d.queries.length);
  await expect(page.locator("form#query-browser-form[data-enhanced]")).toBeAttached();
  await page.getByLabel("Domain", { exact: true }).selectOption(dom.domain);
  await expect(page).toHaveURL(new RegExp(`domain=${dom.domain}`));
  await expect(list.getByRole("row")).toHaveCount(1 + d.queries.filter((q) => q.domain === dom.domain).length);
  await page.goto(`/benchmarks/${DEMO}/1.0.0/queries?solved=0`);
  const unsolved = d.queries.filter((q) => q.solvedBy === 0);
  if (unsolved.length > 0) await expect(page.getByTestId("query-browser").getByRole("row")).toHaveCount(1 + unsolved.length);
  else await expect(page.getByText("No query matches.")).toBeVisible(); // a published system solves every query

  await atBothWidths(page, "query-browser", async () => {
    await expect(page.getByRole("table", { name: /exec@1 per domain/ })).toBeVisible();
  });

  // One query across every published system, then into one system's drilldown.
  await page.goto(`/benchmarks/${DEMO}/1.0.0/queries`);
  await page.getByTestId("query-browser").getByRole("link", { name: "lowest_set_bit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "lowest_set_bit" })).toBeVisible(NAV);
  const systems = page.getByRole("table", { name: /Outcome of each published system/ });
  await expect(systems.getByRole("row")).toHaveCount(1 + board.rows.length);
  const snippets = page.getByRole("region", { name: "The canonical and its distractors" }).getByRole("article");
  await expect(snippets).toHaveCount(5);
  await expect(snippets.filter({ hasText: "wrong operator" }).locator("ins")).toHaveText("|");
  await atBothWidths(page, "query-page", async () => {
    await expect(systems).toBeVisible();
  });
  await systems.getByRole("link", { name: "Drilldown: BM25 on lowest_set_bit" }).click();
  await expect(page).toHaveURL(new RegExp(`/submissions/${bm25.submissionId}/queries/q_0001$`), NAV);
});
