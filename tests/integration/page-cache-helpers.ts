// Looking at public pages as a signed-out reader does, through the web process's page cache.
import { expect } from "vitest";
import { readReaderStamp } from "@/lib/db/reader-stamp";
import { baseUrl } from "./helpers";

export async function page(path: string, session?: string): Promise<{ status: number; cache: string | null; html: string }> {
  const res = await fetch(`${baseUrl()}${path}`, { redirect: "manual", headers: session ? { cookie: `execboard_session=${session}` } : {} });
  return { status: res.status, cache: res.headers.get("x-execboard-cache"), html: await res.text() };
}

/**
 * The page twice: with the reader stamp unchanged in between, the second view must come from
 * the cache and say the same. (A worker may move the stamp meanwhile, say with the statistics a
 * publication asked for: then look again.)
 */
export async function cached(path: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const before = await readReaderStamp();
    const first = await page(path);
    const again = await page(path);
    expect(first.status, path).toBe(200);
    if ((await readReaderStamp()) === before) {
      expect(again.cache, path).toBe("hit");
      expect(again.html).toBe(first.html);
      return again.html;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the reader stamp kept moving while ${path} was viewed`);
}

/** Whether `write` moves the reader stamp, as `expected` says it must. */
export async function expectStampMove(what: string, write: () => Promise<unknown>, expected: boolean): Promise<void> {
  const before = await readReaderStamp();
  await write();
  expect((await readReaderStamp()) !== before, what).toBe(expected);
}
