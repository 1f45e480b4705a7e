import fs from "node:fs/promises";
import { validateSubmissionFile } from "@/lib/embeddings/server-readers";
import { isAppError } from "@/lib/errors/app-error";
import { arrayBudget } from "@/lib/embeddings/validate-submission";
import { detectSubmissionKind } from "@/lib/rankings/detect-kind";
import { checkRankingSize, validateRankingFile } from "@/lib/rankings/validate-ranking";
import type { ApiClient } from "./api-client";

export type LocalCheck = { ok: true; summary: string } | { ok: false; problem: string } | { ok: null; why: string };

interface DatasetListing {
  version: string;
  files: { name: string; url: string }[];
}

// Before a file is uploaded, `execboard submit` checks it on this machine with the server's own
// validation (the one .npz reader of lib/embeddings, streaming from disk; lib/rankings for ranking
// files) against the ids of the benchmark's newest version, read from its dataset download, so a
// file the server would refuse is refused here in the server's words, before gigabytes are sent.
// When the ids cannot be had (an old version without a stored dataset, a benchmark of another
// kind), nothing is decided here: the server checks the file as always.
export async function checkHere(client: ApiClient, slug: string, file: string, declared?: string): Promise<LocalCheck> {
  const ids = await benchmarkIds(client, slug).catch((e: Error) => e);
  if (ids instanceof Error) return { ok: null, why: ids.message };
  const fh = await fs.open(file, "r");
  let head: Buffer, size: number;
  try {
    size = (await fh.stat()).size;
    head = Buffer.alloc(Math.min(4096, size));
    await fh.read(head, 0, head.length, 0);
  } finally {
    await fh.close();
  }
  try {
    if (detectSubmissionKind(head, declared) === "ranking") {
      checkRankingSize(size, ids);
      const r = validateRankingFile(await fs.readFile(file), ids);
      return { ok: true, summary: `ranking of ${r.queryCount} queries, ${r.minDepth}–${r.maxDepth} of ${r.corpusCount} corpus ids each` };
    }
    const v = await validateSubmissionFile(file, ids, { maxBytes: arrayBudget(ids.queryIds.length, ids.corpusIds.length) });
    return { ok: true, summary: `${v.queryCount} queries × ${v.corpusCount} corpus rows, d=${v.dims}, ${v.dtype}` };
  } catch (e) {
    if (isAppError(e) && (e.code === "INVALID_UPLOAD" || e.code === "PAYLOAD_TOO_LARGE")) return { ok: false, problem: e.message };
    throw e;
  }
}

async function benchmarkIds(client: ApiClient, slug: string): Promise<{ queryIds: string[]; corpusIds: string[] }> {
  const listing = await client.request<DatasetListing>("GET", `/api/v1/benchmarks/${encodeURIComponent(slug)}/dataset`);
  const column = async (name: string, key: string) => {
    const f = listing.files.find((x) => x.name === name);
    if (!f) throw new Error(`its dataset has no ${name}`);
    const text = (await client.download(f.url)).bytes.toString("utf8");
    return text.split("\n").filter((l) => l.trim() !== "").map((l) => String((JSON.parse(l) as Record<string, unknown>)[key]));
  };
  return { queryIds: await column("queries.jsonl", "query_id"), corpusIds: await column("corpus.jsonl", "corpus_id") };
}
