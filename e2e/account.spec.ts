import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import { test, type APIRequestContext, type Page } from "@playwright/test";
import { createAccount, expect, expectAccessible, expectFitsPhone, screenshot, signIn } from "./vendor-helpers";

// The Account page: a vendor manages their API tokens (create, rotate, revoke — the same routes
// as the CLI) and, as an owner, their organisation's members, in the browser.
const DESKTOP = { width: 1280, height: 900 };

async function me(request: APIRequestContext, token: string): Promise<number> {
  return (await request.get("/api/v1/me", { headers: { authorization: `Bearer ${token}` } })).status();
}

function tokenRow(page: Page, prefix: string) {
  return page.getByRole("list", { name: "Your API tokens" }).getByRole("listitem").filter({ hasText: `${prefix}…` });
}

async function shownSecret(page: Page): Promise<string> {
  const secret = await page.getByLabel(/Your new API token/).inputValue();
  expect(secret).toMatch(/^ebt_/);
  return secret;
}

test("unsigned visitors are sent to sign in and brought back to /account", async ({ page }) => {
  const vendor = createAccount("vendor", "acct-guard");
  await page.goto("/account");
  await expect(page).toHaveURL(/\/signin\?next=%2Faccount$/);
  await page.getByLabel("API token").fill(vendor.token);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
});

