import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { checkRankingUpload, detectSubmissionKind, validateRankingFile } from "@/lib/rankings";
import { rankingFileBudget } from "@/lib/rankings/ranking-format";

const expected = { queryIds: ["q1", "q2", "q3"], corpusIds: ["c1", "c2", "c3", "c4", "c5"] };
const line = (queryId: string, ids: string[], scores: number[]) => JSON.stringify({ query_id: queryId, corpus_ids: ids, scores });
const ALL = ["c1", "c2", "c3", "c4", "c5"];
const good = [
  line("q2", ["c3", "c1", "c2", "c5", "c4"], [9, 8, 8, 1, -2]), // c1 and c2 tie: either order, equally likely
  line("q1", ALL, [5, 4, 3, 2, 1]),
  line("q3", ["c5", "c4", "c3", "c2", "c1"], [0.5, 0.25, 0, 0, 0]),
];
const file = (lines: string[], end = "\n") => Buffer.from(lines.join("\n") + end, "utf8");

function refusal(buffer: Uint8Array, exp = expected, opts = {}): string {
  try {
    validateRankingFile(buffer, exp, opts);
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe("INVALID_UPLOAD");
    return (e as AppError).message;
  }
  throw new Error("expected a refusal");
}

describe("validateRankingFile: accepted files", () => {
  it("returns rows and scores in benchmark query order, whatever the line order", () => {
    const r = validateRankingFile(file(good), expected);
    expect(r).toMatchObject({ queryCount: 3, corpusCount: 5, minDepth: 5, maxDepth: 5 });
    expect(r.rows.map((x) => Array.from(x))).toEqual([[0, 1, 2, 3, 4], [2, 0, 1, 4, 3], [4, 3, 2, 1, 0]]);
    expect(Array.from(r.scores[1])).toEqual([9, 8, 8, 1, -2]);
  });

  it("accepts a missing final newline and CRLF line endings", () => {
    expect(validateRankingFile(file(good, ""), expected).rows).toHaveLength(3);
    expect(validateRankingFile(Buffer.from(good.join("\r\n") + "\r\n"), expected).rows).toHaveLength(3);
  });

  it("takes a tie group at rank 10 that the list holds whole, and one that runs to the end of a list of the whole corpus", () => {
    const big = { queryIds: ["q"], corpusIds: Array.from({ length: 150 }, (_, i) => `c${i}`) };
    const ids = (n: number) => big.corpusIds.slice(0, n);
    // Ranks 8-12 tie, then strictly lower scores.
    const scores = ids(100).map((_, i) => (i >= 7 && i <= 11 ? -7 : -i));
    expect(validateRankingFile(file([line("q", ids(100), scores)]), big).maxDepth).toBe(100);
    // Every corpus id listed: the last group is complete, even at the end of the list.
    const small = { queryIds: ["q"], corpusIds: ALL };
    expect(validateRankingFile(file([line("q", ALL, [1, 1, 1, 1, 1])]), small).minDepth).toBe(5);
  });

  it("requires the top 100 when the corpus is larger than that", () => {
    const big = { queryIds: ["q"], corpusIds: Array.from({ length: 150 }, (_, i) => `c${i}`) };
    const ids = (n: number) => big.corpusIds.slice(0, n);
    expect(validateRankingFile(file([line("q", ids(100), ids(100).map((_, i) => -i))]), big).minDepth).toBe(100);
    expect(refusal(file([line("q", ids(99), ids(99).map((_, i) => -i))]), big)).toBe("line 1 (query q): ranks 99 corpus ids; at least the top 100 are required");
  });
});

