import { test } from "@playwright/test";
import { createAccount, DEMO, demoNpz, expect, expectAccessible, expectFitsPhone, screenshot, signIn, uploadByApi, waitForStatus } from "./vendor-helpers";

// A maintainer's review in Chromium: the queue, rejecting with a reason the vendor then reads,
// verifying, a warning note, publishing, hiding and publishing again, a re-run, the audit log of
// all of it, and the benchmark versions overview; with axe scans and phone-width checks.
test("a maintainer works the review queue and every action lands in the audit log", async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const vendor = createAccount("vendor", "rv");
  const maintainer = createAccount("maintainer", "rm");
  const tag = vendor.id.slice(0, 6);
  const rejectable = `rejectable-${tag}`;
  const keeper = `keeper-${tag}`;
  const rejectId = await uploadByApi(request, vendor, rejectable);
  const keepId = await uploadByApi(request, vendor, keeper, demoNpz({ every: 2 }));
  await waitForStatus(request, rejectId, vendor.token, ["scored"]);
  await waitForStatus(request, keepId, vendor.token, ["scored"]);
  const leaderboardRow = async () =>
    ((await (await request.get(`/api/v1/benchmarks/${DEMO}/leaderboard`)).json()).rows as { submissionId: string; verified: boolean; warningNote: string | null }[]).find(
      (r) => r.submissionId === keepId,
    );

  // The queue: both submissions await review.
  await signIn(page, maintainer, "/review");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Review" })).toBeVisible();
  await page.getByLabel("Model, provider or email").fill(vendor.email);
  await page.getByRole("button", { name: "Search" }).click();
  const awaiting = page.getByRole("list", { name: "Awaiting review submissions" });
  await expect(awaiting.locator("li[data-submission]")).toHaveCount(2);
  await expect(page.getByRole("link", { name: /^Awaiting review \(2\)$/ })).toHaveAttribute("aria-current", "page");
  await expectAccessible(page);
  await screenshot(page, "review-queue");
  await expectFitsPhone(page);
  await expectAccessible(page);
  await screenshot(page, "review-queue-phone");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Reject with a reason; the vendor reads it on their status page.
  await awaiting.getByRole("link", { name: `Review ${rejectable}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(rejectable);
  await expect(page.getByText(vendor.email)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "review-submission");
  await expectFitsPhone(page);
  await expectAccessible(page);
  await screenshot(page, "review-submission-phone");
  await page.setViewportSize({ width: 1280, height: 900 });
  const reject = page.getByRole("form", { name: "Reject" });
  await reject.getByRole("button", { name: "Reject submission" }).click();
  await expect(reject.getByLabel("Reason (the vendor sees it)")).toBeFocused(); // the browser asks for the required reason first
  await reject.getByLabel("Reason (the vendor sees it)").fill("Corpus ids were matched against the test split.");
  await reject.getByRole("button", { name: "Reject submission" }).click();
  await expect(page.getByTestId("review-outcome")).toHaveText("Rejected. The vendor sees the reason.");
  await expect(page.locator('h1 [data-status="rejected"]')).toBeVisible();
  await screenshot(page, "review-rejected");
  const vendorPage = await (await browser.newContext()).newPage();
  await signIn(vendorPage, vendor, `/submissions/${rejectId}/status`);
  await expect(vendorPage.getByTestId("review-reason")).toHaveText("Reason: Corpus ids were matched against the test split.");
  await expectAccessible(vendorPage);
  await screenshot(vendorPage, "vendor-sees-rejection");

  // Verify, note and publish the other one: the leaderboard row carries both marks.
  await page.goto(`/review/${keepId}`);
  await page.getByRole("button", { name: "Mark verified" }).click();
  await expect(page.getByTestId("review-outcome")).toHaveText("Marked verified.");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Verified");
  const note = page.getByRole("form", { name: "Warning note" });
  await note.getByLabel("Shown beside the submission on the leaderboard").fill("Trained on a superset of the benchmark's tasks.");
  await note.getByRole("button", { name: "Save note" }).click();
  await expect(page.getByTestId("review-outcome")).toHaveText("Warning note saved.");
  await expect(page.getByText("Maintainer note: Trained on a superset of the benchmark's tasks.")).toBeVisible();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByTestId("review-outcome")).toHaveText("Published: it is on the leaderboard now.");
  expect(await leaderboardRow()).toMatchObject({ verified: true, warningNote: "Trained on a superset of the benchmark's tasks." });
  await screenshot(page, "review-published-verified-note");

  // Hide: off the leaderboard, private again, the vendor told why; then publish again.
  const hide = page.getByRole("form", { name: "Hide from the leaderboard" });
  await hide.getByLabel("Reason (the vendor sees it)").fill("License terms under review.");
  await hide.getByRole("button", { name: "Hide submission" }).click();
  await expect(page.getByTestId("review-outcome")).toHaveText("Hidden: off the leaderboard; nothing was deleted.");
  expect(await leaderboardRow()).toBeUndefined();
  const anonymous = await browser.newContext();
  expect((await anonymous.request.get(`/submissions/${keepId}`)).status()).toBe(404);
  await vendorPage.goto(`/submissions/${keepId}/status`);
  await expect(vendorPage.getByTestId("review-reason")).toHaveText("Reason: License terms under review.");
  await page.getByRole("button", { name: "Publish again" }).click();
  await expect(page.getByTestId("review-outcome")).toHaveText("Published: it is on the leaderboard now.");
  expect(await leaderboardRow()).toMatchObject({ verified: true });
  expect((await anonymous.request.get(`/submissions/${keepId}`)).status()).toBe(200);

  // Re-run asks for confirmation, then queues it; it comes back scored, unverified, unpublished.
  const rerun = page.getByRole("form", { name: "Re-run scoring" });
  await rerun.getByLabel("Reason (optional, for the audit log)").fill("Runner update.");
  await rerun.getByRole("button", { name: "Re-run scoring" }).click();
  await rerun.getByRole("button", { name: "Confirm re-run" }).click();
  await expect(page.getByTestId("review-outcome")).toHaveText("Queued for a re-run.");
  expect(await leaderboardRow()).toBeUndefined();
  await waitForStatus(request, keepId, maintainer.token, ["scored"]);
  await page.reload();
  await expect(page.locator('h1 [data-status="scored"]')).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).not.toContainText("Verified");

  // The audit log: who did what, when and why, newest first; filterable by action.
  await page.getByRole("navigation", { name: "Review" }).getByRole("link", { name: "Audit log" }).click();
  const mine = page.locator("tbody tr").filter({ hasText: keeper });
  await expect(mine.first()).toBeVisible();
  expect(await mine.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-action")))).toEqual(["rerun", "publish", "hide", "publish", "note", "verify"]);
  for (const row of await mine.all()) await expect(row).toContainText(maintainer.email);
  await expect(mine.first()).toContainText("Runner update.");
  await expect(mine.nth(2)).toContainText("License terms under review.");
  const rejected = page.locator("tbody tr").filter({ hasText: rejectable });
  await expect(rejected).toHaveCount(1);
  await expect(rejected).toContainText("Corpus ids were matched against the test split.");
  await expect(rejected).toContainText("scored → rejected");
  await expectAccessible(page);
  await screenshot(page, "review-audit-log");
  await page.getByLabel("Action").selectOption("hide");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=hide/);
  expect(await page.locator("tbody tr").evaluateAll((rows) => rows.every((r) => r.getAttribute("data-action") === "hide"))).toBe(true);
  await expectFitsPhone(page);
  await expectAccessible(page);
  await screenshot(page, "review-audit-log-phone");
  await page.setViewportSize({ width: 1280, height: 900 });

  // The versions overview.
  await page.getByRole("navigation", { name: "Review" }).getByRole("link", { name: "Benchmark versions" }).click();
  const demo = page.locator(`li[data-version="${DEMO}@1.0.0"]`);
  await expect(demo).toContainText("current");
  await expect(demo).toContainText("48 queries");
  await expect(demo.getByRole("link", { name: /rejected submissions of/ })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "review-versions");
  await anonymous.close();
});

// A maintainer publishes knowing what they publish: a submission that gives each task's
// snippets one vector (blind to every edit) is flagged edit-blind in the queue and on its review
// page, with the reason; a submission that tells them apart is not.
test("the review queue and review page flag an edit-blind submission, and its vendor is told", async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const vendor = createAccount("vendor", "eb");
  const maintainer = createAccount("maintainer", "ebm");
  const tag = vendor.id.slice(0, 6);
  const blind = `edit-blind-${tag}`, sharp = `sharp-${tag}`;
  const blindId = await uploadByApi(request, vendor, blind, demoNpz({ blind: true, noise: 0.05 }));
  const sharpId = await uploadByApi(request, vendor, sharp, demoNpz({ every: 2, distinct: true }));
  await waitForStatus(request, blindId, vendor.token, ["scored"], 180_000);
  await waitForStatus(request, sharpId, vendor.token, ["scored"], 180_000);
  // Ties are chance: with five snippets of a task tied, exec@1 is exactly 1/5.
  const scored = await (await request.get(`/api/v1/submissions/${blindId}/analysis?perQuery=false`, { headers: { authorization: `Bearer ${vendor.token}` } })).json();
  expect(scored.metrics.exec["1"].value).toBeCloseTo(0.2, 12);
  expect(scored.analysis.ties).toMatchObject({ editBlind: true, canonicalDistractorTies: scored.analysis.ties.scoredPairs });

  await signIn(page, maintainer, `/review?q=${encodeURIComponent(vendor.email)}`);
  const awaiting = page.getByRole("list", { name: "Awaiting review submissions" });
  await expect(awaiting.locator("li[data-submission]")).toHaveCount(2);
  const blindItem = awaiting.locator(`li[data-submission="${blindId}"]`);
  await expect(blindItem.getByTestId("edit-blind-badge")).toHaveCount(1);
  await expect(blindItem.getByTestId("edit-blind-badge")).toHaveAccessibleDescription(/exactly the same score in 100% of pairs/);
  await expect(blindItem).toContainText("exec@1 0.200");
  await expect(awaiting.locator(`li[data-submission="${sharpId}"]`).getByTestId("edit-blind-badge")).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, "review-queue-edit-blind");

  await blindItem.getByRole("link", { name: `Review ${blind}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(blind);
  const flag = page.getByTestId("edit-blind-flag");
  await expect(flag).toContainText("Edit-blind.");
  await expect(flag).toContainText(`${scored.analysis.ties.scoredPairs} of ${scored.analysis.ties.scoredPairs}`);
  await expect(flag).toContainText("If you publish it, its leaderboard row and page carry the edit-blind badge");
  await expect(page.getByRole("heading", { level: 1 }).getByTestId("edit-blind-badge")).toHaveCount(1);
  await expectAccessible(page);
  await screenshot(page, "review-edit-blind");
  await expectFitsPhone(page);
  await expectAccessible(page);
  await screenshot(page, "review-edit-blind-phone");
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto(`/review/${sharpId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(sharp);
  await expect(page.getByTestId("edit-blind-flag")).toHaveCount(0);

  // The vendor reads the same flag on their status page, before anyone publishes.
  const context = await browser.newContext();
  const vendorPage = await context.newPage();
  await signIn(vendorPage, vendor, `/submissions/${blindId}/status`);
  await expect(vendorPage.getByTestId("edit-blind-note")).toContainText("exactly the same score in 100% of pairs");
  await expectAccessible(vendorPage);
  await screenshot(vendorPage, "vendor-edit-blind");
  await vendorPage.goto(`/submissions/${sharpId}/status`);
  await expect(vendorPage.getByRole("heading", { level: 1 })).toContainText(sharp);
  await expect(vendorPage.getByTestId("edit-blind-note")).toHaveCount(0);
  await context.close();
});
