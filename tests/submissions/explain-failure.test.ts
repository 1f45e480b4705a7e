import { describe, expect, it } from "vitest";
import { explainFailure, logExcerpt } from "@/lib/submissions/explain-failure";

const log = [
  "2026-12-01T10:00:00.000Z  attempt 1 started on worker w1 (runner 2, image sha256:abc)",
  "2026-12-01T10:00:01.000Z  ranked 48 of 48 queries",
  "2026-12-01T10:00:02.000Z  attempt 1 failed while ranking:",
  "AppError: query q_0001: 239 corpus snippets share exactly the score 0.85 across the top-10 cut-off",
  'details: {"reason":"tie-group-too-large","queryId":"q_0001","tieGroupSize":239,"score":0.85,"limit":100}',
  "",
].join("\n");

describe("failure explanations", () => {
  it("keeps the failed attempt's lines from the log, without stack frames", () => {
    expect(logExcerpt(log)).toEqual(log.split("\n").slice(2, 5));
    const crash = ["2026-12-01T10:00:02.000Z  attempt 3 failed while executing (it will be retried):", "Error: connect ECONNREFUSED", "    at Socket.connect (node:net:1)", "caused by Error: down"].join("\n");
    expect(logExcerpt(crash)).toEqual(["2026-12-01T10:00:02.000Z  attempt 3 failed while executing (it will be retried):", "Error: connect ECONNREFUSED"]);
  });

  it("explains a tie group too large to execute as the file's fault, with what to change for embeddings and for rankings", () => {
    const facts = { error: "query q_0001: 239 corpus snippets share exactly the score 0.85", stage: "ranking", details: { code: "INVALID_UPLOAD", reason: "tie-group-too-large", queryId: "q_0001", tieGroupSize: 239, score: 0.85, limit: 100 }, log, refunded: false, ranking: false };
    const e = explainFailure(facts);
    expect(e).toMatchObject({ cause: "file", title: "Too many snippets tie at the top-10 cut-off", stage: "ranking", refunded: false });
    expect(e.what).toContain("For q_0001, 239 corpus snippets received exactly the same score (0.85)");
    expect(e.what).toContain("groups of 100");
    expect(e.fix.join(" ")).toMatch(/every corpus row is the embedding of its own snippet/);
    expect(e.excerpt.at(-1)).toContain('"tieGroupSize":239');
    expect(explainFailure({ ...facts, ranking: true }).fix[0]).toMatch(/distinct scores/);
  });

  it("names the matrix whose rows are all one vector", () => {
    const e = explainFailure({ error: "corpus_embeddings: all 240 rows are the same vector", stage: "ranking", details: { code: "INVALID_UPLOAD", reason: "identical-rows", matrix: "corpus_embeddings", rows: 240 }, log: "", refunded: false, ranking: false });
    expect(e.title).toBe("Every row of corpus_embeddings is the same vector");
    expect(e.what).toBe("All 240 rows of corpus_embeddings are identical, so every snippet would tie for every query: there is nothing to rank.");
    expect(e.fix[0]).toContain("`code` field");
  });

  it("tells the vendor a platform failure was not theirs and was refunded", () => {
    const e = explainFailure({ error: "scoring failed after 5 attempt(s): Redis went away", stage: "executing", details: { code: "INTERNAL", reason: "platform" }, log: "", refunded: true, ranking: false });
    expect(e).toMatchObject({ cause: "platform", title: "Scoring failed on our side", refunded: true });
    expect(e.what).toContain("while executing");
    expect(e.fix[0]).toContain("does not count against your quota");
    // No details recorded (a failure from before they were kept): refunded means ours.
    expect(explainFailure({ error: "lost", stage: null, details: null, log: "", refunded: true, ranking: false }).cause).toBe("platform");
  });

  it("falls back to the message for a file problem it has no words for", () => {
    const e = explainFailure({ error: "query_ids: 3 ids are not in the benchmark", stage: "validating", details: { code: "INVALID_UPLOAD" }, log: "", refunded: false, ranking: false });
    expect(e).toMatchObject({ cause: "file", title: "The file could not be scored", what: "query_ids: 3 ids are not in the benchmark" });
  });
});
