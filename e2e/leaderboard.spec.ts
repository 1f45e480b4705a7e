import { expect, test } from "@playwright/test";
import { atBothWidths, DEMO, modelLink, NAV } from "./reader-helpers";

interface ApiRow {
  submissionId: string;
  model: string;
  isBaseline: boolean;
  metrics: { exec: Record<string, { value: number; ci95: [number, number] }> };
  ties: { editBlind: boolean; scoredPairs: number; canonicalDistractorTies: number } | null;
}

interface ApiBoard {
  rows: ApiRow[];
  chance: { exec: Record<string, number>; execution_precision: Record<string, number>; ndcg: Record<string, number> };
}

async function apiBoard(request: import("@playwright/test").APIRequestContext): Promise<ApiBoard> {
  const res = await request.get(`/api/v1/benchmarks/${DEMO}/leaderboard`);
  expect(res.ok()).toBeTruthy();
  return res.json();
}

async function apiRows(request: import("@playwright/test").APIRequestContext): Promise<ApiRow[]> {
  return (await apiBoard(request)).rows;
}

// A reader opens the site and finds the demo benchmark's leaderboard with its four baselines,
// each with its metrics and confidence intervals, and the Figure 2 chart above the table.
test("leaderboard shows the published baselines with their metrics", async ({ page, request }) => {
  test.setTimeout(180_000); // several pages, each scanned by axe at two widths
  const rows = await apiRows(request);
  const models = rows.map((r) => r.model);
  expect(models).toEqual(expect.arrayContaining(["BM25", "BM25 + function name", "char n-gram TF-IDF", "hashed TF-IDF + function name"]));

  await page.goto("/");
  const demo = page.getByRole("region", { name: "ExecRetrieval Demo" });
  await expect(demo.getByRole("heading", { name: "ExecRetrieval Demo" })).toBeVisible();
  const table = demo.getByTestId("leaderboard-row");
  await expect(table).toHaveCount(rows.length);
  // "BM25" by its exact name: "BM25 + function name" is another row.
  const bm25 = table.filter({ has: modelLink(page, "BM25") });
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
  // At k = 1 nDCG is shown at 10 (at 1 it would repeat exec@1), and says so.
  const ndcgLink = demo.getByRole("columnheader", { name: "nDCG@10", exact: true }).getByRole("link");
  await ndcgLink.focus();
  await expect(page.locator("#col-help-ndcg")).toBeVisible();
  await expect(ndcgLink).toHaveAccessibleDescription(/canonical implementation ranks.*Higher is better.*at 1 it would equal exec@1/);

  // Figure 2: one exec@1 bar per system shown, drawn once the chart hydrates (a system at
  // exec@1 = 0 has a bar of no height, which the chart does not draw).
  const figure = page.getByRole("figure", { name: /exec@1 with 95% intervals/ });
  const drawn = rows.filter((r) => r.metrics.exec["1"].value > 0).length;
  await expect(figure.locator(".recharts-bar-rectangle")).toHaveCount(drawn);

  await atBothWidths(page, "leaderboard", async () => {
    await expect(figure.locator(".recharts-bar-rectangle")).toHaveCount(drawn);
  });
});

