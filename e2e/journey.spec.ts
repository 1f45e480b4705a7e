import crypto from "node:crypto";
import fs from "node:fs";
import { test, type Page } from "@playwright/test";
import { writeNpz } from "@/lib/embeddings/write-npz";
import { createAccount, DEMO, expect, expectAccessible, expectFitsPhone, screenshot, signIn } from "./vendor-helpers";

// A vendor who knows nobody: from the public Submit page to a published result in Chromium,
// every step through the site (request access, a maintainer's approval, claiming the account,
// downloading the benchmark and checking its checksums, building the .npz from the downloaded
// files alone, uploading, following the status, publication), and a submission that fails for
// real, explained on its status page.

const sha256 = (b: Buffer) => crypto.createHash("sha256").update(b).digest("hex");
const lines = (b: Buffer) => b.toString("utf8").trim().split("\n").map((l) => JSON.parse(l));

// Embeddings from the downloaded files only: every snippet is e_query + 0.5·f_slot (slot 0 the
// canonical), every query e_query + 0.5·f_0 + small noise, so most queries retrieve their
// canonical first. `tieAll` makes every snippet but one the same vector instead.
function npzFromDownload(queries: { query_id: string }[], corpus: { corpus_id: string; query_id: string; role: string }[], tieAll = false): Buffer {
  const Q = queries.length;
  const dims = Q + 5;
  const qIndex = new Map(queries.map((q, i) => [q.query_id, i]));
  const seen = new Map<string, number>();
  const qv = new Float32Array(Q * dims);
  for (let q = 0; q < Q; q++) {
    qv[q * dims + q] = 1;
    qv[q * dims + Q] = 0.5;
    qv[q * dims + Q + 1 + (q % 4)] = 0.01 * ((q % 7) + 1);
  }
  const cv = new Float32Array(corpus.length * dims);
  corpus.forEach((c, i) => {
    const slot = c.role === "canonical" ? 0 : (seen.get(c.query_id) ?? 0) + 1;
    if (c.role !== "canonical") seen.set(c.query_id, slot);
    if (tieAll) {
      cv.fill(0.5, i * dims, (i + 1) * dims);
      if (i === 0) cv[0] = 1;
      return;
    }
    cv[i * dims + qIndex.get(c.query_id)!] = 1;
    cv[i * dims + Q + slot] = 0.5;
  });
  return writeNpz({
    query_embeddings: { data: qv, shape: [Q, dims] },
    corpus_embeddings: { data: cv, shape: [corpus.length, dims] },
    query_ids: queries.map((q) => q.query_id),
    corpus_ids: corpus.map((c) => c.corpus_id),
  });
}

async function bothWidths(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page);
  await screenshot(page, `${name}-desktop`);
  await expectFitsPhone(page);
  await expectAccessible(page);
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

// Downloads the demo's current version from the links of the Submit page, checking every file
// against the checksums the page and SHA256SUMS give.
async function download(page: Page): Promise<{ queries: { query_id: string }[]; corpus: { corpus_id: string; query_id: string; role: string }[] }> {
  await page.goto(`/submit?benchmark=${DEMO}`);
  const table = page.getByTestId("dataset-files");
  const files = new Map<string, Buffer>();
  for (const name of ["benchmark.json", "queries.jsonl", "corpus.jsonl", "LICENSE.txt", "SHA256SUMS"]) {
    const link = table.getByRole("link", { name, exact: true });
    const res = await page.request.get((await link.getAttribute("href"))!);
    expect(res.status(), name).toBe(200);
    const body = Buffer.from(await res.body());
    expect(res.headers()["x-content-sha256"]).toBe(sha256(body));
    await expect(table.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) })).toContainText(sha256(body));
    files.set(name, body);
  }
  for (const line of files.get("SHA256SUMS")!.toString("utf8").trim().split("\n")) {
    const [sum, name] = line.split(/\s+/);
    expect(sha256(files.get(name)!), name).toBe(sum);
  }
  const zip = await page.request.get((await page.getByRole("link", { name: /^Download .*\.zip$/ }).getAttribute("href"))!);
  expect(zip.headers()["content-type"]).toBe("application/zip");
  expect(JSON.parse(files.get("benchmark.json")!.toString("utf8")).slug).toBe(DEMO);
  return { queries: lines(files.get("queries.jsonl")!), corpus: lines(files.get("corpus.jsonl")!) };
}

