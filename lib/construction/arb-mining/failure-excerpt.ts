// The failure excerpt of a trace2code query: what a developer sees after running the command,
// in vitest's own layout, made deterministic and redacted. Per failed test (at most
// MAX_FAILURES, in file and test order) its file and full name, the error's name and message,
// the assertion diff when there is one, and the stack frames that are the project's (test and
// source files: never node_modules or node internals); then the file and test counts. Paths are
// repository-relative; colours are gone; control characters a message quotes are written as
// \\uXXXX escapes. The mutated file never appears: its path, its path
// without the extension and its name become "[path]", and its frames lose their line and column
// ("[line]"): the function name stays, as a real trace would show it.
import type { TestError, VitestFileResult } from "./vitest-sandbox";

export const MAX_FAILURES = 3;
export const MAX_FRAMES = 4;
export const MAX_MESSAGE_LINES = 12;
export const MAX_DIFF_LINES = 14;
const ROOT_PREFIX = /(?:file:\/\/)?\/repo\//g;
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * How a text can name the mutated file: its path (with a line and column), its path without the
 * extension as an import names it (`@/lib/x`, or followed by a script extension, never the
 * `lib/x.test.ts` beside it), and its file name on its own.
 */
export function mutatedMentions(file: string): RegExp[] {
  const noExt = file.replace(/\.[^./]+$/, "");
  const name = file.slice(file.lastIndexOf("/") + 1);
  return [
    new RegExp(`${escapeRe(file)}(?::\\d+(?::\\d+)?)?`, "g"),
    new RegExp(`(?:@/)?${escapeRe(noExt)}(?=$|[^A-Za-z0-9_./-]|\\.[cm]?[jt]sx?(?![A-Za-z0-9_.-]))(?:\\.[cm]?[jt]sx?)?(?::\\d+(?::\\d+)?)?`, "g"),
    new RegExp(`(?<![A-Za-z0-9_./-])${escapeRe(name)}(?::\\d+(?::\\d+)?)?(?![A-Za-z0-9_.-])`, "g"),
  ];
}

export function redactMutated(text: string, mutatedFile: string): string {
  let s = text;
  for (const re of mutatedMentions(mutatedFile)) s = s.replace(re, (m) => (/:\d+/.test(m) ? "[path]:[line]" : "[path]"));
  return s;
}

// C0 controls but tab and newline, DEL, C1 controls, and unpaired surrogates: a message may quote
// binary data (a file's magic bytes), which no database stores and no reader sees.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSEEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function clean(text: string): string {
  return text
    .replace(ANSI, "")
    .replace(ROOT_PREFIX, "")
    .replace(/\r\n?/g, "\n")
    .replace(UNSEEN, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
    .replace(/[ \t]+$/gm, "");
}

/** The project's frames of a stack: " ❯ fn file:line:col", node_modules and internals dropped. */
export function projectFrames(stack: string | undefined): string[] {
  const out: string[] = [];
  for (const raw of clean(stack ?? "").split("\n")) {
    const m = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(raw);
    if (!m) continue;
    const [, fn, file, line, col] = m;
    if (file.startsWith("node:") || file.includes("node_modules/") || file.startsWith("/") || file.includes("<anonymous>")) continue;
    out.push(` ❯ ${fn && fn !== "<anonymous>" ? `${fn} ` : ""}${file}:${line}:${col}`);
  }
  return out;
}

function firstLines(text: string, n: number): string {
  const lines = text.split("\n");
  return lines.length > n ? [...lines.slice(0, n), "…"].join("\n") : text;
}

function errorBlock(e: TestError): string {
  const head = firstLines(clean(`${e.name && !clean(e.message).startsWith(e.name) ? `${e.name}: ` : ""}${e.message}`).trim(), MAX_MESSAGE_LINES);
  const diff = e.diff ? `\n\n${firstLines(clean(e.diff).trim(), MAX_DIFF_LINES)}` : "";
  const frames = projectFrames(e.stack).slice(0, MAX_FRAMES);
  return `${head}${diff}${frames.length ? `\n${frames.join("\n")}` : ""}`;
}

export interface ExcerptInput {
  command: string;
  /** The results of the failing test files only, in the order the command names them. */
  files: VitestFileResult[];
  mutatedFile: string;
}

export function failureExcerpt(x: ExcerptInput): string {
  const blocks: string[] = [];
  let failedTests = 0, passedTests = 0, failedFiles = 0;
  for (const f of x.files) {
    const failed = f.tests.filter((t) => t.state === "failed");
    failedTests += failed.length;
    passedTests += f.tests.filter((t) => t.state === "passed").length;
    if (failed.length || f.errors.length) failedFiles++;
    for (const e of f.errors) blocks.push(` FAIL  ${f.file} [ ${f.file} ]\n${errorBlock(e)}`);
    for (const t of failed) blocks.push(` FAIL  ${f.file} > ${t.name}\n${t.errors.map(errorBlock).join("\n\n")}`);
  }
  const shown = blocks.slice(0, MAX_FAILURES);
  const more = blocks.length - shown.length;
  const fileCounts = `${failedFiles} failed${x.files.length > failedFiles ? ` | ${x.files.length - failedFiles} passed` : ""} (${x.files.length})`;
  const testCounts = `${failedTests} failed${passedTests ? ` | ${passedTests} passed` : ""} (${failedTests + passedTests})`;
  const text = [`$ ${x.command}`, "", ...shown.flatMap((b) => [b, ""]), ...(more > 0 ? [`… ${more} more failure${more === 1 ? "" : "s"}`, ""] : []), ` Test Files  ${fileCounts}`, `      Tests  ${testCounts}`].join("\n");
  return redactMutated(text, x.mutatedFile);
}
