// edit2ripple from history: in a commit that changes two to MAX_RIPPLE_FILES code, test or
// configuration files, one source file is the anchor: the query hands it over with one hunk of
// its diff (the one with most changed lines, cut to ANCHOR_HUNK_LINES lines) and the commit's
// intent (its redacted message); gold are the other files the commit changed that exist at the
// base and that a relation ties to the anchor (recorded per file as evidence):
// - imports: one imports the other (at the commit);
// - same_directory;
// - shared_symbol: an identifier of at least four characters changed in both;
// - test_of: a test named after the anchor, or the anchor named after a test;
// - path_tokens: a distinctive word shared by both paths.
// A co-change without any is left out of the gold (an unrelated fix riding along). At most
// ANCHORS_PER_COMMIT anchors per commit, chosen by how many gold files they relate to, then
// by how much of the anchor changed, then by path.
import path from "node:path";
import type { BaseSnapshot } from "./base-snapshot";
import type { SignalCommit } from "./history";
import { resolveSpecifier, specifiersOf, type Aliases } from "./import-graph";
import { redactedMessage, wordCount, MIN_QUERY_WORDS, type MinedCandidate } from "./mine-code2test";
import { hunkText } from "./patch";
import { baseName } from "./path-kinds";
import { record, sampleId } from "./records";
import type { PathUniverse } from "./redact";

export const MAX_RIPPLE_FILES = 8;
export const ANCHOR_HUNK_LINES = 40;
export const ANCHORS_PER_COMMIT = 2;

export type RippleSignal = "imports" | "same_directory" | "shared_symbol" | "test_of" | "path_tokens";
export type Edit2RippleSkip = "too_few_files" | "too_many_files" | "no_anchor" | "no_related_gold" | "message_too_short";

const GENERIC_TOKENS = new Set(["lib", "src", "app", "api", "v1", "test", "tests", "spec", "index", "ts", "tsx", "js", "mjs", "py", "json", "route", "page", "components", "utils", "util", "types", "e2e", "integration", "scripts", "bench", "docs"]);
const KEYWORDS = new Set(["const", "return", "await", "async", "function", "import", "export", "from", "true", "false", "null", "undefined", "this", "type", "interface", "string", "number", "boolean", "void", "new", "else", "case", "break", "default", "throw", "catch", "finally", "while", "expect", "describe", "test", "toBe", "toEqual"]);

function pathTokens(p: string): Set<string> {
  return new Set(p.toLowerCase().replace(/\.[^./]+$/, "").split(/[/._-]+/).filter((t) => t.length >= 3 && !GENERIC_TOKENS.has(t)));
}

function identifiers(lines: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const l of lines) for (const m of l.match(/[A-Za-z_$][A-Za-z0-9_$]{3,}/g) ?? []) if (!KEYWORDS.has(m)) out.add(m);
  return out;
}

function stem(p: string): string {
  return baseName(p).toLowerCase().replace(/(\.(test|spec))?\.[^.]+$/, "").replace(/^test_/, "");
}

export interface RippleContext {
  /** File texts at the commit (after it), for import relations. */
  textAt: (file: string) => Promise<string | null>;
  commitFiles: ReadonlySet<string>;
  aliases: Aliases;
}

