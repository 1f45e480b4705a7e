import { getQuotaInput } from "@/lib/quotas/get-quota";
import { quotaViewSchema } from "@/lib/quotas/quota-view";
import { setQuotaOverrideInput } from "@/lib/quotas/set-quota-override";
import type { Operation } from "../operation";

export const QUOTA_OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/api/v1/quota",
    operationId: "getQuota",
    summary: "Submission quota on a benchmark: limits, usage, remaining",
    description:
      "Counts every accepted, non-baseline submission to any version of the benchmark, except those the platform failed (refunded). " +
      "The per-day count restarts at UTC midnight. Personal submissions count against the user's quota; submissions made for an organisation " +
      "against the organisation's (`organisation=<slug>`: all its members' submissions for it together).",
    tag: "Quotas",
    auth: "required",
    query: getQuotaInput,
    success: { status: 200, description: "the quota", schema: quotaViewSchema, name: "Quota" },
    errors: {
      400: "benchmark missing, or both email and organisation",
      401: "no valid credentials",
      403: "asked for another user's quota without being a maintainer",
      404: "no such benchmark or user, or no organisation of that name among the caller's (non-members are told the same as for a missing one)",
    },
  },
  {
    method: "put",
    path: "/api/v1/quota/overrides",
    operationId: "setQuotaOverride",
    summary: "Set or clear one user's (or organisation's) limits on one benchmark (admins)",
    tag: "Quotas",
    auth: "required",
    body: { schema: setQuotaOverrideInput, contentType: "application/json", required: true },
    success: { status: 200, description: "the user's quota with the new limits", schema: quotaViewSchema, name: "Quota" },
    errors: { 400: "invalid limits, or not exactly one of email and organisation", 401: "no valid credentials", 403: "the caller is not an admin", 404: "no such user, organisation or benchmark" },
  },
];
