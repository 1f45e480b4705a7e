import { describe, expect, it } from "vitest";
import type { Leaderboard, LeaderboardRow } from "@/lib/leaderboard/get-leaderboard";
import type { VersionAnalysisView } from "@/lib/leaderboard/get-version-analysis";
import { csvCell, leaderboardCsv, leaderboardJson } from "@/lib/pages/leaderboard-export";
import { DEFAULT_PARAMS, leaderboardQuery, parseLeaderboardParams, sortQuery } from "@/lib/pages/leaderboard-params";
import { buildLeaderboardView } from "@/lib/pages/leaderboard-view";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function row(n: number, model: string, exec: number[], extra: Partial<LeaderboardRow> & Record<string, unknown> = {}): LeaderboardRow {
  const m = (v: number) => ({ value: v, ci95: [v - 0.02, v + 0.02] as [number, number] });
  const ks = [1, 3, 5, 10];
  return {
    submissionId: id(n),
    model,
    provider: "Lab A",
    organisation: null,
    similarity: "cosine",
    dims: 768,
    openWeights: null,
    isBaseline: false,
    publishedAt: `2026-01-0${n}T00:00:00.000Z`,
    metrics: {
      exec: Object.fromEntries(ks.map((k, i) => [String(k), m(exec[i])])),
      execution_precision: Object.fromEntries(ks.map((k, i) => [String(k), m(exec[i] / k)])),
      ndcg: Object.fromEntries(ks.map((k, i) => [String(k), m(exec[i] * 0.9)])),
    },
    ...extra,
  } as LeaderboardRow;
}

// In leaderboard order (exec@1 desc), as getLeaderboard returns them.
const board: Leaderboard = {
  benchmark: { slug: "b", name: "Bench", version: "1", queries: 100, corpus: 500 },
  rows: [
    row(1, "alpha", [0.33, 0.8, 0.99, 1], { openWeights: false, verified: true, modelInfo: { parameters: 335_000_000, license: "Apache-2.0", releaseDate: "2026-01-15", link: "https://example.com/alpha", revision: "v2" } }),
    row(2, "beta", [0.3, 0.85, 0.98, 1], { provider: "Lab B", openWeights: true }),
    row(3, "gamma", [0.3, 0.7, 0.9, 0.95], { similarity: "dot", warningNote: "trained on the test set?" }),
    row(4, "bm25", [0.05, 0.2, 0.3, 0.4], { provider: "ExecBoard baseline", isBaseline: true }),
  ],
  chance: { exec: { 1: 0.002, 3: 0.006, 5: 0.01, 10: 0.02 }, execution_precision: { 1: 0.002, 3: 0.002, 5: 0.002, 10: 0.002 }, ndcg: { 1: 0.002, 3: 0.004, 5: 0.005, 10: 0.007 } },
};

const analysis: VersionAnalysisView = {
  benchmark: board.benchmark,
  computedAt: "2026-01-05T00:00:00.000Z",
  stale: false,
  bootstrap: { replicates: 5000, seed: 1, method: "percentile" },
  systems: board.rows.map((r) => ({ submissionId: r.submissionId, model: r.model, provider: r.provider, kind: "embeddings" })),
  tieGroups: [
    { k: 1, alpha: 0.05, leader: id(1), members: [id(1), id(2)] },
    { k: 3, alpha: 0.05, leader: id(2), members: [id(2)] },
  ],
  difficulty: null,
};

const view = (raw: Record<string, string | string[]>) => buildLeaderboardView(board, analysis, parseLeaderboardParams(raw));