async function signalsBetween(c: SignalCommit, anchor: string, other: string, ctx: RippleContext): Promise<RippleSignal[]> {
  const out: RippleSignal[] = [];
  const importsOf = async (f: string) => {
    const t = await ctx.textAt(f);
    return t ? specifiersOf(t).map((s) => resolveSpecifier(s, f, ctx.commitFiles, ctx.aliases)) : [];
  };
  if ((await importsOf(anchor)).includes(other) || (await importsOf(other)).includes(anchor)) out.push("imports");
  if (path.posix.dirname(anchor) === path.posix.dirname(other)) out.push("same_directory");
  const a = c.patches.get(anchor), b = c.patches.get(other);
  if (a && b) {
    const ia = identifiers([...a.added, ...a.removed]);
    if ([...identifiers([...b.added, ...b.removed])].some((x) => ia.has(x))) out.push("shared_symbol");
  }
  const [sa, so] = [stem(anchor), stem(other)];
  if ((c.kinds.get(other) === "test" || c.kinds.get(anchor) === "test") && sa.length >= 3 && so.length >= 3 && (so.includes(sa) || sa.includes(so))) out.push("test_of");
  const ta = pathTokens(anchor);
  if ([...pathTokens(other)].some((t) => ta.has(t))) out.push("path_tokens");
  return out;
}

export async function mineEdit2Ripple(c: SignalCommit, base: BaseSnapshot, repo: string, universe: PathUniverse, ctx: RippleContext): Promise<MinedCandidate[] | Edit2RippleSkip> {
  const live = c.retrievable.filter((x) => x.status !== "D");
  if (live.length < 2) return "too_few_files";
  if (c.retrievable.length > MAX_RIPPLE_FILES) return "too_many_files";
  const anchors = live.filter((x) => c.kinds.get(x.path) === "source" && base.has(x.path) && (c.patches.get(x.path)?.hunks.length ?? 0) > 0);
  if (anchors.length === 0) return "no_anchor";
  const msg = redactedMessage(c, universe);
  if (wordCount(`${msg.subject} ${msg.body}`) < MIN_QUERY_WORDS) return "message_too_short";
  const intent = msg.body ? `${msg.subject}\n\n${msg.body}` : msg.subject;

  const scored: { anchor: string; gold: { path: string; signals: RippleSignal[] }[]; changed: number }[] = [];
  for (const a of anchors) {
    const gold: { path: string; signals: RippleSignal[] }[] = [];
    for (const o of live) {
      if (o.path === a.path || !base.has(o.path)) continue;
      const signals = await signalsBetween(c, a.path, o.path, ctx);
      if (signals.length) gold.push({ path: o.path, signals });
    }
    if (gold.length) scored.push({ anchor: a.path, gold, changed: a.added + a.deleted });
  }
  if (scored.length === 0) return "no_related_gold";
  scored.sort((x, y) => y.gold.length - x.gold.length || y.changed - x.changed || (x.anchor < y.anchor ? -1 : 1));
  const kept = scored.slice(0, live.length >= 4 ? ANCHORS_PER_COMMIT : 1);
  return kept.map((s) => {
    const patch = c.patches.get(s.anchor)!;
    const hunk = [...patch.hunks].sort((x, y) => y.changed - x.changed)[0];
    const changes = new Map(c.retrievable.map((x) => [x.path, x]));
    return {
      source: `${c.sha}:${s.anchor}`,
      commit: c,
      redaction: msg.counts,
      record: record("edit2ripple", {
        id: sampleId(["edit2ripple", repo, base.commit, c.sha, s.anchor]),
        repo,
        base: base.commit,
        query: { intent, anchor_file: s.anchor, anchor_diff: hunkText(hunk, ANCHOR_HUNK_LINES) },
        gold: { files: s.gold.map((g) => g.path), given_files: [s.anchor], fix_commit: c.sha },
        metadata: {
          source: "git_history",
          commit_parent: c.parent,
          changed_files: c.retrievable.map((x) => x.path),
          gold_evidence: s.gold.map((g) => ({ path: g.path, signals: g.signals, additions: changes.get(g.path)!.added, deletions: changes.get(g.path)!.deleted, is_test: c.kinds.get(g.path) === "test" })),
          left_out: live.filter((x) => x.path !== s.anchor && !s.gold.some((g) => g.path === x.path)).map((x) => ({ path: x.path, why: base.has(x.path) ? "no relation to the anchor" : "not at the base" })),
          redactions: msg.counts,
        },
      }),
    };
  });
}
