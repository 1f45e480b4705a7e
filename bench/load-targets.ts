// The endpoint groups of the loopback load benches (bench/load-pages.ts, bench/load-service.ts)
// on the SYNTHETIC paper-size benchmark, each URL with what its first answer must contain: the
// reader pages, the public API, and what a signed-in vendor reads (with the API token and web
// session of bench/service-seed.ts).
import { getJson, type Group, type Target } from "./load-run";
import { SYNTHETIC_NAME, SYNTHETIC_PRIVATE_MODEL, SYNTHETIC_SLUG, SYNTHETIC_VENDOR } from "./pages-synthetic";

export interface Synthetic {
  version: string;
  ids: string[];
  models: Map<string, string>;
  queryIds: string[];
}

export interface Vendor {
  token: string;
  session: string;
  privateId: string;
}

// The server must be serving the synthetic benchmark at the paper's size.
export async function discover(base: string): Promise<Synthetic> {
  const board = await getJson<{ benchmark: { version: string; queries: number }; rows: { submissionId: string; model: string }[] }>(base, `/api/v1/benchmarks/${SYNTHETIC_SLUG}/leaderboard`);
  const { version, queries } = board.benchmark;
  if (queries !== 939 || board.rows.length !== 25) throw new Error(`expected 939 queries and 25 published systems, found ${queries} and ${board.rows.length}`);
  const difficulty = await getJson<{ queries: { queryId: string }[] }>(base, `/api/v1/benchmarks/${SYNTHETIC_SLUG}/difficulty`);
  return {
    version,
    ids: board.rows.map((r) => r.submissionId),
    models: new Map(board.rows.map((r) => [r.submissionId, r.model])),
    queryIds: difficulty.queries.map((q) => q.queryId),
  };
}

// Each group cycles through several URLs, so no single row dominates.
const pick = <T>(xs: T[], i: number) => xs[(i * 7919) % xs.length];

// A group whose answers must have the content type and pass `check` (what is wrong, or null).
function group(name: string, kind: Group["kind"], targets: Target[], contentType: string, check: (body: string, t: Target) => string | null): Group {
  return { name, kind, targets, check: (body, t, type) => (type.startsWith(contentType) ? check(body, t) : `content-type ${type}`) };
}

// A server-rendered page: HTML holding every expected string (the group's and the URL's own).
// (Not "could not be found": every page carries Next's not-found template in its payload.)
function htmlGroup(name: string, kind: Group["kind"], targets: Target[], ...expect: string[]): Group {
  return group(name, kind, targets, "text/html", (body, t) => {
    const missing = [...expect, ...(t.expect ?? [])].filter((s) => !body.includes(s));
    return missing.length ? `missing ${missing.map((s) => JSON.stringify(s)).join(", ")}` : null;
  });
}

// A JSON answer that `ok` accepts (returns what is wrong, or null).
function jsonGroup(name: string, kind: Group["kind"], targets: Target[], ok: (body: never, t: Target) => string | null): Group {
  return group(name, kind, targets, "application/json", (body, t) => {
    try {
      return ok(JSON.parse(body) as never, t);
    } catch (e) {
      return `not JSON: ${(e as Error).message}`;
    }
  });
}

const isSynthetic = (b: { slug?: string } | undefined) => (b?.slug === SYNTHETIC_SLUG ? null : `benchmark ${JSON.stringify(b)}`);

