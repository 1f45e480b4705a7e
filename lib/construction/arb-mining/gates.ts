// The gates every mined sample passes before it is written. The first four are the import's
// (import-arb leaves out a sample they catch, so the build must never write one), each applied
// at least as strictly here; the rest are the build's own:
// - exact_gold_path: a gold path appears in a query field (case-insensitive containment, in
//   every field, the failure excerpt included);
// - given_is_gold: a gold file is one the query hands over;
// - fix_commit_hash: the mined commit's id (7, 12 or 40 hex digits) appears in the query;
// - fix_patch: the query holds patch text: a raw diff header; a line the commit adds to a gold
//   file (at least PATCH_LINE_MIN characters once whitespace is squashed) that the gold file
//   does not hold at the base; in the commit-message fields any line the commit adds or removes
//   anywhere; an anchor hunk that is not a contiguous piece of the anchor's own patch; for a
//   mutation, its original or mutated line;
// - redaction: a repository path or a commit-like hash survived in the message fields, or the
//   mutated file's path, name or a line of it in the failure excerpt;
// - plain_text: a query field holds a control character other than tab and newline or an
//   unpaired surrogate, or any string of the record a NUL (Postgres stores neither);
// - gold_at_base: a gold, given or supporting file is not a text file of the base commit;
// - duplicate: the same query as an earlier sample of the task, or the same task, given and
//   gold files from the same source (checked across samples, in build-report order);
// - trace_reproduces: a trace2code failure that was not the same, byte for byte, on a second run.
import { textProblem, unstorableString } from "@/lib/text/plain-text";
import { mutatedMentions } from "./failure-excerpt";
import { goldOf, queryText, type SampleRecord } from "./records";
import { remainingHashes, remainingPaths, type PathUniverse } from "./redact";

export const GATES = ["exact_gold_path", "given_is_gold", "fix_commit_hash", "fix_patch", "redaction", "plain_text", "gold_at_base", "duplicate", "trace_reproduces"] as const;
export type GateName = (typeof GATES)[number];

export const GATE_DESCRIPTIONS: Record<GateName, string> = {
  exact_gold_path: "a gold file's path appears in the query",
  given_is_gold: "a gold file is one the query already hands over",
  fix_commit_hash: "the mined commit's id appears in the query",
  fix_patch: "the query holds patch text (a diff header, a line the commit changed, a hunk not from the anchor, the mutated line)",
  redaction: "a path, a hash or the mutated file's name or line survived redaction",
  plain_text: "the sample holds text a database cannot store or a reader cannot see (NUL, control characters, unpaired surrogates)",
  gold_at_base: "a gold, given or supporting file is not a text file at the base commit",
  duplicate: "another sample of the task has the same query, or the same given and gold files from the same source",
  trace_reproduces: "the failure was not identical on a second run",
};

export const PATCH_LINE_MIN = 24;
export const PROSE_FIELDS = new Set(["commit_subject", "commit_body", "intent"]);
const RAW_PATCH_MARKER = /diff --git\b|(^|\n)(---\s+(a\/|\/dev\/null)|\+\+\+\s+(b\/|\/dev\/null))/;

export interface GateFailure {
  gate: GateName;
  detail: string;
}

export interface PatchEvidence {
  /** The mined commit's added lines by file (every file it changed). */
  added: ReadonlyMap<string, readonly string[]>;
  removed: ReadonlyMap<string, readonly string[]>;
  /** The anchor's whole patch (edit2ripple). */
  anchorPatch?: string;
}

export interface MutationEvidence {
  file: string;
  originalLine: string;
  mutatedLine: string;
}

export interface GateInput {
  record: SampleRecord;
  /** Text files of the base commit, with their content where the gates need it (gold files). */
  baseFiles: ReadonlySet<string>;
  baseText: (file: string) => string | null;
  universe: PathUniverse;
  patch?: PatchEvidence;
  mutation?: MutationEvidence;
}

const squash = (s: string) => s.replace(/\s+/g, " ").trim();

function fieldTexts(q: SampleRecord["query"]): { key: string; text: string }[] {
  return Object.entries(q).map(([key, v]) => ({ key, text: Array.isArray(v) ? v.join("\n") : v }));
}

