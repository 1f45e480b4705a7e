import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { test } from "@playwright/test";
import { buildArbFixture } from "../tests/repo-benchmark/fixture";
import { createAccount, expect, expectAccessible, expectFitsPhone, screenshot, signIn, waitForStatus } from "./vendor-helpers";

// "Submit a model" for a repository-retrieval benchmark, in Chromium: signed out, the track's own
// guide (run files, chunk embeddings, no execution) with its title and contents; signed in, the
// upload form takes a run file, a bad one refused with its line named (in the browser for what
// it can check, by the server for a path outside the repository), a good one accepted and scored.
const SLUG = "arb-submit-e2e";
const cli = (...args: string[]) => execFileSync("node", ["bin/execboard.mjs", ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 600_000 });
const FILE_LABEL = "Run file (.trec, .jsonl) or chunk embeddings (.npz)";

test.beforeAll(async ({ request }) => {
  test.setTimeout(600_000);
  if ((await request.get(`/api/v1/benchmarks/${SLUG}/repo-board`)).status() !== 200) {
    const f = buildArbFixture();
    try {
      cli("benchmark", "import-arb", f.samplesPath, "--repos", f.reposDir, "--slug", SLUG, "--version", "v1", "--name", "Repository submit (e2e)", "--skip-refused");
    } finally {
      f.cleanup();
    }
  }
});

test("signed out, the guide of a repository-retrieval benchmark is the track's own", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`/submit?benchmark=${SLUG}`);
  await expect(page).toHaveTitle("Submit a model to Repository submit (e2e) · ExecBoard");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /run file \(TREC or JSON lines, at most 100 files a sample\) or chunk embeddings/);
  await expect(page.getByRole("heading", { level: 1, name: "Submit a model" })).toBeVisible();
  await expect(page.getByText(/Nothing is\s+executed: ExecBoard scores Recall@k, MRR/)).toBeVisible();
  const toc = page.getByRole("navigation", { name: "On this page" });
  for (const entry of ["Write a run file", "Or chunk embeddings", "Describe the system"]) await expect(toc.getByRole("link", { name: entry })).toBeVisible();
  await expect(toc.getByRole("link", { name: "Write the .npz" })).toHaveCount(0);
  // The download lists the track's files, each downloadable, with its checksum.
  const files = page.getByTestId("dataset-files");
  for (const name of ["samples.jsonl", "corpus.jsonl", "import-report.md", "SHA256SUMS"]) await expect(files.getByRole("link", { name })).toBeVisible();
  const sums = await (await page.request.get(`/api/v1/benchmarks/${SLUG}/dataset/SHA256SUMS?version=v1`)).text();
  const samplesSum = sums.split("\n").find((l) => l.endsWith("  samples.jsonl"))!.split(" ")[0];
  await expect(files).toContainText(samplesSum);
  // Examples name the version's own samples and files.
  await expect(page.locator('pre[aria-label^="TREC"]')).toContainText(/^\S+ Q0 \S+ 1 12\.5 my-run/);
  await expect(page.locator('pre[aria-label="Chunk ids"]')).toContainText(/^acme\/(widgets|gears)@[0-9a-f]{12}\/\S+#L1-\d+/);
  await expect(page.locator("main")).not.toContainText("top 10");
  await expectAccessible(page);
  await screenshot(page, "repo-submit-guide");
  await expectFitsPhone(page);
  await expectAccessible(page);
  await screenshot(page, "repo-submit-guide-phone");
});

test("a vendor uploads run files through the form: bad ones refused naming their line, a good one scored", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const vendor = createAccount("vendor", "repo-run");
  await signIn(page, vendor);
  await page.goto("/submit");
  // The benchmark picker offers the repository track; switching to it gives its form.
  await page.getByLabel("Benchmark", { exact: true }).selectOption({ label: "Repository submit (e2e)" });
  await page.getByRole("button", { name: "Switch" }).click();
  await expect(page.getByRole("heading", { name: "Submit to Repository submit (e2e)" })).toBeVisible();
  await expect(page.getByText(/Scored against version v1:\s+\d+ samples over 2 repositories, \d+ corpus files\./)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "Upload form" })).toBeVisible();

  const write = (name: string, text: string) => {
    const p = testInfo.outputPath(name);
    fs.writeFileSync(p, text);
    return p;
  };
  const uploads: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().includes("/submissions")) uploads.push(r.url());
  });
  await page.getByLabel(/Model name/).fill(`e2e-repo-run-${vendor.id.slice(0, 6)}`);
  await page.getByLabel(/Provider/).fill("E2E Labs");
  // A rank out of order is caught in the browser, naming its line; nothing is sent.
  await expect(page.getByLabel(FILE_LABEL)).toBeEnabled(); // once the form hydrates
  await page.getByLabel(FILE_LABEL).setInputFiles(write("bad-rank.trec", "c2t-render Q0 widgets/layout.py 1 3 mine\nc2t-render Q0 README.md 3 1 mine\n"));
  await expect(page.getByTestId("check-verdict")).toHaveText("The file did not pass the check. It will not be uploaded.");
  await expect(page.getByRole("list", { name: "File check results" }).locator('li[data-ok="false"]')).toContainText(/line 2: /);
  // A run file takes no similarity or prefixes.
  await expect(page.getByLabel("Similarity")).toHaveCount(0);
  await page.getByRole("button", { name: "Upload and score" }).click();
  await expect(page.getByTestId("form-error")).toContainText("This file did not pass the check, so it was not uploaded: line 2:");
  expect(uploads).toEqual([]);

  // A path outside the sample's repository passes the browser's check; the server refuses it, naming the line.
  await page.getByLabel(FILE_LABEL).setInputFiles(write("bad-path.trec", "c2t-render Q0 widgets/layout.py 1 3 mine\nc2t-render Q0 widgets/nope.py 2 1 mine\n"));
  await expect(page.getByTestId("check-verdict")).toContainText("The file passed the check: a TREC run with files for 1 of");
  await page.getByRole("button", { name: "Upload and score" }).click();
  const refusal = page.getByTestId("form-error");
  await expect(refusal).toContainText("The server refused the upload (INVALID_UPLOAD): line 2: widgets/nope.py is not a file of acme/widgets@");
  await expect(refusal).toBeFocused();
  expect(uploads).toHaveLength(1);
  await expectAccessible(page);
  await screenshot(page, "repo-submit-refused");

  // A good JSON lines run is accepted, opens its status page, and is scored.
  const good = [
    { sample_id: "c2t-render", files: ["widgets/layout.py", "tests/test_core.py", "README.md"], scores: [3, 2, 1], abstention: 0.2 },
    { sample_id: "t2c-turn", files: ["gears/gear.go"], scores: [1], abstention: 0.5 },
  ];
  await page.getByLabel(FILE_LABEL).setInputFiles(write("run.jsonl", good.map((r) => JSON.stringify(r)).join("\n") + "\n"));
  await expect(page.getByTestId("check-verdict")).toContainText("The file passed the check: a JSON lines run with files for 2 of");
  await page.getByRole("button", { name: "Upload and score" }).click();
  await page.waitForURL(/\/submissions\/[^/]+\/status$/, { timeout: 30_000 });
  const id = /\/submissions\/([^/]+)\/status$/.exec(page.url())![1];
  expect(await waitForStatus(page.request, id, vendor.token, ["scored"])).toBe("scored");
  const sub = await (await page.request.get(`/api/v1/submissions/${id}`, { headers: { authorization: `Bearer ${vendor.token}` } })).json();
  expect(sub).toMatchObject({ benchmark: { slug: SLUG, version: "v1" }, model: { dtype: "run" } });
});
