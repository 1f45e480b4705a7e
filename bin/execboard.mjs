#!/usr/bin/env node
// The execboard CLI. It runs the TypeScript sources directly through tsx, so the CLI, the
// workers and the web app share one lib/ without a separate build step.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { register } from "tsx/esm/api";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
register({ tsconfig: path.join(root, "tsconfig.json") });
const { main } = await import(pathToFileURL(path.join(root, "lib/cli/main.ts")).href);
process.exitCode = await main(process.argv.slice(2));
