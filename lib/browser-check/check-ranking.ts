import { checkRankingSize, validateRankingFile } from "@/lib/rankings/validate-ranking";
import { problemText, type CheckReport, type ExpectedIds } from "./check-report";

// A ranking file (JSON lines) is checked in the browser with the server's own validator: one
// object per query with query_id, corpus_ids (best first) and non-increasing scores, every query
// once, known corpus ids, enough depth. It is text a few MB long, so it is read whole.
export async function checkRankingFile(file: Blob, expected: ExpectedIds): Promise<CheckReport> {
  const label = "JSON lines: one ranking per query";
  try {
    checkRankingSize(file.size, expected); // before the file is read into memory
    const r = validateRankingFile(new Uint8Array(await file.arrayBuffer()), expected);
    const depth = r.minDepth === r.maxDepth ? `${r.minDepth}` : `${r.minDepth}–${r.maxDepth}`;
    return {
      kind: "ranking",
      ok: true,
      items: [{ label, ok: true, detail: `${r.queryCount} queries, each ranking ${depth} of ${r.corpusCount} corpus ids` }],
      summary: { queries: r.queryCount, corpus: r.corpusCount, dims: null, dtype: "ranking" },
    };
  } catch (e) {
    return { kind: "ranking", ok: false, items: [{ label, ok: false, detail: problemText(e) }], summary: null };
  }
}
