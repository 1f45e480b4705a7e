// The versions of the tools a mined trace depends on: the node binary that runs the tests, the
// project's vitest (its messages and diffs are the excerpt) and the TypeScript parser that finds
// the mutation sites. The build report records them; a rebuild with others may differ.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

function packageVersion(nodeModules: string, name: string): string {
  try {
    return (JSON.parse(fs.readFileSync(path.join(nodeModules, name, "package.json"), "utf8")) as { version?: string }).version ?? "unknown";
  } catch {
    return "missing";
  }
}

export function toolVersions(nodeModules: string): Record<string, string> {
  return { node: process.version, vitest: packageVersion(nodeModules, "vitest"), typescript: ts.version };
}
