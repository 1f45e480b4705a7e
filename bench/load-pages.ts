// Server response time of the reader pages under concurrent load from a loopback client
// (autocannon), on the SYNTHETIC paper-size benchmark (939 queries, 25 published systems;
// bench/pages-seed.ts). Prints the median and 95th percentile per page and concurrency.
//
//   1. BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:55445/execboard_bench_pages npx tsx bench/pages-seed.ts
//   2. NEXT_DIST_DIR=.next-bench node_modules/.bin/next build
//   3. DATABASE_URL=<the bench database> REDIS_URL=... EXECBOARD_RATE_LIMIT_PER_IP=0 EXECBOARD_RATE_LIMIT_PER_TOKEN=0 \
//        NEXT_DIST_DIR=.next-bench node_modules/.bin/next start -p 3146 -H 127.0.0.1
//   4. BENCH_URL=http://127.0.0.1:3146 npx tsx bench/load-pages.ts [--connections 1,10] [--duration 20]
//
// Every page is server-rendered per request (force-dynamic): these are full renders, with the
// database queries they make, not cache hits.
import os from "node:os";
import autocannon, { type Result } from "autocannon";
import { SYNTHETIC_SLUG } from "./pages-synthetic";

const base = process.env.BENCH_URL ?? "http://127.0.0.1:3146";
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const connectionsList = arg("connections", "1,10").split(",").map(Number);
const duration = Number(arg("duration", "20"));
const only = arg("pages", "leaderboard,model,drilldown,browser,compare").split(",");

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${base}${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

// The server must be serving the synthetic benchmark at the paper's size.
const board = await getJson<{ benchmark: { version: string; queries: number; corpus: number }; rows: { submissionId: string; model: string }[] }>(
  `/api/v1/benchmarks/${SYNTHETIC_SLUG}/leaderboard`,
);
const { version, queries, corpus } = board.benchmark;
if (queries !== 939 || board.rows.length !== 25) throw new Error(`expected 939 queries and 25 published systems, found ${queries} and ${board.rows.length}`);
const difficulty = await getJson<{ queries: { queryId: string }[] }>(`/api/v1/benchmarks/${SYNTHETIC_SLUG}/difficulty`);
const queryIds = difficulty.queries.map((q) => q.queryId);
const ids = board.rows.map((r) => r.submissionId);
const v = `/benchmarks/${SYNTHETIC_SLUG}/${version}`;

// Each page kind cycles through several URLs, so no single row dominates.
const pick = <T>(xs: T[], i: number) => xs[(i * 7919) % xs.length];
const pages: Record<string, string[]> = {
  leaderboard: [v, `${v}?k=5`, `${v}?sort=exec5`, `${v}?k=3&sort=ndcg&dir=asc`, `${v}?q=embedder-1&sel=${ids[0]}&sel=${ids[1]}`],
  model: ids.map((id) => `/submissions/${id}`),
  drilldown: Array.from({ length: 50 }, (_, i) => `/submissions/${pick(ids, i)}/queries/${pick(queryIds, i + 3)}`),
  browser: [`${v}/queries`, `${v}/queries?solved=0`, `${v}/queries?domain=date_time&sort=hardest`, `${v}/queries?page=7`],
  compare: Array.from({ length: 10 }, (_, i) => `${v}/compare?sel=${ids[i]}&sel=${ids[i + 1]}&sel=${ids[i + 7]}`),
};

function percentile(sorted: number[], p: number): number {
  const h = (sorted.length - 1) * p, lo = Math.floor(h), hi = Math.ceil(h);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

async function load(paths: string[], connections: number): Promise<{ median: number; p95: number; p99: number; requests: number; rps: number; failed: number; kb: number }> {
  const times: number[] = [];
  let bytes = 0;
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon({ url: base, connections, duration, timeout: 60, requests: paths.map((path) => ({ method: "GET", path })) }, (err, r) => (err ? reject(err) : resolve(r)));
    instance.on("response", (_c, status, resBytes, ms) => {
      if (status === 200) {
        times.push(ms);
        bytes += resBytes;
      }
    });
  });
  times.sort((a, b) => a - b);
  return {
    median: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    requests: times.length,
    rps: times.length / result.duration,
    failed: result.non2xx + result.errors + result.timeouts,
    kb: times.length ? bytes / times.length / 1024 : 0,
  };
}

console.log(`load average before: ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} on ${os.cpus().length} cores (other processes share them)`);
console.log(`SYNTHETIC benchmark ${SYNTHETIC_SLUG} ${version}: ${queries} queries, ${corpus} snippets, ${ids.length} published systems; ${base}; ${duration} s per run`);
console.log("page         conc  requests   req/s   median ms   p95 ms   p99 ms   failed   KB/page");
for (const [name, paths] of Object.entries(pages)) {
  if (!only.includes(name)) continue;
  for (const p of paths.slice(0, 5)) {
    const res = await fetch(`${base}${p}`); // warm up (and check) every kind of URL
    if (!res.ok) throw new Error(`${p}: ${res.status}`);
    await res.arrayBuffer();
  }
  for (const c of connectionsList) {
    const r = await load(paths, c);
    console.log(
      `${name.padEnd(12)} ${String(c).padStart(4)} ${String(r.requests).padStart(9)} ${r.rps.toFixed(1).padStart(7)} ${r.median.toFixed(0).padStart(11)} ${r.p95.toFixed(0).padStart(8)} ${r.p99.toFixed(0).padStart(8)} ${String(r.failed).padStart(8)} ${r.kb.toFixed(0).padStart(9)}`,
    );
  }
}