test("a vendor creates, rotates and revokes API tokens; revoking the session's own token signs them out", async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const vendor = createAccount("vendor", "acct-tokens");
  await signIn(page, vendor, "/");
  // The header link leads to the page; the profile says who and what they are.
  await page.getByRole("link", { name: "Account", exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId("profile-email")).toHaveText(vendor.email);
  await expect(page.getByTestId("profile-role")).toHaveText("vendor");
  const first = tokenRow(page, vendor.token.slice(0, 10));
  await expect(first).toContainText("this session");
  await expect(first.getByTestId("token-status")).toHaveText("active");

  // Create: the secret is shown once, works against the API, and the list shows the chosen expiry.
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await expect(page.getByLabel("Expires in (days)")).toHaveValue("90");
  await page.getByLabel(/^Name/).fill("ci-e2e");
  await page.getByLabel("Expires in (days)").fill("30");
  await page.getByRole("button", { name: "Create token" }).click();
  const created = page.getByTestId("token-outcome");
  await expect(created).toHaveAttribute("role", "status");
  await expect(created).toBeFocused();
  await expect(created).toContainText("you will not see it again");
  const secret = await shownSecret(page);
  expect(await me(request, secret)).toBe(200);
  expect(await (await request.get("/api/v1/me", { headers: { authorization: `Bearer ${secret}` } })).json()).toMatchObject({ email: vendor.email });
  await page.getByRole("button", { name: "Copy token" }).click();
  await expect(created).toContainText("Copied to the clipboard.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  const ciRow = tokenRow(page, secret.slice(0, 10));
  await expect(ciRow).toContainText("ci-e2e");
  await expect(ciRow.getByTestId("token-status")).toHaveText("active");
  await expect(ciRow.getByTestId("token-expires")).toContainText(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
  await expectAccessible(page);
  await screenshot(page, "account-token-created");
  await expectFitsPhone(page);
  await screenshot(page, "account-token-created-phone");
  await page.setViewportSize(DESKTOP);
  // Once: after a reload the secret is nowhere on the page.
  await page.reload();
  await expect(page.getByRole("heading", { name: /API tokens/ })).toBeVisible();
  expect(await page.content()).not.toContain(secret);
  await expect(page.getByLabel(/Your new API token/)).toHaveCount(0);

  // Rotate (after confirming): the old secret stops working, the new one works.
  await tokenRow(page, secret.slice(0, 10)).getByRole("button", { name: /^Rotate/ }).click();
  await expect(page.getByRole("group", { name: /Rotate ci-e2e/ })).toContainText("the old one stops working at once");
  await page.getByRole("button", { name: "Yes, rotate" }).click();
  await expect(page.getByTestId("token-outcome")).toContainText("Rotated ci-e2e");
  const rotated = await shownSecret(page);
  expect(rotated).not.toBe(secret);
  expect(await me(request, secret)).toBe(401);
  expect(await me(request, rotated)).toBe(200);
  await expect(tokenRow(page, secret.slice(0, 10)).getByTestId("token-status")).toHaveText("revoked");
  await expect(tokenRow(page, rotated.slice(0, 10)).getByTestId("token-status")).toHaveText("active");
  await expect(tokenRow(page, rotated.slice(0, 10))).toContainText("ci-e2e");
  await screenshot(page, "account-token-rotated");

  // Revoke another token: it stops working, the session goes on.
  await tokenRow(page, rotated.slice(0, 10)).getByRole("button", { name: /^Revoke/ }).click();
  const confirm = page.getByRole("group", { name: /Revoke ci-e2e/ });
  await expect(confirm).toContainText("Anything using it stops working at once");
  await expect(confirm).not.toContainText("signs you out");
  await screenshot(page, "account-token-revoke-confirm");
  await confirm.getByRole("button", { name: "Yes, revoke" }).click();
  await expect(page.getByTestId("token-outcome")).toContainText("Revoked token ci-e2e");
  await expect(tokenRow(page, rotated.slice(0, 10)).getByTestId("token-status")).toHaveText("revoked");
  await expect(tokenRow(page, rotated.slice(0, 10)).getByRole("button")).toHaveCount(0);
  expect(await me(request, rotated)).toBe(401);
  await expect(page.getByTestId("signed-in-as")).toHaveText(vendor.email);

  // Revoke the token this session was opened with: warned first, then signed out.
  await first.getByRole("button", { name: /^Revoke/ }).click();
  const own = page.getByRole("group", { name: /^Revoke/ });
  await expect(own).toContainText("This session was opened with this token: revoking it signs you out.");
  await expectAccessible(page);
  await screenshot(page, "account-token-revoke-current");
  await own.getByRole("button", { name: "Yes, revoke and sign out" }).click();
  await expect(page).toHaveURL(/\/signin\?/);
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  expect(await me(request, vendor.token)).toBe(401);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/signin\?next=%2Faccount$/);
});

test("rotating the session's own token shows the new secret, ends the session, and the new token signs in", async ({ page, request }) => {
  const vendor = createAccount("vendor", "acct-rotate-own");
  await signIn(page, vendor, "/account");
  await tokenRow(page, vendor.token.slice(0, 10)).getByRole("button", { name: /^Rotate/ }).click();
  await expect(page.getByRole("group", { name: /^Rotate/ })).toContainText("rotating it signs you out");
  await page.getByRole("button", { name: "Yes, rotate and sign out" }).click();
  await expect(page.getByTestId("token-outcome")).toContainText("this session (opened with it) has ended");
  const rotated = await shownSecret(page);
  expect(await me(request, vendor.token)).toBe(401);
  expect(await me(request, rotated)).toBe(200);
  await page.getByRole("link", { name: "Sign in again" }).click();
  await page.getByLabel("API token").fill(rotated);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(tokenRow(page, rotated.slice(0, 10))).toContainText("this session");
});

test("an owner adds and removes members; members see the list without the forms; refusals show the API's reason", async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const owner = createAccount("vendor", "acct-owner");
  const member = createAccount("vendor", "acct-member");
  const newcomer = createAccount("vendor", "acct-new");
  const loner = createAccount("vendor", "acct-loner");
  const slug = `e2e-${crypto.randomUUID().slice(0, 8)}`;
  const name = `Acct Labs ${slug}`;
  const cli = (...args: string[]) => execFileSync("node", ["bin/execboard.mjs", "orgs", ...args], { encoding: "utf8" });
  cli("create", slug, "--name", name, "--owner", owner.email);
  cli("add-member", slug, "--email", member.email);
  const orgsOf = async (token: string) =>
    ((await (await request.get("/api/v1/organisations", { headers: { authorization: `Bearer ${token}` } })).json()) as { organisations: { slug: string }[] }).organisations.map((o) => o.slug);

  await signIn(page, owner, "/account");
  const org = page.getByRole("region", { name: new RegExp(name) });
  await expect(org.getByTestId("organisation-role")).toContainText("Your role: owner");
  const members = org.getByRole("list", { name: `Members of ${name}` });
  await expect(members.getByRole("listitem")).toHaveCount(2);
  await expect(members.getByRole("listitem").filter({ hasText: member.email }).getByTestId("member-role")).toHaveText("member");

  // Add: the newcomer is listed and their own API now lists the organisation.
  expect(await orgsOf(newcomer.token)).not.toContain(slug);
  await org.getByLabel("Email of an existing account").fill(newcomer.email);
  await org.getByLabel("Role").selectOption("member");
  await org.getByRole("button", { name: "Add member" }).click();
  const outcome = org.getByTestId("organisation-outcome");
  await expect(outcome).toHaveAttribute("role", "status");
  await expect(outcome).toBeFocused();
  await expect(outcome).toContainText(`${newcomer.email} is now a member of ${name}`);
  await expect(members.getByRole("listitem").filter({ hasText: newcomer.email })).toBeVisible();
  expect(await orgsOf(newcomer.token)).toContain(slug);
  await expectAccessible(page);
  await screenshot(page, "account-organisation-owner");
  await expectFitsPhone(page);
  await screenshot(page, "account-organisation-owner-phone");
  await page.setViewportSize(DESKTOP);

  // Remove (after confirming): gone from the list and from the newcomer's API.
  await members.getByRole("listitem").filter({ hasText: newcomer.email }).getByRole("button", { name: /^Remove/ }).click();
  await org.getByRole("button", { name: "Yes, remove" }).click();
  await expect(outcome).toContainText(`${newcomer.email} is no longer a member of ${name}`);
  await expect(members.getByRole("listitem").filter({ hasText: newcomer.email })).toHaveCount(0);
  expect(await orgsOf(newcomer.token)).not.toContain(slug);

  // Refusals carry the API's message: the only owner cannot leave, an unknown email is not added.
  await members.getByRole("listitem").filter({ hasText: owner.email }).getByRole("button", { name: /^Remove/ }).click();
  await expect(org.getByRole("group")).toContainText(`Leave ${name}?`);
  await org.getByRole("button", { name: "Yes, remove" }).click();
  await expect(outcome).toHaveAttribute("role", "alert");
  await expect(outcome).toBeFocused();
  await expect(outcome).toContainText(`${owner.email} is the only owner of ${slug}; make someone else an owner first`);
  await expect(members.getByRole("listitem").filter({ hasText: owner.email })).toBeVisible();
  expect(await orgsOf(owner.token)).toContain(slug);
  await screenshot(page, "account-organisation-last-owner-refused");
  await org.getByLabel("Email of an existing account").fill(`nobody-${slug}@test.execboard`);
  await org.getByRole("button", { name: "Add member" }).click();
  await expect(outcome).toContainText(`no user with email nobody-${slug}@test.execboard`);
  await expectAccessible(page);

  // A plain member sees the organisation and its members, without the forms.
  const memberPage = await (await browser.newContext()).newPage();
  await signIn(memberPage, member, "/account");
  const theirOrg = memberPage.getByRole("region", { name: new RegExp(name) });
  await expect(theirOrg.getByTestId("organisation-role")).toContainText("Your role: member");
  await expect(theirOrg.getByRole("list", { name: `Members of ${name}` }).getByRole("listitem")).toHaveCount(2);
  await expect(theirOrg.getByRole("button", { name: /Remove|Add member/ })).toHaveCount(0);
  await expect(theirOrg.getByLabel("Email of an existing account")).toHaveCount(0);
  await expectAccessible(memberPage);
  await screenshot(memberPage, "account-organisation-member");
  await expectFitsPhone(memberPage);
  await screenshot(memberPage, "account-organisation-member-phone");

  // Someone in no organisation is told how organisations come about.
  const lonerPage = await (await browser.newContext()).newPage();
  await signIn(lonerPage, loner, "/account");
  await expect(lonerPage.getByTestId("no-organisations")).toContainText("execboard orgs create");
  await screenshot(lonerPage, "account-no-organisation");
});