export function pageGroups(s: Synthetic): Group[] {
  const v = `/benchmarks/${SYNTHETIC_SLUG}/${s.version}`;
  const { ids } = s;
  const model = (id: string) => s.models.get(id)!;
  return [
    htmlGroup("leaderboard", "pages", [
      ...[v, `${v}?k=5`, `${v}?sort=exec5`, `${v}?k=3&sort=ndcg&dir=asc`, `${v}?q=embedder-1&sel=${ids[0]}&sel=${ids[1]}`].map((path) => ({ path })),
      { path: "/" },
      { path: `/benchmarks/${SYNTHETIC_SLUG}` },
    ], SYNTHETIC_NAME, "synthetic-embedder-"),
    htmlGroup("model", "pages", ids.map((id) => ({ path: `/submissions/${id}`, expect: [model(id)] })), "Metrics (mean over queries"),
    htmlGroup(
      "drilldown",
      "pages",
      Array.from({ length: 50 }, (_, i) => {
        const id = pick(ids, i), q = pick(s.queryIds, i + 3);
        return { path: `/submissions/${id}/queries/${q}`, expect: [model(id), q] };
      }),
    ),
    htmlGroup("browser", "pages", [`${v}/queries`, `${v}/queries?solved=0`, `${v}/queries?domain=date_time&sort=hardest`, `${v}/queries?page=7`].map((path) => ({ path })), "How many systems solve each query at rank 1"),
    htmlGroup(
      "compare",
      "pages",
      Array.from({ length: 10 }, (_, i) => ({ path: `${v}/compare?sel=${ids[i]}&sel=${ids[i + 1]}&sel=${ids[i + 7]}`, expect: [model(ids[i]), model(ids[i + 7])] })),
      "Paired comparisons",
    ),
    htmlGroup("benchmarks", "pages", [{ path: "/benchmarks" }], ">Benchmarks</h1>", SYNTHETIC_NAME),
    htmlGroup("methodology", "pages", [{ path: "/methodology" }], ">Methodology</h1>"),
    htmlGroup("api-docs-page", "pages", [{ path: "/docs/api" }], ">ExecBoard API</h1>"),
  ];
}

export function apiGroups(s: Synthetic): Group[] {
  const b = `/api/v1/benchmarks/${SYNTHETIC_SLUG}`;
  const v = `/benchmarks/${SYNTHETIC_SLUG}/${s.version}`;
  const { ids } = s;
  const idOf = (t: Target) => ids.find((id) => t.path.includes(id));
  return [
    jsonGroup("api-leaderboard", "api", [{ path: `${b}/leaderboard` }, { path: `${b}/leaderboard?version=${s.version}` }], (d: { benchmark: { slug: string }; rows: unknown[] }) =>
      isSynthetic(d.benchmark) ?? (d.rows.length === 25 ? null : `${d.rows.length} rows`),
    ),
    jsonGroup("api-submission", "api", ids.map((id) => ({ path: `/api/v1/submissions/${id}` })), (d: { id: string; benchmark: { slug: string }; status: string; metrics: unknown }, t) =>
      isSynthetic(d.benchmark) ?? (d.id === idOf(t) && d.status === "published" && d.metrics ? null : `submission ${d.id} ${d.status}, metrics ${!!d.metrics}`),
    ),
    jsonGroup("api-sub-analysis", "api", ids.map((id) => ({ path: `/api/v1/submissions/${id}/analysis?perQuery=false` })), (d: { id: string; benchmark: { slug: string }; analysis: unknown }, t) =>
      isSynthetic(d.benchmark) ?? (d.id === idOf(t) && d.analysis ? null : "no analysis"),
    ),
    jsonGroup("api-sub-analysis+q", "api", ids.map((id) => ({ path: `/api/v1/submissions/${id}/analysis` })), (d: { benchmark: { slug: string }; perQuery?: unknown[] }) =>
      isSynthetic(d.benchmark) ?? (d.perQuery?.length === 939 ? null : `${d.perQuery?.length} per-query records`),
    ),
    jsonGroup(
      "api-pairwise",
      "api",
      [`${b}/pairwise`, `${b}/pairwise?metric=ndcg&k=5`, `${b}/pairwise?submission=${ids[0]}`, `${b}/pairwise?metric=exec&k=1`].map((path) => ({ path })),
      (d: { benchmark: { slug: string }; comparisons: unknown[] }) => isSynthetic(d.benchmark) ?? (d.comparisons.length > 0 ? null : "no comparisons"),
    ),
    jsonGroup("api-difficulty", "api", [{ path: `${b}/difficulty` }], (d: { benchmark: { slug: string }; queries: unknown[] }) =>
      isSynthetic(d.benchmark) ?? (d.queries.length === 939 ? null : `${d.queries.length} queries`),
    ),
    jsonGroup("api-bench-analysis", "api", [{ path: `${b}/analysis` }], (d: { benchmark: { slug: string }; systems: unknown[] }) =>
      isSynthetic(d.benchmark) ?? (d.systems.length === 25 ? null : `${d.systems.length} systems`),
    ),
    {
      // The leaderboard download (not under /api/v1, but public data for scripts): JSON and CSV.
      name: "api-export",
      kind: "api",
      targets: [`${v}/export?format=json`, `${v}/export?format=csv`, `${v}/export?format=csv&k=5`].map((path) => ({ path })),
      check(body, t) {
        if (t.path.includes("json")) return (JSON.parse(body) as { benchmark: { slug: string } }).benchmark.slug === SYNTHETIC_SLUG ? null : "not the synthetic benchmark";
        const lines = body.trim().split("\n");
        return lines[0].startsWith("rank,") && lines.length === 26 ? null : `CSV of ${lines.length} lines`;
      },
    },
    jsonGroup("api-openapi", "api", [{ path: "/api/v1/openapi.json" }], (d: { openapi: string; paths: Record<string, unknown> }) =>
      d.openapi.startsWith("3.1") && d.paths["/api/v1/benchmarks/{slug}/leaderboard"] ? null : `openapi ${d.openapi}`,
    ),
    jsonGroup("api-health", "api", [{ path: "/api/v1/health" }], (d: { ok: boolean }) => (d.ok === true ? null : "not ok")),
    jsonGroup("api-benchmarks", "api", [{ path: "/api/v1/benchmarks" }], (d: { benchmarks: { slug: string; versions: { queries: number }[] }[] }) =>
      d.benchmarks.find((x) => x.slug === SYNTHETIC_SLUG)?.versions[0]?.queries === 939 ? null : "the synthetic benchmark is not listed with 939 queries",
    ),
  ];
}

