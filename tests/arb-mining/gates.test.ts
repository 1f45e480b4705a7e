import { describe, expect, it } from "vitest";
import { duplicateKeys, sampleGateFailures, type GateInput } from "@/lib/construction/arb-mining/gates";
import { record, type SampleRecord } from "@/lib/construction/arb-mining/records";
import { pathUniverse } from "@/lib/construction/arb-mining/redact";

// Every gate a sample passes on its own, each caught on a sample made to fail it and passed by
// the same sample without the fault.
const FIX = "0123456789abcdef0123456789abcdef01234567";
const BASE = "fedcba9876543210fedcba9876543210fedcba98";
const files = new Map([
  ["src/parse.ts", "export function parse(text: string) {\n  return text.trim();\n}\n"],
  ["src/app.ts", "import { parse } from './parse';\nexport const app = parse(' x ');\n"],
  ["tests/parse.test.ts", "test('trim', () => expect(parse(' a ')).toBe('a'));\n"],
]);

function code2test(query: SampleRecord["query"], gold: Partial<SampleRecord["gold"]> = {}): SampleRecord {
  return record("code2test", { id: "x", repo: "o/r", base: BASE, query, gold: { related_tests: ["tests/parse.test.ts"], given_files: ["src/parse.ts"], fix_commit: FIX, ...gold }, metadata: {} });
}

function input(r: SampleRecord, extra: Partial<GateInput> = {}): GateInput {
  return {
    record: r,
    baseFiles: new Set(files.keys()),
    baseText: (f) => files.get(f) ?? null,
    universe: pathUniverse(files.keys()),
    patch: { added: new Map([["tests/parse.test.ts", ["test('trim keeps inner spaces', () => expect(parse(' a b ')).toBe('a b'));"]]]), removed: new Map() },
    ...extra,
  };
}

const gates = (i: GateInput) => sampleGateFailures(i).map((f) => f.gate);
const clean = code2test({ commit_subject: "Parsing trims its input before reading it", changed_files: ["src/parse.ts"] });

