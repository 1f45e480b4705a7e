// A titled section of a reader page: an h2, an optional one-line lead, and its content.
export function Card({ id, title, lead, children, className = "", actions }: { id: string; title: string; lead?: React.ReactNode; children: React.ReactNode; className?: string; actions?: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className={`min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}>
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={id} className="text-base font-semibold tracking-tight text-slate-900">
            {title}
          </h2>
          {lead && <p className="mt-0.5 text-sm text-slate-600">{lead}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
