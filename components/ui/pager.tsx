import Link from "next/link";

// Previous / next page links with the current position; plain links, so paging works without
// JavaScript and every page has its own URL.
export function Pager({ page, pages, hrefOf, label }: { page: number; pages: number; hrefOf: (page: number) => string; label: string }) {
  if (pages <= 1) return null;
  const link = "rounded-md px-3 py-1.5 font-medium ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-emerald-600";
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link href={hrefOf(page - 1)} scroll={false} className={link} rel="prev">
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link href={hrefOf(page + 1)} scroll={false} className={link} rel="next">
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
