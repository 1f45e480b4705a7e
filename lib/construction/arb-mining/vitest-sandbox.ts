// A project's own vitest run on chosen test files of a snapshot, inside a fresh container
// (lib/sandbox runContainerCommand): the host's node binary, the snapshot and a node_modules
// directory mounted read-only, at most one file replaced by a read-only mutant mounted over it,
// no network, a 128 MiB /tmp, 1.5 GiB of memory, one CPU and a wall-clock limit. The harness
// (vitest-harness.mjs) reports per file and per test; nothing the tests print is kept.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { runContainerCommand, type ReadOnlyMount } from "@/lib/sandbox";

const MARKER = "@@EXECBOARD-VITEST@@";
const ROOT = "/repo";
const HARNESS_GRACE_MS = 30_000;

const errorSchema = z.object({ name: z.string().optional(), message: z.string(), stack: z.string().optional(), diff: z.string().optional() });
const fileSchema = z.object({
  file: z.string(),
  state: z.string(),
  errors: z.array(errorSchema),
  tests: z.array(z.object({ name: z.string(), state: z.string(), errors: z.array(errorSchema), duration: z.number().default(0) })),
});
const outputSchema = z.object({ fatal: errorSchema.nullable(), files: z.array(fileSchema), list: z.array(z.string()).nullable() });

export type TestError = z.infer<typeof errorSchema>;
export type VitestFileResult = z.infer<typeof fileSchema>;

export interface VitestRunSpec {
  /** The snapshot's files on the host (an extracted tree, with an empty node_modules directory). */
  snapshotDir: string;
  nodeModulesDir: string;
  /** Repository-relative test files. */
  files: string[];
  /** One file of the snapshot replaced for this run. */
  overlay?: { path: string; hostFile: string };
  timeoutMs: number;
  testTimeoutMs: number;
  /** List the test files the project's config selects instead of running `files`. */
  list?: boolean;
}

export interface VitestRun {
  /** Per test file, repository-relative, in the order vitest reported them. */
  files: VitestFileResult[];
  /** Why the run gave no usable report (the harness failed, time or memory ran out), or null. */
  failure: string | null;
  /** With `list`: the project's test files, repository-relative. */
  listed: string[];
  durationMs: number;
}

function harnessPath(): string {
  const candidates = [fileURLToPath(new URL("./vitest-harness.mjs", import.meta.url)), path.resolve(process.cwd(), "lib/construction/arb-mining/vitest-harness.mjs")];
  const found = candidates.find((c) => fs.existsSync(c));
  if (!found) throw new Error(`vitest-harness.mjs not found (looked in ${candidates.join(", ")})`);
  return found;
}

export function nodeBinary(): string {
  return fs.realpathSync(process.execPath);
}

export async function runVitestInSandbox(spec: VitestRunSpec): Promise<VitestRun> {
  const mounts: ReadOnlyMount[] = [
    { source: path.resolve(spec.snapshotDir), target: ROOT },
    { source: path.resolve(spec.nodeModulesDir), target: `${ROOT}/node_modules` },
    { source: harnessPath(), target: "/opt/harness/vitest-harness.mjs" },
    { source: nodeBinary(), target: "/opt/node/bin/node" },
  ];
  if (spec.overlay) mounts.push({ source: path.resolve(spec.overlay.hostFile), target: `${ROOT}/${spec.overlay.path}` });
  // The harness ends itself a little after the host's limit, so a run whose owner died (and can
  // no longer remove its container) does not go on using the shared engine.
  const deadlineMs = spec.timeoutMs + HARNESS_GRACE_MS;
  const arg = JSON.stringify({ root: ROOT, files: spec.files, testTimeout: spec.testTimeoutMs, hookTimeout: spec.testTimeoutMs, list: spec.list === true, deadlineMs });
  const r = await runContainerCommand({
    argv: ["/opt/node/bin/node", "/opt/harness/vitest-harness.mjs", arg],
    mounts,
    workdir: ROOT,
    env: { HOME: "/tmp", LANG: "C.UTF-8", TZ: "UTC", PATH: "/opt/node/bin:/usr/bin:/bin", NODE_ENV: "test", CI: "1", FORCE_COLOR: "0", NO_COLOR: "1" },
    timeoutMs: spec.timeoutMs,
  });
  const base = { files: [] as VitestFileResult[], listed: [] as string[], durationMs: r.durationMs };
  if (!r.timedOut && !r.oomKilled && !r.outputLimited && r.stdout.lastIndexOf(MARKER) < 0 && (r.exitCode === 137 || r.exitCode === 143)) {
    // Killed or stopped from outside (the engine stopped, someone removed the container): not
    // the mutant's doing, and a build that counted it as a failed trial would differ from the
    // next one, so the build stops instead.
    throw new AppError("INTERNAL", `the sandbox container running vitest was stopped from outside (exit ${r.exitCode}: the Docker engine stopped or the container was removed); run the build again`);
  }
  if (r.timedOut) return { ...base, failure: `the run passed its ${spec.timeoutMs} ms limit` };
  if (r.oomKilled) return { ...base, failure: "the run ran out of memory" };
  if (r.outputLimited) return { ...base, failure: "the run wrote more output than allowed" };
  const at = r.stdout.lastIndexOf(MARKER);
  if (at < 0) return { ...base, failure: `the harness reported nothing (exit ${r.exitCode}): ${r.stderr.trim().slice(-500) || "no stderr"}` };
  const parsed = outputSchema.safeParse(JSON.parse(r.stdout.slice(at + MARKER.length).trim().split("\n")[0]));
  if (!parsed.success) return { ...base, failure: `the harness's report is malformed: ${parsed.error.message.slice(0, 300)}` };
  if (parsed.data.fatal) return { ...base, failure: `vitest failed to run: ${parsed.data.fatal.message.slice(0, 500)}` };
  const files = parsed.data.files.map((f) => ({ ...f, file: path.posix.relative(ROOT, f.file) }));
  const listed = (parsed.data.list ?? []).map((f) => path.posix.relative(ROOT, f));
  return { files, listed, failure: null, durationMs: r.durationMs };
}