/** The gates one sample fails on its own (duplicates and reproduction are checked by the build). */
export function sampleGateFailures(input: GateInput): GateFailure[] {
  const r = input.record;
  const out: GateFailure[] = [];
  const fields = fieldTexts(r.query);
  const gold = goldOf(r);
  const given = r.gold.given_files ?? [];
  const text = queryText(r.query);
  const lower = text.toLowerCase();

  const inQuery = gold.filter((g) => lower.includes(g.toLowerCase()));
  if (inQuery.length) out.push({ gate: "exact_gold_path", detail: inQuery.join(", ") });

  const givenGold = gold.filter((g) => given.includes(g));
  if (givenGold.length) out.push({ gate: "given_is_gold", detail: givenGold.join(", ") });

  const fix = r.gold.fix_commit?.toLowerCase();
  if (fix && [fix, fix.slice(0, 12), fix.slice(0, 7)].some((p) => lower.includes(p))) out.push({ gate: "fix_commit_hash", detail: fix.slice(0, 12) });

  const patchHits: string[] = [];
  if (RAW_PATCH_MARKER.test(text)) patchHits.push("a raw diff header");
  if (input.patch) {
    const whole = squash(text);
    for (const g of gold) {
      const base = squash(input.baseText(g) ?? "");
      for (const line of input.patch.added.get(g) ?? []) {
        const l = squash(line);
        if (l.length >= PATCH_LINE_MIN && !base.includes(l) && whole.includes(l)) patchHits.push(`${g}: ${l.slice(0, 60)}`);
      }
    }
    const prose = squash(fields.filter((f) => PROSE_FIELDS.has(f.key)).map((f) => f.text).join("\n"));
    for (const [file, lines] of [...input.patch.added, ...input.patch.removed]) {
      for (const line of lines) {
        const l = squash(line);
        if (l.length >= PATCH_LINE_MIN && prose.includes(l)) patchHits.push(`message holds a changed line of ${file}`);
      }
    }
    const hunk = r.query.anchor_diff;
    if (typeof hunk === "string" && !(input.patch.anchorPatch ?? "").includes(hunk)) patchHits.push("the anchor hunk is not a piece of the anchor's patch");
  }
  if (input.mutation) {
    for (const l of [input.mutation.originalLine, input.mutation.mutatedLine].map(squash)) {
      if (l.length >= 12 && squash(text).includes(l)) patchHits.push(`the mutated line: ${l.slice(0, 60)}`);
    }
  }
  if (patchHits.length) out.push({ gate: "fix_patch", detail: [...new Set(patchHits)].join("; ") });

  const redaction: string[] = [];
  for (const f of fields.filter((x) => PROSE_FIELDS.has(x.key))) {
    const paths = remainingPaths(f.text, input.universe);
    if (paths.length) redaction.push(`${f.key} names ${paths.join(", ")}`);
    const hashes = remainingHashes(f.text);
    if (hashes.length) redaction.push(`${f.key} holds ${hashes.join(", ")}`);
  }
  if (input.mutation) {
    const found = mutatedMentions(input.mutation.file).flatMap((re) => text.match(re) ?? []);
    if (found.length) redaction.push(`the excerpt names the mutated file (${found[0]})`);
    if (/\[path\]:\d/.test(text)) redaction.push("the excerpt gives a line of the mutated file");
  }
  if (redaction.length) out.push({ gate: "redaction", detail: redaction.join("; ") });

  const unseen = fields.map((f) => ({ key: f.key, problem: textProblem(f.text, "multiline") })).find((f) => f.problem);
  const unstorable = unstorableString(r);
  if (unseen || unstorable) out.push({ gate: "plain_text", detail: unseen ? `query.${unseen.key} ${unseen.problem}` : `${unstorable!.path} ${unstorable!.problem}` });

  const named = [...gold, ...given, ...(r.gold.supporting_files ?? []), ...(r.task_type === "trace2code" ? (r.gold.related_tests ?? []) : [])];
  const missing = [...new Set(named)].filter((f) => !input.baseFiles.has(f));
  if (missing.length) out.push({ gate: "gold_at_base", detail: missing.join(", ") });
  return out;
}

/** The key two samples share when one duplicates the other: the same normalized query of a task. */
export function duplicateKeys(r: SampleRecord, source: string): string[] {
  const q = squash(queryText(r.query)).toLowerCase();
  const files = `${[...(r.gold.given_files ?? [])].sort().join(",")}|${[...goldOf(r)].sort().join(",")}`;
  return [`${r.task_type}\0query\0${q}`, `${r.task_type}\0files\0${source}\0${files}`];
}
