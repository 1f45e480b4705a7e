import { z } from "zod";
import { OBSERVATION_REPR_MAX, type TestObservation } from "./types";

// Per-test observations (docker/runner/observe.py): what the runner's judge saw of each test.
// One reader for the runner's result lines and for stored rows (the drilldown): an entry that
// does not fit becomes null and a list that does not line up with the tests is dropped, so an
// observation can never fail a result or a page; a repr longer than the bound is cut here again.

/** False when `text` holds what a repr never does (Python escapes it): control characters, lone surrogates. */
function showable(text: string): boolean {
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0xd800 && c <= 0xdfff)) return false;
  }
  return true;
}

const entrySchema = z
  .object({
    returned: z.string().max(OBSERVATION_REPR_MAX * 4).optional(),
    truncated: z.boolean().optional(),
    exception: z.string().regex(/^[A-Za-z_][\w.]{0,99}$/).optional(),
  })
  .strip();

function parseEntry(raw: unknown): TestObservation | null {
  if (raw === null) return null;
  const parsed = entrySchema.safeParse(raw);
  if (!parsed.success) return null;
  const { returned, truncated, exception } = parsed.data;
  const shown = returned !== undefined && showable(returned) ? returned : undefined;
  if (shown === undefined && !exception) return null;
  const chars = shown === undefined ? [] : [...shown];
  const cut = chars.length > OBSERVATION_REPR_MAX;
  return {
    ...(shown !== undefined ? { returned: cut ? chars.slice(0, OBSERVATION_REPR_MAX).join("") : shown, truncated: cut || truncated === true } : {}),
    ...(exception ? { exception } : {}),
  };
}

/** One observation or null per test, or null when `raw` is not a list of exactly `tests` entries. */
export function parseObservations(raw: unknown, tests: number): (TestObservation | null)[] | null {
  if (!Array.isArray(raw) || raw.length !== tests) return null;
  return raw.map(parseEntry);
}
