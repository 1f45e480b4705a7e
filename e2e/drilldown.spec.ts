import { expect, test } from "@playwright/test";

// A reader goes from the leaderboard to a model page and into one query's drilldown, where the
// ranked snippets show their scores, roles and test outcomes (the paper's Figure 1).
test("leaderboard → model page → query drilldown", async ({ page }) => {
  await page.goto("/");
  const demo = page.getByRole("region", { name: "ExecRetrieval Demo" });
  await demo.getByRole("link", { name: "BM25" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /BM25/ })).toBeVisible();
  await expect(page.getByRole("table", { name: /Metrics with 95% bootstrap intervals/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /exec@k curve/ })).toBeVisible();

  const queries = page.getByTestId("query-table");
  await expect(queries.getByRole("row")).toHaveCount(49); // header + 48 demo queries
  await queries.getByRole("link", { name: "lowest_set_bit" }).click();

  await expect(page).toHaveURL(/\/queries\/q_0001$/);
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

  await page.getByRole("link", { name: "show top 10" }).click();
  await expect(bars).toHaveCount(10);
});
