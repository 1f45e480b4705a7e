// The leakage gates of an import: a sample whose query gives its answer away is left out of the
// version, and the import report says which gate caught it and why.
// - exact_gold_path: a gold file's path appears in the query (case-insensitive containment).
//   For trace2code a path that appears only in the failure output (the reproduced trace: its
//   frames, paths and test names) is a realistic stack hint, reported but not fatal.
// - fix_commit_hash: the resolving commit's id (40, 12 or 7 hex digits) appears in the query.
// - fix_patch: the query holds patch text: a raw diff header, or a line the resolving commit adds
//   to a gold file (at least PATCH_LINE_MIN characters once trimmed, and not already in that file
//   at the base commit). When the resolving commit is not in the repository, only the headers are
//   checked, and the report says so.
// A given file (the reviewed file, the anchor, the changed file) is never gold: normalization takes
// it out of gold before the gates run (sample-format.ts), so naming it in the query is no leak.
import type { NormalizedSample } from "./sample-format";

export type GateName = "exact_gold_path" | "fix_commit_hash" | "fix_patch";
export type NoteName = "stack_hint" | "patch_unchecked";

export interface GateHit {
  gate: GateName | NoteName;
  fatal: boolean;
  /** What was found, for the report (paths with the query field they appear in, a commit id, a line). */
  hits: string[];
}

export const GATE_DESCRIPTIONS: Record<GateName | NoteName, string> = {
  exact_gold_path: "a gold file's path appears in the query",
  fix_commit_hash: "the resolving commit's id appears in the query",
  fix_patch: "the query holds patch text (a diff header, or a line the resolving commit adds to a gold file)",
  stack_hint: "a gold path appears in the failure output of a trace2code query (kept: a reproduced trace names files)",
  patch_unchecked: "the resolving commit is not in the repository: only diff headers were looked for",
};

export const PATCH_LINE_MIN = 24;

/** Query fields that are the reproduced failure of a trace2code sample. */
const TRACE_FIELDS = new Set(["raw_signal", "trace_paths", "test_names", "trace", "failure", "failure_excerpt", "log", "output", "stack", "stacktrace"]);

const RAW_PATCH_MARKER = /diff --git\b|(^|\n)(---\s+(a\/|\/dev\/null)|\+\+\+\s+(b\/|\/dev\/null))/;

export interface PatchEvidence {
  /** Lines the resolving commit adds, by gold path; null when the commit is not in the repository. */
  added: Map<string, string[]> | null;
  /** The base content of each gold file (moved lines are not patch text). */
  baseText: Map<string, string>;
}

function fieldText(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "string") return v;
  if (Array.isArray(v)) return v.map(fieldText).join("\n");
  return typeof v === "object" ? JSON.stringify(v) : String(v);
}

const squash = (s: string) => s.replace(/\s+/g, " ").trim();

export function runLeakageGates(s: NormalizedSample, patch: PatchEvidence | null): GateHit[] {
  const out: GateHit[] = [];
  const fields = Object.entries(s.query).map(([k, v]) => ({ key: k, text: fieldText(v).toLowerCase() }));
  const exact: string[] = [], hints: string[] = [];
  for (const gold of s.gold_files) {
    const g = gold.toLowerCase();
    const where = fields.filter((f) => f.text.includes(g));
    const trace = s.task === "trace2code" ? where.filter((f) => TRACE_FIELDS.has(f.key)) : [];
    const plain = where.filter((f) => !trace.includes(f));
    if (plain.length) exact.push(`${gold} (in ${plain.map((f) => f.key).join(", ")})`);
    else if (trace.length) hints.push(`${gold} (in ${trace.map((f) => f.key).join(", ")})`);
  }
  if (exact.length) out.push({ gate: "exact_gold_path", fatal: true, hits: exact });
  if (hints.length) out.push({ gate: "stack_hint", fatal: false, hits: hints });

  const text = s.query_text.toLowerCase();
  const fix = s.fix_commit?.toLowerCase() ?? "";
  if (fix.length >= 7) {
    const found = [fix, fix.slice(0, 12), fix.slice(0, 7)].find((p) => text.includes(p));
    if (found) out.push({ gate: "fix_commit_hash", fatal: true, hits: [found] });
  }

  const patchHits: string[] = [];
  if (RAW_PATCH_MARKER.test(s.query_text)) patchHits.push("a raw diff header (diff --git, --- a/, +++ b/)");
  if (patch?.added) {
    const query = squash(s.query_text);
    for (const [file, lines] of patch.added) {
      const base = squash(patch.baseText.get(file) ?? "");
      for (const line of lines) {
        const l = squash(line);
        if (l.length >= PATCH_LINE_MIN && !base.includes(l) && query.includes(l)) patchHits.push(`${file}: ${l.length > 80 ? `${l.slice(0, 77)}...` : l}`);
      }
    }
  }
  if (patchHits.length) out.push({ gate: "fix_patch", fatal: true, hits: patchHits });
  if (s.fix_commit && patch && patch.added === null) out.push({ gate: "patch_unchecked", fatal: false, hits: [s.fix_commit] });
  return out;
}
