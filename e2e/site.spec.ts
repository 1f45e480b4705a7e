import { execFileSync } from "node:child_process";
import { test, type Page } from "@playwright/test";
import { atBothWidths, DEMO, DESKTOP, expectAccessible, expectNoSideScroll, headTags, NAV, PHONE, screenshot } from "./reader-helpers";
import { createAccount, demoNpz, signIn, uploadByApi, waitForStatus, expect } from "./vendor-helpers";

// Every page says what it is and what its numbers mean: titles, descriptions and link previews,
// the footer's citation and changelog, the 404, the phone header, the API reference, dark mode;
// the leaderboard's headline, tooltips, columns, metadata and per-domain view; the drilldown's
// wording, tests, comparison and axis; the review queue's flags, inline and bulk actions.

async function publishedRows(page: Page): Promise<{ submissionId: string; model: string }[]> {
  return (await (await page.request.get(`/api/v1/benchmarks/${DEMO}/leaderboard`)).json()).rows;
}

test("every page has its own title and description, with Open Graph and Twitter tags", async ({ page }) => {
  const rows = await publishedRows(page);
  const bm25 = rows.find((r) => r.model === "BM25")!;
  const pages = ["/", "/benchmarks", "/methodology", "/docs/api", "/submit", "/changelog", "/access", `/benchmarks/${DEMO}/1.0.0/queries`, `/benchmarks/${DEMO}/1.0.0/compare`, `/benchmarks/${DEMO}/1.0.0/queries/q_0001`, `/submissions/${bm25.submissionId}`, `/submissions/${bm25.submissionId}/queries/q_0001`];
  const seen = new Map<string, string>();
  for (const path of pages) {
    await page.goto(path);
    const t = await headTags(page);
    expect(t.title, path).toMatch(/ · ExecBoard$/);
    expect(t.description, path).toBeTruthy();
    expect(t.ogTitle, path).toBe(t.title);
    expect(t.ogDescription, path).toBe(t.description);
    expect(t.card, path).toBe("summary");
    expect(seen.get(t.title), `${path} shares its title with ${seen.get(t.title)}`).toBeUndefined();
    seen.set(t.title, path);
  }
  await page.goto(`/submissions/${bm25.submissionId}/queries/q_0001`);
  expect((await headTags(page)).title).toBe("lowest_set_bit under BM25 · ExecBoard");
});