export function authGroups(vendor: Vendor): Group[] {
  const bearer = { authorization: `Bearer ${vendor.token}` };
  const cookie = { cookie: `execboard_session=${vendor.session}` };
  const priv = vendor.privateId;
  return [
    jsonGroup("auth-me+tokens", "auth", [{ path: "/api/v1/me", headers: bearer }, { path: "/api/v1/tokens", headers: bearer }], (d: { email?: string; tokens?: { current: boolean }[] }) =>
      d.email === SYNTHETIC_VENDOR || d.tokens?.some((t) => t.current) ? null : "neither the vendor nor its tokens",
    ),
    jsonGroup("auth-quota", "auth", [{ path: `/api/v1/quota?benchmark=${SYNTHETIC_SLUG}`, headers: bearer }], (d: { benchmark: string; user: { email: string } }) =>
      d.benchmark === SYNTHETIC_SLUG && d.user.email === SYNTHETIC_VENDOR ? null : `quota of ${d.user?.email} on ${d.benchmark}`,
    ),
    jsonGroup("auth-status", "auth", [{ path: `/api/v1/submissions/${priv}`, headers: bearer }, { path: `/api/v1/submissions/${priv}/logs`, headers: bearer }], (d: { id?: string; submissionId?: string; status: string }) =>
      (d.id ?? d.submissionId) === priv && d.status === "scored" ? null : `${d.id ?? d.submissionId} ${d.status}`,
    ),
    jsonGroup("auth-own-api", "auth", [{ path: "/api/v1/submissions", headers: bearer }, { path: `/api/v1/submissions?benchmark=${SYNTHETIC_SLUG}&limit=50`, headers: bearer }], (d: { submissions: { id: string }[] }) =>
      d.submissions.some((x) => x.id === priv) ? null : "the vendor's private submission is not listed",
    ),
    htmlGroup("auth-own-list", "auth", [{ path: "/account/submissions", headers: cookie }], ">My submissions</h1>", SYNTHETIC_VENDOR, SYNTHETIC_PRIVATE_MODEL),
    htmlGroup("auth-private-pages", "auth", [{ path: `/submissions/${priv}/status`, headers: cookie }, { path: `/submissions/${priv}`, headers: cookie }], SYNTHETIC_PRIVATE_MODEL),
  ];
}