describe("leaderboard view", () => {
  it("ranks by exec@k with equal values sharing a rank, and marks the leader's tie group at that k", () => {
    const v = view({});
    expect(v.rows.map((r) => [r.model, r.rank, r.tie])).toEqual([
      ["alpha", 1, "leader"],
      ["beta", 2, "tied"],
      ["gamma", 2, "below"],
      ["bm25", 4, "below"],
    ]);
    const at3 = view({ k: "3" });
    expect(at3.rows.map((r) => [r.model, r.rank, r.tie])).toEqual([
      ["beta", 1, "leader"],
      ["alpha", 2, "below"],
      ["gamma", 3, "below"],
      ["bm25", 4, "below"],
    ]);
    expect(at3.columns.map((c) => c.label)).toEqual(["exec@1", "exec@3", "exec@5", "exec@10", "execp@3", "nDCG@3"]);
  });

  it("shows execution precision and nDCG at 10 when the table ranks by exec@1, where at 1 they would repeat it", () => {
    const v = view({});
    expect(v.columns.map((c) => c.label)).toEqual(["exec@1", "exec@3", "exec@5", "exec@10", "execp@10", "nDCG@10"]);
    expect(v.columns.find((c) => c.id === "ndcg")!.help).toContain("at 1 it would equal exec@1");
    const alpha = v.rows.find((r) => r.model === "alpha")!;
    expect(alpha.metrics.execp?.value).toBeCloseTo(1 / 10);
    expect(alpha.metrics.ndcg?.value).toBeCloseTo(0.9);
    expect(v.chance).toMatchObject({ execp: 0.002, ndcg: 0.007 });
  });

  it("carries what the vendor declared about the model and sorts by parameter count, undeclared last", () => {
    const v = view({ sort: "params" });
    expect(v.rows[0].model).toBe("alpha");
    expect(v.rows[0].modelInfo).toEqual({ parameters: 335_000_000, license: "Apache-2.0", releaseDate: "2026-01-15", link: "https://example.com/alpha", revision: "v2" });
    expect(v.rows.slice(1).every((r) => r.modelInfo.parameters === null)).toBe(true);
    expect(view({ sort: "params", dir: "asc" }).rows.at(-1)!.model).toBe("alpha");
  });

  it("opens the per-domain view from the URL and keeps it in every link", () => {
    const p = parseLeaderboardParams({ show: "domains", k: "5" });
    expect(p.show).toBe("domains");
    expect(leaderboardQuery(p)).toBe("?k=5&show=domains");
    expect(parseLeaderboardParams({ show: "everything" }).show).toBe("metrics");
  });

  it("states a headline finding about the whole board, whatever the filters", () => {
    const filtered = view({ provider: "Lab B" });
    expect(filtered.headline).toBe(view({}).headline);
    expect(filtered.headline).toMatch(/^alpha leads, putting passing code first for 33% of queries \(exec@1 0\.330 \[0\.310, 0\.350\]\) yet within its top 10 for 100%; 1 other system is not significantly behind it\.$/);
  });

  it("has no tie groups while the version's statistics are stale", () => {
    const v = buildLeaderboardView(board, { ...analysis, stale: true }, DEFAULT_PARAMS);
    expect(v.rows.every((r) => r.tie === "unknown")).toBe(true);
    expect(v.tiesPending).toBe(true);
  });

  it("filters by provider, open weights, similarity and search", () => {
    expect(view({ provider: "Lab B" }).rows.map((r) => r.model)).toEqual(["beta"]);
    expect(view({ open: "yes" }).rows.map((r) => r.model)).toEqual(["beta"]);
    expect(view({ open: "no" }).rows.map((r) => r.model)).toEqual(["alpha"]);
    expect(view({ open: "unknown" }).rows.map((r) => r.model)).toEqual(["gamma", "bm25"]);
    expect(view({ sim: "dot" }).rows.map((r) => r.model)).toEqual(["gamma"]);
    expect(view({ q: "BASELINE" }).rows.map((r) => r.model)).toEqual(["bm25"]);
    expect(view({ q: "lab" }).total).toBe(4);
  });

  it("sorts by any column in either direction, keeping leaderboard order among equals", () => {
    expect(view({ sort: "exec3" }).rows.map((r) => r.model)).toEqual(["beta", "alpha", "gamma", "bm25"]);
    expect(view({ sort: "exec3", dir: "asc" }).rows.map((r) => r.model)).toEqual(["bm25", "gamma", "alpha", "beta"]);
    expect(view({ sort: "model" }).rows.map((r) => r.model)).toEqual(["alpha", "beta", "bm25", "gamma"]);
    expect(view({ sort: "exec10" }).rows.map((r) => r.model)).toEqual(["alpha", "beta", "gamma", "bm25"]);
    expect(view({ sort: "date" }).rows.map((r) => r.model)).toEqual(["bm25", "gamma", "beta", "alpha"]);
  });

  it("carries the maintainer's verification and warning note, and the selection", () => {
    const v = view({ sel: [id(3), "not-a-uuid", id(9)] });
    expect(v.params.sel).toEqual([id(3)]); // an id not on this board is dropped, existing or not
    const byModel = new Map(v.rows.map((r) => [r.model, r]));
    expect(byModel.get("alpha")!.verified).toBe(true);
    expect(byModel.get("gamma")!.warning).toBe("trained on the test set?");
    expect(v.rows.filter((r) => r.selected).map((r) => r.model)).toEqual(["gamma"]);
  });
});

