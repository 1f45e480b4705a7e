import { z } from "zod";

// The benchmark directory contract (DESIGN.md): benchmark.json, queries.jsonl, corpus.jsonl.
import { BUG_TYPES, type BugType } from "@/lib/construction/bug-types";

export { BUG_TYPES, type BugType };

// Bug types of the paper's pilot era that survived into its released corpus (Table 2, and the
// retired `boundary_error`). Accepted on import with a note, never produced by the build.
export const LEGACY_BUG_TYPES = [
  "ignores_constraint",
  "missing_edge_case",
  "wrong_semantics",
  "wrong_algorithm",
  "boundary_error",
] as const;

const id = z.string().min(1).max(64).regex(/^[A-Za-z0-9_.:-]+$/, "ids use letters, digits and _ . : - only");

export const benchmarkMetaSchema = z.object({
  slug: z.string().min(2).max(64).regex(/^[a-z0-9][a-z0-9-]*$/, "slug is lowercase letters, digits and dashes"),
  name: z.string().min(1).max(200),
  version: z.string().min(1).max(32).regex(/^[A-Za-z0-9._-]+$/),
  description: z.string().max(5000).default(""),
  license: z.string().min(1).max(100),
  /**
   * Seed of the corpus order `benchmark build` wrote (a seeded shuffle, ids numbered in that
   * order so that no id reveals a snippet's role or task). A source may set it; otherwise the
   * build derives it from the sources and records it here. Imports keep whatever ids they get.
   */
  corpus_seed: z.number().int().min(0).max(0xffffffff).optional(),
});

export const queryRowSchema = z.object({
  query_id: id,
  function_name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "function_name must be a Python identifier"),
  domain: z.string().min(1).max(64),
  query: z.string().min(1).max(5000),
  test_suite: z.array(z.string().min(1).max(5000)).min(7, "at least 7 tests").max(10, "at most 10 tests"),
  correct_corpus_ids: z.array(id).min(1),
});

export const corpusRowSchema = z.object({
  corpus_id: id,
  query_id: id,
  role: z.enum(["canonical", "distractor"]),
  code: z.string().min(1).max(100_000),
  bug_type: z.string().max(64).nullish(),
  bug_description: z.string().max(2000).nullish(),
});

export type BenchmarkMeta = z.infer<typeof benchmarkMetaSchema>;
export type QueryRow = z.infer<typeof queryRowSchema>;
export type CorpusRow = z.infer<typeof corpusRowSchema>;

export interface BenchmarkData {
  meta: BenchmarkMeta;
  queries: QueryRow[];
  corpus: CorpusRow[];
  sourceSha256: string;
  /** The contract files' text as read (what a dataset download hands out); absent when built in memory. */
  files?: Record<ContractFile, string>;
}

export const CONTRACT_FILES = ["benchmark.json", "queries.jsonl", "corpus.jsonl"] as const;
export type ContractFile = (typeof CONTRACT_FILES)[number];
