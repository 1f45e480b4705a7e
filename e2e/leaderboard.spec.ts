import { expect, test } from "@playwright/test";
import { atBothWidths, DEMO, NAV } from "./reader-helpers";

interface ApiRow {
  submissionId: string;
  model: string;
  metrics: { exec: Record<string, { value: number; ci95: [number, number] }> };
}

async function apiRows(request: import("@playwright/test").APIRequestContext): Promise<ApiRow[]> {
  const res = await request.get(`/api/v1/benchmarks/${DEMO}/leaderboard`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()).rows;
}

// A reader opens the site and finds the demo benchmark's leaderboard with both baselines,
// each with its metrics and confidence intervals, and the Figure 2 chart above the table.
test("leaderboard shows the published baselines with their metrics", async ({ page, request }) => {
  test.setTimeout(180_000); // several pages, each scanned by axe at two widths
  const rows = await apiRows(request);
  const models = rows.map((r) => r.model);
  expect(models).toContain("BM25");
  expect(models.length).toBeGreaterThanOrEqual(2);

  await page.goto("/");
  const demo = page.getByRole("region", { name: "ExecRetrieval Demo" });
  await expect(demo.getByRole("heading", { name: "ExecRetrieval Demo" })).toBeVisible();
  const table = demo.getByTestId("leaderboard-row");
  await expect(table).toHaveCount(rows.length);
  const bm25 = table.filter({ hasText: "BM25" });
  await expect(bm25).toHaveCount(1);
  await expect(bm25).toContainText("baseline");
  // The exec@1 cell shows the same value as the API, to three decimals, with its interval.
  const exec1 = rows.find((r) => r.model === "BM25")!.metrics.exec["1"];
  await expect(bm25).toContainText(exec1.value.toFixed(3));
  await expect(bm25).toContainText(`[${exec1.ci95[0].toFixed(3)}, ${exec1.ci95[1].toFixed(3)}]`);
  // The leader at exec@1 is marked (once the version's statistics include every published row).
  const analysis = await (await request.get(`/api/v1/benchmarks/${DEMO}/analysis`)).json();
  if (!analysis.stale) {
    const leader = analysis.tieGroups.find((g: { k: number }) => g.k === 1).leader;
    const name = rows.find((r) => r.submissionId === leader)!.model;
    await expect(table.filter({ hasText: name }).first()).toContainText(/leader/i);
  }

  // Column headers explain themselves: on hover, on keyboard focus, and to screen readers.
  const exec1Link = demo.getByRole("columnheader", { name: "exec@1", exact: true }).getByRole("link");
  await expect(exec1Link).toHaveAccessibleDescription(/at least one of the top 1 .*Higher is better/);
  await exec1Link.hover();
  await expect(page.locator("#col-help-exec1")).toBeVisible();
  await expect(page.locator("#col-help-exec1")).toContainText("Higher is better");
  const ndcgLink = demo.getByRole("columnheader", { name: "nDCG@1", exact: true }).getByRole("link");
  await ndcgLink.focus();
  await expect(page.locator("#col-help-ndcg")).toBeVisible();
  await expect(ndcgLink).toHaveAccessibleDescription(/canonical implementation ranks.*Higher is better/);

  // Figure 2: one exec@1 bar per system shown, drawn once the chart hydrates (a system at
  // exec@1 = 0 has a bar of no height, which the chart does not draw).
  const figure = page.getByRole("figure", { name: /exec@1 with 95% intervals/ });
  const drawn = rows.filter((r) => r.metrics.exec["1"].value > 0).length;
  await expect(figure.locator(".recharts-bar-rectangle")).toHaveCount(drawn);

  await atBothWidths(page, "leaderboard", async () => {
    await expect(figure.locator(".recharts-bar-rectangle")).toHaveCount(drawn);
  });
});

test("the k switcher changes the rank, precision and nDCG columns and lives in the URL", async ({ page }) => {
  await page.goto("/");
  const demo = page.getByRole("region", { name: "ExecRetrieval Demo" });
  await expect(demo.getByRole("columnheader", { name: "nDCG@1", exact: true })).toBeVisible();
  await demo.getByRole("group", { name: /k for rank/ }).getByRole("link", { name: "5", exact: true }).click();
  await expect(page).toHaveURL(/\?k=5$/);
  await expect(demo.getByRole("columnheader", { name: "nDCG@5", exact: true })).toBeVisible();
  await expect(demo.getByRole("columnheader", { name: "execp@5", exact: true })).toBeVisible();
  await expect(demo.getByRole("columnheader", { name: "nDCG@1", exact: true })).toHaveCount(0);
  // exec@k columns stay for every k.
  for (const k of [1, 3, 5, 10]) await expect(demo.getByRole("columnheader", { name: `exec@${k}`, exact: true })).toBeVisible();
});

