// The leaderboard as downloaded: the same rows, order and columns the page shows for the same
// URL, as CSV (one value and its interval per metric) or JSON.
import { systemFields, type LeaderboardView } from "./leaderboard-view";

// Text that a spreadsheet would read as a formula (=, +, -, @, or a tab or carriage return
// before one; full-width forms too) is prefixed with an apostrophe, so a provider named
// `=HYPERLINK(…)` is shown as that text and never run. Numbers are written as numbers.
const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;

export function csvCell(v: string | number | boolean | null): string {
  if (v === null) return "";
  let s = String(v);
  if (typeof v === "string" && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

const TIE_LABEL = { leader: "leader", tied: "tied with leader", below: "below leader", unknown: "" } as const;

export function leaderboardCsv(view: LeaderboardView): string {
  const header = [
    "rank",
    `tie_group_exec@${view.params.k}`,
    "model",
    "provider",
    "organisation",
    "open_weights",
    "parameters",
    "license",
    "release_date",
    "link",
    "dims",
    "similarity",
    "published",
    "badges",
    "submission_id",
    ...view.columns.flatMap((c) => [c.label, `${c.label}_ci_low`, `${c.label}_ci_high`]),
  ];
  const lines = view.rows.map((r) =>
    [
      r.rank,
      TIE_LABEL[r.tie],
      r.model,
      r.provider,
      r.organisation ?? "",
      r.openWeights === null ? "" : r.openWeights ? "yes" : "no",
      r.modelInfo.parameters,
      r.modelInfo.license,
      r.modelInfo.releaseDate,
      r.modelInfo.link,
      r.dims,
      r.similarity,
      r.publishedAt?.slice(0, 10) ?? "",
      badges(r).join("; "),
      r.submissionId,
      ...view.columns.flatMap((c) => {
        const m = r.metrics[c.id];
        return m ? [m.value.toFixed(6), m.ci95[0].toFixed(6), m.ci95[1].toFixed(6)] : ["", "", ""];
      }),
    ]
      .map(csvCell)
      .join(","),
  );
  return [header.map(csvCell).join(","), ...lines].join("\r\n") + "\r\n";
}

function badges(r: LeaderboardView["rows"][number]): string[] {
  return [r.isBaseline ? "baseline" : "", r.verified ? "verified" : "", r.editBlind ? "edit-blind" : "", r.provisional ? "provisional" : "", r.warning ? `warning: ${r.warning}` : ""].filter(Boolean);
}

export function leaderboardJson(view: LeaderboardView) {
  return {
    benchmark: view.benchmark,
    k: view.params.k,
    filters: { provider: view.params.provider || null, openWeights: view.params.openWeights, similarity: view.params.similarity, search: view.params.q || null },
    sort: { column: view.params.sort, direction: view.params.dir },
    intervals: "95% query-level bootstrap percentile intervals",
    tieGroup: view.alpha === null ? null : { k: view.params.k, alpha: view.alpha, test: "paired sign-flip test against the leader (exact McNemar when nothing is tied)" },
    chance: { description: "exact expectation of a uniformly random ranking (a reference line, not a submission)", metrics: Object.fromEntries(view.columns.map((c) => [c.label, view.chance[c.id]])) },
    columns: view.columns.map((c) => ({ id: c.id, label: c.label, metric: c.metric, k: c.k, description: c.help })),
    rows: view.rows.map((r) => ({
      rank: r.rank,
      tie: r.tie,
      ...systemFields(r),
      badges: badges(r),
      metrics: Object.fromEntries(view.columns.map((c) => [c.label, r.metrics[c.id]])),
    })),
  };
}
