// code2test from history: a commit that changes source and tests together. The query is its
// message (subject and body, redacted: no paths, hashes or patch text) with the changed source
// files that exist at the base handed over; gold are the test files it changed (by name:
// x.test.ts, test_x.py…) that exist at the base; other test-tree files it changed (helpers,
// fixtures) are supporting context. A commit with more than MAX_GOLD_TESTS such tests or
// MAX_GIVEN_SOURCES source files says too little about each to be a sample.
import type { BaseSnapshot } from "./base-snapshot";
import type { SignalCommit } from "./history";
import { isTestFileName } from "./path-kinds";
import { record, sampleId, type SampleRecord } from "./records";
import { newCounts, redactProse, type PathUniverse, type RedactionCounts } from "./redact";

export const MAX_GOLD_TESTS = 8;
export const MAX_GIVEN_SOURCES = 15;
/** Words of the redacted message besides placeholders: below this a message says too little. */
export const MIN_QUERY_WORDS = 5;

export interface MinedCandidate {
  record: SampleRecord;
  /** What produced it (a commit id, a mutation site, another sample), for reports and duplicates. */
  source: string;
  commit?: SignalCommit;
  redaction?: RedactionCounts;
}

export type Code2TestSkip = "no_source" | "no_test_at_base" | "too_many_files" | "message_too_short";

export function wordCount(text: string): number {
  return (text.replace(/\[(path|commit|url)\]/g, " ").match(/[A-Za-z]{2,}/g) ?? []).length;
}

export interface CommitMessageQuery {
  subject: string;
  body: string;
  counts: RedactionCounts;
}

export function redactedMessage(c: SignalCommit, universe: PathUniverse): CommitMessageQuery {
  const counts = newCounts();
  return { subject: redactProse(c.subject, universe, counts), body: redactProse(c.body, universe, counts), counts };
}

export function mineCode2Test(c: SignalCommit, base: BaseSnapshot, repo: string, universe: PathUniverse): MinedCandidate | Code2TestSkip {
  const live = c.retrievable.filter((x) => x.status !== "D" && base.has(x.path));
  const sources = c.retrievable.filter((x) => c.kinds.get(x.path) === "source");
  if (sources.length === 0) return "no_source";
  const tests = live.filter((x) => c.kinds.get(x.path) === "test");
  const gold = tests.filter((x) => isTestFileName(x.path)).map((x) => x.path);
  if (gold.length === 0) return "no_test_at_base";
  const given = live.filter((x) => c.kinds.get(x.path) === "source").map((x) => x.path);
  if (gold.length > MAX_GOLD_TESTS || sources.length > MAX_GIVEN_SOURCES) return "too_many_files";
  const msg = redactedMessage(c, universe);
  if (wordCount(`${msg.subject} ${msg.body}`) < MIN_QUERY_WORDS) return "message_too_short";
  const helpers = tests.filter((x) => !isTestFileName(x.path)).map((x) => x.path);
  const query: SampleRecord["query"] = { commit_subject: msg.subject, ...(msg.body ? { commit_body: msg.body } : {}), ...(given.length ? { changed_files: given } : {}) };
  return {
    source: c.sha,
    commit: c,
    redaction: msg.counts,
    record: record("code2test", {
      id: sampleId(["code2test", repo, base.commit, c.sha]),
      repo,
      base: base.commit,
      query,
      gold: { related_tests: gold, given_files: given, ...(helpers.length ? { supporting_files: helpers } : {}), fix_commit: c.sha },
      metadata: {
        source: "git_history",
        evidence: { source: "same_commit_changed_tests" },
        commit_parent: c.parent,
        changed_source_files: sources.map((x) => x.path),
        changed_test_files: c.retrievable.filter((x) => c.kinds.get(x.path) === "test").map((x) => x.path),
        redactions: msg.counts,
      },
    }),
  };
}
