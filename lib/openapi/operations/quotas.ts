import { getQuotaInput } from "@/lib/quotas/get-quota";
import { quotaViewSchema } from "@/lib/quotas/quota-view";
import { setQuotaOverrideInput } from "@/lib/quotas/set-quota-override";
import { answer, defineOperations, jsonBody, ok } from "../operation";

const quota = answer("Quota", quotaViewSchema);

export const QUOTA_OPERATIONS = defineOperations({ tag: "Quotas", access: "signed-in" }, {
  "GET /api/v1/quota": {
    id: "getQuota",
    summary: "Submission quota on a benchmark: limits, usage, remaining",
    description:
      "Counts every accepted, non-baseline submission to any version of the benchmark, except those the platform failed (refunded). " +
      "The per-day count restarts at UTC midnight. Personal submissions count against the user's quota; submissions made for an organisation " +
      "against the organisation's (`organisation=<slug>`: all its members' submissions for it together).",
    query: getQuotaInput,
    success: ok("the quota", quota),
    errors: {
      400: "benchmark missing, or both email and organisation",
      403: "asked for another user's quota without being a maintainer",
      404: "no such benchmark or user, or no organisation of that name among the caller's (non-members are told the same as for a missing one)",
    },
  },
  "PUT /api/v1/quota/overrides": {
    id: "setQuotaOverride",
    summary: "Set or clear one user's (or organisation's) limits on one benchmark (admins)",
    access: "admin",
    body: jsonBody(setQuotaOverrideInput),
    success: ok("the user's quota with the new limits", quota),
    errors: { 400: "invalid limits, or not exactly one of email and organisation", 404: "no such user, organisation or benchmark" },
  },
});
