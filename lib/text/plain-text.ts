import type { z } from "zod";

// What user-supplied text may hold. Everything a user types ends up in Postgres and on pages
// other people read, so two kinds of character are refused, with the field and the character
// named, instead of surfacing later as a database error or a misleading page:
// - characters that cannot be stored or shown: NUL and other control characters (tabs and
//   newlines only where the field is multi-line) and unpaired UTF-16 surrogates;
// - in names (of models, providers, organisations): characters that make text read as
//   something else: bidirectional overrides and isolates, zero-width and other invisible
//   characters. "Acme\u200b" or "Acm\u202ee" would otherwise pass for another vendor's "Acme".

export type TextKind = "name" | "line" | "multiline";

// C0 controls but tab, newline and carriage return; DEL; C1 controls.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u;
const LINE_BREAKS = /[\t\n\r\u2028\u2029]/u;
// Bidi controls (embeddings, overrides, isolates, marks), zero-width and invisible format
// characters, fillers that render as nothing, variation selectors and tag characters.
const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class -- the combining marks are listed one by one on purpose
  /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]/u;

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function wellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

function codePoint(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Why `text` is not acceptable as a `kind` field, in words, or null when it is. */
export function textProblem(text: string, kind: TextKind): string | null {
  if (!wellFormed(text)) return "contains an unpaired surrogate (not valid Unicode text)";
  const control = CONTROL.exec(text);
  if (control) return `contains the control character ${codePoint(control[0])}`;
  if (kind !== "multiline") {
    const br = LINE_BREAKS.exec(text);
    if (br) return `contains a line break or tab (${codePoint(br[0])}); it must be one line`;
  }
  if (kind === "name") {
    const inv = INVISIBLE.exec(text);
    if (inv) return `contains the invisible or direction-changing character ${codePoint(inv[0])}, which could make it read as another name`;
  }
  return null;
}

/** A zod refinement: `z.string().superRefine(plainText("name"))`. */
export function plainText(kind: TextKind) {
  return (value: string, ctx: z.RefinementCtx): void => {
    const problem = textProblem(value, kind);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  };
}

/**
 * The first string anywhere in a parsed JSON value (keys included) that cannot be stored: a
 * NUL or an unpaired surrogate. Returns its path ("metadata.notes") and the problem, or null.
 */
export function unstorableString(value: unknown, path = ""): { path: string; problem: string } | null {
  const check = (s: string, at: string) => {
    if (!wellFormed(s)) return { path: at, problem: "contains an unpaired surrogate (not valid Unicode text)" };
    if (s.includes("\u0000")) return { path: at, problem: "contains a NUL character" };
    return null;
  };
  if (typeof value === "string") return check(value, path || "(body)");
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableString(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      const at = path ? `${path}.${k}` : k;
      const bad = check(k, at);
      if (bad) return { path: at, problem: `its key ${bad.problem}` };
      const found = unstorableString(v, at);
      if (found) return found;
    }
  }
  return null;
}
