import { z } from "zod";
import { BUG_TYPES } from "./bug-types";

// One single-span edit of a canonical, as find-mutation-sites.py proposes it. Offsets count
// Unicode code points (Python str indices); applyEdit converts them for JavaScript strings.
export const mutationEditSchema = z.object({
  bug_type: z.enum(BUG_TYPES),
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  replacement: z.string(),
  original: z.string(),
  context: z.string(),
  detail: z.object({
    kind: z.enum(["replace", "delete", "swap_arguments", "swap_operands"]),
    role: z.string().optional(),
    before: z.string().optional(),
    after: z.string().optional(),
    guard: z.string().optional(),
    /** Lines a deletion removes (a guard's whole block). */
    lines: z.number().int().positive().optional(),
    callee: z.string().optional(),
    operator: z.string().optional(),
    first: z.string().optional(),
    second: z.string().optional(),
    /** Legal but unlikely to be written by mistake (`2 ** x`, `total = -1`): selected last. */
    awkward: z.boolean().optional(),
  }),
});

export type MutationEdit = z.infer<typeof mutationEditSchema>;

export const siteReplySchema = z.union([
  z.object({
    id: z.string(),
    edits: z.array(mutationEditSchema),
    dropped: z.object({ unparseable: z.number().int(), not_isolated: z.number().int() }),
  }),
  z.object({ id: z.string(), error: z.string() }),
]);

export type SiteReply = z.infer<typeof siteReplySchema>;
