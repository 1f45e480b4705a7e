import Link from "next/link";
import { AutoSubmitForm } from "@/components/leaderboard/auto-submit-form";
import { bugLabel } from "@/components/drilldown/role-label";
import { buttonClass, labelClass } from "@/components/ui/field";
import { SearchFilter, SelectFilter } from "@/components/ui/filter-fields";
import { humanize } from "@/components/ui/format";
import type { BrowserParams } from "@/lib/pages/query-browser-params";

// The query browser's filters as a GET form: search, domain, difficulty range, bug type, order.
export function BrowserFilters({ action, p, domains, bugTypes, systems }: { action: string; p: BrowserParams; domains: string[]; bugTypes: string[]; systems: number }) {
  const counts = Array.from({ length: systems + 1 }, (_, i) => i);
  return (
    <AutoSubmitForm id="query-browser-form" action={action} className="flex flex-wrap items-end gap-3">
      <SearchFilter id="qb-q" label="Search" defaultValue={p.q} placeholder="function, id or text" className="w-full sm:w-52" />
      <SelectFilter id="qb-domain" name="domain" label="Domain" defaultValue={p.domain} empty="All domains" options={domains.map((d) => [d, humanize(d)])} className="w-[calc(50%-0.375rem)] sm:w-44" />
      <SelectFilter id="qb-bug" name="bug" label="Has a distractor of type" defaultValue={p.bug[0] ?? ""} empty="Any" options={bugTypes.map((b) => [b, bugLabel(b)])} className="w-[calc(50%-0.375rem)] sm:w-44" />
      <fieldset className="flex items-end gap-2">
        <legend className={labelClass}>Solved at rank 1 by (systems)</legend>
        <SelectFilter id="qb-min" name="min" label="at least" hiddenLabel defaultValue={p.min ?? ""} empty="min" options={counts.map((c) => [c, `≥ ${c}`])} className="w-20" />
        <SelectFilter id="qb-max" name="max" label="at most" hiddenLabel defaultValue={p.max ?? ""} empty="max" options={counts.map((c) => [c, `≤ ${c}`])} className="w-20" />
      </fieldset>
      <SelectFilter
        id="qb-sort"
        name="sort"
        label="Order"
        defaultValue={p.sort}
        dataDefault="position"
        options={[
          ["position", "Benchmark order"],
          ["hardest", "Hardest first"],
          ["easiest", "Easiest first"],
        ]}
        className="w-36"
      />
      <button type="submit" className={buttonClass}>
        Apply
      </button>
      {(p.q || p.domain || p.bug.length > 0 || p.min !== null || p.max !== null) && (
        <Link href={action} scroll={false} className="py-1.5 text-sm text-slate-600 underline-offset-2 hover:underline">
          Clear
        </Link>
      )}
    </AutoSubmitForm>
  );
}
