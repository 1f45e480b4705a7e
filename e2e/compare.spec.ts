import { expect, test } from "@playwright/test";
import { atBothWidths, DEMO, NAV, shownCount } from "./reader-helpers";

interface Pair {
  a: { submissionId: string; model: string };
  b: { submissionId: string; model: string };
  k: number;
  aOnly: number;
  bOnly: number;
  delta: number;
  pMethod: "exact" | "monte-carlo";
}

/** exec@k per query of a published submission, from its stored analysis. */
async function perQueryExec(request: import("@playwright/test").APIRequestContext, id: string, k: number): Promise<number[]> {
  const body = await (await request.get(`/api/v1/submissions/${id}/analysis`)).json();
  return body.perQuery.map((q: { exec: Record<string, number> }) => q.exec[String(k)]);
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
  const other = "hashed TF-IDF + function name";
  const pair = pairs.find((p) => p.k === 1 && [p.a.model, p.b.model].includes("BM25") && [p.a.model, p.b.model].includes(other))!;
  expect(pair).toBeDefined();

  await page.goto(`/benchmarks/${DEMO}/1.0.0/compare`);
  await expect(page.getByText(/Pick at least two submissions/)).toBeVisible(NAV);
  await expect(page.locator("form#compare-form[data-enhanced]")).toBeAttached();
  // "BM25" exactly, not "BM25 + function name" (a selected box is prefixed with its letter).
  await page.getByRole("checkbox", { name: /(^|\s)BM25$/ }).check();
  await expect(page).toHaveURL(/sel=/);
  await page.getByRole("checkbox", { name: /hashed TF-IDF \+ function name$/ }).check();
  const table = page.getByTestId("paired-table");
  await expect(table.getByRole("row")).toHaveCount(1 + 3, NAV); // header + k = 1, 3, 5

  // A is the better-placed system, as in the stored statistics: the same expected discordant
  // counts (to one decimal when ties make them fractions) and difference; p marked when estimated.
  let fractional = false;
  for (const k of [1, 3, 5]) {
    const stored = pairs.find((p) => p.a.submissionId === pair.a.submissionId && p.b.submissionId === pair.b.submissionId && p.k === k)!;
    const row = table.getByRole("row").nth(k === 1 ? 1 : k === 3 ? 2 : 3);
    const cells = row.getByRole("cell");
    await expect(cells.nth(0)).toHaveText(String(k));
    await expect(cells.nth(1)).toHaveText(shownCount(stored.aOnly));
    await expect(cells.nth(2)).toHaveText(shownCount(stored.bOnly));
    await expect(cells.nth(5)).toContainText(signed(stored.delta));
    await expect(cells.nth(6).getByText("MC", { exact: true })).toHaveCount(stored.pMethod === "monte-carlo" ? 1 : 0);
    fractional ||= !Number.isInteger(stored.aOnly) || !Number.isInteger(stored.bOnly);
  }
  expect(fractional, "the demo's BM25 ties, so some expected count is a fraction").toBe(true);
  await expect(page.getByRole("region", { name: "Paired comparisons" })).toContainText("paired sign-flip test");

  // The queries behind the k = 1 discordant counts, each opening a drilldown: every query one
  // solves while the other misses it in some order of their ties, adding up to the expected count.
  const [a1, b1] = await Promise.all([perQueryExec(request, pair.a.submissionId, 1), perQueryExec(request, pair.b.submissionId, 1)]);
  const aOnlyQueries = a1.filter((v, i) => v * (1 - b1[i]) > 0).length, bOnlyQueries = b1.filter((v, i) => v * (1 - a1[i]) > 0).length;
  const aOnly = page.getByRole("region", { name: `${pair.a.model} solves, ${pair.b.model} misses (exec@1)` });
  await expect(aOnly.getByRole("listitem")).toHaveCount(aOnlyQueries);
  await expect(aOnly.getByRole("heading")).toContainText(`(${aOnlyQueries}; expected ${shownCount(pair.aOnly)} over tie orders)`);
  const bOnly = page.getByRole("region", { name: `${pair.b.model} solves, ${pair.a.model} misses (exec@1)` });
  await expect(bOnly.getByRole("listitem")).toHaveCount(bOnlyQueries);
  await expect(bOnly.getByRole("heading")).toContainText(`expected ${shownCount(pair.bOnly)} over tie orders`);
  // A tied query shows its chance over the orders of the tie, never a bare ✓ or ✗.
  expect(a1.some((v, i) => v > 0 && v < 1 && v * (1 - b1[i]) > 0)).toBe(true);
  await expect(aOnly.getByRole("link", { name: /solves it in \d+% of the orders of its tied snippets/ }).first()).toBeVisible();
  await expect(page.getByTestId("pvalue-heatmap")).toBeVisible();
  await expect(page.getByRole("region", { name: /Which published systems differ/ })).toContainText("Paired sign-flip p");

  await atBothWidths(page, "compare", async () => {
    await expect(table).toBeVisible();
  });

  expect(aOnlyQueries).toBeGreaterThan(0);
  const first = aOnly.getByRole("listitem").first();
  await first.getByRole("link", { name: new RegExp(` under ${pair.a.model.replace(/[+]/g, "\\+")} \\(solves it`) }).click();
  await expect(page).toHaveURL(new RegExp(`/submissions/${pair.a.submissionId}/queries/`), NAV);
  await expect(page.getByRole("list", { name: "Ranked snippets by similarity" })).toBeVisible();
});
