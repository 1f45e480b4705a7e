import Link from "next/link";
import { AutoSubmitForm } from "@/components/leaderboard/auto-submit-form";
import { bugLabel } from "@/components/drilldown/role-label";
import { buttonClass, fieldClass, labelClass } from "@/components/ui/field";
import { humanize } from "@/components/ui/format";
import type { ModelQueryParams } from "@/lib/pages/model-queries";

const OUTCOME_LABELS = { any: "Any", pass: "Passes at rank 1", miss: "Misses at rank 1", own_distractor: "Own distractor at rank 1", other: "Other query's code at rank 1" } as const;

// Filters of the model page's query table, as a GET form (the state lives in the URL).
export function QueryFilters({ action, p, domains, bugTypes }: { action: string; p: ModelQueryParams; domains: string[]; bugTypes: string[] }) {
  return (
    <AutoSubmitForm id="model-queries" action={action} className="flex flex-wrap items-end gap-3">
      <div className="w-full sm:w-48">
        <label htmlFor="mq-q" className={labelClass}>
          Search queries
        </label>
        <input id="mq-q" type="search" name="q" defaultValue={p.q} placeholder="function name or id" className={fieldClass} />
      </div>
      <div className="w-[calc(50%-0.375rem)] sm:w-44">
        <label htmlFor="mq-domain" className={labelClass}>
          Domain
        </label>
        <select id="mq-domain" name="domain" defaultValue={p.domain} className={fieldClass}>
          <option value="">All domains</option>
          {domains.map((d) => (
            <option key={d} value={d}>
              {humanize(d)}
            </option>
          ))}
        </select>
      </div>
      <div className="w-[calc(50%-0.375rem)] sm:w-52">
        <label htmlFor="mq-outcome" className={labelClass}>
          Rank-1 outcome
        </label>
        <select id="mq-outcome" name="outcome" defaultValue={p.outcome} data-default="any" className={fieldClass}>
          {Object.entries(OUTCOME_LABELS).map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
      </div>
      <div className="w-[calc(50%-0.375rem)] sm:w-48">
        <label htmlFor="mq-bug" className={labelClass}>
          Rank-1 bug type
        </label>
        <select id="mq-bug" name="bug" defaultValue={p.bug[0] ?? ""} className={fieldClass}>
          <option value="">Any</option>
          {bugTypes.map((b) => (
            <option key={b} value={b}>
              {bugLabel(b)}
            </option>
          ))}
        </select>
      </div>
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
