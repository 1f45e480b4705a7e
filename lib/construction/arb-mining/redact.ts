// Redaction of workflow text before it becomes a query: a commit message loses its paths, commit
// hashes and patch text; a failure excerpt loses the mutated file's path and lines. What is a
// path is decided against the repository itself (its files and directories at the base commit
// and at the mined commit), so prose such as "and/or", "float16/32" or "Next.js" stays, while
// "lib/metrics", "`bm25.ts`", "@/lib/x" or a URL go. Every removal leaves a placeholder, and
// the counts go into the build report.
import { CODE_EXT_FOR_REDACTION } from "./path-kinds";

export const PLACEHOLDER = { path: "[path]", hash: "[commit]", url: "[url]" } as const;

export interface PathUniverse {
  /** Every file path (at the base commit, at the mined commit, and those the commit changed). */
  files: ReadonlySet<string>;
  /** Every directory of those files, and every top-level entry. */
  dirs: ReadonlySet<string>;
  topLevel: ReadonlySet<string>;
  /** File names (the last path segment) of those files. */
  basenames: ReadonlySet<string>;
}

export interface RedactionCounts {
  paths: number;
  hashes: number;
  urls: number;
  patch_lines: number;
  trailers: number;
}

export function pathUniverse(paths: Iterable<string>): PathUniverse {
  const files = new Set<string>(), dirs = new Set<string>(), topLevel = new Set<string>(), basenames = new Set<string>();
  for (const p of paths) {
    files.add(p);
    const parts = p.split("/");
    topLevel.add(parts[0]);
    basenames.add(parts[parts.length - 1]);
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join("/"));
  }
  return { files, dirs, topLevel, basenames };
}

const URL_RE = /\b(?:https?|ftp|file):\/\/[^\s)>\]"'`]+/g;
const HASH_RE = /(?<![A-Za-z0-9_])(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}(?![A-Za-z0-9_])/gi;
const SLASH_RE = /(?:@\/|\.{1,2}\/|\/)?[A-Za-z0-9_@.[\]-]+\/(?:[A-Za-z0-9_@.[\]-]+\/?)*/g;
const NAME_RE = /(?<![A-Za-z0-9_./-])[A-Za-z0-9_[\]-]+(?:\.[A-Za-z0-9_-]+)*\.[A-Za-z][A-Za-z0-9]{0,9}(?![A-Za-z0-9_/-])/g;
const TRAILER_RE = /^(?:[A-Z][A-Za-z-]*-by|Co-authored-by|Change-Id|Reviewed-on|Cc):\s.*$/;
const DIFF_START = /^(diff --git |index [0-9a-f]+\.\.[0-9a-f]+|--- (a\/|\/dev\/null)|\+\+\+ (b\/|\/dev\/null)|@@ -\d)/;

function stripPrefix(token: string): string {
  return token.replace(/^(@\/|\.{1,2}\/|\/)+/, "").replace(/\/$/, "").replace(/[.,;:]+$/, "");
}

/** Whether a slash-bearing token names a place in the repository (or a file by its extension). */
export function isRepoPathToken(token: string, u: PathUniverse): boolean {
  const t = stripPrefix(token);
  if (!t.includes("/")) return u.files.has(t) || u.dirs.has(t);
  if (u.files.has(t) || u.dirs.has(t)) return true;
  if (u.topLevel.has(t.split("/")[0])) return true;
  const ext = t.slice(t.lastIndexOf(".") + 1).toLowerCase();
  return t.lastIndexOf(".") > t.lastIndexOf("/") && CODE_EXT_FOR_REDACTION.has(ext);
}

/** Whether a dotted file-name token is the name of a repository file. */
export function isRepoFileName(token: string, u: PathUniverse): boolean {
  return u.basenames.has(token.replace(/[.,;:]+$/, ""));
}

/** Removes raw patch text: diff headers and the hunks after them, and fenced diff blocks. */
function dropPatchText(lines: string[], counts: RedactionCounts): string[] {
  const out: string[] = [];
  let inHunk = false, inFence = false, fenceIsDiff = false;
  for (const line of lines) {
    const fence = /^\s*(```|~~~)\s*([A-Za-z]*)/.exec(line);
    if (fence) {
      if (!inFence) {
        inFence = true;
        fenceIsDiff = /^(diff|patch)$/i.test(fence[2]);
        if (fenceIsDiff) {
          counts.patch_lines++;
          continue;
        }
      } else {
        inFence = false;
        if (fenceIsDiff) {
          counts.patch_lines++;
          fenceIsDiff = false;
          continue;
        }
      }
    } else if (inFence && fenceIsDiff) {
      counts.patch_lines++;
      continue;
    }
    if (DIFF_START.test(line)) {
      inHunk = true;
      counts.patch_lines++;
      continue;
    }
    if (inHunk && /^[+\- \\]/.test(line) && line.trim() !== "") {
      counts.patch_lines++;
      continue;
    }
    inHunk = false;
    out.push(line);
  }
  return out;
}

export function newCounts(): RedactionCounts {
  return { paths: 0, hashes: 0, urls: 0, patch_lines: 0, trailers: 0 };
}

/** A commit message (or any prose) without paths, commit hashes, URLs, patch text or trailers. */
export function redactProse(text: string, u: PathUniverse, counts: RedactionCounts = newCounts()): string {
  let lines = text.replace(/\r\n?/g, "\n").split("\n");
  lines = lines.filter((l) => (TRAILER_RE.test(l.trim()) ? (counts.trailers++, false) : true));
  lines = dropPatchText(lines, counts);
  let s = lines.join("\n");
  s = s.replace(URL_RE, () => (counts.urls++, PLACEHOLDER.url));
  s = s.replace(SLASH_RE, (m) => (isRepoPathToken(m, u) ? (counts.paths++, PLACEHOLDER.path) : m));
  s = s.replace(NAME_RE, (m) => (isRepoFileName(m, u) ? (counts.paths++, PLACEHOLDER.path) : m));
  s = s.replace(HASH_RE, () => (counts.hashes++, PLACEHOLDER.hash));
  return s.replace(/[ \t]+$/gm, "").replace(/\n{3,}/g, "\n\n").trim();
}

/** Paths of the repository that remain in a text (what the redaction gate looks for). */
export function remainingPaths(text: string, u: PathUniverse): string[] {
  const found = new Set<string>();
  for (const m of text.match(SLASH_RE) ?? []) if (u.files.has(stripPrefix(m)) || u.dirs.has(stripPrefix(m))) found.add(stripPrefix(m));
  for (const m of text.match(NAME_RE) ?? []) if (isRepoFileName(m, u)) found.add(m.replace(/[.,;:]+$/, ""));
  return [...found].sort();
}

/** Commit-like hex strings that remain in a text. */
export function remainingHashes(text: string): string[] {
  return [...new Set(text.match(HASH_RE) ?? [])].sort();
}
