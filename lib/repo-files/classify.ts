// What kind of file a corpus path is: its language (for the pages and the structural baseline)
// and whether it is code or a test, which the candidate-filter diagnostics use (all files,
// code only, tests only). Decided from the path alone, so a vendor's run and the server's
// rankings are filtered alike.
const LANGUAGE_BY_EXTENSION: Record<string, string> = {
  py: "python", pyi: "python", go: "go", rs: "rust", ts: "typescript", tsx: "typescript", mts: "typescript", cts: "typescript",
  js: "javascript", jsx: "javascript", mjs: "javascript", cjs: "javascript", java: "java", kt: "kotlin", kts: "kotlin",
  scala: "scala", c: "c", h: "c", cc: "cpp", cpp: "cpp", cxx: "cpp", hpp: "cpp", cs: "csharp", rb: "ruby", php: "php",
  swift: "swift", m: "objective-c", mm: "objective-c", sh: "shell", bash: "shell", zsh: "shell", fish: "shell", proto: "protobuf",
  vue: "vue", md: "markdown", rst: "restructuredtext", txt: "text", json: "json", yaml: "yaml", yml: "yaml", toml: "toml",
  html: "html", css: "css", scss: "css", xml: "xml", sql: "sql", ini: "ini", cfg: "ini",
};

const CODE_LANGUAGES = new Set([
  "python", "go", "rust", "typescript", "javascript", "java", "kotlin", "scala", "c", "cpp", "csharp", "ruby", "php", "swift",
  "objective-c", "shell", "protobuf", "vue",
]);

// Directories whose code is not the project's own working code: documentation, examples,
// benchmarks, vendored or generated trees.
const NOISE_DIRS = new Set([
  ".github", ".idea", ".vscode", "benchmark", "benchmarks", "doc", "docs", "documentation", "example", "examples", "node_modules",
  "vendor", "third_party", "snapshot", "snapshots", "__snapshots__", "dist", "build", "target",
]);

const TEST_DIRS = new Set(["test", "tests", "__tests__", "testing", "testdata", "testsuite", "testsuites", "spec", "specs", "e2e"]);

function extension(path: string): string {
  const base = path.slice(path.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

/** The file's language by its extension, or "other". */
export function languageOf(path: string): string {
  return LANGUAGE_BY_EXTENSION[extension(path)] ?? "other";
}

/** A test: code in a test directory, or a test by its name (test_x.py, x_test.go, x.spec.ts, XTest.java…). */
export function isTestPath(path: string): boolean {
  if (!CODE_LANGUAGES.has(languageOf(path))) return false;
  const parts = path.toLowerCase().split("/");
  const base = parts[parts.length - 1];
  if (parts.slice(0, -1).some((p) => TEST_DIRS.has(p))) return true;
  return /^test_/.test(base) || /_test\.[a-z]+$/.test(base) || /\.(test|spec)\.[a-z]+$/.test(base) || /(tests?|spec)\.(java|kt|scala|cs)$/.test(base);
}

/** Code of the project's own: a source file in a code language outside documentation, examples, vendored and generated trees (tests included). */
export function isCodePath(path: string): boolean {
  if (!CODE_LANGUAGES.has(languageOf(path))) return false;
  return !path.toLowerCase().split("/").slice(0, -1).some((p) => NOISE_DIRS.has(p));
}

export const CANDIDATE_FILTERS = ["all", "code", "tests"] as const;
export type CandidateFilter = (typeof CANDIDATE_FILTERS)[number];

export const CANDIDATE_FILTER_LABELS: Record<CandidateFilter, string> = { all: "all files", code: "code only", tests: "tests only" };

export function passesFilter(filter: CandidateFilter, path: string): boolean {
  return filter === "all" ? true : filter === "code" ? isCodePath(path) : isTestPath(path);
}
