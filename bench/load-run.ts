// The loopback load runner shared by bench/load-pages.ts and bench/load-service.ts: each
// endpoint group's URLs are first fetched once and their content checked (so a run can never
// measure error pages), then loaded with autocannon at each concurrency. Prints requests,
// throughput, median/p95/p99 latency, non-2xx answers and socket errors per group, a total per
// concurrency and the load average; the process exits 1 if any request failed.
import os from "node:os";
import autocannon, { type Result } from "autocannon";

export interface Target {
  path: string;
  headers?: Record<string, string>;
  /** Strings this URL's first answer must contain, beside its group's own check. */
  expect?: string[];
}

export interface Group {
  name: string;
  /** What the group belongs to in the totals: public pages, public API, authenticated. */
  kind: "pages" | "api" | "auth";
  targets: Target[];
  /** The first answer of each URL must pass this; returns what is wrong, or null. */
  check: (body: string, target: Target, contentType: string) => string | null;
}

export interface Stats {
  requests: number;
  seconds: number;
  times: number[];
  non2xx: number;
  errors: number;
  failedPaths: Map<string, number>;
  bytes: number;
}

export const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};

export const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const h = (sorted.length - 1) * p, lo = Math.floor(h), hi = Math.ceil(h);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

export async function getJson<T>(base: string, path: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${base}${path}`, { headers });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return (await res.json()) as T;
}

// Every URL once, unhurried: its status must be 2xx and its body pass the group's check.
export async function checkGroup(base: string, group: Group): Promise<string[]> {
  const problems: string[] = [];
  for (const t of group.targets) {
    const res = await fetch(`${base}${t.path}`, { headers: t.headers, redirect: "manual" });
    const body = await res.text();
    const wrong = res.status < 200 || res.status > 299 ? `status ${res.status}: ${body.slice(0, 160)}` : group.check(body, t, res.headers.get("content-type") ?? "");
    if (wrong) problems.push(`${group.name} ${t.path}: ${wrong}`);
  }
  return problems;
}

// autocannon cycles every connection through the targets in order. Latencies are kept for 2xx
// answers only; anything else is counted (and its path noted) as a failure.
export async function runLoad(base: string, targets: Target[], connections: number, duration: number): Promise<Stats> {
  const times: number[] = [];
  const failedPaths = new Map<string, number>();
  let bytes = 0;
  let responses = 0;
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      { url: base, connections, duration, timeout: 60, requests: targets.map((t) => ({ method: "GET", path: t.path, headers: t.headers })) },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
    instance.on("response", (client, status, resBytes, ms) => {
      responses++;
      if (status >= 200 && status <= 299) {
        times.push(ms);
        bytes += resBytes;
      } else {
        // With one request in flight per connection, the client's current request is the one answered.
        const path = (client as { requestIterator?: { currentRequest?: { path?: string } } }).requestIterator?.currentRequest?.path ?? "?";
        failedPaths.set(`${status} ${path}`, (failedPaths.get(`${status} ${path}`) ?? 0) + 1);
      }
    });
  });
  times.sort((a, b) => a - b);
  return { requests: responses, seconds: result.duration, times, non2xx: result.non2xx, errors: result.errors, failedPaths, bytes };
}

const HEADER = "group              conc  requests    req/s  median ms   p95 ms   p99 ms  non-2xx  errors  KB/resp  load1";

function row(label: string, conc: number | string, s: Stats): string {
  const ok = s.times.length;
  return [
    label.padEnd(18),
    String(conc).padStart(4),
    String(s.requests).padStart(9),
    (s.requests / s.seconds).toFixed(1).padStart(8),
    percentile(s.times, 0.5).toFixed(0).padStart(10),
    percentile(s.times, 0.95).toFixed(0).padStart(8),
    percentile(s.times, 0.99).toFixed(0).padStart(8),
    String(s.non2xx).padStart(8),
    String(s.errors).padStart(7),
    (ok ? s.bytes / ok / 1024 : 0).toFixed(1).padStart(8),
    os.loadavg()[0].toFixed(2).padStart(6),
  ].join(" ");
}

function merge(all: Stats[]): Stats {
  const failedPaths = new Map<string, number>();
  for (const s of all) for (const [k, v] of s.failedPaths) failedPaths.set(k, (failedPaths.get(k) ?? 0) + v);
  return {
    requests: all.reduce((a, s) => a + s.requests, 0),
    seconds: all.reduce((a, s) => a + s.seconds, 0),
    times: all.flatMap((s) => s.times).sort((a, b) => a - b),
    non2xx: all.reduce((a, s) => a + s.non2xx, 0),
    errors: all.reduce((a, s) => a + s.errors, 0),
    failedPaths,
    bytes: all.reduce((a, s) => a + s.bytes, 0),
  };
}

// Checks every group, then loads each at each concurrency; returns the exit code (1 on any
// failed check or failed request).
export async function runGroups(base: string, groups: Group[], connectionsList: number[], duration: number): Promise<number> {
  const problems: string[] = [];
  for (const g of groups) problems.push(...(await checkGroup(base, g)));
  if (problems.length) {
    console.error(`FAILED content checks (${problems.length}):\n  ${problems.slice(0, 30).join("\n  ")}`);
    return 1;
  }
  console.log(`checked the first answer of ${groups.reduce((a, g) => a + g.targets.length, 0)} URLs in ${groups.length} groups (status 2xx and expected content)`);
  console.log(`${duration} s per group and concurrency; latencies of 2xx answers; load1 = 1-minute load average after the run (${os.cpus().length} cores)`);
  console.log(HEADER);
  const results: { group: Group; conc: number; stats: Stats }[] = [];
  for (const group of groups) {
    for (const conc of connectionsList) {
      const stats = await runLoad(base, group.targets, conc, duration);
      results.push({ group, conc, stats });
      console.log(row(group.name, conc, stats));
    }
  }
  console.log("-".repeat(HEADER.length));
  for (const conc of connectionsList) {
    for (const kind of ["pages", "api", "auth"] as const) {
      const part = results.filter((r) => r.conc === conc && r.group.kind === kind).map((r) => r.stats);
      if (part.length) console.log(row(`all ${kind}`, conc, merge(part)));
    }
    console.log(row("TOTAL", conc, merge(results.filter((r) => r.conc === conc).map((r) => r.stats))));
  }
  const total = merge(results.map((r) => r.stats));
  console.log(`load average after: ${loadAverage()} (${os.cpus().length} cores)`);
  if (total.non2xx + total.errors > 0) {
    console.error(`FAILED: ${total.non2xx} non-2xx answers and ${total.errors} socket errors/timeouts of ${total.requests} requests`);
    for (const [k, v] of [...total.failedPaths].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.error(`  ${v} × ${k}`);
    return 1;
  }
  console.log(`no errors: ${total.requests} requests, all 2xx`);
  return 0;
}
