import { z } from "zod";
import { datasetQuery } from "@/lib/benchmark/dataset";
import { answer, defineOperations, ok } from "../operation";
import { versionRead } from "./shared";

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

export const DATASET_OPERATIONS = defineOperations({ tag: "Benchmarks", access: "public" }, {
  "GET /api/v1/benchmarks/{slug}/dataset": versionRead({
    id: "getDataset",
    summary: "What a benchmark version's download holds: each file with its size and SHA-256, and where to get it",
    query: datasetQuery,
    success: ok("the download's files", answer("Dataset", datasetSchema)),
  }),
  "GET /api/v1/benchmarks/{slug}/dataset/{file}": versionRead({
    id: "getDatasetFile",
    summary: "One file of a version's download, or all of them as <slug>-<version>.zip (ETag and X-Content-SHA256 carry its checksum)",
    query: datasetQuery,
    success: ok("the file's bytes", answer("DatasetFile", z.string().meta({ format: "binary" }), "application/octet-stream")),
    errors: { 404: "no such benchmark, version or file" },
  }),
});
