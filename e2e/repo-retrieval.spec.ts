import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { buildArbFixture } from "../tests/repo-benchmark/fixture";
import { atBothWidths, headTags, NAV } from "./reader-helpers";

// The second track as a reader meets it: a repository-retrieval benchmark built on the fly and
// imported with the CLI, its three baselines submitted, scored and published through the same
// path as a vendor's; then every page of the track at desktop and phone width, axe-clean, with
// screenshots under test-results/screenshots/.
const SLUG = "arb-e2e";
const BASE = `/benchmarks/${SLUG}/v1`;
const cli = (...args: string[]) => execFileSync("node", ["bin/execboard.mjs", ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 600_000 });

let ids: { model: string; submissionId: string }[] = [];

test.beforeAll(async ({ request }) => {
  test.setTimeout(600_000);
  if ((await request.get(`/api/v1/benchmarks/${SLUG}/repo-board`)).status() !== 200) {
    const f = buildArbFixture();
    try {
      cli("benchmark", "import-arb", f.samplesPath, "--repos", f.reposDir, "--slug", SLUG, "--version", "v1", "--name", "Repository retrieval (e2e)");
    } finally {
      f.cleanup();
    }
  }
  cli("baselines", "submit", "--benchmark", SLUG, "--wait", "--publish");
  ids = (await (await request.get(`/api/v1/benchmarks/${SLUG}/repo-board`)).json()).rows;
  expect(ids.length).toBe(3);
});

test("the leaderboard: switches, tie group, and its chart", async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto(BASE);
  await atBothWidths(page, "repo-leaderboard", async () => {
    await expect(page.getByTestId("repo-leaderboard-row")).toHaveCount(3, NAV);
    await expect(page.getByText("leader", { exact: true }).first()).toBeVisible();
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("link", { name: "each repository" }).click();
  await expect(page).toHaveURL(/weighting=repo/);
  await page.getByRole("link", { name: "trace2code", exact: true }).click();
  await expect(page).toHaveURL(/task=trace2code/);
  await expect(page.getByText(/1 positive samples over 1 repositories, each repository weighted equally/)).toBeVisible(NAV);
  await page.getByRole("link", { name: "16k", exact: true }).click();
  await expect(page.getByRole("columnheader", { name: /BCY@16k/ })).toBeVisible(NAV);
  await expect(page.locator("svg.recharts-surface").first()).toBeVisible();
});

test("a model page and a sample drilldown", async ({ page }) => {
  test.setTimeout(240_000);
  const bm25 = ids.find((r) => r.model.startsWith("BM25"))!;
  await page.goto(`/submissions/${bm25.submissionId}`);
  await atBothWidths(page, "repo-model", async () => {
    await expect(page.getByRole("heading", { name: /BM25/ }).first()).toBeVisible(NAV);
    await expect(page.getByTestId("repo-metrics")).toBeVisible();
    await expect(page.getByTestId("repo-selective")).toContainText("Natural only");
    await expect(page.getByRole("heading", { name: "Candidate filters (diagnostic)" })).toBeVisible();
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("link", { name: "c2c-layout" }).click();
  await expect(page).toHaveURL(/queries\/c2c-layout/, NAV);
  await atBothWidths(page, "repo-drilldown", async () => {
    await expect(page.getByRole("heading", { name: /comment2context sample/ })).toBeVisible(NAV);
    await expect(page.getByText("Given (context the query hands over, not gold)")).toBeVisible();
    await expect(page.locator('[data-testid="repo-ranked-row"][data-role="gold"]').first()).toBeVisible();
  });
});

test("every page of the track has its own title and description, in the track's words, and the version's dataset downloads", async ({ page }) => {
  test.setTimeout(240_000);
  const bm25 = ids.find((r) => r.model.startsWith("BM25"))!;
  const pages: [string, RegExp][] = [
    [BASE, /^Repository retrieval \(e2e\) v1 leaderboard · ExecBoard$/],
    [`${BASE}/queries`, /^Samples of Repository retrieval \(e2e\) v1 · /],
    [`${BASE}/tasks`, /^Task winners of Repository retrieval \(e2e\) v1 · /],
    [`${BASE}/compare`, /^Compare runs on Repository retrieval \(e2e\) v1 · /],
    [`${BASE}/fusion`, /^Fuse runs on Repository retrieval \(e2e\) v1 · /],
    [`/submissions/${bm25.submissionId}`, new RegExp(`^${bm25.model.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} on ${SLUG} v1 · `)],
    [`/submissions/${bm25.submissionId}/queries/c2c-layout`, /^c2c-layout under BM25/],
  ];
  const seen = new Map<string, string>();
  for (const [path, title] of pages) {
    await page.goto(path);
    const t = await headTags(page);
    expect(t.title, path).toMatch(title);
    expect(t.description, path).toBeTruthy();
    expect(t.description, path).not.toMatch(/exec@1|snippet/);
    expect(t.ogTitle, path).toBe(t.title);
    expect(t.ogDescription, path).toBe(t.description);
    expect(seen.get(t.title!), `${path} shares its title with ${seen.get(t.title!)}`).toBeUndefined();
    seen.set(t.title!, path);
  }
  await page.goto(`/submissions/${bm25.submissionId}`);
  expect((await headTags(page)).description).toMatch(/: MRR 0\.\d{3} \(95% CI 0\.\d{3}–[01]\.\d{3}\), Recall@20 [01]\.\d{3}\./);
  await page.goto(BASE);
  const download = page.getByRole("link", { name: /Download dataset/ });
  await expect(download).toBeVisible();
  const zip = await page.request.get((await download.getAttribute("href"))!);
  expect(zip.status()).toBe(200);
  expect((await zip.body()).subarray(0, 2).toString()).toBe("PK");
});

test("samples, task winners, compare and fusion", async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto(`${BASE}/queries`);
  await atBothWidths(page, "repo-samples", async () => {
    await expect(page.getByTestId("repo-sample-list").getByRole("row")).toHaveCount(7, NAV);
  });
  await page.goto(`${BASE}/tasks`);
  await atBothWidths(page, "repo-task-winners", async () => {
    await expect(page.getByTestId("task-winners").getByRole("row")).toHaveCount(6, NAV);
  });
  const [a, b] = ids;
  await page.goto(`${BASE}/compare`);
  await page.getByRole("checkbox", { name: a.model }).check();
  await page.getByRole("checkbox", { name: b.model }).check();
  await page.getByRole("button", { name: "Compare" }).click();
  await atBothWidths(page, "repo-compare", async () => {
    await expect(page.getByTestId("compare-table").getByRole("row")).toHaveCount(3, NAV);
    await expect(page.getByTestId("compare-pairs")).toContainText("p =");
  });
  await page.goto(`${BASE}/fusion?runs=${a.submissionId}&runs=${b.submissionId}`);
  await atBothWidths(page, "repo-fusion", async () => {
    await expect(page.getByTestId("fusion-table-strong")).toContainText("RRF(");
    await expect(page.getByTestId("fusion-tests")).toContainText(`vs ${b.model}`);
  });
});
