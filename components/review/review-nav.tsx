import Link from "next/link";

// The review area's own navigation; the current page is marked for assistive technology.
const LINKS = [
  ["queue", "/review", "Queue"],
  ["access", "/review/access", "Access requests"],
  ["versions", "/review/versions", "Benchmark versions"],
  ["audit", "/review/audit", "Audit log"],
] as const;

export function ReviewNav({ current }: { current: (typeof LINKS)[number][0] }) {
  return (
    <nav aria-label="Review" className="flex flex-wrap gap-2 border-b border-slate-200 pb-3 text-sm">
      {LINKS.map(([key, href, label]) => (
        <Link prefetch={false}
          key={key}
          href={href}
          aria-current={current === key ? "page" : undefined}
          className={`rounded px-3 py-1.5 font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 ${
            current === key ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-200"
          }`}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}
