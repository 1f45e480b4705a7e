import Link from "next/link";
import { buttonClass, primaryButtonClass } from "@/components/ui/field";
import { SearchFilter, SelectFilter } from "@/components/ui/filter-fields";
import { DEFAULT_PARAMS, OPEN_WEIGHTS, SIMILARITIES, hasFilters, leaderboardQuery, naturalDir } from "@/lib/pages/leaderboard-params";
import type { LeaderboardView } from "@/lib/pages/leaderboard-view";
import { AutoSubmitForm } from "./auto-submit-form";

const OPEN_LABELS = { any: "Any", yes: "Open weights", no: "Closed weights", unknown: "Not stated" } as const;
const SIM_LABELS = { any: "Any", cosine: "Cosine", dot: "Dot product" } as const;

// The filters, as a GET form holding the whole URL state (k and sort as hidden fields, row
// selections through the table's checkboxes). Works without JavaScript via "Apply".
export function LeaderboardFilters({ view, basePath, formId, compareAction }: { view: LeaderboardView; basePath: string; formId: string; compareAction: string }) {
  const p = view.params;
  const selected = p.sel.length;
  return (
    <AutoSubmitForm id={formId} action={basePath} className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="k" value={p.k} data-default={DEFAULT_PARAMS.k} />
      <input type="hidden" name="sort" value={p.sort} data-default={DEFAULT_PARAMS.sort} />
      <input type="hidden" name="dir" value={p.dir} data-default={naturalDir(p.sort)} />
      <input type="hidden" name="show" value={p.show} data-default={DEFAULT_PARAMS.show} />
      <SearchFilter id={`${formId}-q`} label="Search models" defaultValue={p.q} placeholder="model or provider" className="w-full sm:w-56" />
      <SelectFilter id={`${formId}-provider`} name="provider" label="Provider" defaultValue={p.provider} empty="All providers" options={view.providers.map((pr) => [pr, pr] as const)} className="w-[calc(50%-0.375rem)] sm:w-44" />
      <SelectFilter id={`${formId}-open`} name="open" label="Weights" defaultValue={p.openWeights} dataDefault="any" options={OPEN_WEIGHTS.map((o) => [o, OPEN_LABELS[o]] as const)} className="w-[calc(50%-0.375rem)] sm:w-40" />
      <SelectFilter id={`${formId}-sim`} name="sim" label="Similarity" defaultValue={p.similarity} dataDefault="any" options={SIMILARITIES.map((s) => [s, SIM_LABELS[s]] as const)} className="w-[calc(50%-0.375rem)] sm:w-36" />
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" className={buttonClass}>
          Apply
        </button>
        {(hasFilters(p) || selected > 0) && (
          <Link href={`${basePath}${leaderboardQuery({ ...DEFAULT_PARAMS, k: p.k, sort: p.sort, dir: p.dir })}`} scroll={false} className="rounded-md px-2 py-1.5 text-sm text-slate-600 underline-offset-2 hover:underline">
            Clear filters and selection
          </Link>
        )}
        <button type="submit" formAction={compareAction} className={primaryButtonClass}>
          Compare selected ({selected}/4)
        </button>
      </div>
    </AutoSubmitForm>
  );
}
