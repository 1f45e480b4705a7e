import { describe, expect, it } from "vitest";
import { checkSubmissionFile } from "@/lib/browser-check/check-submission-file";

// Ranking files (JSON lines) are checked in the browser with the server's own validator.
const expected = { queryIds: ["q1", "q2"], corpusIds: ["c1", "c2", "c3"] };
const line = (q: string, ids: string[], scores: number[]) => JSON.stringify({ query_id: q, corpus_ids: ids, scores });
const file = (text: string) => new Blob([text]);
const check = (text: string) => checkSubmissionFile(file(text), expected, { maxBytes: 1024 * 1024 });

describe("in-browser ranking-file check", () => {
  it("accepts one full ranking per query and says what it found", async () => {
    const text = [line("q2", ["c3", "c1", "c2"], [3, 2, 1]), line("q1", ["c1", "c2", "c3"], [0.9, 0.9, 0.1])].join("\n") + "\n";
    const r = await check(text);
    expect(r.kind).toBe("ranking");
    expect(r.ok).toBe(true);
    expect(r.items.at(-1)).toEqual({ label: "JSON lines: one ranking per query", ok: true, detail: "2 queries, each ranking 3 of 3 corpus ids" });
    expect(r.summary).toEqual({ queries: 2, corpus: 3, dims: null, dtype: "ranking" });
  });

  it("names the line and the problem: bad JSON, increasing scores, a missing query, unknown ids", async () => {
    const bad = async (text: string) => (await check(text)).items.find((i) => !i.ok)?.detail;
    expect(await bad(`${line("q1", ["c1", "c2", "c3"], [3, 2, 1])}\n{"query_id": "q2", oops}\n`)).toMatch(/^line 2 is not valid JSON/);
    expect(await bad([line("q1", ["c1", "c2", "c3"], [1, 2, 3]), line("q2", ["c1", "c2", "c3"], [3, 2, 1])].join("\n"))).toMatch(
      /^line 1 \(query q1\): scores must not increase down the ranking/,
    );
    expect(await bad(line("q1", ["c1", "c2", "c3"], [3, 2, 1]))).toBe(`the ranking's query ids do not match the benchmark's: 1 missing ("q2")`);
    expect(await bad([line("q1", ["c1", "c2", "c9"], [3, 2, 1]), line("q2", ["c1", "c2", "c3"], [3, 2, 1])].join("\n"))).toBe(
      'line 1 (query q1): corpus id "c9" (rank 3) is not in the benchmark',
    );
  });

  it("decides the kind from the first bytes, as the server does", async () => {
    expect((await check("  \n" + line("q1", ["c1"], [1]))).kind).toBe("ranking");
    expect((await check("PK\u0003\u0004 not really a zip")).kind).toBe("embeddings");
  });
});