describe("the gates of one sample", () => {
  it("pass a clean sample", () => {
    expect(sampleGateFailures(input(clean))).toEqual([]);
  });

  it("exact_gold_path: a gold path anywhere in the query, in any case", () => {
    expect(gates(input(code2test({ commit_subject: "Trim input; see TESTS/parse.test.ts" })))).toContain("exact_gold_path");
  });

  it("given_is_gold: a gold file the query already hands over", () => {
    expect(gates(input(code2test({ commit_subject: "Parsing trims its input before reading it" }, { given_files: ["tests/parse.test.ts"] })))).toEqual(["given_is_gold"]);
  });

  it("fix_commit_hash: the mined commit's id, whole or as a 12- or 7-digit prefix", () => {
    for (const id of [FIX, FIX.slice(0, 12), FIX.slice(0, 7)]) expect(gates(input(code2test({ commit_subject: `Parsing trims (${id})` })))).toContain("fix_commit_hash");
  });

  it("fix_patch: a diff header, a changed line in the message, a hunk not from the anchor, the mutated line", () => {
    expect(gates(input(code2test({ commit_subject: "Trim", commit_body: "diff --git a/x b/x\nmore words here" })))).toContain("fix_patch");
    const quoted = code2test({ commit_subject: "Trim the input", commit_body: "test('trim keeps inner spaces', () => expect(parse(' a b ')).toBe('a b'));" });
    expect(sampleGateFailures(input(quoted)).find((f) => f.gate === "fix_patch")?.detail).toMatch(/tests\/parse.test.ts: test\('trim keeps inner spaces'/);
    const ripple = record("edit2ripple", { id: "e", repo: "o/r", base: BASE, query: { intent: "Trim the input", anchor_file: "src/parse.ts", anchor_diff: "@@ -1 +1 @@\n-a\n+b" }, gold: { files: ["src/app.ts"], given_files: ["src/parse.ts"], fix_commit: FIX }, metadata: {} });
    const withAnchor = (anchorPatch: string) => input(ripple, { patch: { added: new Map(), removed: new Map(), anchorPatch } });
    expect(gates(withAnchor("@@ -1 +1 @@\n-a\n+b\n@@ -9 +9 @@\n x"))).toEqual([]);
    expect(gates(withAnchor("@@ -1 +1 @@\n-a\n+c"))).toEqual(["fix_patch"]);
    const trace = record("trace2code", { id: "t", repo: "o/r", base: BASE, query: { command: "npx vitest run tests/parse.test.ts", failure_excerpt: "Error at return text.trimEnd();" }, gold: { root_cause_files: ["src/parse.ts"], related_tests: ["tests/parse.test.ts"] }, metadata: {} });
    expect(gates(input(trace, { patch: undefined, mutation: { file: "src/parse.ts", originalLine: "  return text.trim();", mutatedLine: "  return text.trimEnd();" } }))).toEqual(["fix_patch"]);
  });

  it("redaction: a repository path or a hash left in the message, the mutated file named in an excerpt", () => {
    expect(gates(input(code2test({ commit_subject: "Trim in src/app.ts too" })))).toEqual(["redaction"]);
    expect(gates(input(code2test({ commit_subject: "Trim as 9f8e7d6c did" })))).toEqual(["redaction"]);
    const trace = (excerpt: string) => record("trace2code", { id: "t", repo: "o/r", base: BASE, query: { command: "npx vitest run tests/parse.test.ts", failure_excerpt: excerpt }, gold: { root_cause_files: ["src/parse.ts"], related_tests: ["tests/parse.test.ts"] }, metadata: {} });
    const m = { file: "src/parse.ts", originalLine: "x", mutatedLine: "y" };
    expect(gates(input(trace(" ❯ parse [path]:[line]"), { patch: undefined, mutation: m }))).toEqual([]);
    expect(gates(input(trace(" ❯ parse parse.ts:2:3"), { patch: undefined, mutation: m }))).toEqual(["redaction"]);
    expect(gates(input(trace("import '@/src/parse' failed"), { patch: undefined, mutation: m }))).toEqual(["redaction"]);
    expect(gates(input(trace(" ❯ parse [path]:2:3"), { patch: undefined, mutation: m }))).toEqual(["redaction"]);
  });

  it("plain_text: a control character or unpaired surrogate in a query, a NUL anywhere in the record", () => {
    expect(sampleGateFailures(input(code2test({ commit_subject: "Parsing trims its input\u0007 before reading it" })))).toEqual([{ gate: "plain_text", detail: "query.commit_subject contains the control character U+0007" }]);
    expect(gates(input(code2test({ commit_subject: "Parsing trims its input before reading it \ud800" })))).toEqual(["plain_text"]);
    const r = code2test({ commit_subject: "Parsing trims its input before reading it" });
    expect(gates(input({ ...r, metadata: { note: "a\u0000b" } }))).toEqual(["plain_text"]);
  });

  it("gold_at_base: a gold, given or supporting file the base commit does not hold", () => {
    expect(sampleGateFailures(input(code2test({ commit_subject: "Parsing trims its input before reading it" }, { related_tests: ["tests/gone.test.ts"] })))).toEqual([{ gate: "gold_at_base", detail: "tests/gone.test.ts" }]);
    expect(gates(input(code2test({ commit_subject: "Parsing trims its input before reading it" }, { supporting_files: ["tests/helpers/gone.ts"] })))).toEqual(["gold_at_base"]);
  });

  it("duplicate: the same query of a task, or the same files from the same source", () => {
    const a = duplicateKeys(clean, "c1");
    expect(duplicateKeys(code2test({ commit_subject: "Parsing  trims its INPUT before reading it", changed_files: ["src/parse.ts"] }), "c2")[0]).toBe(a[0]);
    expect(duplicateKeys(code2test({ commit_subject: "Another message" }), "c1")[1]).toBe(a[1]);
    expect(duplicateKeys(code2test({ commit_subject: "Another message" }), "c2")).not.toContain(a[1]);
  });
});
