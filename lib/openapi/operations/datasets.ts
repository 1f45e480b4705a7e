import { z } from "zod";
import { datasetQuery } from "@/lib/benchmark/dataset";
import type { Operation } from "../operation";

const fileSchema = z.strictObject({
  name: z.string().describe("benchmark.json, queries.jsonl, corpus.jsonl, LICENSE.txt or SHA256SUMS"),
  bytes: z.number().int(),
  sha256: z.string().describe("hex SHA-256 of the file (also in SHA256SUMS)"),
  contentType: z.string(),
  url: z.string().describe("where to download it"),
});

export const datasetSchema = z.strictObject({
  slug: z.string(),
  version: z.string(),
  name: z.string(),
  license: z.string().describe("SPDX identifier, e.g. CC-BY-4.0"),
  zipName: z.string().describe("the one-archive download's name, <slug>-<version>.zip"),
  zip: z.string().describe("where to download the zip"),
  files: z.array(fileSchema),
});

export const DATASET_OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/api/v1/benchmarks/{slug}/dataset",
    operationId: "getDataset",
    summary: "What a benchmark version's download holds: each file with its size and SHA-256, and where to get it",
    tag: "Benchmarks",
    auth: "none",
    pathParams: { slug: "benchmark slug" },
    query: datasetQuery,
    success: { status: 200, description: "the download's files", schema: datasetSchema, name: "Dataset" },
    errors: { 400: "invalid version", 404: "no such benchmark or version" },
  },
  {
    method: "get",
    path: "/api/v1/benchmarks/{slug}/dataset/{file}",
    operationId: "getDatasetFile",
    summary: "One file of a version's download, or all of them as <slug>-<version>.zip (ETag and X-Content-SHA256 carry its checksum)",
    tag: "Benchmarks",
    auth: "none",
    pathParams: { slug: "benchmark slug", file: "benchmark.json, queries.jsonl, corpus.jsonl, LICENSE.txt, SHA256SUMS, or <slug>-<version>.zip" },
    query: datasetQuery,
    success: { status: 200, description: "the file's bytes", schema: z.string().meta({ format: "binary" }), name: "DatasetFile", contentType: "application/octet-stream" },
    errors: { 400: "invalid version", 404: "no such benchmark, version or file" },
  },
];
