import { expect, test } from "@playwright/test";
import { atBothWidths, DEMO, modelLink, NAV, shownCount } from "./reader-helpers";

interface QueryRecord {
  queryId: string;
  rank1: { members: { corpusId: string; kind: string }[] } | null;
  canonicalRank: number | null;
  canonicalTie: number;
  exec: Record<string, number>;
  gap: { status: string; gap?: number };
}

// A reader goes from the leaderboard to a model page and into one query's drilldown, where the
// ranked snippets show their scores, roles and test outcomes (the paper's Figure 1).
test("leaderboard → model page → query drilldown", async ({ page }) => {
  test.setTimeout(180_000); // several pages, each scanned by axe at two widths
  await page.goto("/");
  const demo = page.getByRole("region", { name: "ExecRetrieval Demo" });
  await demo.getByRole("link", { name: "BM25", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "BM25", exact: true })).toBeVisible(NAV);
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
  await expect(cards.filter({ hasText: "passes all 9 tests" })).toHaveCount(1);
  await expect(cards.filter({ hasText: "canonical" }).first()).toContainText("def lowest_set_bit(n):");
  // The wrong-operator distractor shows its edit and its failing tests.
  const wrongOp = cards.filter({ hasText: "wrong operator" });
  await expect(wrongOp).toContainText("Changed `n & (-n)` to `n | (-n)`.");
  await expect(wrongOp.getByRole("table", { name: /^Tests of / })).toContainText("assertion fails: a wrong result");
  await expect(wrongOp.locator("del")).toHaveText("&");
  await expect(wrongOp.locator("ins")).toHaveText("|");
  // Each test says what the call returned, as the runner's judge decoded it: 12 | -12 is -4 for
  // the distractor, and the canonical's own value shows once its (folded) tests are opened.
  const firstTest = (card: typeof wrongOp) => card.getByRole("table", { name: /^Tests of / }).getByRole("row").filter({ hasText: "lowest_set_bit(12) == 4" });
  await expect(firstTest(wrongOp)).toContainText("assertion fails: a wrong result");
  await expect(firstTest(wrongOp)).toContainText("returned -4");
  const canonicalCard = cards.filter({ hasText: "passes all 9 tests" });
  await canonicalCard.locator("summary", { hasText: "passes all 9 tests" }).click();
  await expect(firstTest(canonicalCard)).toBeVisible();
  await expect(firstTest(canonicalCard)).toContainText("returned 4");

  await atBothWidths(page, "drilldown", async () => {
    await expect(cards).toHaveCount(5);
  });

  await page.getByRole("link", { name: "show top 10" }).first().click();
  await expect(bars).toHaveCount(10);
  // Same query, another published system; and the query across every system.
  await page.getByRole("link", { name: /^hashed TF-IDF \+ function name / }).click();
  await expect(page).toHaveURL(/\/queries\/q_0001$/);
  await expect(modelLink(page, "hashed TF-IDF + function name")).toBeVisible();
  await page.getByRole("link", { name: "This query under every published system" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Every published system on this query" })).toBeVisible(NAV);
  await expect(page.getByRole("row").filter({ has: modelLink(page, "BM25") })).toBeVisible();
});

// A drilldown of a query whose canonical is tied: the tie group is marked in the bars, on each
// snippet and in the own-snippet table, a distractor tied with the canonical reads "deceives half
// the time", and each fractional exec@k says how it is computed.
test("a drilldown marks tie groups and explains the expected credit", async ({ page, request }) => {
  test.setTimeout(180_000);
  const board = await (await request.get(`/api/v1/benchmarks/${DEMO}/leaderboard`)).json();
  const bm25 = board.rows.find((r: { model: string }) => r.model === "BM25");
  const perQuery: QueryRecord[] = (await (await request.get(`/api/v1/submissions/${bm25.submissionId}/analysis`)).json()).perQuery;
  // A query whose canonical shares its score with a distractor, the whole group inside the top 5.
  const q = perQuery.find((r) => r.canonicalRank !== null && r.canonicalTie > 1 && r.canonicalRank + r.canonicalTie - 1 <= 5 && r.gap.status === "scored" && r.gap.gap === 0)!;
  expect(q, "the demo's BM25 ties a canonical with its distractors").toBeDefined();
  const from = q.canonicalRank!, to = from + q.canonicalTie - 1, g = q.canonicalTie;
  await page.goto(`/submissions/${bm25.submissionId}/queries/${q.queryId}`);

  // The score bars: the group's members share a bracket, their rank range and "tied ×g".
  const bars = page.getByRole("list", { name: "Ranked snippets by similarity" }).getByRole("listitem");
  await expect(bars.filter({ hasText: `tied ×${g}` })).toHaveCount(g);
  await expect(page.locator(`li[data-tied="${from}-${to}"]`)).toHaveCount(g);
  await expect(bars.filter({ hasText: `tied ×${g}` }).first()).toContainText(`tied for ranks ${from} to ${to}`);
  // The canonical's card and the own-snippet table give the range, not a made-up rank.
  const canonicalCard = page.getByRole("article", { name: `Tied for ranks ${from} to ${to}: canonical` });
  await expect(canonicalCard).toContainText(`Ranks ${from}–${to}`);
  await expect(canonicalCard).toContainText(`tied ×${g}`);
  const own = page.getByRole("group", { name: "Own snippet scores" }).getByRole("table");
  await expect(own.locator("tbody tr").filter({ has: page.getByRole("cell", { name: "canonical", exact: true }) })).toContainText(`${from}–${to} (tied ×${g})`);
  expect(await own.locator("tbody tr").filter({ hasText: "tied (deceives half the time)" }).count()).toBeGreaterThanOrEqual(1);

  // Tie groups are listed with their passing members; each fractional exec@k is explained.
  const groups = page.getByRole("list", { name: "Tie groups" });
  await expect(groups).toContainText(`Ranks ${from}–${to}, tied ×${g}`);
  const fractional = ["1", "3", "5", "10"].filter((k) => q.exec[k] > 0 && q.exec[k] < 1);
  const chips = page.getByRole("list", { name: "exec@k for this query" }).or(page.locator('dl[aria-label="exec@k for this query"]'));
  for (const k of ["1", "3", "5", "10"]) {
    const v = q.exec[k];
    await expect(chips).toContainText(`exec@${k}${v === 1 ? "✓" : v === 0 ? "✗" : v.toFixed(3)}`);
  }
  const why = page.getByRole("list", { name: "Why exec@k is a chance" });
  if (fractional.length > 0) {
    await expect(why.getByRole("listitem")).toHaveCount(fractional.length);
    for (const k of fractional) await expect(why).toContainText(`exec@${k} = ${q.exec[k].toFixed(3)}`);
    await expect(why).toContainText(`C(${g - 1}, `); // one passing member (the canonical) in the group
  } else {
    await expect(why).toHaveCount(0);
  }
  await atBothWidths(page, "drilldown-ties", async () => {
    await expect(page.locator(`li[data-tied="${from}-${to}"]`)).toHaveCount(g);
  });
});

// The model page shows every analysis of the paper for one system, with the stored numbers.
test("the model page shows the per-submission analyses with their numbers", async ({ page, request }) => {
  test.setTimeout(180_000); // several pages, each scanned by axe at two widths
  const board = await (await request.get(`/api/v1/benchmarks/${DEMO}/leaderboard`)).json();
  const bm25 = board.rows.find((r: { model: string }) => r.model === "BM25");
  const analysis = await (await request.get(`/api/v1/submissions/${bm25.submissionId}/analysis?perQuery=false`)).json();
  const a = analysis.analysis;
  await page.goto(`/submissions/${bm25.submissionId}`);

  // The header carries the edit-blind badge; the Ties section gives the diagnostics behind it.
  expect(a.ties.editBlind).toBe(true);
  await expect(page.getByRole("banner").or(page.locator("header")).getByTestId("edit-blind-badge")).toHaveCount(1);
  const ties = page.getByRole("region", { name: "Ties" });
  await expect(ties.getByTestId("ties-rank1")).toContainText(`${a.ties.rank1Tied} of ${a.ties.queries} queries`);
  await expect(ties.getByTestId("ties-boundary")).toContainText(`${a.ties.boundaryTied} of ${a.ties.queries} queries`);
  await expect(ties.getByTestId("ties-pairs")).toContainText(`${a.ties.canonicalDistractorTies} of ${a.ties.scoredPairs} pairs`);
  await expect(ties).toContainText("no tie is ever broken by corpus order");
  await expect(ties).toContainText("This system is marked edit-blind");

  // Miss attribution: expected counts (a tie at rank 1 splits a query between its members).
  const misses = page.getByRole("region", { name: "When rank 1 is wrong, what is there?" });
  await expect(misses).toContainText(`${shownCount(a.missAttribution.misses)} of ${a.missAttribution.queries} queries`);
  await expect(misses.getByRole("row", { name: /Own distractor/ })).toContainText(shownCount(a.missAttribution.ownDistractor));

  const gap = page.getByRole("region", { name: "Canonical vs best distractor" });
  await expect(gap).toContainText(`${(a.similarityGap.canonicalBelowShare.value * 100).toFixed(1)}%`);
  await expect(gap.getByRole("img", { name: /Histogram of the per-query gap/ })).toBeVisible();

  const deception = page.getByRole("region", { name: "Deception by bug type and edit size" });
  // Deceived pairs count a tie with the canonical as ½; the tied pairs are shown beside them.
  for (const b of a.deception.byBugType) {
    const row = deception.getByRole("table", { name: "By bug type" }).getByRole("row").filter({ hasText: `${shownCount(b.deceived)} / ${b.scoredPairs}` });
    await expect(row.first()).toBeVisible();
    await expect(row.first().getByRole("cell").nth(1)).toHaveText(String(b.tiedPairs));
  }
  await expect(deception).toContainText(`${shownCount(a.deception.overall.deceived)} of ${a.deception.overall.scoredPairs} pairs deceived`);
  await expect(deception).toContainText(`counting the ${a.deception.overall.tiedPairs} tied exactly with their canonical as half each`);
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
  // Rank-1 outcomes: a strict passing rank 1, or a tie at rank 1 (its chance shown).
  const perQuery: QueryRecord[] = (await (await request.get(`/api/v1/submissions/${bm25.submissionId}/analysis`)).json()).perQuery;
  const passing = perQuery.filter((q) => q.rank1?.members.length === 1 && q.rank1.members[0].kind === "pass").length;
  const tied = perQuery.filter((q) => (q.rank1?.members.length ?? 0) > 1);
  await page.goto(`/submissions/${bm25.submissionId}?outcome=pass`);
  await expect(page.getByTestId("query-table").getByRole("row")).toHaveCount(1 + passing);
  await page.goto(`/submissions/${bm25.submissionId}`);
  await page.getByRole("region", { name: "Ties" }).getByRole("link", { name: "The queries tied at rank 1" }).click();
  await expect(page).toHaveURL(/outcome=tied/);
  const tiedRows = page.getByTestId("query-table").getByRole("row");
  await expect(tiedRows).toHaveCount(1 + tied.length);
  expect(tied.length).toBe(a.ties.rank1Tied);
  const first = tied[0];
  const g = first.rank1!.members.length, p = first.rank1!.members.filter((m) => m.kind === "pass").length;
  await expect(tiedRows.filter({ hasText: first.queryId })).toContainText(`tied ×${g}`);
  await expect(tiedRows.filter({ hasText: first.queryId })).toContainText(`${p} of ${g} pass`);

  await atBothWidths(page, "model-page", async () => {
    await expect(page.getByRole("img", { name: /exec@k curve/ })).toBeVisible();
  });
});
