import { describe, expect, it } from "vitest";
import { checkRepoSubmissionFile } from "@/lib/browser-check/check-repo-file";

// The upload form's check of a repository-retrieval file: run files are parsed in the browser by
// the server's parser against the version's sample ids (everything but the paths, which need the
// corpus), refusals naming their line; anything that is not a run file goes as chunk embeddings.
const samples = ["s-one", "s-two", "s-three"];
const check = (text: string | Uint8Array, maxBytes = 1024 * 1024) => checkRepoSubmissionFile(new Blob([text as BlobPart]), samples, maxBytes);
const failure = async (text: string) => (await check(text)).items.find((i) => !i.ok)?.detail;

describe("in-browser check of a repository-retrieval file", () => {
  it("accepts a TREC run and says what it covers", async () => {
    const r = await check("s-one Q0 src/a.py 1 2.5 mine\ns-one Q0 src/b.py 2 1 mine\ns-two Q0 x.go 1 0.5 mine\n");
    expect(r.kind).toBe("run_trec");
    expect(r.ok).toBe(true);
    expect(r.summary).toEqual({ queries: 2, corpus: 3, dims: null, dtype: "run" });
    expect(r.items.at(-1)?.detail).toBe("files for 2 of 3 samples, at most 2 each, run tag mine; each path is checked against its sample's repository on upload");
  });

  it("accepts a JSON lines run with abstention scores", async () => {
    const r = await check(`{"sample_id": "s-three", "files": [], "scores": [], "abstention": 4}\n{"sample_id": "s-one", "files": ["a.py", "b.py"], "scores": [2, 2], "abstention": 0.1}\n`);
    expect(r).toMatchObject({ kind: "run_jsonl", ok: true, summary: { queries: 2, corpus: 3 } });
  });

  it("refuses a bad run naming its line, as the server would", async () => {
    expect(await failure("s-one Q0 a.py 1 1 mine\ns-nope Q0 b.py 1 1 mine\n")).toBe("line 2: unknown sample s-nope");
    expect(await failure("s-one Q0 a.py 1 1 mine\ns-one Q0 b.py 3 0.5 mine\n")).toMatch(/^line 2: /);
    expect(await failure(`{"sample_id": "s-one", "files": ["a.py", "b.py"], "scores": [1, 2]}\n`)).toMatch(/^line 1: /);
    expect(await failure(`{"sample_id": "s-two", "files": ["a.py"], "scores": [1]}\n{"sample_id": "s-two", "files": [], "scores": []}\n`)).toBe("line 2: sample s-two appears twice (first at line 1)");
    const deep = Array.from({ length: 101 }, (_, i) => `f${i}.py`);
    expect(await failure(JSON.stringify({ sample_id: "s-one", files: deep, scores: deep.map((_, i) => 200 - i) }))).toBe("line 1: 101 files ranked for sample s-one; at most 100 per sample");
  });

  it("refuses an empty or oversized file before reading it", async () => {
    expect((await check("")).items).toEqual([{ label: "File size", ok: false, detail: "the file is empty" }]);
    expect((await check("s-one Q0 a.py 1 1 mine\n", 10)).items[0]).toMatchObject({ label: "File size", ok: false });
  });

  it("sends anything else as chunk embeddings, for the server to check", async () => {
    const r = await check(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]));
    expect(r).toMatchObject({ kind: "chunk_embeddings", ok: true, summary: { queries: 3 } });
  });
});
