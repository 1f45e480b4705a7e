import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO, NAV } from "./reader-helpers";

// An unpublished submission is visible to its owner (and maintainers) only: no reader page,
// download, list, heatmap or comparison shows it to anyone else; its owner sees it and may
// compare it with published systems.
function createVendor(): { email: string; token: string } {
  const email = `e2e-private-${crypto.randomUUID()}@test.execboard`;
  const out = execFileSync("node", ["bin/execboard.mjs", "users", "create", "--email", email, "--role", "vendor", "--json"], { encoding: "utf8" });
  return JSON.parse(out);
}

// A ranking file for the demo benchmark: each query's own canonical first, then its
// distractors, then everything else, with strictly decreasing scores.
function rankingFile(): Buffer {
  const read = (f: string) => fs.readFileSync(`benchmarks/demo/${f}`, "utf8").trim().split("\n").map((l) => JSON.parse(l));
  const queries: { query_id: string }[] = read("queries.jsonl");
  const corpus: { corpus_id: string; query_id: string; role: string }[] = read("corpus.jsonl");
  const lines = queries.map((q) => {
    const rank = (c: (typeof corpus)[number]) => (c.query_id !== q.query_id ? 2 : c.role === "canonical" ? 0 : 1);
    const ids = [...corpus].sort((a, b) => rank(a) - rank(b)).map((c) => c.corpus_id);
    return JSON.stringify({ query_id: q.query_id, corpus_ids: ids, scores: ids.map((_, i) => 1 - i / 1000) });
  });
  return Buffer.from(lines.join("\n") + "\n");
}

async function signIn(browser: Browser, token: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/signin");
  await page.getByLabel("API token").fill(token);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/, NAV);
  return page;
}

test("an unpublished submission is shown to its owner only", async ({ page, request, browser }) => {
  test.setTimeout(300_000);
  const owner = createVendor();
  const model = `e2e-private-${crypto.randomUUID().slice(0, 8)}`;
  const res = await request.post(`/api/v1/benchmarks/${DEMO}/submissions`, {
    headers: { authorization: `Bearer ${owner.token}` },
    multipart: { file: { name: "ranking.jsonl", mimeType: "application/jsonl", buffer: rankingFile() }, metadata: JSON.stringify({ model, provider: "E2E private" }), kind: "ranking" },
  });
  expect(res.status(), await res.text()).toBe(202);
  const { id } = await res.json();
  await expect
    .poll(async () => (await (await request.get(`/api/v1/submissions/${id}`, { headers: { authorization: `Bearer ${owner.token}` } })).json()).status, { timeout: 240_000, intervals: [500] })
    .toBe("scored");

  // Anonymous readers: the same 404 as an id that does not exist, and the name appears nowhere.
  for (const path of [`/submissions/${id}`, `/submissions/${id}/queries/q_0001`]) {
    expect((await page.goto(path))!.status(), path).toBe(404);
  }
  const board = await (await request.get(`/api/v1/benchmarks/${DEMO}/leaderboard`)).json();
  const published = board.rows.map((r: { submissionId: string }) => r.submissionId);
  const pages = [
    "/",
    `/benchmarks/${DEMO}/1.0.0?sel=${id}`,
    `/benchmarks/${DEMO}/1.0.0/queries`,
    `/benchmarks/${DEMO}/1.0.0/queries/q_0001`,
    `/benchmarks/${DEMO}/1.0.0/compare?sel=${id}&sel=${published[0]}`,
    `/submissions/${published[0]}/queries/q_0001`,
  ];
  for (const path of pages) {
    await page.goto(path);
    await expect(page.locator("main"), path).toBeVisible();
    expect(await page.content(), path).not.toContain(model);
    // Links built from the page's state drop the id (only the address typed may still hold it).
    if (!path.includes(id)) expect(await page.content(), path).not.toContain(id);
    for (const href of await page.locator("a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href")!))) expect(href, path).not.toContain(id);
  }
  for (const format of ["csv", "json"]) {
    expect(await (await request.get(`/benchmarks/${DEMO}/1.0.0/export?format=${format}&sel=${id}`)).text()).not.toContain(model);
  }

  // Another vendor, signed in, sees no more than an anonymous reader.
  const other = await signIn(browser, createVendor().token);
  expect((await other.goto(`/submissions/${id}`))!.status()).toBe(404);
  await other.goto(`/benchmarks/${DEMO}/1.0.0/compare?sel=${id}&sel=${published[0]}`);
  expect(await other.content()).not.toContain(model);

  // The owner sees the page (marked unpublished), its drilldowns, and may compare it.
  const mine = await signIn(browser, owner.token);
  expect((await mine.goto(`/submissions/${id}`))!.status()).toBe(200);
  await expect(mine.getByRole("heading", { level: 1, name: model })).toBeVisible();
  await expect(mine.getByRole("note")).toContainText("only its owner and maintainers can see this page");
  expect((await mine.goto(`/submissions/${id}/queries/q_0001`))!.status()).toBe(200);
  await mine.goto(`/benchmarks/${DEMO}/1.0.0/compare?sel=${id}&sel=${published[0]}`);
  await expect(mine.getByRole("group", { name: /Yours, not published/ })).toContainText(model);
  await expect(mine.getByTestId("paired-table")).toContainText(model);
  // Its name still stays off the public leaderboard, even for its owner.
  await mine.goto("/");
  await expect(mine.getByTestId("leaderboard-row").filter({ hasText: model })).toHaveCount(0);
});
