import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import { expect, test } from "@playwright/test";

// Web sign-in in Chromium: a vendor pastes an API token, gets an httpOnly SameSite=Lax session
// cookie (never the token), is recognised by pages and the API, and signs out again.
function createVendor(): { email: string; token: string } {
  const email = `e2e-signin-${crypto.randomUUID()}@test.execboard`;
  const out = execFileSync("node", ["bin/execboard.mjs", "users", "create", "--email", email, "--role", "vendor", "--json"], { encoding: "utf8" });
  return JSON.parse(out);
}

test("a vendor signs in with a token, is recognised by pages and the API, and signs out", async ({ page, context }) => {
  const vendor = createVendor();
  await page.goto("/");
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/signin$/);

  // Wrong input is refused with the reason, and nothing is set.
  await page.getByLabel("API token").fill("my password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("#signin-error")).toContainText("does not look like an ExecBoard API token");
  await page.getByLabel("API token").fill(`ebt_${"q".repeat(32)}`);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("#signin-error")).toContainText("unknown or revoked API token");
  expect((await context.cookies()).find((c) => c.name === "execboard_session")).toBeUndefined();

  await page.getByLabel("API token").fill(vendor.token);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("signed-in-as")).toHaveText(vendor.email);

  const cookie = (await context.cookies()).find((c) => c.name === "execboard_session")!;
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  expect(cookie.value).not.toContain(vendor.token.slice(4));
  expect(await page.evaluate(() => document.cookie)).not.toContain("execboard_session");

  const me = await page.request.get("/api/v1/me");
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: vendor.email, role: "vendor", authenticatedWith: "session" });

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("You have signed out");
  expect((await context.cookies()).find((c) => c.name === "execboard_session")).toBeUndefined();
  // The old session id is dead on the server too, not just forgotten by the browser.
  const replay = await page.request.get("/api/v1/me", { headers: { cookie: `execboard_session=${cookie.value}` } });
  expect(replay.status()).toBe(401);
});

test("signing in returns to the page asked for; a revoked token is refused by name", async ({ page, request }) => {
  const vendor = createVendor();
  const spare = await request.post("/api/v1/tokens", { headers: { authorization: `Bearer ${vendor.token}` }, data: { name: "to revoke" } });
  expect(spare.status()).toBe(201);
  const { token, info } = await spare.json();
  expect((await request.delete(`/api/v1/tokens/${info.id}`, { headers: { authorization: `Bearer ${vendor.token}` } })).status()).toBe(200);

  await page.goto("/signin?next=/docs/api");
  await page.getByLabel("API token").fill(token);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("#signin-error")).toContainText("was revoked on");

  await page.getByLabel("API token").fill(vendor.token);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.getByRole("heading", { name: "ExecBoard API" })).toBeVisible();
  await expect(page.getByTestId("signed-in-as")).toHaveText(vendor.email);
  // The reference lists the account routes with what they answer.
  const tokens = page.getByRole("region", { name: /POST \/api\/v1\/tokens\b(?!\/)/ });
  await expect(tokens).toContainText("Create an API token");
  await expect(tokens).toContainText("TokenSecret");
});

test("signing in never sends anyone off-site, however `next` is spelled or tampered with", async ({ page, context, baseURL }) => {
  const vendor = createVendor();
  const site = new URL(baseURL!).origin;
  // Each spelling a browser would turn into another origin: an encoded tab or newline before a
  // second slash, backslashes, protocol-relative paths, encoded slashes, an absolute URL.
  for (const next of ["/%09/evil.example/phish", "/%0A/evil.example", "//evil.example", "/%5Cevil.example", "/%5C/evil.example", "/%2F%2Fevil.example", "https://evil.example/"]) {
    await context.clearCookies();
    await page.goto(`/signin?next=${next}`);
    await page.getByLabel("API token").fill(vendor.token);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("signed-in-as")).toHaveText(vendor.email);
    expect(new URL(page.url()).origin, next).toBe(site);
    expect(new URL(page.url()).pathname, next).toBe("/");
  }
  // The form's own field, rewritten in the page before it is sent: the server checks it again.
  for (const next of ["/\t/evil.example/phish", "/\\evil.example", "//evil.example/x"]) {
    await context.clearCookies();
    await page.goto("/signin");
    await page.locator('input[name="next"]').evaluate((input, value) => ((input as HTMLInputElement).value = value), next);
    await page.getByLabel("API token").fill(vendor.token);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("signed-in-as")).toHaveText(vendor.email);
    expect(new URL(page.url()).origin, JSON.stringify(next)).toBe(site);
    expect(new URL(page.url()).pathname, JSON.stringify(next)).toBe("/");
  }
});
