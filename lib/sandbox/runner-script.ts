import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Locates docker/runner/ (the runner package): next to this module in the repo, else under the
// working directory (bundlers may move this file away from the repo layout).
export function runnerDir(): string {
  const candidates = [
    fileURLToPath(new URL("../../docker/runner", import.meta.url)),
    path.resolve(process.cwd(), "docker/runner"),
  ];
  const found = candidates.find((p) => existsSync(path.join(p, "runner.py")));
  if (!found) throw new Error(`sandbox runner not found (looked in ${candidates.join(", ")})`);
  return found;
}

export function runnerScriptPath(): string {
  return path.join(runnerDir(), "runner.py");
}

/**
 * sha256 over the runner's files, computed exactly as scripts/ensure-sandbox-image.sh does:
 * `(cd docker/runner && LC_ALL=C sha256sum *.py) | sha256sum`. The image carries it as a
 * label, so an image built from other runner files is detected.
 */
export function runnerScriptSha256(): string {
  const dir = runnerDir();
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".py"))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const listing = files
    .map((f) => `${createHash("sha256").update(readFileSync(path.join(dir, f))).digest("hex")}  ${f}\n`)
    .join("");
  return createHash("sha256").update(listing).digest("hex");
}

export const RUNNER_SHA_LABEL = "org.execboard.runner-sha256";
