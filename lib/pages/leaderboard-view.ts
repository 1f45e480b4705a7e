// What the leaderboard page (and its CSV/JSON download) shows for one benchmark version and one
// URL state: the published rows filtered and sorted, each with its rank by exec@k and whether
// it is statistically tied with the leader. Pure: the loader is load-leaderboard-view.ts.
import type { TieDiagnostics } from "@/lib/analysis/ties";
import type { Leaderboard, LeaderboardRow, ModelInfo } from "@/lib/leaderboard/get-leaderboard";
import type { VersionAnalysisView } from "@/lib/leaderboard/get-version-analysis";
import type { MetricValue } from "@/lib/submissions/serialize";
import { infoColumns, metricColumns, type ColumnId, type InfoColumn, type MetricColumn, type MetricColumnId } from "./leaderboard-columns";
import type { LeaderboardParams } from "./leaderboard-params";
import { headlineFinding } from "./headline-finding";
import type { HeatmapRow } from "./per-domain-exec";
import type { ProvisionalSystem } from "./provisional";

/** Position against the leader at exec@k: the leader, not significantly different, significantly below, or not computed yet. */
export type TieStatus = "leader" | "tied" | "below" | "unknown";

/** What names a row's system, as the page, the CSV and the JSON download give it. */
export interface SystemFields {
  submissionId: string;
  model: string;
  provider: string;
  /** The submitting organisation's display name, or null (a personal submission). */
  organisation: string | null;
  openWeights: boolean | null;
  modelInfo: ModelInfo;
  dims: number;
  similarity: string;
  publishedAt: string | null;
}

export function systemFields(r: SystemFields): SystemFields {
  return {
    submissionId: r.submissionId,
    model: r.model,
    provider: r.provider,
    organisation: r.organisation,
    openWeights: r.openWeights,
    modelInfo: r.modelInfo ?? { parameters: null, license: null, releaseDate: null, link: null, revision: null },
    dims: r.dims,
    similarity: r.similarity,
    publishedAt: r.publishedAt,
  };
}

export interface BoardRow extends SystemFields {
  isBaseline: boolean;
  /** Set by a maintainer's review (when the leaderboard row carries it). */
  verified: boolean;
  warning: string | null;
  rank: number;
  tie: TieStatus;
  selected: boolean;
  metrics: Record<MetricColumnId, MetricValue | null>;
  /** Scores canonicals and their own distractors identically too often (lib/analysis/ties.ts). */
  editBlind: boolean;
  ties: TieDiagnostics | null;
  /** Its results come from an older scoring engine; the automatic re-score is pending. */
  provisional: boolean;
}

export interface LeaderboardView {
  benchmark: Leaderboard["benchmark"];
  params: LeaderboardParams;
  info: InfoColumn[];
  columns: MetricColumn[];
  rows: BoardRow[];
  /** Rows before filtering. */
  total: number;
  providers: string[];
  /** Tie groups describe a different published set than the one shown (a recomputation is pending). */
  tiesPending: boolean;
  alpha: number | null;
  bootstrap: VersionAnalysisView["bootstrap"];
  /** The chance line's value in each metric column shown (exact; a reference, not a row). */
  chance: Record<MetricColumnId, number>;
  /** Published systems whose results come from an older scoring engine (re-score pending). */
  provisional: ProvisionalSystem[];
  /** exec@1 of the rows shown within each domain, when the per-domain view is asked for. */
  domains?: { names: string[]; rows: HeatmapRow[] };
  /** One sentence on what the whole board says (lib/pages/headline-finding.ts), or null without results. */
  headline: string | null;
}


function competitionRanks(values: number[]): number[] {
  return values.map((v) => 1 + values.filter((w) => w > v).length);
}

function matches(r: LeaderboardRow, p: LeaderboardParams): boolean {
  if (p.provider && r.provider !== p.provider) return false;
  if (p.similarity !== "any" && r.similarity !== p.similarity) return false;
  if (p.openWeights === "yes" && r.openWeights !== true) return false;
  if (p.openWeights === "no" && r.openWeights !== false) return false;
  if (p.openWeights === "unknown" && r.openWeights !== null) return false;
  if (p.q) {
    const needle = p.q.toLowerCase();
    if (!`${r.model} ${r.provider}`.toLowerCase().includes(needle)) return false;
  }
  return true;
}

