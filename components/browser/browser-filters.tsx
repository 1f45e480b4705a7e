import Link from "next/link";
import { AutoSubmitForm } from "@/components/leaderboard/auto-submit-form";
import { bugLabel } from "@/components/drilldown/role-label";
import { buttonClass, fieldClass, labelClass } from "@/components/ui/field";
import { humanize } from "@/components/ui/format";
import type { BrowserParams } from "@/lib/pages/query-browser-params";

// The query browser's filters as a GET form: search, domain, difficulty range, bug type, order.
export function BrowserFilters({ action, p, domains, bugTypes, systems }: { action: string; p: BrowserParams; domains: string[]; bugTypes: string[]; systems: number }) {
  const counts = Array.from({ length: systems + 1 }, (_, i) => i);
  return (
    <AutoSubmitForm id="query-browser-form" action={action} className="flex flex-wrap items-end gap-3">
      <div className="w-full sm:w-52">
        <label htmlFor="qb-q" className={labelClass}>
          Search
        </label>
        <input id="qb-q" type="search" name="q" defaultValue={p.q} placeholder="function, id or text" className={fieldClass} />
      </div>
      <div className="w-[calc(50%-0.375rem)] sm:w-44">
        <label htmlFor="qb-domain" className={labelClass}>
          Domain
        </label>
        <select id="qb-domain" name="domain" defaultValue={p.domain} className={fieldClass}>
          <option value="">All domains</option>
          {domains.map((d) => (
            <option key={d} value={d}>
              {humanize(d)}
            </option>
          ))}
        </select>
      </div>
      <div className="w-[calc(50%-0.375rem)] sm:w-44">
        <label htmlFor="qb-bug" className={labelClass}>
          Has a distractor of type
        </label>
        <select id="qb-bug" name="bug" defaultValue={p.bug[0] ?? ""} className={fieldClass}>
          <option value="">Any</option>
          {bugTypes.map((b) => (
            <option key={b} value={b}>
              {bugLabel(b)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="flex items-end gap-2">
        <legend className={labelClass}>Solved at rank 1 by (systems)</legend>
        <div className="w-20">
          <label htmlFor="qb-min" className="sr-only">
            at least
          </label>
          <select id="qb-min" name="min" defaultValue={p.min ?? ""} className={fieldClass}>
            <option value="">min</option>
            {counts.map((c) => (
              <option key={c} value={c}>
                ≥ {c}
              </option>
            ))}
          </select>
        </div>
        <div className="w-20">
          <label htmlFor="qb-max" className="sr-only">
            at most
          </label>
          <select id="qb-max" name="max" defaultValue={p.max ?? ""} className={fieldClass}>
            <option value="">max</option>
            {counts.map((c) => (
              <option key={c} value={c}>
                ≤ {c}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <div className="w-36">
        <label htmlFor="qb-sort" className={labelClass}>
          Order
        </label>
        <select id="qb-sort" name="sort" defaultValue={p.sort} data-default="position" className={fieldClass}>
          <option value="position">Benchmark order</option>
          <option value="hardest">Hardest first</option>
          <option value="easiest">Easiest first</option>
        </select>
      </div>
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
