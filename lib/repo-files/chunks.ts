// The canonical chunking of a repository-retrieval corpus, for chunk-embedding submissions: each
// file is cut into windows of CHUNK_LINES lines (the last may be shorter; an empty file has no
// chunk), numbered from line 1. A chunk's id names its snapshot, file and lines:
//
//   <owner>/<name>@<first 12 hex of the commit>/<path>#L<first>-<last>
//
// Lines are split at "\n"; a final line without a newline is a line, a trailing newline does not
// start one.
export const CHUNK_LINES = 50;

export function lineCount(text: string): number {
  if (text.length === 0) return 0;
  let n = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  return text.endsWith("\n") ? n : n + 1;
}

export function snapshotKey(repo: string, commit: string): string {
  return `${repo}@${commit.slice(0, 12)}`;
}

/** [first, last] line of each chunk of a file with `lines` lines. */
export function chunkRanges(lines: number): [number, number][] {
  const out: [number, number][] = [];
  for (let first = 1; first <= lines; first += CHUNK_LINES) out.push([first, Math.min(lines, first + CHUNK_LINES - 1)]);
  return out;
}

export function chunkId(snapshot: string, path: string, first: number, last: number): string {
  return `${snapshot}/${path}#L${first}-${last}`;
}

/** The text of lines first..last (1-based, inclusive) of a file. */
export function chunkText(text: string, first: number, last: number): string {
  const lines = text.split("\n");
  return lines.slice(first - 1, last).join("\n");
}
