// The records build-arb writes: samples in Agent Retrieval Bench's released JSONL schema (one
// object a line: id, task_type, repo, base_commit, candidate_corpus, query, gold, metadata,
// version), so `execboard benchmark import-arb` reads them unchanged. Roles follow the release:
// code2test names its gold under gold.related_tests and the changed source files under
// gold.given_files; edit2ripple its gold under gold.files and the anchor under gold.given_files;
// trace2code the mutated file under gold.root_cause_files and the failing tests under
// gold.related_tests (supporting context); a counterfactual control is task_type "abstention"
// with gold {files: [], no_gold: true, reason: "counterfactual_wrong_repo"}. Every record is
// written as canonical JSON (keys sorted at every depth, no spaces) so a rebuild is
// byte-identical.
import crypto from "node:crypto";

export type MinedTask = "code2test" | "edit2ripple" | "trace2code" | "nogold_counterfactual";
export const MINED_TASKS: readonly MinedTask[] = ["code2test", "edit2ripple", "trace2code", "nogold_counterfactual"];
export const COUNTERFACTUAL_REASON = "counterfactual_wrong_repo";

export interface SampleGold {
  files?: string[];
  related_tests?: string[];
  root_cause_files?: string[];
  given_files?: string[];
  supporting_files?: string[];
  fix_commit?: string | null;
  no_gold?: boolean;
  reason?: string;
}

export interface SampleRecord {
  id: string;
  task_type: "code2test" | "edit2ripple" | "trace2code" | "abstention";
  repo: string;
  base_commit: string;
  candidate_corpus: { type: "repo_at_base_commit"; base_commit: string };
  query: Record<string, string | string[]>;
  gold: SampleGold;
  metadata: Record<string, unknown>;
  version: 1;
}

/** The task a record stands for (abstention records here are all counterfactual controls). */
export function minedTaskOf(r: SampleRecord): MinedTask {
  return r.task_type === "abstention" ? "nogold_counterfactual" : r.task_type;
}

/** The files a retriever should return for a record (none for a control). */
export function goldOf(r: SampleRecord): string[] {
  const g = r.gold;
  return r.task_type === "code2test" ? (g.related_tests ?? []) : r.task_type === "edit2ripple" ? (g.files ?? []) : r.task_type === "trace2code" ? (g.root_cause_files ?? []) : [];
}

export function sampleId(parts: readonly string[]): string {
  return crypto.createHash("sha256").update(parts.join("\0")).digest("hex").slice(0, 24);
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    return Object.fromEntries(Object.keys(o).sort().filter((k) => o[k] !== undefined).map((k) => [k, sortKeys(o[k])]));
  }
  return v;
}

/** JSON with object keys sorted at every depth and no whitespace. */
export function canonicalJson(v: unknown): string {
  return JSON.stringify(sortKeys(v));
}

/** JSON with sorted keys, indented two spaces, ending in a newline (benchmark.json, the report). */
export function prettyJson(v: unknown): string {
  return JSON.stringify(sortKeys(v), null, 2) + "\n";
}

export function record(task: SampleRecord["task_type"], fields: { id: string; repo: string; base: string; query: SampleRecord["query"]; gold: SampleGold; metadata: Record<string, unknown> }): SampleRecord {
  return {
    id: fields.id,
    task_type: task,
    repo: fields.repo,
    base_commit: fields.base,
    candidate_corpus: { type: "repo_at_base_commit", base_commit: fields.base },
    query: fields.query,
    gold: fields.gold,
    metadata: fields.metadata,
    version: 1,
  };
}

/**
 * The canonical text of a query, as the import renders it for vendors and baselines: each
 * field on its own line as "<field>: <value>" in field-name order, list items one per line,
 * empty fields left out. Gates and duplicate checks read this text.
 */
export function queryText(query: SampleRecord["query"]): string {
  return Object.keys(query)
    .sort()
    .map((k) => [k, Array.isArray(query[k]) ? (query[k] as string[]).filter((x) => x !== "").join("\n") : (query[k] as string)] as const)
    .filter(([, v]) => v !== "")
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n");
}