// The chance line is a reference, not a submission: one muted footer row with the exact values
// of a uniformly random ranking (no rank, no checkbox, no interval), and a dashed line on the chart.
test("the chance line is a reference row of the table and a line on Figure 2", async ({ page, request }) => {
  const { rows, chance } = await apiBoard(request);
  await page.goto("/");
  const demo = page.getByRole("region", { name: "ExecRetrieval Demo" });
  const row = demo.getByTestId("chance-row");
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("rowheader")).toContainText("Chance (random ranking)");
  await expect(row).toContainText("not a submission");
  await expect(row).toContainText("not ranked");
  await expect(row.getByRole("checkbox")).toHaveCount(0);
  await expect(row.locator(".ci-band")).toHaveCount(0); // exact: no interval
  // Every metric column shows the API's chance value (exec@k at every k; execp and nDCG at 10,
  // which the table shows while it ranks by exec@1).
  const cells = row.getByRole("cell");
  const values = [chance.exec["1"], chance.exec["3"], chance.exec["5"], chance.exec["10"], chance.execution_precision["10"], chance.ndcg["10"]].map((v) => v.toFixed(3));
  const texts = (await cells.allTextContents()).map((t) => t.replace(/\(exact, no interval\)/, "").trim()).filter((t) => /^\d/.test(t));
  expect(texts).toEqual(values);
  // Below every system, whatever the sort; never counted among the results.
  await demo.getByRole("link", { name: /^exec@10/ }).click();
  await expect(page).toHaveURL(/sort=exec10/);
  await expect(demo.getByTestId("chance-row")).toHaveCount(1);
  await expect(demo.getByTestId("leaderboard-row")).toHaveCount(rows.length);
  await expect(demo.getByText(/of \d+ results/)).toContainText(`${rows.length} of ${rows.length} results`);
  // Figure 2: a dashed reference line labelled "chance" at exec@1's chance value, named in the caption.
  const figure = page.getByRole("figure", { name: /exec@1 with 95% intervals/ });
  const line = figure.locator(".chance-line line");
  await expect(line).toHaveCount(1);
  await expect(line).toHaveAttribute("stroke-dasharray", "5 3");
  // Its label sits on it; the bars start at 0, so the line lies between 0 and the first bar's end.
  const label = figure.locator("text.recharts-label", { hasText: /^chance$/ });
  await expect(label).toHaveCount(1);
  expect(Number(await label.getAttribute("x"))).toBeCloseTo(Number(await line.getAttribute("x1")), 3);
  await expect(figure.locator(".chance-line-5 line")).toHaveAttribute("stroke-dasharray", "1 3");
  await expect(figure.locator("figcaption")).toContainText(`Dashed line: chance, the exact exec@1 of a uniformly random ranking (${chance.exec["1"].toFixed(3)})`);
});

