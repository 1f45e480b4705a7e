// The canonical tokenizer (lib/tokenizer/cl100k.ts, TypeScript) against tiktoken's own cl100k_base
// encoder (Rust compiled to WebAssembly, the npm package the ranks come from), in the same run,
// on text of this repository: token counts must agree exactly; speed in MB/s, first pass (empty
// piece cache) and second pass. Also a pathological input: one 50 kB run of letters.
//   npx tsx bench/tokenizer.bench.ts [repeat=3]
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { get_encoding } from "tiktoken";
import { countTokens } from "@/lib/tokenizer/cl100k";

const repeat = Number(process.argv[2] ?? 3);
const files = execFileSync("git", ["ls-files", "lib", "app", "components", "tests", "README.md", "docs"], { encoding: "utf8" }).trim().split("\n");
const text = files.map((f) => fs.readFileSync(f, "utf8")).join("\n");
const mb = Buffer.byteLength(text) / 1e6;
const ref = get_encoding("cl100k_base");

function time(fn: () => number): { ms: number; tokens: number } {
  const t = performance.now();
  const tokens = fn();
  return { ms: performance.now() - t, tokens };
}

console.log(`corpus: ${files.length} files, ${mb.toFixed(2)} MB; load ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
for (let r = 0; r < repeat; r++) {
  const ours = time(() => countTokens(text));
  const theirs = time(() => ref.encode_ordinary(text).length);
  if (ours.tokens !== theirs.tokens) throw new Error(`token counts differ: ${ours.tokens} vs ${theirs.tokens}`);
  console.log(`pass ${r + 1}: ${ours.tokens} tokens; ExecBoard ${(mb / (ours.ms / 1000)).toFixed(1)} MB/s, tiktoken (wasm) ${(mb / (theirs.ms / 1000)).toFixed(1)} MB/s`);
}
const letters = Array.from({ length: 50_000 }, (_, i) => String.fromCharCode(97 + ((i * 7919) % 26))).join("");
const a = time(() => countTokens(letters)), b = time(() => ref.encode_ordinary(letters).length);
console.log(`50 kB letter run: ExecBoard ${a.ms.toFixed(0)} ms, tiktoken ${b.ms.toFixed(0)} ms (${a.tokens === b.tokens ? "same" : "DIFFERENT"} count ${a.tokens})`);
ref.free();
