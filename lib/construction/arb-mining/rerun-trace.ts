// Runs a trace2code sample's command again, as a reader would check it: the mutation its
// metadata records applied to the base file, mounted over it in the sandbox, and the failing
// test files of the query run; the excerpt of that run is what the sample's query must hold.
import fs from "node:fs";
import path from "node:path";
import { failureExcerpt } from "./failure-excerpt";
import { RUN_TIMEOUT_MS, TEST_TIMEOUT_MS } from "./mine-trace2code";
import type { SampleRecord } from "./records";
import { runVitestInSandbox, type VitestFileResult } from "./vitest-sandbox";

export interface RecordedMutation {
  file: string;
  start: number;
  end: number;
  replacement: string;
}

export async function rerunTrace(x: { record: SampleRecord; snapshotDir: string; nodeModulesDir: string; baseText: string; workDir: string }): Promise<{ excerpt: string | null; failure: string | null }> {
  const m = x.record.metadata.mutation as RecordedMutation;
  const mutant = path.join(x.workDir, `rerun-${x.record.id}${path.extname(m.file)}`);
  fs.writeFileSync(mutant, x.baseText.slice(0, m.start) + m.replacement + x.baseText.slice(m.end));
  try {
    const tests = x.record.gold.related_tests ?? [];
    const run = await runVitestInSandbox({ snapshotDir: x.snapshotDir, nodeModulesDir: x.nodeModulesDir, files: tests, overlay: { path: m.file, hostFile: mutant }, timeoutMs: RUN_TIMEOUT_MS, testTimeoutMs: TEST_TIMEOUT_MS });
    if (run.failure) return { excerpt: null, failure: run.failure };
    const files = tests.map((t) => run.files.find((f) => f.file === t)).filter((f): f is VitestFileResult => f !== undefined);
    return { excerpt: failureExcerpt({ command: x.record.query.command as string, files, mutatedFile: m.file }), failure: null };
  } finally {
    fs.rmSync(mutant, { force: true });
  }
}
