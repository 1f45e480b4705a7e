import { test } from "@playwright/test";
import crypto from "node:crypto";
import { createAccount, expect, signIn } from "./vendor-helpers";

// A visitor becomes a vendor without a private channel: the request form, the claim code shown
// once, a maintainer's approval in the review area, then the claim page turning the code into an
// account with its first token, signed in.
test("request access, get approved by a maintainer, claim the account and arrive signed in", async ({ browser }) => {
  const email = `e2e-asker-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto("/access");
  await expect(visitor.getByRole("heading", { name: "Request vendor access" })).toBeVisible();
  await visitor.getByLabel("Email").fill(email);
  await visitor.getByLabel("Organisation").fill("Gamma AI");
  await visitor.getByLabel("Model you want to evaluate").fill("gamma-code-1");
  await visitor.getByRole("button", { name: "Request access" }).click();
  const code = (await visitor.getByTestId("claim-code").textContent())!.trim();
  expect(code).toMatch(/^ebc_/);

  await visitor.goto("/access/claim");
  await visitor.getByLabel("Claim code").fill(code);
  await visitor.getByRole("button", { name: "Check status" }).click();
  await expect(visitor.getByRole("status")).toContainText("Waiting for a maintainer's decision");

  const maintainer = createAccount("maintainer", "access");
  const review = await (await browser.newContext()).newPage();
  await signIn(review, maintainer, "/review/access");
  const item = review.locator("li", { hasText: email });
  await expect(item).toContainText("Gamma AI");
  await item.getByRole("button", { name: "Approve" }).click();
  await expect(item.getByRole("status")).toContainText(`Approved ${email}`);

  await visitor.getByRole("button", { name: "Check status" }).click();
  await expect(visitor.getByRole("status")).toContainText("Approved");
  await visitor.getByRole("button", { name: "Claim my account" }).click();
  const token = (await visitor.getByTestId("first-token").textContent())!.trim();
  expect(token).toMatch(/^ebt_/);
  await visitor.goto("/account");
  await expect(visitor.getByTestId("signed-in-as")).toHaveText(email);
});