// A system that scores canonicals and their single-edit distractors identically is marked
// edit-blind, with the reason on hover, on keyboard focus and as the badge's description; the
// demo's BM25 is, its char n-gram baseline (which sees operators) is not.
test("edit-blind systems carry a badge that says why", async ({ page, request }) => {
  const rows = await apiRows(request);
  const blind = rows.filter((r) => r.ties?.editBlind);
  expect(blind.map((r) => r.model)).toContain("BM25");
  expect(rows.find((r) => r.model === "char n-gram TF-IDF")!.ties!.editBlind).toBe(false);
  await page.goto("/");
  const demo = page.getByRole("region", { name: "ExecRetrieval Demo" });
  for (const r of rows) {
    const badge = demo.getByTestId("leaderboard-row").filter({ has: modelLink(page, r.model) }).getByTestId("edit-blind-badge");
    await expect(badge, r.model).toHaveCount(r.ties?.editBlind ? 1 : 0);
  }
  const bm25 = rows.find((r) => r.model === "BM25")!;
  const badge = demo.getByTestId("leaderboard-row").filter({ has: modelLink(page, "BM25") }).getByTestId("edit-blind-badge");
  await expect(badge).toHaveText(/edit-blind/);
  const share = `${Math.round((bm25.ties!.canonicalDistractorTies / bm25.ties!.scoredPairs) * 100)}% of pairs (${bm25.ties!.canonicalDistractorTies} of ${bm25.ties!.scoredPairs}`;
  await expect(badge).toHaveAccessibleDescription(new RegExp(`exactly the same score in ${share.replace(/[()]/g, "\\$&")}`));
  await badge.focus();
  await expect(page.locator(`#edit-blind-${bm25.submissionId}`)).toBeVisible();
  await expect(page.locator(`#edit-blind-${bm25.submissionId}`)).toContainText("exec@k is chance");
  await badge.click();
  await expect(page).toHaveURL(/\/methodology#ties$/, NAV);
  await expect(page.getByRole("heading", { level: 2, name: "Exact ties" })).toBeVisible();
});

test("the k switcher changes the rank, precision and nDCG columns and lives in the URL", async ({ page }) => {
  await page.goto("/");
  const demo = page.getByRole("region", { name: "ExecRetrieval Demo" });
  await expect(demo.getByRole("columnheader", { name: "nDCG@10", exact: true })).toBeVisible();
  await expect(demo.getByRole("columnheader", { name: "nDCG@1", exact: true })).toHaveCount(0);
  await demo.getByRole("group", { name: /k for rank/ }).getByRole("link", { name: "5", exact: true }).click();
  await expect(page).toHaveURL(/\?k=5$/);
  await expect(demo.getByRole("columnheader", { name: "nDCG@5", exact: true })).toBeVisible();
  await expect(demo.getByRole("columnheader", { name: "execp@5", exact: true })).toBeVisible();
  await expect(demo.getByRole("columnheader", { name: "nDCG@10", exact: true })).toHaveCount(0);
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
  // Both BM25 baselines, in leaderboard order.
  const matching = rows.filter((r) => /bm25/i.test(r.model)).map((r) => r.model);
  expect(matching).toHaveLength(2);
  await expect(demo.getByTestId("leaderboard-row")).toHaveCount(matching.length);
  await expect(demo.getByTestId("leaderboard-row").first()).toContainText(matching[0]);
  await expect(demo.getByText(/of \d+ results/)).toContainText(`${matching.length} of ${rows.length} results`);

  // The CSV and JSON links carry the same state: their rows are the rows on screen.
  const csvHref = await demo.getByRole("link", { name: "CSV" }).getAttribute("href");
  expect(csvHref).toContain("q=bm25");
  const csv = await (await request.get(csvHref!)).text();
  const lines = csv.trim().split(/\r\n/);
  expect(lines[0]).toContain("exec@1_ci_low");
  expect(lines.slice(1).map((l) => l.split(",")[2])).toEqual(matching);
  // The edit-blind flag travels with the rows.
  expect(lines.find((l) => l.split(",")[2] === "BM25")).toContain("edit-blind");
  const json = await (await request.get((await demo.getByRole("link", { name: "JSON" }).getAttribute("href"))!)).json();
  expect(json.rows.map((r: { model: string }) => r.model)).toEqual(matching);
  const bm25 = json.rows.find((r: { model: string }) => r.model === "BM25");
  expect(bm25.metrics["exec@1"].value).toBeCloseTo(rows.find((r) => r.model === "BM25")!.metrics.exec["1"].value, 12);
  expect(json.chance.metrics["exec@1"]).toBeGreaterThan(0);

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
  // The chart wraps a long label over several lines (tspans), so read each label's lines joined.
  const labels = () => page.getByRole("figure").locator("text.recharts-cartesian-axis-tick-value[orientation=left]").evaluateAll((ts) => ts.map((t) => [...t.querySelectorAll("tspan")].map((x) => x.textContent).join(" ")));
  await expect.poll(labels).toContain(`● ${rows[0].model}${rows[0].isBaseline ? " (baseline)" : ""}`);
  expect((await labels()).filter((l) => l.startsWith("●"))).toHaveLength(2);
  await demo.getByRole("button", { name: /Compare selected \(2\/4\)/ }).click();
  await expect(page).toHaveURL(/\/compare\?/, NAV);
  await expect(page.getByTestId("paired-table")).toContainText(rows[0].model, NAV);
  await expect(page.getByTestId("paired-table")).toContainText(rows[1].model);
});

test("the leaderboard is complete without JavaScript: numbers, chance row and badges in the HTML, filters by form", async ({ browser, request }) => {
  const { chance } = await apiBoard(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  const demo = page.getByRole("region", { name: "ExecRetrieval Demo" });
  const bm25 = demo.getByTestId("leaderboard-row").filter({ has: modelLink(page, "BM25") });
  await expect(bm25).toContainText(/0\.\d{3}/);
  await expect(bm25.getByTestId("edit-blind-badge")).toHaveAccessibleDescription(/exactly the same score/);
  await expect(demo.getByTestId("chance-row")).toContainText(chance.exec["10"].toFixed(3));
  // The chart draws only with JavaScript; its caption still gives the chance values.
  await expect(page.getByRole("figure").locator("figcaption")).toContainText(`dotted: chance at exec@5 (${chance.exec["5"].toFixed(3)})`);
  await demo.getByLabel("Search models").fill("TF-IDF");
  await demo.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/q=TF-IDF/);
  await expect(demo.getByTestId("leaderboard-row").filter({ hasText: "BM25" })).toHaveCount(0);
  await expect(demo.getByTestId("leaderboard-row").filter({ hasText: "TF-IDF" })).toHaveCount(2);
  await expect(demo.getByTestId("chance-row")).toHaveCount(1);
  await context.close();
});
