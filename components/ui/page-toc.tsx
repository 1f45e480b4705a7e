// A long page's table of contents: links to its sections' ids, sticky beside the page on large
// screens; on small ones a wrapped row above it, or nothing (`narrow="hidden"`) where the page
// is short enough to scroll.
export function PageToc({ label, entries, narrow = "wrap" }: { label: string; entries: readonly (readonly [id: string, title: string])[]; narrow?: "wrap" | "hidden" }) {
  return (
    <nav aria-label={label} className={narrow === "hidden" ? "hidden lg:block" : "mb-6 lg:mb-0"}>
      <div className="lg:sticky lg:top-6">
        <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">On this page</p>
        <ol className="flex flex-wrap gap-x-4 gap-y-1 text-sm lg:block lg:space-y-1">
          {entries.map(([id, title]) => (
            <li key={id}>
              <a href={`#${id}`} className="text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline">
                {title}
              </a>
            </li>
          ))}
        </ol>
      </div>
    </nav>
  );
}
