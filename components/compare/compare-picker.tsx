import { AutoSubmitForm } from "@/components/leaderboard/auto-submit-form";
import { fieldClass, labelClass, primaryButtonClass } from "@/components/ui/field";
import type { CompareCandidate } from "@/lib/pages/compare";
import type { CompareParams } from "@/lib/pages/compare-params";

// Which submissions to compare (2-4) and at which k to list queries: a GET form, so the choice
// is the URL. The viewer's own unpublished submissions are offered to them alone.
export function ComparePicker({ action, candidates, p }: { action: string; candidates: CompareCandidate[]; p: CompareParams }) {
  const groups: [string, CompareCandidate[]][] = [
    ["Published", candidates.filter((c) => c.published)],
    ["Yours, not published (only you see these)", candidates.filter((c) => !c.published)],
  ];
  return (
    <AutoSubmitForm id="compare-form" action={action} className="space-y-3">
      {groups
        .filter(([, list]) => list.length > 0)
        .map(([title, list]) => (
          <fieldset key={title}>
            <legend className={labelClass}>{title}</legend>
            <div className="flex max-h-56 flex-wrap gap-1.5 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-2">
              {list.map((c) => {
                const order = p.sel.indexOf(c.submissionId);
                return (
                  <label
                    key={c.submissionId}
                    className={`inline-flex cursor-pointer items-center gap-1.5 rounded-md px-2 py-1 text-sm ring-1 ring-inset focus-within:ring-2 focus-within:ring-emerald-600 ${order >= 0 ? "bg-emerald-50 ring-emerald-400" : "bg-white ring-slate-300 hover:bg-slate-50"}`}
                  >
                    <input type="checkbox" name="sel" value={c.submissionId} defaultChecked={order >= 0} className="h-4 w-4 accent-emerald-700" />
                    {order >= 0 && <span className="font-semibold text-emerald-800">{String.fromCharCode(65 + order)}</span>}
                    <span>{c.model}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))}
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-40">
          <label htmlFor="compare-k" className={labelClass}>
            k for the query lists and heatmap
          </label>
          <select id="compare-k" name="k" defaultValue={p.k} data-default="1" className={fieldClass}>
            {[1, 3, 5].map((k) => (
              <option key={k} value={k}>
                exec@{k}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={primaryButtonClass}>
          Compare
        </button>
        <p className="text-xs text-slate-600">Pick two to four; they are lettered A–D in leaderboard order.</p>
      </div>
    </AutoSubmitForm>
  );
}
