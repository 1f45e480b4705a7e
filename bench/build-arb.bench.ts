// build-arb's costs on this repository at the built-in benchmark's pinned commit:
// - history mining (code2test and edit2ripple over every signal commit), cold, twice;
// - one trace2code trial's run: the project's vitest on a few test files in the sandbox's
//   fresh container, against the same harness run straight on the host (the anchor: what the
//   container costs), each three times, median and range.
// Run: EXECBOARD_SANDBOX_IMAGE=… npx tsx bench/build-arb.bench.ts [test files…]
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BaseSnapshot } from "@/lib/construction/arb-mining/base-snapshot";
import { buildArb } from "@/lib/construction/arb-mining/build-arb";
import { readSelfBuild, SELF_SOURCE_DIR } from "@/lib/construction/arb-mining/build-self";
import { GitReader, resolveGitDir } from "@/lib/construction/arb-mining/git-reader";
import { nodeBinary, runVitestInSandbox } from "@/lib/construction/arb-mining/vitest-sandbox";

const ROOT = process.cwd();
const FILES = process.argv.slice(2).length ? process.argv.slice(2) : ["tests/text/plain-text.test.ts", "tests/metrics/tie-aware.test.ts"];
const spec = readSelfBuild(path.join(ROOT, SELF_SOURCE_DIR));

function stats(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  return `median ${(s[Math.floor(s.length / 2)] / 1000).toFixed(2)} s (min ${(s[0] / 1000).toFixed(2)}, max ${(s[s.length - 1] / 1000).toFixed(2)})`;
}

console.log(`load average ${os.loadavg().map((x) => x.toFixed(1)).join(" ")}, ${os.cpus().length} cores`);
for (let i = 0; i < 2; i++) {
  const t = Date.now();
  const r = await buildArb({ repoDir: ROOT, base: spec.base_commit, meta: spec.benchmark });
  console.log(`history mining: ${r.report.history.signal_commits} signal commits, ${r.report.totals.samples} samples in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

const git = new GitReader(resolveGitDir(ROOT));
const base = await BaseSnapshot.load(git, spec.base_commit);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "execboard-bench-arb-"));
fs.chmodSync(work, 0o755);
try {
  const snapshot = path.join(work, "snapshot");
  await base.extract(git, snapshot);
  fs.mkdirSync(path.join(snapshot, "node_modules"));
  const inContainer: number[] = [];
  for (let i = 0; i < 3; i++) {
    const r = await runVitestInSandbox({ snapshotDir: snapshot, nodeModulesDir: path.join(ROOT, "node_modules"), files: FILES, timeoutMs: 240_000, testTimeoutMs: 20_000 });
    if (r.failure) throw new Error(r.failure);
    inContainer.push(r.durationMs);
  }
  // The anchor: the same harness on the host, node_modules linked into a copy of the snapshot.
  const host = path.join(work, "host");
  await base.extract(git, host);
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(host, "node_modules"));
  const harness = path.join(ROOT, "lib/construction/arb-mining/vitest-harness.mjs");
  const onHost: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = Date.now();
    execFileSync(nodeBinary(), [harness, JSON.stringify({ root: host, files: FILES, testTimeout: 20_000, hookTimeout: 20_000 })], { stdio: ["ignore", "ignore", "inherit"] });
    onHost.push(Date.now() - t);
  }
  console.log(`vitest on ${FILES.length} test files, in the sandbox's container: ${stats(inContainer)}`);
  console.log(`vitest on ${FILES.length} test files, the same harness on the host:   ${stats(onHost)}`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(`load average ${os.loadavg().map((x) => x.toFixed(1)).join(" ")}`);
