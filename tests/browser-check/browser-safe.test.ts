import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The submit page bundles lib/browser-check and everything it imports: none of it may import a
// Node module or use Node's globals, or the page's check breaks in the browser. Follows the
// static imports (type-only ones are erased) from the modules the page imports.
const ROOT = path.resolve(import.meta.dirname, "../..");
const NODE = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

function resolve(spec: string, from: string): string | null {
  const base = spec.startsWith("@/") ? path.join(ROOT, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : null;
  if (!base) return null;
  return [".ts", ".tsx", "/index.ts"].map((ext) => base + ext).find((f) => fs.existsSync(f)) ?? null;
}

/** Every file reached from `entries`, and each Node module or global found on the way. */
function walk(entries: string[]): { files: Set<string>; problems: string[] } {
  const files = new Set<string>();
  const problems: string[] = [];
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const code = fs.readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
    const rel = path.relative(ROOT, file);
    for (const m of code.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+"([^"]+)"|import\("([^"]+)"\)/gm)) {
      if (m[1]) continue;
      const spec = m[2] ?? m[3];
      if (NODE.has(spec)) problems.push(`${rel} imports ${spec}`);
      const next = resolve(spec, file);
      if (next) visit(next);
    }
    for (const g of code.matchAll(/\b(Buffer|process)\s*[.(]/g)) problems.push(`${rel} uses Node's ${g[1]}`);
  };
  entries.forEach((e) => visit(path.join(ROOT, e)));
  return { files, problems };
}

describe("what the submit page bundles", () => {
  it("imports no Node module and uses no Node global", () => {
    const { files, problems } = walk(["lib/browser-check/check-submission-file.ts", "lib/browser-check/check-repo-file.ts", "lib/browser-check/check-report.ts"]);
    // It does reach the shared reader: the same validation the server runs.
    for (const f of ["lib/embeddings/validate-submission.ts", "lib/embeddings/zip-directory.ts", "lib/embeddings/web-codec.ts", "lib/embeddings/float-chunks.ts"]) {
      expect(files).toContain(path.join(ROOT, f));
    }
    expect(problems).toEqual([]);
  });

  it("would notice a Node import (the server's readers have them)", () => {
    expect(walk(["lib/embeddings/server-readers.ts"]).problems).toEqual(
      expect.arrayContaining(["lib/embeddings/file-source.ts imports node:fs/promises", "lib/embeddings/node-codec.ts imports node:zlib"]),
    );
  });
});