describe("leaderboard URL state", () => {
  it("leaves defaults out and survives a round trip", () => {
    expect(leaderboardQuery(DEFAULT_PARAMS)).toBe("");
    const p = parseLeaderboardParams({ k: "5", sort: "ndcg", dir: "asc", provider: "Lab A", open: "yes", sim: "cosine", q: "qwen", sel: [id(1), id(2)] });
    const sp = new URLSearchParams(leaderboardQuery(p));
    const raw = Object.fromEntries([...new Set(sp.keys())].map((k) => [k, sp.getAll(k)]));
    expect(parseLeaderboardParams(raw)).toEqual(p);
  });

  it("falls back to defaults for values it does not know and keeps at most four selections", () => {
    const p = parseLeaderboardParams({ k: "7", sort: "drop table", dir: "up", open: "maybe", sel: [1, 2, 3, 4, 5].map(id) });
    expect(p).toMatchObject({ k: 1, sort: "rank", dir: "asc", openWeights: "any" });
    expect(p.sel).toHaveLength(4);
  });

  it("sorts metrics best-first on the first click and flips on the second", () => {
    expect(sortQuery(DEFAULT_PARAMS, "exec5")).toBe("?sort=exec5");
    expect(sortQuery({ ...DEFAULT_PARAMS, sort: "exec5", dir: "desc" }, "exec5")).toBe("?sort=exec5&dir=asc");
    expect(sortQuery(DEFAULT_PARAMS, "model")).toBe("?sort=model");
  });
});

