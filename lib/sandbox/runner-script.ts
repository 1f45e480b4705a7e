import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Locates docker/runner.py: next to this module in the repo, else under the working directory
// (bundlers may move this file away from the repo layout).
export function runnerScriptPath(): string {
  const candidates = [
    fileURLToPath(new URL("../../docker/runner.py", import.meta.url)),
    path.resolve(process.cwd(), "docker/runner.py"),
  ];
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`sandbox runner not found (looked in ${candidates.join(", ")})`);
  return found;
}

/** sha256 of runner.py; the image carries it as a label so a stale image is detected. */
export function runnerScriptSha256(): string {
  return createHash("sha256").update(readFileSync(runnerScriptPath())).digest("hex");
}

export const RUNNER_SHA_LABEL = "org.execboard.runner-sha256";
