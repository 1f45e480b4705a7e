import Link from "next/link";
import { AutoSubmitForm } from "@/components/leaderboard/auto-submit-form";
import { bugLabel } from "@/components/drilldown/role-label";
import { buttonClass } from "@/components/ui/field";
import { SearchFilter, SelectFilter } from "@/components/ui/filter-fields";
import { humanize } from "@/components/ui/format";
import type { ModelQueryParams } from "@/lib/pages/model-queries";

const OUTCOME_LABELS = {
  any: "Any",
  pass: "Passes at rank 1",
  miss: "Fails at rank 1 (in some tie orders or all)",
  own_distractor: "Own distractor at rank 1",
  other: "Other query's code at rank 1",
  tied: "Tied at rank 1 (rank 1 is chance)",
} as const;

// Filters of the model page's query table, as a GET form (the state lives in the URL).
export function QueryFilters({ action, p, domains, bugTypes }: { action: string; p: ModelQueryParams; domains: string[]; bugTypes: string[] }) {
  return (
    <AutoSubmitForm id="model-queries" action={action} className="flex flex-wrap items-end gap-3">
      <SearchFilter id="mq-q" label="Search queries" defaultValue={p.q} placeholder="function name or id" className="w-full sm:w-48" />
      <SelectFilter id="mq-domain" name="domain" label="Domain" defaultValue={p.domain} empty="All domains" options={domains.map((d) => [d, humanize(d)])} className="w-[calc(50%-0.375rem)] sm:w-44" />
      <SelectFilter id="mq-outcome" name="outcome" label="Rank-1 outcome" defaultValue={p.outcome} dataDefault="any" options={Object.entries(OUTCOME_LABELS)} className="w-[calc(50%-0.375rem)] sm:w-52" />
      <SelectFilter id="mq-bug" name="bug" label="Rank-1 bug type" defaultValue={p.bug[0] ?? ""} empty="Any" options={bugTypes.map((b) => [b, bugLabel(b)])} className="w-[calc(50%-0.375rem)] sm:w-48" />
      <button type="submit" className={buttonClass}>
        Apply
      </button>
      {(p.q || p.domain || p.outcome !== "any" || p.bug.length > 0) && (
        <Link href={`${action}#queries`} scroll={false} className="py-1.5 text-sm text-slate-600 underline-offset-2 hover:underline">
          Clear
        </Link>
      )}
    </AutoSubmitForm>
  );
}