async function uploadInForm(page: Page, file: string, model: string, extra: (page: Page) => Promise<void> = async () => {}): Promise<string> {
  await page.goto(`/submit?benchmark=${DEMO}`);
  await expect(page.getByRole("heading", { name: /Submit to ExecRetrieval Demo/ })).toBeVisible();
  const fileInput = page.getByLabel("Embeddings (.npz) or ranking file (.jsonl)");
  await expect(fileInput).toBeEnabled(); // a file chosen before the form hydrates would go unchecked
  await fileInput.setInputFiles(file);
  await expect(page.getByTestId("check-verdict")).toContainText("The file passed the check");
  await page.getByLabel(/Model name/).fill(model);
  await page.getByLabel(/Provider/).fill("Journey Labs");
  await extra(page);
  await page.getByRole("button", { name: "Upload and score" }).click();
  await page.waitForURL(/\/submissions\/[0-9a-f-]{36}\/status$/, { timeout: 60_000 });
  return page.url().split("/").at(-2)!;
}

test("request access → approval → claim → download → submit → status → publish, all in the browser", async ({ browser }, testInfo) => {
  test.setTimeout(300_000);
  const email = `journey-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const model = `journey-embedder-${crypto.randomUUID().slice(0, 6)}`;
  const visitor = await (await browser.newContext()).newPage();

  // The public Submit page says what to do, and leads to an account.
  await visitor.goto("/");
  await visitor.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Submit a model" }).click();
  await expect(visitor.getByRole("heading", { level: 1, name: "Submit a model" })).toBeVisible();
  for (const step of ["Get an account", "Download the benchmark", "Write the .npz", "Or a ranking file", "Describe the model", "Upload", "Limits", "After the upload", "Review and publication", "API reference"]) {
    await expect(visitor.getByRole("heading", { level: 2, name: step, exact: true })).toBeVisible();
  }
  await expect(visitor.getByRole("figure", { name: /^Python \(numpy\)/ })).toContainText("np.savez_compressed(");
  await expect(visitor.locator("section#api").getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/docs/api");
  await bothWidths(visitor, "journey-submit-guide");

  await visitor.getByRole("link", { name: "Request vendor access" }).first().click();
  await expect(visitor.getByRole("heading", { name: "Request vendor access" })).toBeVisible();
  await visitor.getByLabel("Email").fill(email);
  await visitor.getByLabel("Organisation").fill("Journey Labs");
  await visitor.getByLabel("Model you want to evaluate").fill(model);
  await visitor.getByRole("button", { name: "Request access" }).click();
  const code = (await visitor.getByTestId("claim-code").textContent())!.trim();
  expect(code).toMatch(/^ebc_/);

  // A maintainer approves it in the review area.
  const maintainer = createAccount("maintainer", "journey");
  const review = await (await browser.newContext()).newPage();
  await signIn(review, maintainer, "/review/access");
  const request = review.locator("li", { hasText: email });
  await request.getByRole("button", { name: "Approve" }).click();
  await expect(request.getByRole("status")).toContainText(`Approved ${email}`);

  // The visitor claims the account: the first token once, and signed in.
  await visitor.goto("/access/claim");
  await visitor.getByLabel("Claim code").fill(code);
  await visitor.getByRole("button", { name: "Check status" }).click();
  await expect(visitor.getByRole("status")).toContainText("Approved");
  await visitor.getByRole("button", { name: "Claim my account" }).click();
  expect((await visitor.getByTestId("first-token").textContent())!.trim()).toMatch(/^ebt_/);
  await visitor.goto("/account");
  await expect(visitor.getByTestId("signed-in-as")).toHaveText(email);

  // Download the benchmark and build the file from it alone.
  const data = await download(visitor);
  const file = testInfo.outputPath("journey.npz");
  fs.writeFileSync(file, npzFromDownload(data.queries, data.corpus));

  // Submit it with the form, declaring what readers will see about the model.
  const id = await uploadInForm(visitor, file, model, async (p) => {
    await p.getByLabel("Parameters").fill("335M");
    await p.getByLabel("Licence").fill("Apache-2.0");
    await p.getByLabel("Release date").fill("2026-01-15");
    await p.getByLabel("Link").fill("https://example.com/journey-embedder");
    await p.getByLabel("Open weights").selectOption("yes");
  });
  await expect(visitor.getByRole("heading", { level: 1, name: model })).toBeVisible();
  await expect(visitor.locator('[data-status="scored"]')).toBeVisible({ timeout: 120_000 });
  await expect(visitor.getByRole("status").filter({ hasText: "private to you and the maintainers" })).toBeVisible();
  await bothWidths(visitor, "journey-status-scored");

  // The maintainer publishes it inline in the queue; the queue says so.
  await review.goto(`/review?q=${encodeURIComponent(email)}`);
  const item = review.locator(`li[data-submission="${id}"]`);
  await expect(item).toContainText(model);
  await bothWidths(review, "journey-review-queue");
  await item.getByRole("button", { name: `Publish ${model}` }).click();
  await expect(review.getByTestId("bulk-outcome")).toHaveText("Published 1 of 1.");
  await expect(review.locator(`li[data-submission="${id}"]`)).toHaveCount(0);
  const audit = await (await review.request.get(`/api/v1/review/audit?submission=${id}`)).json();
  expect(audit.entries.map((e: { action: string; actor: { label: string } }) => [e.action, e.actor.label])).toEqual([["publish", maintainer.email]]);

  // The vendor sees it published; readers see the row with what the vendor declared.
  await visitor.goto(`/submissions/${id}/status`);
  await expect(visitor.locator('[data-status="published"]')).toBeVisible();
  await visitor.goto(`/benchmarks/${DEMO}/1.0.0`);
  const row = visitor.getByTestId("leaderboard-row").filter({ hasText: model });
  await expect(row).toContainText("335M");
  await expect(row.getByTestId("model-facts")).toContainText("licence Apache-2.0 · released 2026-01-15");
  await expect(row.getByRole("link", { name: `model card of ${model}` })).toHaveAttribute("href", "https://example.com/journey-embedder");
});

test("a submission that fails for real says why, shows the log lines that matter and what to change", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const vendor = createAccount("vendor", "failing");
  await signIn(page, vendor, `/submit?benchmark=${DEMO}`);
  const data = await download(page);
  const file = testInfo.outputPath("tied.npz");
  fs.writeFileSync(file, npzFromDownload(data.queries, data.corpus, true));
  const id = await uploadInForm(page, file, "tied-embedder");

  const failure = page.getByTestId("failure");
  await expect(failure).toBeVisible({ timeout: 120_000 });
  await expect(page.locator('[data-status="failed"]')).toBeVisible();
  await expect(failure.getByRole("heading")).toHaveText("Scoring failed: Too many snippets tie at the top-10 cut-off");
  await expect(page.getByTestId("failure-what")).toContainText("239 corpus snippets received exactly the same score");
  await expect(page.getByTestId("failure-what")).toContainText("(stopped while ranking)");
  await expect(page.getByTestId("failure-log")).toContainText("attempt 1 failed while ranking");
  await expect(page.getByTestId("failure-log")).toContainText('"tieGroupSize":239');
  expect(await page.getByTestId("failure-log").innerText()).not.toMatch(/^\s+at /m); // no stack frames
  await expect(page.getByTestId("failure-fix").getByRole("listitem").first()).toContainText("every corpus row is the embedding of its own snippet");
  await expect(failure).toContainText("The file was at fault, so this submission counts against your quota.");
  await expect(page.locator('li[data-stage="ranking"]')).toContainText("failed here");
  await bothWidths(page, "journey-status-failed");
  // The API says the same to scripts.
  const body = await (await page.request.get(`/api/v1/submissions/${id}`)).json();
  expect(body.failure).toMatchObject({ cause: "file", stage: "ranking", refunded: false });
});
