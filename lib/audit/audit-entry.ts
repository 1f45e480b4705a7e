import { z } from "zod";
import { AuditAction, SubmissionStatus } from "@/lib/db/generated/enums";

// One line of the audit log as maintainers and the API see it.
const status = z.enum(Object.values(SubmissionStatus) as [SubmissionStatus, ...SubmissionStatus[]]);

export const AUDIT_ACTIONS = Object.values(AuditAction) as [AuditAction, ...AuditAction[]];

export const auditEntrySchema = z.strictObject({
  id: z.string().describe("increasing; pass it as `before` to page back"),
  at: z.iso.datetime(),
  action: z.enum(AUDIT_ACTIONS),
  actor: z.strictObject({
    userId: z.string().uuid().nullable().describe("null for an operator using the CLI without a token"),
    label: z.string().describe("the account's email at the time, or the operator's user and host"),
  }),
  submission: z
    .strictObject({ id: z.string().uuid(), model: z.string(), provider: z.string(), benchmark: z.string(), version: z.string() })
    .nullable(),
  organisation: z.strictObject({ slug: z.string(), name: z.string() }).nullable().describe("the organisation an organisation_create, member_add or member_remove entry is about"),
  fromStatus: status.nullable(),
  toStatus: status.nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.strictObject({
  entries: z.array(auditEntrySchema).describe("newest first"),
  nextBefore: z.string().nullable().describe("pass as `before` for older entries; null when there are none"),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