test("the footer cites the benchmark and the paper, and links the changelog", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  const bibtex = footer.getByTestId("bibtex");
  await expect(bibtex).toContainText("@misc{");
  await expect(bibtex).toContainText("@article{kapoor2026execretrieval,");
  await expect(footer).toContainText(/is licensed \S+/);
  await expect(footer).toContainText("Kapoor, A. and Khan, M. A. A. H. (2026). ExecRetrieval");
  await footer.getByRole("link", { name: "Changelog" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Changelog" })).toBeVisible(NAV);
  const changes = page.getByRole("list", { name: "Changes, newest first" });
  await expect(changes.locator('li[data-kind="benchmark-version"]').filter({ hasText: "ExecRetrieval Demo 1.0.0 imported: 48 queries, 240 snippets." })).toHaveCount(1);
  await expect(changes.locator('li[data-kind="engine"]').filter({ hasText: "Scoring engine 2 (current)" })).toHaveCount(1);
  await expect(changes.locator('li[data-kind="runner"]').filter({ hasText: "(current)" })).toHaveCount(1);
  await atBothWidths(page, "changelog", async () => {
    await expect(changes).toBeVisible();
  });
});

test("an unknown address gets the branded 404 with ways on", async ({ page }) => {
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "This page does not exist" })).toBeVisible();
  await expect(page).toHaveTitle("Page not found · ExecBoard");
  for (const name of ["Leaderboard", "Benchmarks", "Submit a model", "Sign in"]) await expect(page.getByRole("main").getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
  await atBothWidths(page, "not-found", async () => {
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test("a version page its benchmark's kind does not have is the 404, titled as one", async ({ page }) => {
  for (const path of [`/benchmarks/${DEMO}/1.0.0/tasks`, `/benchmarks/${DEMO}/1.0.0/fusion`, `/benchmarks/${DEMO}/9.9.9/queries`]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    // The title comes with the streamed metadata, which may follow the load event.
    await expect(page, path).toHaveTitle("Page not found · ExecBoard");
  }
});

test("on a phone the header is one line, its menu opens and closes, and it closes on navigation", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  const header = page.getByRole("banner");
  expect((await header.boundingBox())!.height).toBeLessThan(70);
  const menu = header.getByRole("button", { name: "Menu" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(nav.getByRole("link", { name: "Submit a model" })).toBeVisible();
  await screenshot(page, "header-menu-phone");
  await nav.getByRole("link", { name: "Methodology" }).click();
  await expect(page).toHaveURL(/\/methodology$/, NAV);
  await expect(nav).toBeHidden();
  // On a desktop the links are simply there.
  await page.setViewportSize(DESKTOP);
  await expect(nav.getByRole("link", { name: "Submit a model" })).toBeVisible();
  await expect(menu).toBeHidden();
});

test("/docs/api shows request examples in curl, the CLI and Python, and fits a phone with every one open", async ({ page }) => {
  test.setTimeout(240_000); // the reference is long: an axe scan with everything open, two full-page screenshots
  await page.goto("/docs/api");
  const upload = page.locator("section#createSubmission");
  await upload.getByText("Request examples").click();
  const examples = upload.getByTestId("request-examples");
  await expect(examples).toContainText("curl -X POST -H \"Authorization: Bearer $EXECBOARD_TOKEN\"");
  await expect(examples).toContainText("-F file=@embeddings.npz");
  await expect(examples).toContainText("npx execboard submit embeddings.npz --benchmark execretrieval-demo");
  await expect(examples).toContainText("import json, os, requests");
  expect(await page.getByTestId("request-examples").count()).toBeGreaterThan(40);
  await page.setViewportSize(PHONE);
  await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
  await expectNoSideScroll(page);
  await expectAccessible(page, "docs/api (phone, all open)");
  await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = false)));
  await screenshot(page, "docs-api-phone");
  await page.setViewportSize(DESKTOP);
  await screenshot(page, "docs-api-desktop");
});

// The reference is sent once, in the HTML (an HTML island): it must be whole without JavaScript,
// kept as it is by hydration, and fetched when /docs/api is reached by client-side navigation.
test("/docs/api holds the whole reference without JavaScript, after hydration and after a client-side navigation", async ({ page, browser }) => {
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const noJs = await plain.newPage();
  const html = await (await noJs.goto("/docs/api"))!.text();
  expect(await noJs.getByTestId("request-examples").count()).toBeGreaterThan(40);
  await expect(noJs.locator("section#createSubmission")).toContainText("-F file=@embeddings.npz");
  // Once: the markup is not serialised again into the React payload inlined in the page.
  expect(html.split("-F file=@embeddings.npz").length - 1).toBe(1);
  await plain.close();

  await page.goto("/docs/api");
  await page.waitForLoadState("networkidle");
  const count = await page.getByTestId("request-examples").count();
  expect(count).toBeGreaterThan(40);
  await page.locator("section#getLeaderboard").getByText("Request examples").click();
  await expect(page.locator("section#getLeaderboard").getByTestId("request-examples")).toHaveAttribute("open", "");

  // From the submit guide's link to the uploads API: a client-side navigation to a #fragment.
  await page.goto("/submit");
  await page.evaluate(() => ((window as unknown as { softNav: boolean }).softNav = true));
  await page.getByRole("link", { name: "the uploads API" }).click();
  await expect(page).toHaveURL(/\/docs\/api#createUpload$/, NAV);
  await expect(page.locator("section#createUpload")).toBeInViewport(NAV);
  expect(await page.getByTestId("request-examples").count()).toBe(count);
  expect(await page.evaluate(() => (window as unknown as { softNav?: boolean }).softNav), "no full page load").toBe(true);
});

test("dark mode follows the system setting, and stays readable", async ({ page }) => {
  test.slow(); // three pages at two widths, each checked by axe and photographed
  const rows = await publishedRows(page);
  await page.emulateMedia({ colorScheme: "dark" });
  for (const [name, path] of [
    ["leaderboard", "/"],
    ["drilldown", `/submissions/${rows[0].submissionId}/queries/q_0001`],
    ["submit", "/submit"],
  ] as const) {
    await page.goto(path);
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = bg.match(/\d+/g)!.map(Number);
    expect(r + g + b, `${path} background ${bg}`).toBeLessThan(120);
    await atBothWidths(page, `dark-${name}`, async () => {
      await expect(page.getByRole("main")).toBeVisible();
    });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(bg).toBe("rgb(248, 250, 252)");
});

test("the leaderboard states its finding, explains its columns in readable tooltips, shows k = 10 where k = 1 repeats, and has a per-domain view", async ({ page }) => {
  const board = await (await page.request.get(`/api/v1/benchmarks/${DEMO}/leaderboard`)).json();
  const lead = board.rows[0];
  await page.goto(`/benchmarks/${DEMO}/1.0.0`);
  const headline = page.getByTestId("headline-finding");
  await expect(headline).toContainText(`${lead.model}`);
  await expect(headline).toContainText(`exec@1 ${lead.metrics.exec["1"].value.toFixed(3)} [${lead.metrics.exec["1"].ci95[0].toFixed(3)}, ${lead.metrics.exec["1"].ci95[1].toFixed(3)}]`);

  const table = page.getByTestId("leaderboard");
  for (const label of ["execp@10", "nDCG@10", "Params"]) await expect(table.getByRole("columnheader", { name: label, exact: true })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "execp@1", exact: true })).toHaveCount(0);

  // The last column's tooltip: wrapped on several lines, inside the window, dark on light or light on dark.
  const ndcg = table.getByRole("columnheader", { name: "nDCG@10", exact: true }).getByRole("link");
  await ndcg.hover();
  const tip = page.locator("#col-help-ndcg");
  await expect(tip).toBeVisible();
  await expect.poll(async () => tip.evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
  const box = (await tip.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(DESKTOP.width);
  expect(box.y + box.height).toBeLessThanOrEqual(DESKTOP.height);
  expect(box.height).toBeGreaterThan(40); // several lines, not one line running out of its box
  const colours = await tip.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor, getComputedStyle(el).whiteSpace]);
  expect(colours[0]).not.toBe(colours[1]);
  expect(colours[2]).toBe("normal");
  await screenshot(page, "leaderboard-tooltip-desktop");

  // The per-domain view: exec@1 within each domain for the systems shown, in the URL.
  await page.getByRole("group", { name: "Table" }).getByRole("link", { name: "By domain" }).click();
  await expect(page).toHaveURL(/show=domains/);
  const heat = page.getByTestId("per-domain-view").getByRole("table");
  await expect(heat.getByRole("columnheader", { name: "bit manipulation" })).toBeVisible();
  await expect(heat.getByRole("rowheader")).toHaveCount(board.rows.length);
  await atBothWidths(page, "leaderboard-domains", async () => {
    await expect(heat).toBeVisible();
  });
});

test("the drilldown says how many tests pass, lists each assert, sets the canonical beside its best distractor and keeps one axis", async ({ page }) => {
  const rows = await publishedRows(page);
  const bm25 = rows.find((r) => r.model === "BM25")!;
  await page.goto(`/submissions/${bm25.submissionId}/queries/q_0001`);
  const summaries = await page.getByTestId("pass-summary").allTextContents();
  expect(summaries.length).toBe(5);
  for (const s of summaries) expect(s).toMatch(/^passes (all \d+|none of its \d+|\d+ of \d+) tests$/);
  expect(await page.getByRole("main").textContent()).not.toMatch(/fails \d+\/\d+/);

  // Per test: the assert and its outcome, failures with their exception type.
  const failing = page.getByTestId("snippet-card").filter({ has: page.locator('tr[data-outcome="FAIL"]') }).first();
  const table = failing.getByRole("table", { name: /^Tests of / });
  await expect(table.locator("tbody tr").first()).toContainText("assert lowest_set_bit(");
  await expect(table.locator('tr[data-outcome="FAIL"]').first()).toContainText("assertion fails: a wrong result (AssertionError)");

  // The canonical beside the distractor this system scored highest, the edit marked on both sides.
  const pair = page.getByTestId("pair-view");
  const canonical = pair.locator('pre[aria-label^="Canonical"]');
  const distractor = pair.locator('pre[aria-label^="Distractor"]');
  await expect(canonical).toBeVisible();
  await expect(distractor).toBeVisible();
  const [cBox, dBox] = [(await canonical.boundingBox())!, (await distractor.boundingBox())!];
  expect(Math.abs(cBox.y - dBox.y)).toBeLessThan(2); // side by side on a desktop
  expect(dBox.x).toBeGreaterThan(cBox.x + cBox.width - 1);
  expect(await canonical.locator('[data-line-kind="removed"], [data-line-kind="changed"]').count()).toBeGreaterThan(0);

  // One axis for the top 5 and the top 10.
  const ticks = () => page.locator("[data-tick]").evaluateAll((els) => els.map((e) => `${e.getAttribute("data-tick")}@${(e as HTMLElement).style.left}`));
  const five = await ticks();
  expect(five.length).toBeGreaterThan(2);
  await page.getByRole("link", { name: /^show top 10/ }).click();
  await expect(page.getByRole("list", { name: "Ranked snippets by similarity" }).getByRole("listitem")).toHaveCount(10);
  expect(await ticks()).toEqual(five);
  await atBothWidths(page, "drilldown-figure1", async () => {
    await expect(pair).toBeVisible();
  });
});

test("a removed guard marks only its own lines: the line after it stays as it was", async ({ page }) => {
  await page.goto(`/benchmarks/${DEMO}/1.0.0/queries/q_0001`);
  const guard = page.getByRole("article", { name: "no edge-case guard" });
  const lines = guard.locator("[data-line-kind]");
  await expect(lines.filter({ hasText: "if n < 1:" })).toHaveAttribute("data-line-kind", "removed");
  await expect(lines.filter({ hasText: "return 0" })).toHaveAttribute("data-line-kind", "removed");
  const after = lines.filter({ hasText: "return n & (-n)" });
  await expect(after).toHaveAttribute("data-line-kind", "same");
  await expect(after.locator("del")).toHaveCount(0);
});

test("the review queue flags what to check, acts inline and in bulk with one audit entry each, and moves on to the next", async ({ browser }) => {
  test.setTimeout(240_000);
  const vendor = createAccount("vendor", "flags");
  const maintainer = createAccount("maintainer", "flags");
  const page = await (await browser.newContext()).newPage();
  // Nearly every query aims at its canonical (exec@1 ≥ 0.95), sent twice: the same file.
  const oracle = demoNpz({ every: 1000, distinct: true, seed: 77 });
  const ids = [await uploadByApi(page.request, vendor, "flags-oracle-a", oracle), await uploadByApi(page.request, vendor, "flags-oracle-b", oracle)];
  // A third, different one waits behind them, so the queue always has a next.
  const third = await uploadByApi(page.request, vendor, "flags-plain-c", demoNpz({ seed: 78, noise: 0.3 }));
  for (const id of [...ids, third]) await waitForStatus(page.request, id, vendor.token, ["scored"]);

  await signIn(page, maintainer, `/review?q=${encodeURIComponent(vendor.email)}`);
  const list = page.getByRole("list", { name: "Awaiting review submissions" });
  for (const id of ids) {
    const item = list.locator(`li[data-submission="${id}"]`);
    await expect(item.locator('[data-flag="high-exec1"]')).toContainText("exec@1 ≥ 0.95");
    await expect(item.locator('[data-flag="duplicate-file"]')).toContainText("the same file");
  }
  await atBothWidths(page, "review-queue-flags", async () => {
    await expect(list).toBeVisible();
  });

  // Both at once: verified, one audit entry each.
  await page.getByRole("checkbox", { name: "Select flags-oracle-a" }).check();
  await page.getByRole("checkbox", { name: "Select flags-oracle-b" }).check();
  await page.getByRole("button", { name: "Verify selected" }).click();
  await expect(page.getByTestId("bulk-outcome")).toHaveText("Marked verified 2 of 2.");
  // Inline: publish the first; the focus moves on to the submission after it in the queue. The
  // queue is in order of scoring, which the two workers may finish in either order.
  const order = await list.locator("li[data-submission]").evaluateAll((els) => els.map((el) => el.getAttribute("data-submission")!));
  expect([...order].sort()).toEqual([...ids, third].sort());
  const after = order[order.indexOf(ids[0]) + 1] ?? order[0];
  await list.locator(`li[data-submission="${ids[0]}"]`).getByRole("button", { name: "Publish flags-oracle-a" }).click();
  await expect(page.getByTestId("bulk-outcome")).toHaveText("Published 1 of 1.");
  await expect(list.locator(`li[data-submission="${ids[0]}"]`)).toHaveCount(0);
  await expect(list.locator(`li[data-submission="${after}"]`)).toBeFocused();
  for (const [id, actions] of [
    [ids[0], ["publish", "verify"]],
    [ids[1], ["verify"]],
  ] as const) {
    const audit = await (await page.request.get(`/api/v1/review/audit?submission=${id}`)).json();
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual(actions);
  }
  // The review page names the next in the queue, before and after its action.
  await page.goto(`/review/${ids[1]}`);
  await expect(page.getByTestId("next-in-queue")).toContainText("Next in queue:");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByTestId("review-outcome")).toHaveText("Published: it is on the leaderboard now.");
  const next = page.getByTestId("next-after-action");
  await expect(next).toHaveAttribute("href", /^\/review\/[0-9a-f-]{36}$/);
  const target = (await next.getAttribute("href"))!;
  expect(target).not.toContain(ids[1]);
  await next.click();
  await expect(page).toHaveURL(new RegExp(`${target}$`), NAV);
  // Clean up the board for other specs: these two are oracles.
  for (const id of ids) execFileSync("node", ["bin/execboard.mjs", "submissions", "hide", id, "--reason", "e2e flags test"], { encoding: "utf8" });
});

