import { expect, test } from "@playwright/test";
import { atBothWidths, DEMO, NAV } from "./reader-helpers";

// A reader goes from the leaderboard to a model page and into one query's drilldown, where the
// ranked snippets show their scores, roles and test outcomes (the paper's Figure 1).
test("leaderboard → model page → query drilldown", async ({ page }) => {
  test.setTimeout(180_000); // several pages, each scanned by axe at two widths
  await page.goto("/");
  const demo = page.getByRole("region", { name: "ExecRetrieval Demo" });
  await demo.getByRole("link", { name: "BM25" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /BM25/ })).toBeVisible(NAV);
  await expect(page.getByRole("table", { name: /Metrics with 95% bootstrap intervals/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /exec@k curve/ })).toBeVisible();

  const queries = page.getByTestId("query-table");
  await expect(queries.getByRole("row")).toHaveCount(49); // header + 48 demo queries
  await queries.getByRole("link", { name: "lowest_set_bit" }).click();

  await expect(page).toHaveURL(/\/queries\/q_0001$/, NAV);
  await expect(page.getByRole("heading", { level: 1, name: "lowest_set_bit" })).toBeVisible();
  await expect(page.getByText("Return the value of the lowest (least significant) set bit")).toBeVisible();
  const bars = page.getByRole("list", { name: "Ranked snippets by similarity" }).getByRole("listitem");
  await expect(bars).toHaveCount(5);
  // The query's own five snippets are all in its top 5, and exactly one of them passes.
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(5);
  await expect(cards.filter({ hasText: "passes 9/9 tests" })).toHaveCount(1);
  await expect(cards.filter({ hasText: "canonical" }).first()).toContainText("def lowest_set_bit(n):");
  // The wrong-operator distractor shows its edit and its failing tests.
  const wrongOp = cards.filter({ hasText: "wrong operator" });
  await expect(wrongOp).toContainText("Changed `n & (-n)` to `n | (-n)`.");
  await expect(wrongOp.getByRole("list", { name: "Test outcomes" })).toContainText("FAIL");
  await expect(wrongOp.locator("del")).toHaveText("&");
  await expect(wrongOp.locator("ins")).toHaveText("|");

  await atBothWidths(page, "drilldown", async () => {
    await expect(cards).toHaveCount(5);
  });

  await page.getByRole("link", { name: "show top 10" }).click();
  await expect(bars).toHaveCount(10);
  // Same query, another published system; and the query across every system.
  await page.getByRole("link", { name: /hashed-tfidf-512/ }).first().click();
  await expect(page).toHaveURL(/\/queries\/q_0001$/);
  await expect(page.getByRole("link", { name: "hashed-tfidf-512", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "This query under every published system" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Every published system on this query" })).toBeVisible(NAV);
  await expect(page.getByRole("row", { name: /BM25/ })).toBeVisible();
});

// The model page shows every analysis of the paper for one system, with the stored numbers.
test("the model page shows the per-submission analyses with their numbers", async ({ page, request }) => {
  test.setTimeout(180_000); // several pages, each scanned by axe at two widths
  const board = await (await request.get(`/api/v1/benchmarks/${DEMO}/leaderboard`)).json();
  const bm25 = board.rows.find((r: { model: string }) => r.model === "BM25");
  const analysis = await (await request.get(`/api/v1/submissions/${bm25.submissionId}/analysis?perQuery=false`)).json();
  const a = analysis.analysis;
  await page.goto(`/submissions/${bm25.submissionId}`);

  const misses = page.getByRole("region", { name: "When rank 1 is wrong, what is there?" });
  await expect(misses).toContainText(`${a.missAttribution.misses} of ${a.missAttribution.queries} queries`);
  await expect(misses.getByRole("row", { name: /Own distractor/ })).toContainText(String(a.missAttribution.ownDistractor));

  const gap = page.getByRole("region", { name: "Canonical vs best distractor" });
  await expect(gap).toContainText(`${(a.similarityGap.canonicalBelowShare.value * 100).toFixed(1)}%`);
  await expect(gap.getByRole("img", { name: /Histogram of the per-query gap/ })).toBeVisible();

  const deception = page.getByRole("region", { name: "Deception by bug type and edit size" });
  for (const b of a.deception.byBugType) {
    const row = deception.getByRole("table", { name: "By bug type" }).getByRole("row").filter({ hasText: `${b.deceived} / ${b.scoredPairs}` });
    await expect(row.first()).toBeVisible();
  }
  await expect(deception.getByRole("table", { name: /By edit size/ }).getByRole("row")).toHaveCount(1 + a.deception.byEditSize.length);

  const domains = page.getByRole("region", { name: "exec@1 per domain" });
  await expect(domains.getByRole("row")).toHaveCount(1 + a.perDomain.length);
  const density = page.getByRole("region", { name: "Pool density" });
  const full = a.poolDensity.rows[a.poolDensity.rows.length - 1];
  // With every distractor kept, the expected exec@1 is exec@1 itself.
  await expect(density.getByRole("row", { name: /shipped pool/ })).toContainText(full.expectedExec1.value.toFixed(3));
  expect(full.expectedExec1.value).toBeCloseTo(bm25.metrics.exec["1"].value, 12);

  const invocation = page.getByRole("region", { name: "Invocation and provenance" });
  await expect(invocation).toContainText(`${DEMO} 1.0.0`);
  await expect(invocation).toContainText("5,000 bootstrap replicates");

  // A domain from the per-domain table filters the query table; filters live in the URL.
  const domain = a.perDomain[0];
  await domains.getByRole("link", { name: domain.domain.replaceAll("_", " ") }).click();
  await expect(page).toHaveURL(new RegExp(`domain=${domain.domain}`));
  await expect(page.getByTestId("query-table").getByRole("row")).toHaveCount(1 + domain.queries);
  await page.goto(`/submissions/${bm25.submissionId}?outcome=pass`);
  await expect(page.getByTestId("query-table").getByRole("row")).toHaveCount(1 + Math.round(bm25.metrics.exec["1"].value * 48));

  await atBothWidths(page, "model-page", async () => {
    await expect(page.getByRole("img", { name: /exec@k curve/ })).toBeVisible();
  });
});
