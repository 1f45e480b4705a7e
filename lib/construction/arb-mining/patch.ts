// A one-file unified diff (git diff-tree -p) read into its hunks, and the lines it adds and
// removes.
export interface Hunk {
  /** The "@@ -a,b +c,d @@ context" line. */
  header: string;
  /** The hunk's body lines, each with its leading " ", "+" or "-" ("\ No newline" lines dropped). */
  lines: string[];
  changed: number;
}

export interface FilePatch {
  hunks: Hunk[];
  added: string[];
  removed: string[];
  /** The hunks as text (headers and bodies), without the diff and file headers. */
  body: string;
}

export function parsePatch(text: string): FilePatch {
  const hunks: Hunk[] = [];
  const added: string[] = [], removed: string[] = [];
  let cur: Hunk | null = null;
  for (const line of text.split("\n")) {
    if (line.startsWith("@@ ")) {
      cur = { header: line, lines: [], changed: 0 };
      hunks.push(cur);
    } else if (cur && (line.startsWith("+") || line.startsWith("-") || line.startsWith(" "))) {
      cur.lines.push(line);
      if (line[0] === "+" || line[0] === "-") {
        (line[0] === "+" ? added : removed).push(line.slice(1));
        cur.changed++;
      }
    } else if (line.startsWith("\\")) {
      continue;
    } else if (cur && line === "") {
      continue; // the patch's trailing newline
    } else {
      cur = null; // diff and file headers
    }
  }
  return { hunks, added, removed, body: hunks.map((h) => [h.header, ...h.lines].join("\n")).join("\n") };
}

/** The hunk as it appears in the patch, its body cut to at most `maxLines` lines. */
export function hunkText(h: Hunk, maxLines: number): string {
  return [h.header, ...h.lines.slice(0, maxLines)].join("\n");
}
