#!/usr/bin/env node
// The execboard CLI. It runs the TypeScript sources directly through tsx, so the CLI, the
// workers and the web app share one lib/ without a separate build step. `execboard worker`
// starts the worker process (workers/index.ts) and `execboard web` the web process
// (server/web-server.ts: the built Next.js app behind our own HTTP server), both running until
// SIGTERM or SIGINT; every other command is lib/cli/main.ts's.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { register } from "tsx/esm/api";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
register({ tsconfig: path.join(root, "tsconfig.json") });
const argv = process.argv.slice(2);
if (argv[0] === "worker") {
  await import(pathToFileURL(path.join(root, "workers/index.ts")).href);
} else if (argv[0] === "web") {
  const { main } = await import(pathToFileURL(path.join(root, "server/web-server.ts")).href);
  await main(argv.slice(1));
} else {
  const { main } = await import(pathToFileURL(path.join(root, "lib/cli/main.ts")).href);
  process.exitCode = await main(argv);
}
