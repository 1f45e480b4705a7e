import Link from "next/link";
import { fieldClass } from "@/components/ui/field";
import { DEFAULT_PARAMS, OPEN_WEIGHTS, SIMILARITIES, hasFilters, leaderboardQuery, naturalDir } from "@/lib/pages/leaderboard-params";
import type { LeaderboardView } from "@/lib/pages/leaderboard-view";
import { AutoSubmitForm } from "./auto-submit-form";

const field = fieldClass;
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
      <div className="w-full sm:w-56">
        <label htmlFor={`${formId}-q`} className="mb-1 block text-xs font-medium text-slate-600">
          Search models
        </label>
        <input id={`${formId}-q`} type="search" name="q" defaultValue={p.q} placeholder="model or provider" className={field} />
      </div>
      <div className="w-[calc(50%-0.375rem)] sm:w-44">
        <label htmlFor={`${formId}-provider`} className="mb-1 block text-xs font-medium text-slate-600">
          Provider
        </label>
        <select id={`${formId}-provider`} name="provider" defaultValue={p.provider} className={field}>
          <option value="">All providers</option>
          {view.providers.map((pr) => (
            <option key={pr} value={pr}>
              {pr}
            </option>
          ))}
        </select>
      </div>
      <div className="w-[calc(50%-0.375rem)] sm:w-40">
        <label htmlFor={`${formId}-open`} className="mb-1 block text-xs font-medium text-slate-600">
          Weights
        </label>
        <select id={`${formId}-open`} name="open" defaultValue={p.openWeights} data-default="any" className={field}>
          {OPEN_WEIGHTS.map((o) => (
            <option key={o} value={o}>
              {OPEN_LABELS[o]}
            </option>
          ))}
        </select>
      </div>
      <div className="w-[calc(50%-0.375rem)] sm:w-36">
        <label htmlFor={`${formId}-sim`} className="mb-1 block text-xs font-medium text-slate-600">
          Similarity
        </label>
        <select id={`${formId}-sim`} name="sim" defaultValue={p.similarity} data-default="any" className={field}>
          {SIMILARITIES.map((s) => (
            <option key={s} value={s}>
              {SIM_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" className="rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600">
          Apply
        </button>
        {(hasFilters(p) || selected > 0) && (
          <Link href={`${basePath}${leaderboardQuery({ ...DEFAULT_PARAMS, k: p.k, sort: p.sort, dir: p.dir })}`} scroll={false} className="rounded-md px-2 py-1.5 text-sm text-slate-600 underline-offset-2 hover:underline">
            Clear filters and selection
          </Link>
        )}
        <button
          type="submit"
          formAction={compareAction}
          className="rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-emerald-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
        >
          Compare selected ({selected}/4)
        </button>
      </div>
    </AutoSubmitForm>
  );
}