describe("leaderboard downloads", () => {
  it("hold exactly the rows, order and columns shown", () => {
    const v = view({ k: "5", sort: "exec3", provider: "Lab A" });
    const csv = leaderboardCsv(v).trimEnd().split("\r\n");
    expect(csv[0].split(",").slice(3, 5)).toEqual(["provider", "organisation"]);
    expect(csv[0].split(",").slice(5, 10)).toEqual(["open_weights", "parameters", "license", "release_date", "link"]);
    expect(csv[1].split(",").slice(5, 10)).toEqual(["no", "335000000", "Apache-2.0", "2026-01-15", "https://example.com/alpha"]);
    expect(csv[0].split(",").slice(15)).toEqual(v.columns.flatMap((c) => [c.label, `${c.label}_ci_low`, `${c.label}_ci_high`]));
    expect(csv.slice(1).map((l) => l.split(",")[2])).toEqual(v.rows.map((r) => r.model));
    expect(csv[1]).toContain("0.800000,0.780000,0.820000"); // alpha's exec@3 and its interval
    const gamma = csv.find((l) => l.includes("gamma"))!;
    expect(gamma).toContain("warning: trained on the test set?"); // the badges column
    const json = leaderboardJson(v);
    expect(json.rows.map((r) => r.model)).toEqual(v.rows.map((r) => r.model));
    expect(Object.keys(json.rows[0].metrics)).toEqual(["exec@1", "exec@3", "exec@5", "exec@10", "execp@5", "nDCG@5"]);
    expect(json.filters.provider).toBe("Lab A");
  });

  it("write text a spreadsheet would run as a formula as plain text, and numbers as numbers", () => {
    for (const evil of ['=HYPERLINK("https://evil.example","x")', "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "\uff1d1+1"]) {
      const cell = csvCell(evil);
      expect(cell.replace(/^"/, "").startsWith("'")).toBe(true);
      expect(cell).toContain(evil.replaceAll('"', '""'));
    }
    expect(csvCell("Lab A")).toBe("Lab A");
    expect(csvCell("a, b")).toBe('"a, b"');
    expect(csvCell(-0.05)).toBe("-0.05");
    expect(csvCell(null)).toBe("");
  });

  it("name the organisation a submission was made for (empty for a personal one)", () => {
    const withOrg: Leaderboard = { ...board, rows: [row(1, "org-model", [0.5, 0.6, 0.7, 0.8], { organisation: "Acme AI" }), row(2, "solo", [0.1, 0.2, 0.3, 0.4])] };
    const v = buildLeaderboardView(withOrg, null, DEFAULT_PARAMS);
    const [, first, second] = leaderboardCsv(v).trimEnd().split("\r\n");
    expect(first.split(",").slice(2, 5)).toEqual(["org-model", row(1, "", []).provider, "Acme AI"]);
    expect(second.split(",")[4]).toBe("");
    expect(leaderboardJson(v).rows.map((r) => r.organisation)).toEqual(["Acme AI", null]);
  });

  it("mark an edit-blind system and carry the chance line of the columns shown", () => {
    const ties = { queries: 100, rank1Tied: 60, boundaryTied: 4, largestBoundaryGroup: 5, scoredPairs: 400, canonicalDistractorTies: 210, queriesWithCanonicalTie: 70, editBlind: true, threshold: 0.05 };
    const blind: Leaderboard = { ...board, rows: [row(1, "bag-of-words", [0.13, 0.58, 0.83, 0.93], { ties }), row(2, "dense", [0.3, 0.8, 0.95, 1])] };
    const v = buildLeaderboardView(blind, null, parseLeaderboardParams({ k: "3" }));
    expect(v.rows.map((r) => [r.model, r.editBlind])).toEqual([["dense", false], ["bag-of-words", true]]);
    expect(leaderboardCsv(v).split("\r\n").find((l) => l.includes("bag-of-words"))).toContain("edit-blind");
    expect(v.chance).toMatchObject({ exec1: 0.002, exec3: 0.006, execp: 0.002, ndcg: 0.004 });
    expect(leaderboardJson(v).chance.metrics).toMatchObject({ "exec@1": 0.002, "execp@3": 0.002, "nDCG@3": 0.004 });
  });

  it("name the systems awaiting their re-score by the current engine, on the board only, in the rows and the downloads", () => {
    const v = buildLeaderboardView(board, analysis, DEFAULT_PARAMS, [
      { submissionId: id(3), model: "gamma" },
      { submissionId: id(9), model: "not on this board" },
    ]);
    expect(v.provisional).toEqual([{ submissionId: id(3), model: "gamma" }]);
    expect(v.rows.filter((r) => r.provisional).map((r) => r.model)).toEqual(["gamma"]);
    expect(leaderboardJson(v).rows.find((r) => r.model === "gamma")!.badges).toContain("provisional");
    expect(leaderboardJson(v).rows.find((r) => r.model === "alpha")!.badges).not.toContain("provisional");
    expect(buildLeaderboardView(board, analysis, DEFAULT_PARAMS).rows.some((r) => r.provisional)).toBe(false);
  });

  it("quotes CSV cells that hold commas or quotes", () => {
    const tricky: Leaderboard = { ...board, rows: [row(1, 'model, "v2"', [0.1, 0.2, 0.3, 0.4])] };
    const line = leaderboardCsv(buildLeaderboardView(tricky, null, DEFAULT_PARAMS)).split("\r\n")[1];
    expect(line).toContain('"model, ""v2"""');
  });
});
