// A GET form choosing 2-4 published runs (checkboxes named "runs"), for the compare and fusion
// pages; it works without JavaScript.
export function RunsPicker({ action, available, chosen, submitLabel }: { action: string; available: { submissionId: string; model: string; isBaseline: boolean }[]; chosen: readonly string[]; submitLabel: string }) {
  return (
    <form method="get" action={action} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      <fieldset>
        <legend className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Pick 2 to 4 published runs</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {available.map((r) => (
            <label key={r.submissionId} className="inline-flex items-center gap-1.5 text-sm text-slate-800">
              <input type="checkbox" name="runs" value={r.submissionId} defaultChecked={chosen.includes(r.submissionId)} className="h-4 w-4 rounded border-slate-400 accent-emerald-700" />
              {r.model}
              {r.isBaseline && <span className="text-xs text-slate-500">(baseline)</span>}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="mt-3 rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-emerald-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600">
        {submitLabel}
      </button>
    </form>
  );
}

/** The runs a URL chooses: repeated ?runs= or one comma-separated value. */
export function chosenRuns(raw: string | string[] | undefined): string[] {
  const values = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return [...new Set(values.flatMap((v) => v.split(",")).filter((v) => /^[0-9a-f-]{36}$/i.test(v)))];
}
