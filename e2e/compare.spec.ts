import { expect, test } from "@playwright/test";
import { atBothWidths, DEMO, NAV } from "./reader-helpers";

interface Pair {
  a: { submissionId: string; model: string };
  b: { submissionId: string; model: string };
  k: number;
  aOnly: number;
  bOnly: number;
  delta: number;
}

const signed = (v: number) => {
  const s = v.toFixed(3);
  return s === "0.000" || s === "-0.000" ? "0.000" : v > 0 ? `+${s}` : s;
};

// A reader asks "is #2 really worse than #1?": the paired table agrees with the API's stored
// pairwise statistics, the queries behind the discordant counts are listed and open drilldowns.
test("compare two systems: paired table, p-value heatmap, queries one solves and the other not", async ({ page, request }) => {
  test.setTimeout(180_000); // several pages, each scanned by axe at two widths
  const pairs: Pair[] = (await (await request.get(`/api/v1/benchmarks/${DEMO}/pairwise?metric=exec`)).json()).comparisons;
  const pair = pairs.find((p) => [p.a.model, p.b.model].includes("BM25") && [p.a.model, p.b.model].includes("hashed-tfidf-512"))!;
  expect(pair).toBeDefined();

  await page.goto(`/benchmarks/${DEMO}/1.0.0/compare`);
  await expect(page.getByText(/Pick at least two submissions/)).toBeVisible(NAV);
  await expect(page.locator("form#compare-form[data-enhanced]")).toBeAttached();
  await page.getByRole("checkbox", { name: /BM25/ }).check();
  await expect(page).toHaveURL(/sel=/);
  await page.getByRole("checkbox", { name: /hashed-tfidf-512/ }).check();
  const table = page.getByTestId("paired-table");
  await expect(table.getByRole("row")).toHaveCount(1 + 3, NAV); // header + k = 1, 3, 5

  // A is the better-placed system, as in the stored statistics: the same counts and difference.
  for (const k of [1, 3, 5]) {
    const stored = pairs.find((p) => p.a.submissionId === pair.a.submissionId && p.b.submissionId === pair.b.submissionId && p.k === k)!;
    const row = table.getByRole("row").nth(k === 1 ? 1 : k === 3 ? 2 : 3);
    const cells = row.getByRole("cell");
    await expect(cells.nth(0)).toHaveText(String(k));
    await expect(cells.nth(1)).toHaveText(String(stored.aOnly));
    await expect(cells.nth(2)).toHaveText(String(stored.bOnly));
    await expect(cells.nth(5)).toContainText(signed(stored.delta));
  }

  // The queries behind the k = 1 discordant counts, each opening a drilldown.
  const aOnly = page.getByRole("region", { name: `Only ${pair.a.model} solves (exec@1)` });
  await expect(aOnly.getByRole("listitem")).toHaveCount(pair.aOnly);
  const bOnly = page.getByRole("region", { name: `Only ${pair.b.model} solves (exec@1)` });
  await expect(bOnly.getByRole("listitem")).toHaveCount(pair.bOnly);
  await expect(page.getByTestId("pvalue-heatmap")).toBeVisible();

  await atBothWidths(page, "compare", async () => {
    await expect(table).toBeVisible();
  });

  const first = aOnly.getByRole("listitem").first();
  if ((await aOnly.getByRole("listitem").count()) > 0) {
    await first.getByRole("link", { name: /solves it/ }).click();
    await expect(page).toHaveURL(new RegExp(`/submissions/${pair.a.submissionId}/queries/`), NAV);
    await expect(page.getByRole("list", { name: "Ranked snippets by similarity" })).toBeVisible();
  }
});
