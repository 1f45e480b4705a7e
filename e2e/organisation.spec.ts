import crypto from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { test } from "@playwright/test";
import { createAccount, DEMO, demoNpz, expect, expectAccessible, screenshot, signIn } from "./vendor-helpers";

// Two engineers of one model vendor: one submits for their organisation through the site, the
// other (a member too) can open the unpublished result, an outsider cannot.
test("a vendor submits for their organisation; fellow members see the unpublished result, others do not", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const alice = createAccount("vendor", "org-alice");
  const bob = createAccount("vendor", "org-bob");
  const outsider = createAccount("vendor", "org-out");
  const slug = `e2e-${crypto.randomUUID().slice(0, 8)}`;
  const cli = (...args: string[]) => execFileSync("node", ["bin/execboard.mjs", "orgs", ...args], { encoding: "utf8" });
  cli("create", slug, "--name", `Labs ${slug}`, "--owner", alice.email);
  cli("add-member", slug, "--email", bob.email);
  const file = testInfo.outputPath("org.npz");
  fs.writeFileSync(file, demoNpz({ seed: 5 }));

  await signIn(page, alice, `/submit?benchmark=${DEMO}`);
  await expect(page.getByRole("heading", { name: /Submit to ExecRetrieval Demo/ })).toBeVisible();
  await page.getByLabel("Submit as").selectOption({ label: `Labs ${slug}` });
  await page.getByRole("button", { name: "Switch" }).click();
  await expect(page).toHaveURL(new RegExp(`org=${slug}`));
  await expect(page.getByTestId("quota-line")).toContainText(`As Labs ${slug}, you can start`);
  await expect(page.getByText(`Results stay private to the members of Labs ${slug} and the maintainers`)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "org-submit-as");
  const fileInput = page.getByLabel("Embeddings (.npz) or ranking file (.jsonl)");
  await expect(fileInput).toBeEnabled(); // a file chosen before the form hydrates would go unchecked
  await fileInput.setInputFiles(file);
  await expect(page.getByTestId("check-verdict")).toContainText("The file passed the check");
  await page.getByLabel(/Model name/).fill(`org-embedder-${slug}`);
  await page.getByLabel(/Provider/).fill("Org Labs");
  await page.getByRole("button", { name: "Upload and score" }).click();
  await expect(page).toHaveURL(/\/submissions\/[0-9a-f-]+\/status$/, { timeout: 60_000 });
  const id = /\/submissions\/([0-9a-f-]+)\/status/.exec(page.url())![1];

  // The other member opens the model page once scored: it names the organisation and who may see it.
  await expect
    .poll(async () => ((await (await page.request.get(`/api/v1/submissions/${id}`, { headers: { authorization: `Bearer ${bob.token}` } })).json()) as { status?: string }).status, { timeout: 90_000 })
    .toBe("scored");
  const bobPage = await (await browser.newContext()).newPage();
  await signIn(bobPage, bob, `/submissions/${id}`);
  await expect(bobPage.getByTestId("submitted-by")).toHaveText(` · submitted by Labs ${slug}`, );
  await expect(bobPage.getByRole("note")).toContainText(`only its owner, the members of Labs ${slug} and maintainers can see this page`);
  await screenshot(bobPage, "org-model-page-member");
  const queryId = JSON.parse(fs.readFileSync("benchmarks/demo/queries.jsonl", "utf8").split("\n")[0]).query_id as string;
  await bobPage.goto(`/submissions/${id}/queries/${queryId}`);
  await expect(bobPage.getByText(`scored: visible to its owner, the members of Labs ${slug} and maintainers only`)).toBeVisible();

  // Someone outside the organisation gets the same answer as for a submission that does not exist.
  const outPage = await (await browser.newContext()).newPage();
  await signIn(outPage, outsider);
  const res = await outPage.goto(`/submissions/${id}`);
  expect(res?.status()).toBe(404);
});
