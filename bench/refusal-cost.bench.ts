// What refusing a hostile upload costs the server, against what it cost before refusals were
// bounded by the benchmark (issue 15), on benchmarks/core's ids (325 queries, 1,624 snippets):
// each file is checked in a fresh process (refusal-child.ts) as intake checks a resumable upload
// (streaming from disk), once under the benchmark's bound (ours: what its rows can need, float64
// at the largest dimension, and for ranking files what any ranking of it can be) and once under
// the old bound (the upload limit alone, EXECBOARD_UPLOAD_SESSION_MAX_BYTES, 8 GiB). An honest
// float32 file at d = 768 is the yardstick: a refusal should cost no more than accepting it.
// Run: npx tsx bench/refusal-cost.bench.ts
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeNpz } from "@/lib/embeddings/write-npz";
import { arrayBudget } from "@/lib/embeddings/validate-submission";
import { npyBytes } from "../tests/embeddings/helpers/npy-bytes";
import { buildZip } from "../tests/embeddings/helpers/zip-builder";

const here = import.meta.dirname;
const root = path.resolve(here, "..");
const read = (f: string, key: string) => fs.readFileSync(path.join(root, "benchmarks/core", f), "utf8").trim().split("\n").map((l) => JSON.parse(l)[key] as string);
const ids = { queryIds: read("queries.jsonl", "query_id"), corpusIds: read("corpus.jsonl", "corpus_id") };
const Q = ids.queryIds.length, C = ids.corpusIds.length;
const OLD_BOUND = 8 * 1024 ** 3;
const OURS = arrayBudget(Q, C);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-refusal-bench-"));
const idsFile = path.join(dir, "ids.json");
fs.writeFileSync(idsFile, JSON.stringify(ids));
const MiB = (n: number) => `${(n / 2 ** 20).toFixed(n < 2 ** 20 ? 2 : 0)} MiB`;

const f32 = (rows: number, d: number) => Float32Array.from({ length: rows * d }, (_, i) => Math.sin(i * 0.37) + 0.01);
const idsNpy = (list: string[]) => {
  const width = Math.max(...list.map((s) => s.length));
  const data = Buffer.alloc(list.length * width * 4);
  list.forEach((s, r) => [...s].forEach((ch, c) => data.writeUInt32LE(ch.codePointAt(0)!, (r * width + c) * 4)));
  return npyBytes(`{'descr': '<U${width}', 'fortran_order': False, 'shape': (${list.length},), }`, data);
};
const header = (rows: number | bigint, d: number) => `{'descr': '<f4', 'fortran_order': False, 'shape': (${rows}, ${d}), }`;
const good = (d: number) => npyBytes(header(Q, d), Buffer.from(f32(Q, d).buffer));
const zeros = 480 * 2 ** 20;

const cases: { name: string; kind: "npz" | "ranking"; build: () => Buffer }[] = [
  { name: "honest float32, d = 768 (the yardstick)", kind: "npz", build: () => writeNpz({ query_embeddings: { data: f32(Q, 768), shape: [Q, 768] }, corpus_embeddings: { data: f32(C, 768), shape: [C, 768] }, query_ids: ids.queryIds, corpus_ids: ids.corpusIds }) },
  {
    name: "zip bomb, honestly declared: 480 MiB of zeros",
    kind: "npz",
    // A valid header, then far more data than its shape holds; the zip's sizes are honest.
    build: () => buildZip([{ name: "query_embeddings.npy", data: good(8), method: 8 }, { name: "corpus_embeddings.npy", data: npyBytes(header(C, 8), Buffer.alloc(zeros)), method: 8 }, { name: "query_ids.npy", data: idsNpy(ids.queryIds), method: 8 }, { name: "corpus_ids.npy", data: idsNpy(ids.corpusIds), method: 8 }]),
  },
  {
    name: "zip bomb, lying: declares 64 KiB, inflates to 480 MiB",
    kind: "npz",
    build: () => buildZip([{ name: "query_embeddings.npy", data: good(8), method: 8 }, { name: "corpus_embeddings.npy", data: npyBytes(header(C, 8), Buffer.alloc(zeros)), method: 8, declaredSize: 65536 }, { name: "query_ids.npy", data: idsNpy(ids.queryIds), method: 8 }, { name: "corpus_ids.npy", data: idsNpy(ids.corpusIds), method: 8 }]),
  },
  { name: "header claiming d = 7,000,000", kind: "npz", build: () => buildZip([{ name: "query_embeddings.npy", data: npyBytes(header(Q, 7_000_000), Buffer.alloc(0)) }, { name: "corpus_embeddings.npy", data: good(8) }, { name: "query_ids.npy", data: idsNpy(ids.queryIds) }, { name: "corpus_ids.npy", data: idsNpy(ids.corpusIds) }]) },
  { name: "header claiming 10^12 rows", kind: "npz", build: () => buildZip([{ name: "query_embeddings.npy", data: npyBytes(header(10n ** 12n, 8), Buffer.alloc(0)) }, { name: "corpus_embeddings.npy", data: good(8) }, { name: "query_ids.npy", data: idsNpy(ids.queryIds) }, { name: "corpus_ids.npy", data: idsNpy(ids.corpusIds) }]) },
  { name: "ranking file: 256 MiB of spaces after '{'", kind: "ranking", build: () => Buffer.concat([Buffer.from('{"query_id"'), Buffer.alloc(256 * 2 ** 20, 0x20)]) },
];

console.log(`benchmarks/core: Q=${Q} C=${C}; our bound on what an upload's arrays may inflate to: ${MiB(OURS)}; the old bound: ${MiB(OLD_BOUND)}`);
console.log(`load average: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")} (${os.cpus().length} cores)`);
try {
  for (const c of cases) {
    const file = path.join(dir, "case");
    fs.writeFileSync(file, c.build());
    const size = fs.statSync(file).size;
    const run = (budget: number) => JSON.parse(execFileSync(process.execPath, ["--import", "tsx", path.join(here, "refusal-child.ts"), file, c.kind, String(budget), idsFile], { cwd: root, maxBuffer: 1 << 20 }).toString());
    const ours = run(c.kind === "ranking" ? 1 : OURS);
    const old = run(c.kind === "ranking" ? 0 : OLD_BOUND);
    const cell = (r: { ms: number; cpuMs: number; peakIncrease: number }) => `${String(r.ms).padStart(6)} ms, cpu ${String(r.cpuMs).padStart(6)} ms, +${MiB(r.peakIncrease).padStart(8)}`;
    console.log(`\n${c.name} (file ${MiB(size)})`);
    console.log(`  ours: ${cell(ours)}  ${ours.outcome}`);
    console.log(`  old:  ${cell(old)}  ${old.outcome}`);
    fs.rmSync(file);
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