test("sorting by a column orders the rows by it, both ways, and the URL keeps it", async ({ page, request }) => {
  const rows = await apiRows(request);
  // Equal values keep leaderboard order (the API's order) in both directions.
  const sorted = (sign: number) => [...rows].sort((a, b) => sign * (a.metrics.exec["10"].value - b.metrics.exec["10"].value)).map((r) => r.model);
  await page.goto("/");
  const demo = page.getByRole("region", { name: "ExecRetrieval Demo" });
  await demo.getByRole("link", { name: /^exec@10/ }).click();
  await expect(page).toHaveURL(/sort=exec10/);
  await expect(demo.getByRole("columnheader", { name: "exec@10", exact: true })).toHaveAttribute("aria-sort", "descending");
  const names = async () => demo.getByTestId("leaderboard-row").evaluateAll((trs) => trs.map((tr) => tr.querySelector("td:nth-child(2) a")!.textContent));
  expect(await names()).toEqual(sorted(-1));
  await demo.getByRole("link", { name: /^exec@10/ }).click();
  await expect(page).toHaveURL(/sort=exec10&dir=asc/);
  await expect(demo.getByRole("columnheader", { name: "exec@10", exact: true })).toHaveAttribute("aria-sort", "ascending");
  expect(await names()).toEqual(sorted(1));
});

test("filters narrow the rows, live in the URL, and the downloads hold exactly the rows shown", async ({ page, request }) => {
  const rows = await apiRows(request);
  await page.goto("/");
  const demo = page.getByRole("region", { name: "ExecRetrieval Demo" });
  await expect(page.locator("form#board-state[data-enhanced]")).toBeAttached();
  await demo.getByLabel("Search models").fill("bm25");
  await expect(page).toHaveURL(/q=bm25/);
  await expect(demo.getByTestId("leaderboard-row")).toHaveCount(rows.filter((r) => /bm25/i.test(r.model)).length);
  await expect(demo.getByTestId("leaderboard-row").first()).toContainText("BM25");
  await expect(demo.getByText(/of \d+ results/)).toContainText(`of ${rows.length} results`);

  // The CSV and JSON links carry the same state: their rows are the rows on screen.
  const csvHref = await demo.getByRole("link", { name: "CSV" }).getAttribute("href");
  expect(csvHref).toContain("q=bm25");
  const csv = await (await request.get(csvHref!)).text();
  const lines = csv.trim().split(/\r\n/);
  expect(lines[0]).toContain("exec@1_ci_low");
  expect(lines.slice(1).map((l) => l.split(",")[2])).toEqual(["BM25"]);
  const json = await (await request.get((await demo.getByRole("link", { name: "JSON" }).getAttribute("href"))!)).json();
  expect(json.rows.map((r: { model: string }) => r.model)).toEqual(["BM25"]);
  expect(json.rows[0].metrics["exec@1"].value).toBeCloseTo(rows.find((r) => r.model === "BM25")!.metrics.exec["1"].value, 12);

  // Similarity filter: the demo baselines use different similarities.
  await page.goto("/?sim=dot");
  const dotRows = page.getByTestId("leaderboard-row");
  const count = await dotRows.count();
  for (let i = 0; i < count; i++) await expect(dotRows.nth(i)).not.toContainText("cosine");
});

test("selected rows go to the URL, are marked in the chart, and open Compare", async ({ page, request }) => {
  const rows = await apiRows(request);
  await page.goto("/");
  const demo = page.getByRole("region", { name: "ExecRetrieval Demo" });
  await expect(page.locator("form#board-state[data-enhanced]")).toBeAttached(); // changes apply at once after hydration
  await demo.getByRole("checkbox", { name: `Select ${rows[0].model} for comparison` }).check();
  await expect(page).toHaveURL(new RegExp(`sel=${rows[0].submissionId}`));
  await demo.getByRole("checkbox", { name: `Select ${rows[1].model} for comparison` }).check();
  await expect(page).toHaveURL(new RegExp(`sel=${rows[1].submissionId}`));
  await expect(demo.getByTestId("leaderboard-row").and(page.locator("[aria-selected=true]"))).toHaveCount(2);
  // The chart wraps a long label after the marker, so "●" and the name may sit on two lines.
  const marked = new RegExp(`●\\s*${rows[0].model.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
  await expect(page.getByRole("figure").getByText(marked)).toBeVisible();
  await demo.getByRole("button", { name: /Compare selected \(2\/4\)/ }).click();
  await expect(page).toHaveURL(/\/compare\?/, NAV);
  await expect(page.getByTestId("paired-table")).toContainText(rows[0].model, NAV);
  await expect(page.getByTestId("paired-table")).toContainText(rows[1].model);
});

test("the leaderboard is complete without JavaScript: numbers in the HTML, filters by form", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  const demo = page.getByRole("region", { name: "ExecRetrieval Demo" });
  await expect(demo.getByTestId("leaderboard-row").filter({ hasText: "BM25" })).toContainText(/0\.\d{3}/);
  await demo.getByLabel("Search models").fill("tfidf");
  await demo.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/q=tfidf/);
  await expect(demo.getByTestId("leaderboard-row").filter({ hasText: "BM25" })).toHaveCount(0);
  await expect(demo.getByTestId("leaderboard-row").filter({ hasText: "tfidf" })).toHaveCount(1);
  await context.close();
});