describe("validateRankingFile: refusals name the problem and the line", () => {
  const cases: [string, Uint8Array, string | RegExp][] = [
    ["empty file", Buffer.alloc(0), "ranking file is empty"],
    ["byte-order mark", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), file(good)]), /byte-order mark/],
    ["invalid UTF-8", Buffer.concat([file(good), Buffer.from([0xff, 0xfe])]), "ranking file is not valid UTF-8"],
    ["blank line", file([good[0], "", good[1], good[2]]), /^line 2 is empty/],
    ["not JSON", file([good[0], "{query_id: q1}", good[2]]), /^line 2 is not valid JSON/],
    ["not an object", file([good[0], "[1, 2]", good[2]]), /^line 2 is not a JSON object/],
    ["missing field", file([good[0], JSON.stringify({ query_id: "q1", corpus_ids: ALL }), good[2]]), /^line 2: missing scores;/],
    ["extra field", file([good[0], JSON.stringify({ query_id: "q1", corpus_ids: ALL, scores: [5, 4, 3, 2, 1], model: "x" }), good[2]]), /^line 2: unexpected "model";/],
    ["query_id not a string", file([JSON.stringify({ query_id: 1, corpus_ids: ALL, scores: [1, 1, 1, 1, 1] })]), "line 1: query_id must be a non-empty string"],
    ["corpus_ids not an array", file([JSON.stringify({ query_id: "q1", corpus_ids: "c1", scores: [] })]), "line 1 (query q1): corpus_ids must be an array of corpus ids"],
    ["query twice", file([...good, good[1]]), "line 4 (query q1): query q1 is ranked twice (first on line 2)"],
    ["missing and unknown queries", file([good[0], line("q9", ALL, [5, 4, 3, 2, 1]), good[2]]), `the ranking's query ids do not match the benchmark's: 1 missing ("q1"); 1 unexpected ("q9")`],
    ["unknown corpus id", file([good[0], line("q1", ["c1", "c2", "c3", "c4", "x"], [5, 4, 3, 2, 1]), good[2]]), `line 2 (query q1): corpus id "x" (rank 5) is not in the benchmark`],
    ["corpus id twice", file([good[0], line("q1", ["c1", "c2", "c3", "c4", "c1"], [5, 4, 3, 2, 1]), good[2]]), `line 2 (query q1): corpus id "c1" is ranked twice`],
    ["corpus id not a string", file([good[0], JSON.stringify({ query_id: "q1", corpus_ids: ["c1", 2, "c3", "c4", "c5"], scores: [5, 4, 3, 2, 1] }), good[2]]), "line 2 (query q1): corpus_ids[1] is not a string"],
    ["too short", file([good[0], line("q1", ["c1", "c2"], [2, 1]), good[2]]), "line 2 (query q1): ranks 2 corpus ids; at least the top 5 are required"],
    ["length mismatch", file([good[0], line("q1", ALL, [5, 4, 3, 2]), good[2]]), "line 2 (query q1): 5 corpus_ids but 4 scores"],
    ["non-finite score", file([good[0], '{"query_id": "q1", "corpus_ids": ["c1","c2","c3","c4","c5"], "scores": [1e999, 4, 3, 2, 1]}', good[2]]), "line 2 (query q1): scores[0] is not a finite number"],
    ["score not a number", file([good[0], JSON.stringify({ query_id: "q1", corpus_ids: ALL, scores: [5, "4", 3, 2, 1] }), good[2]]), "line 2 (query q1): scores[1] is not a finite number"],
    ["increasing scores", file([good[0], line("q1", ALL, [5, 4, 3, 3.5, 1]), good[2]]), "line 2 (query q1): scores must not increase down the ranking, but rank 4 (c4, 3.5) scores above rank 3 (c3, 3)"],
  ];
  for (const [name, buffer, message] of cases) {
    it(name, () => {
      const got = refusal(buffer);
      if (typeof message === "string") expect(got).toBe(message);
      else expect(got).toMatch(message);
    });
  }

  it("refuses a list that ends inside the tie group at rank 10, naming the line and the score", () => {
    const big = { queryIds: ["q"], corpusIds: Array.from({ length: 150 }, (_, i) => `c${i}`) };
    const ids = big.corpusIds.slice(0, 100);
    const scores = ids.map((_, i) => (i >= 9 ? 0 : 10 - i)); // ranks 10-100 tie at 0: more may follow
    expect(refusal(file([line("q", ids, scores)]), big)).toBe(
      "line 1 (query q): the corpus ids tied at rank 10 (score 0) continue to the end of its list of 100; list every corpus id with that score, or give distinct scores to rank them",
    );
    const tail = ids.map((_, i) => (i >= 95 ? 1 : 200 - i)); // no tie at rank 10
    expect(validateRankingFile(file([line("q", ids, tail)]), big).minDepth).toBe(100);
    const ending = ids.map((_, i) => (i >= 5 ? 3 : 200 - i)); // ranks 6-100 tie, list ends there
    expect(refusal(file([line("q", ids, ending)]), big)).toBe(
      "line 1 (query q): the corpus ids tied at rank 10 (score 3) continue to the end of its list of 100; list every corpus id with that score, or give distinct scores to rank them",
    );
  });

  it("refuses a tie group at rank 10 larger than the executed cap", () => {
    const big = { queryIds: ["q"], corpusIds: Array.from({ length: 300 }, (_, i) => `c${i}`) };
    const scores = big.corpusIds.map((_, i) => (i < 2 ? 9 - i : 1));
    expect(refusal(file([line("q", big.corpusIds, scores)]), big)).toMatch(/^line 1 \(query q\): 298 corpus ids share exactly the score 1 across the top-10 cut-off; tie groups of at most 100 are executed/);
  });

  it("enforces a byte limit", () => {
    expect(refusal(file(good), expected, { maxBytes: 10 })).toMatch(/^ranking file is \d+ bytes; the limit is 10$/);
  });

  it("refuses a file larger than any ranking of the benchmark could be by its size, before decoding it", () => {
    const budget = rankingFileBudget(expected);
    // The deepest honest file: every query ranks the whole corpus, with the longest scores, pretty-printed.
    const deepest = expected.queryIds.map((q) => JSON.stringify({ query_id: q, corpus_ids: ALL, scores: ALL.map((_, i) => -1.234567890123456e-300 * (i + 1)) }, null, 1).replaceAll("\n", " "));
    expect(file(deepest).length).toBeLessThan(budget);
    expect(validateRankingFile(file(deepest), expected).maxDepth).toBe(5);
    // One byte over, and not even UTF-8: refused by its size, never decoded.
    const hostile = Buffer.alloc(budget + 1, 0xff);
    expect(refusal(hostile)).toBe(`ranking file is ${budget + 1} bytes, more than any ranking of this benchmark can be (${budget} bytes: each of its 3 queries ranking all 5 corpus ids)`);
  });
});