function sortValue(r: BoardRow, col: ColumnId): number | string {
  switch (col) {
    case "rank":
      return r.rank;
    case "model":
      return r.model.toLowerCase();
    case "provider":
      return r.provider.toLowerCase();
    case "openWeights":
      return r.openWeights === null ? 2 : r.openWeights ? 0 : 1;
    case "dims":
      return r.dims;
    case "params":
      return r.modelInfo.parameters ?? -Infinity;
    case "similarity":
      return r.similarity;
    case "date":
      return r.publishedAt ?? "";
    default:
      return r.metrics[col]?.value ?? -Infinity;
  }
}

export function buildLeaderboardView(board: Leaderboard, analysis: VersionAnalysisView | null, requested: LeaderboardParams, provisional: ProvisionalSystem[] = []): LeaderboardView {
  // Only rows on this board can be selected; any other id is dropped from the state (and from
  // every link built from it), whether or not it exists.
  const onBoard = new Set(board.rows.map((r) => r.submissionId));
  const params = { ...requested, sel: requested.sel.filter((id) => onBoard.has(id)) };
  const columns = metricColumns(params.k);
  const exec = (r: LeaderboardRow) => r.metrics.exec[String(params.k)]?.value ?? 0;
  const ranks = competitionRanks(board.rows.map(exec));
  const group = analysis && !analysis.stale ? analysis.tieGroups.find((g) => g.k === params.k) : undefined;
  const members = new Set(group?.members ?? []);
  const outdated = new Set(provisional.map((p) => p.submissionId));

  const all: BoardRow[] = board.rows.map((r, i) => ({
    ...systemFields(r),
    isBaseline: r.isBaseline,
    verified: r.verified,
    warning: r.warningNote?.trim() || null,
    rank: ranks[i],
    tie: !group ? "unknown" : r.submissionId === group.leader ? "leader" : members.has(r.submissionId) ? "tied" : "below",
    selected: params.sel.includes(r.submissionId),
    metrics: Object.fromEntries(columns.map((c) => [c.id, r.metrics[c.metric][String(c.k)] ?? null])) as BoardRow["metrics"],
    editBlind: r.ties?.editBlind ?? false,
    ties: r.ties,
    provisional: outdated.has(r.submissionId),
  }));

  const shown = all.filter((_, i) => matches(board.rows[i], params));
  const sign = params.dir === "asc" ? 1 : -1;
  // Stable: equal values keep leaderboard order (exec@1, then exec@3, exec@5, exec@10, publication).
  const order = new Map(all.map((r, i) => [r.submissionId, i]));
  shown.sort((a, b) => {
    const x = sortValue(a, params.sort), y = sortValue(b, params.sort);
    const c = x < y ? -1 : x > y ? 1 : 0;
    return c * sign || order.get(a.submissionId)! - order.get(b.submissionId)!;
  });

  return {
    benchmark: board.benchmark,
    params,
    info: infoColumns(params.k),
    columns,
    rows: shown,
    total: all.length,
    providers: [...new Set(board.rows.map((r) => r.provider))].sort((a, b) => a.localeCompare(b)),
    tiesPending: board.rows.length > 1 && !group,
    alpha: group?.alpha ?? null,
    bootstrap: analysis?.bootstrap ?? null,
    chance: Object.fromEntries(columns.map((c) => [c.id, board.chance[c.metric][c.k]])) as LeaderboardView["chance"],
    provisional: provisional.filter((p) => onBoard.has(p.submissionId)),
    headline: headlineFinding({
      rows: board.rows.map((r) => ({ model: r.model, isBaseline: r.isBaseline, exec1: r.metrics.exec["1"] ?? null, exec10: r.metrics.exec["10"] ?? null })),
      leaderGroup: (() => {
        const g1 = analysis && !analysis.stale ? analysis.tieGroups.find((g) => g.k === 1) : undefined;
        return g1 && g1.leader === board.rows[0]?.submissionId ? g1.members.length : null;
      })(),
      chance1: board.chance.exec[1] ?? 0,
    }),
  };
}
