import Link from "next/link";

// The tabs between a benchmark version's reader pages, and a last one to the methodology.
export function TabBar<T extends string>({ label, tabs, current, methodology }: { label: string; tabs: { id: T; label: string; href: string }[]; current: T; methodology: string }) {
  const base = "whitespace-nowrap border-b-2 px-3 py-2 font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-emerald-600";
  return (
    <nav aria-label={label} className="-mb-px flex gap-1 overflow-x-auto border-b border-slate-200 text-sm">
      {tabs.map((t) => (
        <Link
          key={t.id}
          href={t.href}
          aria-current={t.id === current ? "page" : undefined}
          className={`${base} ${t.id === current ? "border-emerald-600 text-slate-900" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"}`}
        >
          {t.label}
        </Link>
      ))}
      <Link href={methodology} className={`${base} border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900`}>
        Methodology
      </Link>
    </nav>
  );
}