describe("checkRankingUpload", () => {
  it("summarises an accepted ranking and refuses embedding-only metadata", () => {
    expect(checkRankingUpload(file(good), expected, {}).summary).toBe("ranking of 3 queries, 5 of 5 corpus ids each");
    expect(() => checkRankingUpload(file(good), expected, { dimensions: 768 })).toThrow(/metadata.dimensions describes embedding matrices/);
  });
});

describe("detectSubmissionKind", () => {
  it("reads the kind from the first bytes unless declared", () => {
    expect(detectSubmissionKind(Buffer.from("PK\x03\x04rest"))).toBe("embeddings");
    expect(detectSubmissionKind(Buffer.from('{"query_id"'))).toBe("ranking");
    expect(detectSubmissionKind(Buffer.from(' \r\n\t{"query_id"'))).toBe("ranking");
    expect(detectSubmissionKind(Buffer.from('\ufeff{"query_id"'))).toBe("ranking");
    expect(detectSubmissionKind(Buffer.from("definitely not a zip"))).toBe("embeddings");
    expect(detectSubmissionKind(Buffer.from("PK\x03\x04"), "ranking")).toBe("ranking");
    expect(detectSubmissionKind(Buffer.from("{"), "")).toBe("ranking");
    expect(() => detectSubmissionKind(Buffer.from("{"), "matrix")).toThrow(/kind must be "embeddings"/);
  });
});
