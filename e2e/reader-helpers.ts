import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const DEMO = "execretrieval-demo";
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };
// For waits on a navigation to another page: a dev server compiles a page on its first visit.
export const NAV = { timeout: 30_000 };

// How pages print a count that may be an expectation over tie orders: a whole number as such,
// anything else to one decimal (never float noise such as 0.30000000000000004).
export function shownCount(v: number): string {
  return Math.abs(v - Math.round(v)) < 1e-9 ? Math.round(v).toLocaleString("en") : v.toLocaleString("en", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** What a page's <head> tells link previews: its title, description, Open Graph and Twitter tags. */
export async function headTags(page: Page) {
  return page.evaluate(() => {
    const meta = (sel: string) => document.querySelector<HTMLMetaElement>(sel)?.content ?? null;
    return { title: document.title, description: meta('meta[name="description"]'), ogTitle: meta('meta[property="og:title"]'), ogDescription: meta('meta[property="og:description"]'), card: meta('meta[name="twitter:card"]') };
  });
}

/** A demo leaderboard row's model link, by its exact name ("BM25" is not "BM25 + function name"). */
export function modelLink(page: Page, name: string) {
  return page.getByRole("link", { name, exact: true });
}

// Saves a full-page screenshot under test-results/screenshots/ (named for what it shows).
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

// axe-core over the whole page (WCAG 2.1 A and AA rules): no serious or critical violation.
// Once the page has its title: Next.js streams metadata after the content, so just after a
// client-side navigation the document can briefly have none. vendor-helpers.ts uses this too.
export async function expectAccessible(page: Page, what: string): Promise<void> {
  await expect(page, what).toHaveTitle(/\S/);
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${what}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`)).toEqual([]);
}

// The page's content may not spill past the viewport sideways (wide tables scroll inside
// their own box instead).
export async function expectNoSideScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/** Runs `check` at desktop then phone width, with an axe scan and a screenshot at each. */
export async function atBothWidths(page: Page, name: string, check: (width: "desktop" | "phone") => Promise<void>): Promise<void> {
  for (const [width, size] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
    await page.setViewportSize(size);
    await check(width);
    await expectNoSideScroll(page);
    await expectAccessible(page, `${name} (${width})`);
    await screenshot(page, `${name}-${width}`);
  }
}
