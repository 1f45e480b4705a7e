// The static import graph of a TypeScript/JavaScript snapshot: which repository files each file
// imports (import and export-from declarations, dynamic import(), require()), resolved as a
// bundler would: relative specifiers, the tsconfig `paths` aliases (`@/*` → `./*` and the
// like), an extension or /index added, `.js` standing for `.ts`. Packages are not followed.
// Used to find the test files that can see a source file (trace2code) and to relate the files
// of one commit (edit2ripple evidence).
import path from "node:path";
import ts from "typescript";

const JS_LIKE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const TRY_EXT = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"];

export interface Aliases {
  /** [prefix before "*", replacement directory prefix (repository-relative)] */
  patterns: [string, string][];
}

/** The `paths` aliases of a tsconfig.json text (comments allowed), relative to the repository root. */
export function readAliases(tsconfigText: string | null): Aliases {
  if (!tsconfigText) return { patterns: [] };
  const parsed = ts.parseConfigFileTextToJson("tsconfig.json", tsconfigText);
  const opts = (parsed.config?.compilerOptions ?? {}) as { baseUrl?: string; paths?: Record<string, string[]> };
  const baseUrl = opts.baseUrl ?? ".";
  const patterns: [string, string][] = [];
  for (const [from, to] of Object.entries(opts.paths ?? {})) {
    if (!from.endsWith("*") || !to[0]?.endsWith("*")) continue;
    const dir = path.posix.normalize(path.posix.join(baseUrl, to[0].slice(0, -1)));
    patterns.push([from.slice(0, -1), dir === "." || dir === "./" ? "" : dir.replace(/^\.\//, "").replace(/\/?$/, "/")]);
  }
  return { patterns };
}

export function isScript(file: string): boolean {
  return JS_LIKE.test(file) && !file.endsWith(".d.ts");
}

/** The module specifiers a file names (static, dynamic and require). */
export function specifiersOf(text: string): string[] {
  const info = ts.preProcessFile(text, true, true);
  return [...new Set(info.importedFiles.map((f) => f.fileName))];
}

export function resolveSpecifier(spec: string, fromFile: string, files: ReadonlySet<string>, aliases: Aliases): string | null {
  let target: string | null = null;
  if (spec.startsWith("./") || spec.startsWith("../")) target = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), spec));
  else {
    for (const [prefix, dir] of aliases.patterns) if (spec.startsWith(prefix)) target = dir + spec.slice(prefix.length);
  }
  if (target === null || target.startsWith("..")) return null;
  const candidates = [target, ...TRY_EXT.map((e) => target + e), ...TRY_EXT.map((e) => `${target}/index${e}`)];
  const noJs = target.replace(/\.(m|c)?js$/, "");
  if (noJs !== target) candidates.push(...TRY_EXT.map((e) => noJs + e));
  return candidates.find((c) => files.has(c) && isScript(c)) ?? null;
}

export class ImportGraph {
  /** file → the repository files it imports */
  readonly imports = new Map<string, string[]>();
  /** file → the files that import it */
  readonly importers = new Map<string, string[]>();

  constructor(texts: ReadonlyMap<string, string>, aliases: Aliases) {
    const files = new Set(texts.keys());
    for (const [file, text] of texts) {
      if (!isScript(file)) continue;
      const deps = [...new Set(specifiersOf(text).map((s) => resolveSpecifier(s, file, files, aliases)).filter((x): x is string => x !== null && x !== file))].sort();
      this.imports.set(file, deps);
      for (const d of deps) this.importers.set(d, [...(this.importers.get(d) ?? []), file]);
    }
    for (const list of this.importers.values()) list.sort();
  }

  /** Files that reach `file` through imports, with their distance (1 = imports it directly). */
  dependents(file: string): Map<string, number> {
    const dist = new Map<string, number>([[file, 0]]);
    let frontier = [file];
    for (let d = 1; frontier.length; d++) {
      const next: string[] = [];
      for (const f of frontier) for (const g of this.importers.get(f) ?? []) {
          if (dist.has(g)) continue;
          dist.set(g, d);
          next.push(g);
        }
      frontier = next;
    }
    dist.delete(file);
    return dist;
  }

  /** Files `file` reaches through imports. */
  dependencies(file: string): Set<string> {
    const seen = new Set<string>();
    const stack = [...(this.imports.get(file) ?? [])];
    while (stack.length) {
      const f = stack.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      stack.push(...(this.imports.get(f) ?? []));
    }
    return seen;
  }
}
