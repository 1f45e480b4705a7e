import fs from "node:fs";
import { test } from "@playwright/test";
import { closeQueue, getQueue } from "@/lib/queue/enqueue";
import { createAccount, demoNpz, expect, expectAccessible, expectFitsPhone, screenshot, signIn } from "./vendor-helpers";

// A vendor's whole journey in Chromium: sign in, have a bad file refused by the in-browser check
// (nothing is sent), upload a real .npz with upload progress, watch the stages live, read the
// private results (nobody else can), and see the row on the leaderboard once a maintainer
// publishes it.

test("a vendor uploads an .npz, watches it being scored, reads private results, and sees it published", async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const vendor = createAccount("vendor", "vendor");
  const maintainer = createAccount("maintainer", "maint");
  const model = `e2e-embedder-${vendor.id.slice(0, 6)}`;
  const good = testInfo.outputPath("embeddings.npz");
  const bad = testInfo.outputPath("missing-ids.npz");
  // Seeded noise sends each query's top-10 to snippets no earlier run executed, so executing takes a while.
  fs.writeFileSync(good, demoNpz({ noise: 0.9, seed: Date.now() % 1_000_000 }));
  fs.writeFileSync(bad, demoNpz({ dropCorpus: 2 }));

  await signIn(page, vendor);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Submit" }).click();
  await expect(page.getByRole("heading", { name: /^Submit to / })).toBeVisible();
  // Other suites import benchmarks of their own: pick the demo if it is not the one shown.
  if (!(await page.getByRole("heading", { name: /Submit to ExecRetrieval Demo/ }).isVisible())) {
    await page.getByLabel("Benchmark", { exact: true }).selectOption({ label: "ExecRetrieval Demo" });
    await page.getByRole("button", { name: "Switch" }).click();
  }
  await expect(page.getByRole("heading", { name: /Submit to ExecRetrieval Demo/ })).toBeVisible();
  await expect(page.getByTestId("quota-line")).toContainText("You can start 3 more submissions now (10 left today");

  // A file whose corpus ids do not match is refused in the browser, and nothing is sent.
  const uploads: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().includes("/submissions")) uploads.push(r.url());
  });
  // The input is enabled once the form hydrates (a file chosen before would go unchecked).
  await expect(page.getByLabel("Embeddings (.npz) or ranking file (.jsonl)")).toBeEnabled();
  await page.getByLabel("Embeddings (.npz) or ranking file (.jsonl)").setInputFiles(bad);
  await expect(page.getByTestId("check-verdict")).toHaveText("The file did not pass the check. It will not be uploaded.");
  const failed = page.getByRole("list", { name: "File check results" }).locator('li[data-ok="false"]');
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText(`corpus_ids does not match the benchmark's ids: 2 missing ("c_0239", "c_0240")`);
  await page.getByLabel(/Model name/).fill(model);
  await page.getByLabel(/Provider/).fill("E2E Labs");
  await page.getByRole("button", { name: "Upload and score" }).click();
  const formError = page.getByTestId("form-error");
  await expect(formError).toHaveAttribute("role", "alert");
  await expect(formError).toContainText("This file did not pass the check, so it was not uploaded");
  await expect(formError).toBeFocused();
  await screenshot(page, "vendor-browser-check-refused");
  expect(uploads).toEqual([]);

  // Missing required metadata is caught by the same schema the server uses.
  await page.getByLabel("Embeddings (.npz) or ranking file (.jsonl)").setInputFiles(good);
  await expect(page.getByTestId("check-verdict")).toHaveText("The file passed the check: 48 queries × 240 corpus rows, 53 dimensions, float32.");
  await expect(page.getByRole("list", { name: "File check results" }).locator('li[data-ok="true"]')).toHaveCount(11);
  await page.getByLabel(/Provider/).fill("");
  await page.getByLabel("Link").fill("not a url");
  await page.getByRole("button", { name: "Upload and score" }).click();
  await expect(formError).toContainText("Some details need fixing");
  await expect(page.getByLabel(/Provider/)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Link")).toHaveAttribute("aria-invalid", "true");
  expect(uploads).toEqual([]);
  await page.getByLabel(/Provider/).fill("E2E Labs");
  await page.getByLabel("Link").fill("https://example.com/e2e-embedder");
  await page.getByLabel("Open weights").selectOption("yes");
  await expectAccessible(page);
  await screenshot(page, "vendor-submit-checked");
  await expectFitsPhone(page);
  await expectAccessible(page);
  await screenshot(page, "vendor-submit-checked-phone");
  await page.setViewportSize({ width: 1280, height: 900 });

  // The upload shows its progress: Chromium's own network throttling (DevTools protocol) slows
  // the upload to ~24 KB/s so the bar visibly moves. The scoring queue is paused meanwhile (a real
  // BullMQ pause), so the status page opens on "queued" and must follow the pipeline live once it
  // resumes.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 24 * 1024 });
  const queue = getQueue();
  await queue.pause();
  let id: string;
  const stages = new Set<string>();
  const counts = new Set<string>();
  try {
    await page.getByRole("button", { name: "Upload and score" }).click();
    const progress = page.locator("progress#upload-progress");
    await expect(progress).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel upload" })).toBeVisible();
    const percents = new Set<number>();
    while (!page.url().includes("/status")) {
      const text = await page.getByTestId("upload-percent").textContent({ timeout: 100 }).catch(() => null);
      const pct = text ? Number(/\((\d+)%\)/.exec(text)?.[1]) : NaN;
      if (!Number.isNaN(pct)) {
        if (pct > 0 && pct < 100 && ![...percents].some((p) => p > 0 && p < 100)) await screenshot(page, "vendor-upload-progress");
        percents.add(pct);
      }
      if (percents.has(100)) break;
      await page.waitForTimeout(50);
    }
    // Seen part-way, not only at the end.
    expect([...percents].some((p) => p > 0 && p < 100), `seen: ${[...percents].join(", ")}`).toBe(true);
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(uploads).toHaveLength(1);

    await page.waitForURL(/\/submissions\/[0-9a-f-]{36}\/status$/, { timeout: 60_000 });
    id = page.url().split("/").at(-2)!;
    await expect(page.getByRole("heading", { level: 1, name: model })).toBeVisible();
    await expect(page.locator('[data-status="queued"]')).toBeVisible();
    await expect(page.locator('li[data-stage="queued"]')).toHaveAttribute("aria-current", "step");
    await expect(page.locator('li[data-stage="queued"]')).toContainText("in progress");
    await expect(page.locator('li[data-stage="scoring"]')).toContainText("waiting");
    await screenshot(page, "vendor-status-queued");
  } finally {
    await queue.resume();
  }
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const current = page.locator('li[aria-current="step"]');
    for (const li of await current.all()) {
      // Short timeouts: the live page may move on (no step current once scored) between all()
      // and these reads, and a read without one would wait for the test's whole timeout.
      stages.add((await li.getAttribute("data-stage", { timeout: 200 }).catch(() => null)) ?? "");
      const count = await li.getByTestId("stage-count").textContent({ timeout: 200 }).catch(() => null);
      if (count) counts.add(count);
    }
    if (await page.locator('[data-status="scored"]').count()) break;
    await page.waitForTimeout(100);
  }
  await closeQueue();
  await expect(page.locator('[data-status="scored"]')).toHaveText(/Scored · awaiting review/);
  // Followed live, without a reload: it was seen queued, then scored; any N of M seen is well formed.
  expect(stages.has("queued")).toBe(true);
  for (const c of counts) expect(c).toMatch(/^\d+ of \d+ (queries|pairs)$/);
  const history = page.getByRole("group").filter({ hasText: "History" });
  await history.locator("summary").click();
  for (const stage of ["validating", "ranking", "executing", "scoring", "scored"]) await expect(history.getByText(stage, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "private to you and the maintainers" })).toBeVisible();
  const results = page.getByRole("group", { name: "Metrics" });
  await expect(results.getByRole("rowheader", { name: "exec@k" })).toBeVisible();
  await expect(page.locator('li[data-stage="executing"]')).toHaveAttribute("data-state", "done");
  await expectAccessible(page);
  await screenshot(page, "vendor-status-scored");
  await expectFitsPhone(page);
  await expectAccessible(page);
  await screenshot(page, "vendor-status-scored-phone");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Private results and drilldowns: the owner can open them; nobody else can, not even by id.
  await page.getByRole("link", { name: "Full results and per-query drilldowns" }).click();
  await expect(page).toHaveURL(new RegExp(`/submissions/${id}$`), { timeout: 60_000 });
  await expect(page.getByRole("heading", { level: 1 })).toContainText(model);
  const drilldown = page.locator(`a[href^="/submissions/${id}/queries/"]`).first();
  const drillHref = await drilldown.getAttribute("href");
  expect(drillHref).toBeTruthy();
  expect((await page.request.get(drillHref!)).status()).toBe(200);
  const stranger = await browser.newContext();
  const other = createAccount("vendor", "other");
  for (const path of [`/submissions/${id}`, `/submissions/${id}/status`, drillHref!]) {
    expect((await stranger.request.get(path)).status(), `anonymous ${path}`).toBe(404);
    expect((await stranger.request.get(path, { headers: { authorization: `Bearer ${other.token}` } })).status(), `other vendor ${path}`).toBe(404);
  }
  expect((await stranger.request.get(`/api/v1/submissions/${id}`)).status()).toBe(404);

  // My submissions lists it with the quota it used.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My submissions" }).click();
  const row = page.locator(`li[data-submission="${id}"]`);
  await expect(row).toContainText(model);
  await expect(row.locator('[data-status="scored"]')).toBeVisible();
  await expect(row).toContainText("exec@1");
  await expect(page.getByTestId("quota-execretrieval-demo")).toContainText("9 of 10 left");
  await expectAccessible(page);
  await screenshot(page, "vendor-my-submissions");
  await expectFitsPhone(page);
  await expectAccessible(page);
  await screenshot(page, "vendor-my-submissions-phone");
  await page.setViewportSize({ width: 1280, height: 900 });

  // A maintainer publishes it from the review page; the row appears on the leaderboard.
  const review = await (await browser.newContext()).newPage();
  await signIn(review, maintainer);
  await review.goto(`/review/${id}`);
  await review.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(review.getByTestId("review-outcome")).toHaveText("Published: it is on the leaderboard now.");
  await page.goto(`/submissions/${id}/status`);
  await expect(page.locator('[data-status="published"]')).toBeVisible();
  await page.goto("/");
  await expect(page.getByText(model).first()).toBeVisible();
  await screenshot(page, "vendor-published-on-leaderboard");
  const board = await (await stranger.request.get("/api/v1/benchmarks/execretrieval-demo/leaderboard")).json();
  expect(board.rows.map((r: { submissionId: string }) => r.submissionId)).toContain(id);
  expect((await stranger.request.get(`/submissions/${id}`)).status()).toBe(200);
  await stranger.close();
});

test("signed-out visitors are sent to sign in and come back to the page they asked for", async ({ page }) => {
  const vendor = createAccount("vendor", "redirect");
  // Submit a model is for everyone: signed out, it is the guide, with the way to an account.
  await page.goto("/submit");
  await expect(page.getByRole("heading", { level: 1, name: "Submit a model" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Request vendor access" }).first()).toHaveAttribute("href", "/access");
  await expect(page.getByRole("heading", { name: /^Submit to / })).toHaveCount(0);
  for (const path of ["/account/submissions"]) {
    await page.context().clearCookies();
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/signin\\?next=${encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    await page.getByLabel("API token").fill(vendor.token);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  // A vendor sees no Review link and the review pages do not exist for them.
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Review" })).toHaveCount(0);
  expect((await page.request.get("/review")).status()).toBe(404);
});
