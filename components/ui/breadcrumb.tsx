import { Fragment, type ReactNode } from "react";
import Link from "next/link";

export type Crumb = { href: string; label: ReactNode; className?: string };

// Where a page sits: links to the pages above it, then (unlinked) the page itself, separated by
// slashes that screen readers skip; `aside` (links to the previous and next page) sits at the
// other end of the line.
export function Breadcrumb({
  trail,
  current,
  aside,
  linkClassName = "underline-offset-2 hover:text-slate-900 hover:underline",
  currentClassName = "text-slate-900",
}: {
  trail: Crumb[];
  current: ReactNode;
  aside?: ReactNode;
  linkClassName?: string;
  currentClassName?: string;
}) {
  const path = (
    <>
      {trail.map((c) => (
        <Fragment key={c.href}>
          <Link href={c.href} className={c.className ?? linkClassName}>
            {c.label}
          </Link>{" "}
          <span aria-hidden>/</span>{" "}
        </Fragment>
      ))}
      <span className={currentClassName}>{current}</span>
    </>
  );
  if (aside === undefined) {
    return (
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        {path}
      </nav>
    );
  }
  return (
    <nav aria-label="Breadcrumb" className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
      <span>{path}</span>
      <span className="flex gap-3">{aside}</span>
    </nav>
  );
}
