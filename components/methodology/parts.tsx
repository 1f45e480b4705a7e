// The building blocks of /methodology: a titled section, a marked choice the paper leaves open,
// and a displayed formula (text, so it reads aloud and copies as written).

export const code = "rounded bg-slate-100 px-1 py-0.5 font-mono text-xs";

export function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-6 space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight text-slate-900">
        {title}
      </h2>
      <div className="space-y-3 text-[15px] leading-7 text-slate-700">{children}</div>
    </section>
  );
}

// A choice the paper leaves open: labelled in words, not only by its colour.
export function Choice({ children }: { children: React.ReactNode }) {
  return (
    <div className="rounded-lg border-l-4 border-amber-400 bg-amber-50 px-4 py-3 text-sm leading-6 text-slate-800">
      <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-amber-900">ExecBoard&apos;s choice</p>
      <div className="space-y-2">{children}</div>
    </div>
  );
}

// One or more displayed formulas, each on its own line (focusable: it scrolls sideways if a
// formula is wider than a phone).
export function Formula({ children, label }: { children: React.ReactNode; label?: string }) {
  return (
    <div role="group" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-lg bg-slate-50 px-4 py-3 font-mono text-[13px] leading-7 text-slate-900 ring-1 ring-inset ring-slate-200 focus-visible:outline focus-visible:outline-2 focus-visible:outline-emerald-600">
      {children}
    </div>
  );
}

// A long line wraps with a hanging indent, so its continuation reads as part of it.
export function Line({ children }: { children: React.ReactNode }) {
  return <p className="pl-6 -indent-6">{children}</p>;
}
