import { expect, test } from "@playwright/test";
import { atBothWidths, DEMO, modelLink, NAV, shownCount } from "./reader-helpers";

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
  // Expected counts (a system tied at rank 1 counts its chance), to one decimal.
  await expect(page.getByRole("definition").filter({ hasText: new RegExp(`^${shownCount(d.solvedByNone).replace(".", "\\.")}$`) }).first()).toBeVisible();
  await expect(page.locator("dl").getByText("solved by none", { exact: true })).toBeVisible();
  await expect(page.getByText(/these\s+counts are expectations/)).toBeVisible();

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
  // A bar (solved by exactly n) lists the queries whose expected count rounds to n (half up).
  const rounded = (v: number) => Math.floor(v + 0.5 + 1e-9);
  const n = rounded(d.queries[0].solvedBy);
  await page.goto(`/benchmarks/${DEMO}/1.0.0/queries?solved=${n}`);
  await expect(page.getByTestId("query-browser").getByRole("row")).toHaveCount(1 + d.queries.filter((q) => rounded(q.solvedBy) === n).length);
  await expect(page.getByTestId("query-browser")).toContainText(d.queries[0].queryId);
  const partly = d.queries.find((q) => !Number.isInteger(q.solvedBy))!;
  expect(partly, "the demo's baselines tie at rank 1, so some query is solved by a fraction of a system").toBeDefined();
  await page.goto(`/benchmarks/${DEMO}/1.0.0/queries?q=${partly.queryId}`);
  await expect(page.getByTestId("query-browser").getByRole("row").nth(1)).toContainText(`${shownCount(partly.solvedBy)} of ${board.rows.length}`);

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

  // On a query where BM25's rank 1 is a tie, its row says how many of the tied snippets pass and
  // the chance that rank 1 passes, instead of naming one of them.
  const perQuery: { queryId: string; rank1: { members: { kind: string }[] } | null; exec: Record<string, number> }[] = (
    await (await request.get(`/api/v1/submissions/${bm25.submissionId}/analysis`)).json()
  ).perQuery;
  const tied = perQuery.find((q) => (q.rank1?.members.length ?? 0) > 1)!;
  expect(tied).toBeDefined();
  const g = tied.rank1!.members.length, passing = tied.rank1!.members.filter((m) => m.kind === "pass").length;
  await page.goto(`/benchmarks/${DEMO}/1.0.0/queries/${tied.queryId}`);
  const row = page.getByRole("table", { name: /Outcome of each published system/ }).getByRole("row").filter({ has: modelLink(page, "BM25") });
  await expect(row).toContainText(`tied ×${g}`);
  await expect(row).toContainText(`${passing} of ${g} pass`);
  await expect(row).toContainText(`rank 1 passes in ${Math.round(tied.exec["1"] * 100)}% of orders`);
});
