import { expect, test } from "@playwright/test";
import { atBothWidths, NAV } from "./reader-helpers";

// A reader checks how ties and comparisons are scored: the methodology states the tie policy
// with its formulas, the paired test and how its p is computed, the chance line, the cap and
// refusals, the edit-blind threshold, the four baselines and the engine version, and no longer
// says that ties go to corpus order.
test("the methodology states the tie policy, the paired test, the chance line and the baselines", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/methodology", NAV);
  await expect(page.getByRole("heading", { level: 1, name: "Methodology" })).toBeVisible(NAV);
  const toc = page.getByRole("navigation", { name: "Methodology sections" });
  for (const name of ["Exact ties", "The chance line", "Paired comparisons", "Baselines", "Scoring engine"]) await expect(toc.getByRole("link", { name, exact: true })).toBeVisible();

  const ties = page.getByRole("region", { name: "Exact ties" });
  await expect(ties).toContainText("never breaks such a tie by the order of corpus.jsonl, by id, or by any other rule");
  await expect(ties).toContainText("McSherry & Najork");
  const formulas = ties.getByRole("group", { name: "Tie-aware metrics of one query" });
  await expect(formulas).toContainText("exec@k = 1 − C(g − r, m) / C(g, m)");
  await expect(formulas).toContainText("execution_precision@k gains m · r / g");
  await expect(formulas).toContainText("the group's gain spread over its positions' discounts");
  await expect(ties).toContainText("larger than 100 snippets is not executed");
  await expect(ties).toContainText("naming the query, the group's size and its score");
  await expect(ties).toContainText("at least 5% of those pairs tie");
  await expect(ties).toContainText("Corpus order never decides anything");

  await expect(page.getByRole("region", { name: /^Deception/ })).toContainText("½ if they are exactly equal");
  await expect(page.getByRole("region", { name: /^Rank-1 miss attribution/ })).toContainText("each failing member adds 1/g");
  await expect(page.getByRole("region", { name: /^Pool-density/ }).getByRole("group", { name: "Pool density" })).toContainText("C(a_j, t) · C(n − A − a_j, d − t) / C(n, d)");
  await expect(page.getByRole("region", { name: /^Per-query difficulty/ })).toContainText("Poisson-binomial");

  const pairs = page.getByRole("region", { name: /^Paired comparisons/ });
  await expect(pairs).toContainText("paired sign-flip test");
  await expect(pairs.getByRole("group", { name: "The paired sign-flip test" })).toContainText("A-only = Σ_i a_i · (1 − b_i)");
  await expect(pairs).toContainText("exactly McNemar's exact test");
  await expect(pairs).toContainText("100,000 random sign vectors");

  await expect(page.getByRole("region", { name: "The chance line" }).getByRole("group")).toContainText("exec@k = 1 − C(C − r, k) / C(C, k)");
  const baselines = page.getByRole("region", { name: "Baselines" });
  for (const name of ["BM25", "BM25 + function name", "char n-gram TF-IDF", "hashed TF-IDF + function name"]) await expect(baselines.getByRole("term").filter({ hasText: new RegExp(`^${name.replace(/[+]/g, "\\+")}$`) })).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Scoring engine and re-scoring" })).toContainText("this is engine 2");
  await expect(page.getByRole("region", { name: "Scoring engine and re-scoring" })).toContainText("re-scored automatically, once");
  // Each track numbers its own engine: a change to one re-scores nothing of the other.
  await expect(page.getByRole("region", { name: "Scoring engine and re-scoring" })).toContainText("a change to one re-scores only that track's results");
  const repoEngine = page.getByRole("region", { name: "The repository track's scoring engine" });
  await expect(repoEngine).toContainText("this is engine 1");
  await expect(repoEngine).toContainText("An engine change of the other track re-scores nothing here, and no sandbox runner change does");

  // The old rule is gone from the page.
  await expect(page.getByText(/exact ties go to/)).toHaveCount(0);
  await expect(page.getByText(/listed first in/)).toHaveCount(0);

  await atBothWidths(page, "methodology", async () => {
    await expect(ties).toBeVisible();
  });
});
