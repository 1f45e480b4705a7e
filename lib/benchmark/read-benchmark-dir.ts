import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { describeIssues } from "@/lib/errors/zod-issues";
import { parseJsonLines } from "@/lib/text/json-lines";
import { benchmarkMetaSchema, corpusRowSchema, queryRowSchema, type BenchmarkData } from "./format";

// Reads and schema-checks a benchmark directory. Every problem names the file and line.
export async function readBenchmarkDir(dir: string): Promise<BenchmarkData> {
  const read = async (name: string) => {
    try {
      return await fs.readFile(path.join(dir, name), "utf8");
    } catch {
      throw new AppError("BAD_REQUEST", `${path.join(dir, name)}: file not found`);
    }
  };
  const [metaText, queriesText, corpusText] = await Promise.all([
    read("benchmark.json"),
    read("queries.jsonl"),
    read("corpus.jsonl"),
  ]);
  let metaJson: unknown;
  try {
    metaJson = JSON.parse(metaText);
  } catch (e) {
    throw new AppError("BAD_REQUEST", `benchmark.json: invalid JSON (${(e as Error).message})`);
  }
  const meta = benchmarkMetaSchema.safeParse(metaJson);
  if (!meta.success) throw new AppError("BAD_REQUEST", `benchmark.json: ${describeIssues(meta.error)}`);
  const sourceSha256 = crypto
    .createHash("sha256")
    .update(metaText)
    .update("\0")
    .update(queriesText)
    .update("\0")
    .update(corpusText)
    .digest("hex");
  return {
    meta: meta.data,
    queries: parseJsonl("queries.jsonl", queriesText, queryRowSchema),
    corpus: parseJsonl("corpus.jsonl", corpusText, corpusRowSchema),
    sourceSha256,
    files: { "benchmark.json": metaText, "queries.jsonl": queriesText, "corpus.jsonl": corpusText },
  };
}

function parseJsonl<T extends z.ZodType>(file: string, text: string, schema: T): z.output<T>[] {
  const rows = parseJsonLines(file, text, schema);
  if (rows.length === 0) throw new AppError("BAD_REQUEST", `${file}: no rows`);
  return rows;
}
