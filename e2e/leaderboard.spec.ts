import { expect, test } from "@playwright/test";

// A reader opens the site and finds the demo benchmark's leaderboard with both baselines,
// each with its metrics and confidence intervals.
test("leaderboard shows the published baselines with their metrics", async ({ page, request }) => {
  const api = await request.get("/api/v1/benchmarks/execretrieval-demo/leaderboard");
  expect(api.ok()).toBeTruthy();
  const board = await api.json();
  const models: string[] = board.rows.map((r: { model: string }) => r.model);
  expect(models).toContain("BM25");
  expect(models.length).toBeGreaterThanOrEqual(2);

  await page.goto("/");
  const demo = page.getByRole("region", { name: "ExecRetrieval Demo" });
  await expect(demo.getByRole("heading", { name: "ExecRetrieval Demo" })).toBeVisible();
  const rows = demo.getByTestId("leaderboard-row");
  await expect(rows).toHaveCount(board.rows.length);
  const bm25 = rows.filter({ hasText: "BM25" });
  await expect(bm25).toHaveCount(1);
  await expect(bm25).toContainText("baseline");
  // The exec@1 cell shows the same value as the API, to three decimals, with its interval.
  const bm25Row = board.rows.find((r: { model: string }) => r.model === "BM25");
  const exec1 = bm25Row.metrics.exec["1"];
  await expect(bm25).toContainText(exec1.value.toFixed(3));
  await expect(bm25).toContainText(`[${exec1.ci95[0].toFixed(3)}, ${exec1.ci95[1].toFixed(3)}]`);
  // Column headers explain themselves.
  await expect(demo.getByRole("columnheader", { name: "exec@1", exact: true })).toHaveAttribute("title", /higher is better/i);
});

test("the k switcher changes the precision and nDCG columns and lives in the URL", async ({ page }) => {
  await page.goto("/");
  const demo = page.getByRole("region", { name: "ExecRetrieval Demo" });
  await expect(demo.getByRole("columnheader", { name: "nDCG@1", exact: true })).toBeVisible();
  await demo.getByRole("link", { name: "5", exact: true }).click();
  await expect(page).toHaveURL(/\?k=5$/);
  await expect(demo.getByRole("columnheader", { name: "nDCG@5", exact: true })).toBeVisible();
  await expect(demo.getByRole("columnheader", { name: "execp@5", exact: true })).toBeVisible();
  await expect(demo.getByRole("columnheader", { name: "nDCG@1", exact: true })).toHaveCount(0);
  // exec@k columns stay for every k.
  for (const k of [1, 3, 5, 10]) await expect(demo.getByRole("columnheader", { name: `exec@${k}`, exact: true })).toBeVisible();
});
