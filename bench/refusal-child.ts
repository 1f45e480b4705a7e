// Child process of refusal-cost.bench.ts: checks one file as intake does (streaming from disk,
// under the given budget for what its arrays may inflate to) and reports how long the answer
// took, the CPU it used and the peak RSS above the process's warm baseline.
import fs from "node:fs";
import { validateSubmissionFile } from "@/lib/embeddings/server-readers";
import { checkRankingSize, validateRankingFile } from "@/lib/rankings/validate-ranking";

function status(field: "VmRSS" | "VmHWM"): number {
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync("/proc/self/status", "utf8"))![1]) * 1024;
}

const [file, kind, budgetArg, idsFile] = process.argv.slice(2);
const expected = JSON.parse(fs.readFileSync(idsFile, "utf8")) as { queryIds: string[]; corpusIds: string[] };
const budget = Number(budgetArg);

async function check(): Promise<string> {
  try {
    if (kind === "ranking" && budget > 0) {
      checkRankingSize(fs.statSync(file).size, expected); // intake, before reading the file
      validateRankingFile(fs.readFileSync(file), expected);
    } else if (kind === "ranking") {
      // What validation did before the size bound: read, decode and split it all, then parse.
      const lines = new TextDecoder("utf-8", { fatal: true }).decode(fs.readFileSync(file)).split("\n");
      JSON.parse(lines[0]);
    } else {
      await validateSubmissionFile(file, expected, { maxBytes: budget });
    }
    return "accepted";
  } catch (e) {
    return `refused: ${(e as Error).message.slice(0, 90)}`;
  }
}

// Warm: the code paths and the zlib/crypto pools, on a file refused at its first byte.
const warm = `${file}.warm`;
fs.writeFileSync(warm, "not a zip");
await validateSubmissionFile(warm, expected, { maxBytes: 1024 }).catch(() => undefined);
fs.rmSync(warm);
const baseline = status("VmRSS");
const cpu = process.cpuUsage();
const t = performance.now();
const outcome = await check();
const ms = performance.now() - t;
const used = process.cpuUsage(cpu);
console.log(JSON.stringify({ outcome, ms: Math.round(ms), cpuMs: Math.round((used.user + used.system) / 1000), peakIncrease: Math.max(0, status("VmHWM") - baseline) }));
