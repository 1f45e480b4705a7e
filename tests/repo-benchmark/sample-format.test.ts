// Which files a released record's sample has as gold, given, supporting and distractor files, task
// by task, and the refusals of records left with nothing to retrieve.
import { describe, expect, it } from "vitest";
import { readSamples } from "@/lib/repo-benchmark/read-samples";
import { normalizeSample, releasedSampleSchema, taskOf } from "@/lib/repo-benchmark/sample-format";

const BASE = "a".repeat(40);

function normalized(record: Record<string, unknown>) {
  const r = releasedSampleSchema.parse({ id: "s1", repo: "acme/widgets", base_commit: BASE, query: {}, ...record });
  return normalizeSample(r, taskOf(r)!);
}

describe("sample normalization", () => {
  it("gives comment2context without must-context files the other files the record names, the reviewed file given", () => {
    const s = normalized({
      task_type: "comment2context",
      query: { path: "src/reviewed.rs", review_comment: "Why here?" },
      gold: {
        root_cause_files: ["src/reviewed.rs"],
        supporting_files: ["src/helper.rs"],
        related_tests: ["tests/reviewed.rs", "src/reviewed.rs"],
        negative_distractors: ["src/helper.rs", "tests/reviewed.rs", "docs/unrelated.md", "src/reviewed.rs"],
      },
    });
    expect(s.gold_files).toEqual(["src/helper.rs", "tests/reviewed.rs"]);
    expect(s.given_files).toEqual(["src/reviewed.rs"]);
    expect(s.given_removed).toEqual(["src/reviewed.rs"]);
    expect(s.derived_gold).toBe(true);
    expect(s.supporting_files).toEqual([]);
    expect(s.distractor_files).toEqual(["docs/unrelated.md"]);
  });

  it("takes must_context_files (else context_files) as comment2context gold when the record has them, its other files staying supporting", () => {
    const must = normalized({
      task_type: "comment2context",
      query: { given_file: "src/reviewed.rs", path: "src/other.rs" },
      gold: { must_context_files: [{ path: "src/chan.rs", evidence: ["symbol"] }, { path: "src/reviewed.rs" }], context_files: ["src/ignored.rs"], supporting_files: ["src/helper.rs"], root_cause_files: ["src/reviewed.rs"] },
    });
    // query.given_file names the reviewed file before query.path.
    expect(must.given_files).toEqual(["src/reviewed.rs"]);
    expect(must.gold_files).toEqual(["src/chan.rs"]);
    expect(must.given_removed).toEqual(["src/reviewed.rs"]);
    expect(must.supporting_files).toEqual(["src/helper.rs"]);
    expect(must.derived_gold).toBe(false);
    const context = normalized({ task_type: "comment2context", query: { path: "src/reviewed.rs" }, gold: { context_files: ["src/ctx.rs"], related_tests: ["tests/t.rs"] } });
    expect(context.gold_files).toEqual(["src/ctx.rs"]);
    expect(context.given_removed).toEqual([]);
  });

  it("never keeps a given file as gold, whatever the task", () => {
    const c2t = normalized({ task_type: "code2test", query: { changed_file: "src/lib.py" }, gold: { related_tests: ["tests/test_lib.py", "src/lib.py"] } });
    expect(c2t).toMatchObject({ gold_files: ["tests/test_lib.py"], given_files: ["src/lib.py"], given_removed: ["src/lib.py"] });
    const e2r = normalized({ task_type: "edit2ripple", query: { anchor_file: "src/a.rs" }, gold: { files: ["src/a.rs", "src/b.rs"], given_files: ["src/c.rs"], supporting_files: ["src/c.rs", "src/d.rs"] } });
    expect(e2r).toMatchObject({ gold_files: ["src/b.rs"], given_files: ["src/c.rs", "src/a.rs"], given_removed: ["src/a.rs"], supporting_files: ["src/d.rs"] });
    const t2c = normalized({ task_type: "trace2code", query: { failure_excerpt: "boom" }, gold: { root_cause_files: ["src/root.go"], related_tests: ["src/root_test.go"] } });
    expect(t2c).toMatchObject({ gold_files: ["src/root.go"], given_files: [], given_removed: [], supporting_files: ["src/root_test.go"] });
  });

  it("refuses a positive record whose only gold files are given, with its own reason, apart from one naming none", () => {
    const line = (id: string, gold: object, task = "comment2context") => JSON.stringify({ id, task_type: task, repo: "acme/widgets", base_commit: BASE, query: { path: "src/reviewed.rs", changed_file: "src/lib.py" }, gold });
    const read = readSamples(
      [
        line("only-given", { root_cause_files: ["src/reviewed.rs"], related_tests: ["src/reviewed.rs"] }),
        line("two-given", { files: ["src/lib.py", "src/reviewed.rs"], given_files: ["src/reviewed.rs"] }, "code2test"),
        line("none", { related_tests: [] }, "code2test"),
        line("kept", { root_cause_files: ["src/reviewed.rs"], supporting_files: ["src/helper.rs"] }),
      ].join("\n"),
    );
    expect(read.samples.map((s) => s.sample_id)).toEqual(["kept"]);
    expect(read.refused).toEqual([
      { line: 1, sampleId: "only-given", reason: "a comment2context sample whose only gold file is given context (src/reviewed.rs): nothing is left to retrieve" },
      { line: 2, sampleId: "two-given", reason: "a code2test sample whose only gold files are given context (src/lib.py, src/reviewed.rs): nothing is left to retrieve" },
      { line: 3, sampleId: "none", reason: "a code2test sample names no gold file" },
    ]);
  });

  it("refuses a record holding a NUL character by the field that holds it, before anything reaches the database", () => {
    const rec = (id: string, query: object) => JSON.stringify({ id, task_type: "code2test", repo: "acme/widgets", base_commit: BASE, query, gold: { related_tests: ["tests/a.py"] } });
    const read = readSamples(
      [
        rec("nul-in-text", { failure: { excerpt: "magic \u0000\u0001 bytes" } }),
        rec("nul-in-list", { frames: ["ok", "bad\u0000"] }),
        rec("escaped", { failure: { excerpt: "magic \\x00 bytes, \u0001 kept" } }),
      ].join("\n"),
    );
    expect(read.samples.map((s) => s.sample_id)).toEqual(["escaped"]);
    expect(read.refused).toEqual([
      { line: 1, sampleId: "nul-in-text", reason: "query.failure.excerpt holds a NUL character (\\u0000), which no text column can store; write it as an escape such as \\x00" },
      { line: 2, sampleId: "nul-in-list", reason: "query.frames[1] holds a NUL character (\\u0000), which no text column can store; write it as an escape such as \\x00" },
    ]);
  });
});
