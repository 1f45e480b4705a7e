// What a repository path is, from the path alone, for choosing mined samples: tests (by name or
// directory), source code, configuration and schema files that changes ripple into, and the
// rest (documentation, data, lock files, generated or vendored trees, assets), which is never
// gold and never an anchor. Decided from the path so a rebuild decides alike.
export type PathKind = "test" | "source" | "config" | "doc" | "data" | "generated" | "other";

const CODE_EXT = new Set(["ts", "tsx", "mts", "cts", "js", "jsx", "mjs", "cjs", "py", "go", "rs", "java", "kt", "scala", "rb", "php", "c", "h", "cc", "cpp", "hpp", "cs", "swift", "sh", "bash", "sql", "prisma", "proto", "vue", "svelte", "css", "scss"]);
const DOC_EXT = new Set(["md", "mdx", "rst", "txt", "adoc"]);
const DATA_EXT = new Set(["jsonl", "csv", "tsv", "npz", "npy", "parquet", "png", "jpg", "jpeg", "gif", "svg", "ico", "webp", "pdf", "zip", "gz", "tar", "bin", "wasm", "woff", "woff2", "ttf"]);
const CONFIG_NAMES = new Set(["package.json", "tsconfig.json", "dockerfile", "makefile", "pyproject.toml", "setup.cfg", "cargo.toml", "go.mod", ".eslintrc.json", "eslint.config.mjs", "next.config.ts", "vitest.config.ts", "playwright.config.ts", "tailwind.config.ts", "postcss.config.mjs", "prisma.config.ts"]);
const CONFIG_EXT = new Set(["json", "yaml", "yml", "toml", "ini", "cfg", "dockerfile"]);
const LOCK_NAMES = new Set(["package-lock.json", "yarn.lock", "pnpm-lock.yaml", "cargo.lock", "poetry.lock", "go.sum", "uv.lock", "composer.lock", "gemfile.lock"]);
const GENERATED_DIRS = new Set(["node_modules", "vendor", "third_party", "dist", "build", "target", "generated", "__generated__", "__snapshots__", "snapshots", ".next", "coverage"]);
const DOC_DIRS = new Set(["docs", "doc", "documentation"]);
const DATA_DIRS = new Set(["benchmarks", "benchmark", "fixtures-data", "testdata", "data", "datasets"]);
const TEST_DIRS = new Set(["test", "tests", "__tests__", "spec", "specs", "e2e", "testing"]);

export function extensionOf(file: string): string {
  const base = file.slice(file.lastIndexOf("/") + 1).toLowerCase();
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1) : "";
}

export function baseName(file: string): string {
  return file.slice(file.lastIndexOf("/") + 1);
}

/** A test by its file name: x.test.ts, x.spec.js, test_x.py, x_test.go, XTest.java. */
export function isTestFileName(file: string): boolean {
  const base = baseName(file).toLowerCase();
  return /\.(test|spec)\.[a-z]+$/.test(base) || /^test_.+\.py$/.test(base) || /_test\.(go|py)$/.test(base) || /tests?\.(java|kt|scala|cs)$/.test(base);
}

export function pathKind(file: string): PathKind {
  const parts = file.toLowerCase().split("/");
  const base = parts[parts.length - 1];
  const dirs = parts.slice(0, -1);
  const ext = extensionOf(file);
  if (LOCK_NAMES.has(base) || base.endsWith(".snap") || base.endsWith(".min.js") || base.endsWith(".d.ts") || base.endsWith(".map")) return "generated";
  if (dirs.some((d) => GENERATED_DIRS.has(d))) return "generated";
  if (DOC_EXT.has(ext) || dirs.some((d) => DOC_DIRS.has(d)) || base === "license" || base === "changelog") return "doc";
  if (DATA_EXT.has(ext) || dirs.some((d) => DATA_DIRS.has(d))) return "data";
  if (CODE_EXT.has(ext)) return isTestFileName(file) || dirs.some((d) => TEST_DIRS.has(d)) ? "test" : "source";
  if (CONFIG_NAMES.has(base) || CONFIG_EXT.has(ext)) return "config";
  return "other";
}

/** Files a mined sample may name as gold or anchor: code, tests, configuration and schemas. */
export function isRetrievable(kind: PathKind): boolean {
  return kind === "source" || kind === "test" || kind === "config";
}

/** Extensions that make a slash-bearing token a file path even where the repository has no such file. */
export const CODE_EXT_FOR_REDACTION: ReadonlySet<string> = new Set([...CODE_EXT, ...DOC_EXT, ...DATA_EXT, ...CONFIG_EXT, "lock", "snap"]);
