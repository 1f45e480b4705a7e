// Runs inside the trace2code container (never on the host): the project's own vitest, through
// its node API, on exactly the test files named, one file at a time in one worker, with the
// project's config loaded without writing (configLoader "runner") and vite's cache in /tmp.
// Tests' console output is silenced; what comes back is one line on stdout after a marker: per
// file its state, errors and tests, per test its state, errors (message, name, stack, diff) and
// duration in milliseconds.
// With {list: true} nothing runs: the answer lists the test files the project's own config
// selects.
// Usage: node vitest-harness.mjs '<json {root, files, testTimeout, hookTimeout, list?, deadlineMs?}>'
import { createRequire } from "node:module";
import { setTimeout } from "node:timers";
import { pathToFileURL } from "node:url";

const MARKER = "@@EXECBOARD-VITEST@@";
const STACK_MAX = 6000;
const spec = JSON.parse(process.argv[2]);
// The host removes the container at its own limit; this one, a little later, ends a run whose
// host process died (the main thread is free: tests run in a worker).
if (spec.deadlineMs) setTimeout(() => process.exit(124), spec.deadlineMs).unref();

function plainError(e) {
  const s = (v) => (typeof v === "string" ? v.slice(0, STACK_MAX) : undefined);
  return { name: s(e?.name), message: s(e?.message) ?? String(e).slice(0, STACK_MAX), stack: s(e?.stack), diff: s(e?.diff) };
}

function escapeGlob(p) {
  return p.replace(/[*?[\]{}()!+@]/g, (c) => `\\${c}`);
}

const files = [];
const collector = {
  onTestRunEnd(modules) {
    for (const m of modules) {
      const tests = [];
      for (const t of m.children.allTests()) {
        const r = t.result();
        tests.push({ name: t.fullName, state: r.state, errors: (r.errors ?? []).map(plainError), duration: t.diagnostic()?.duration ?? 0 });
      }
      files.push({ file: m.moduleId, state: m.state(), errors: m.errors().map(plainError), tests });
    }
  },
};

let fatal = null;
let list = null;
try {
  const require = createRequire(`${spec.root}/package.json`);
  const { createVitest } = await import(pathToFileURL(require.resolve("vitest/node")).href);
  const vitest = await createVitest(
    "test",
    {
      root: spec.root,
      watch: false,
      configLoader: "runner",
      cacheDir: "/tmp/vite-cache",
      ...(spec.list ? {} : { include: spec.files.map(escapeGlob) }),
      reporters: [collector],
      silent: true,
      testTimeout: spec.testTimeout,
      hookTimeout: spec.hookTimeout,
      fileParallelism: false,
      maxWorkers: 1,
      passWithNoTests: true,
      coverage: { enabled: false },
    },
    {},
  );
  if (spec.list) list = (await vitest.globTestSpecifications()).map((s) => s.moduleId).sort();
  else await vitest.start();
  await vitest.close();
} catch (e) {
  fatal = plainError(e);
}
process.stdout.write(`\n${MARKER}${JSON.stringify({ fatal, files, list })}\n`, () => process.exit(0));
