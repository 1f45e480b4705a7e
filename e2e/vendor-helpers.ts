import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect as baseExpect, type APIRequestContext, type Page } from "@playwright/test";
import { writeNpz } from "@/lib/embeddings/write-npz";
import { expectAccessible as readerAccessible } from "./reader-helpers";

// Shared by e2e/vendor*.spec.ts and e2e/review*.spec.ts: accounts made with the real CLI, web
// sign-in, demo-benchmark .npz files written with lib/embeddings, uploads over the real API,
// screenshots and axe scans.
export const DEMO = "execretrieval-demo";

// Pages and routes compile on first use under `next dev`; 20 s keeps these specs usable there
// and costs nothing against the production build `npm test` runs.
export const expect = baseExpect.configure({ timeout: 20_000 });

export interface Account {
  id: string;
  email: string;
  token: string;
}

export function createAccount(role: "vendor" | "maintainer", label: string): Account {
  const email = `e2e-${label}-${crypto.randomUUID().slice(0, 8)}@test.execboard`;
  const out = execFileSync("node", ["bin/execboard.mjs", "users", "create", "--email", email, "--role", role, "--json"], { encoding: "utf8" });
  return JSON.parse(out);
}

// Signs in through the form and lands on `next` (by default the account's submissions page).
export async function signIn(page: Page, account: Account, next = "/account/submissions"): Promise<void> {
  await page.goto(`/signin?next=${encodeURIComponent(next)}`);
  await page.getByLabel("API token").fill(account.token);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("signed-in-as")).toHaveText(account.email, { timeout: 30_000 });
}

// The demo benchmark's ids in file order, and which query each snippet was built for (slot 0 is
// the canonical, 1.. the distractors in file order).
function demoLayout() {
  const read = (f: string) => fs.readFileSync(path.resolve("benchmarks/demo", f), "utf8").trim().split("\n").map((l) => JSON.parse(l));
  const queries: { query_id: string }[] = read("queries.jsonl");
  const corpus: { corpus_id: string; query_id: string; role: string }[] = read("corpus.jsonl");
  const qIndex = new Map(queries.map((q, i) => [q.query_id, i]));
  const seen = new Map<string, number>();
  const owner = corpus.map((c) => {
    const slot = c.role === "canonical" ? 0 : (seen.get(c.query_id) ?? 0) + 1;
    if (c.role !== "canonical") seen.set(c.query_id, slot);
    return { query: qIndex.get(c.query_id)!, slot };
  });
  return { queryIds: queries.map((q) => q.query_id), corpusIds: corpus.map((c) => c.corpus_id), owner };
}

// A real .npz for the demo benchmark with a known answer: each snippet is e_query + 0.5·f_slot;
// query q aims at the canonical (slot 0) when q % every !== 0, and at its first distractor
// otherwise, so the results are neither perfect nor empty. `noise` adds seeded random
// components to the queries, so their top-10 reaches other queries' snippets (pairs the
// execution cache has not seen: the executing stage takes a visible while). `dropCorpus` leaves
// ids out (a bad file). `blind` gives every snippet of a task the same vector (e_task), as a
// retriever that cannot see the edits would: each task's five snippets tie exactly (exec@1 = 1/5
// per query); use it with `noise`, so that other tasks do not all tie at score 0. `distinct`
// gives the query a small, different weight on every slot, so no two snippets of a task tie
// (without it, the slots a query does not aim at score alike).
export function demoNpz(opts: { every?: number; dropCorpus?: number; noise?: number; seed?: number; blind?: boolean; distinct?: boolean } = {}): Buffer {
  const { queryIds, corpusIds, owner } = demoLayout();
  const every = opts.every ?? 3;
  const Q = queryIds.length;
  const dims = Q + 5;
  const queries = new Float32Array(Q * dims);
  const random = mulberry32(opts.seed ?? 1);
  for (let q = 0; q < Q; q++) {
    for (let d = 0; d < Q && opts.noise; d++) queries[q * dims + d] = opts.noise * random();
    queries[q * dims + q] = 1;
    for (let slot = 0; slot < 5 && opts.distinct; slot++) queries[q * dims + Q + slot] = 0.01 * (slot + 1);
    queries[q * dims + Q + (q % every === 0 ? 1 : 0)] += 0.5;
  }
  const keep = corpusIds.length - (opts.dropCorpus ?? 0);
  const corpus = new Float32Array(keep * dims);
  owner.slice(0, keep).forEach((o, c) => {
    corpus[c * dims + o.query] = 1;
    if (!opts.blind) corpus[c * dims + Q + o.slot] = 0.5;
  });
  return writeNpz({
    query_embeddings: { data: queries, shape: [Q, dims] },
    corpus_embeddings: { data: corpus, shape: [keep, dims] },
    query_ids: queryIds,
    corpus_ids: corpusIds.slice(0, keep),
  });
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Uploads through the real API as the vendor (for specs whose subject is not the upload form).
export async function uploadByApi(request: APIRequestContext, vendor: Account, model: string, npz = demoNpz()): Promise<string> {
  const res = await request.post(`/api/v1/benchmarks/${DEMO}/submissions`, {
    headers: { authorization: `Bearer ${vendor.token}` },
    multipart: {
      file: { name: "embeddings.npz", mimeType: "application/octet-stream", buffer: npz },
      metadata: JSON.stringify({ model, provider: "E2E Labs", similarity: "cosine", openWeights: true }),
    },
  });
  expect(res.status(), await res.text()).toBe(202);
  return (await res.json()).id;
}

export async function waitForStatus(request: APIRequestContext, id: string, token: string, statuses: string[], timeoutMs = 120_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await request.get(`/api/v1/submissions/${id}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.json();
    if (statuses.includes(body.status)) return body.status;
    if (body.status === "failed") throw new Error(`submission ${id} failed: ${body.error}`);
    if (Date.now() > deadline) throw new Error(`submission ${id} still ${body.status}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync("test-results/screenshots", { recursive: true });
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

// No serious or critical WCAG A/AA violations on the page as it stands (reader-helpers.ts's check,
// named by the page's address).
export async function expectAccessible(page: Page): Promise<void> {
  await readerAccessible(page, new URL(page.url()).pathname);
}

export const PHONE = { width: 390, height: 844 };

// At phone width the page fits: nothing makes the whole page scroll sideways (wide tables scroll
// inside their own focusable region instead).
export async function expectFitsPhone(page: Page): Promise<void> {
  await page.setViewportSize(PHONE);
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth, "page is wider than the phone screen").toBeLessThanOrEqual(clientWidth);
}