test("every benchmark version downloads from its pages: the list of versions and each version's own pages", async ({ page }) => {
  await page.goto("/benchmarks");
  const zip = page.getByRole("link", { name: "Download ExecRetrieval Demo 1.0.0 (zip)" });
  const href = (await zip.getAttribute("href"))!;
  const res = await page.request.get(href);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/zip");
  const sums = await page.request.get((await page.getByRole("link", { name: "SHA-256 checksums of ExecRetrieval Demo 1.0.0" }).getAttribute("href"))!);
  expect(await sums.text()).toMatch(/^[0-9a-f]{64} {2}benchmark\.json\n/);
  await atBothWidths(page, "benchmarks-downloads", async () => {
    await expect(zip).toBeVisible();
  });
  for (const path of [`/benchmarks/${DEMO}/1.0.0`, `/benchmarks/${DEMO}/1.0.0/queries`, `/benchmarks/${DEMO}/1.0.0/compare`]) {
    await page.goto(path);
    await expect(page.getByRole("link", { name: "Download dataset of ExecRetrieval Demo 1.0.0" })).toHaveAttribute("href", href);
  }
});

test("the pages a visitor meets before having an account say where to go", async ({ page }) => {
  for (const [name, path, heading] of [
    ["access-request", "/access", "Request vendor access"],
    ["access-claim", "/access/claim", /claim|access request/i],
    ["signin", "/signin", "Sign in"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await atBothWidths(page, name, async () => {
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  }
  await page.goto("/signin");
  await expect(page.getByRole("main").getByRole("link", { name: "Request vendor access" })).toHaveAttribute("href", "/access");
});
