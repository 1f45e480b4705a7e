import { Fragment, type ReactNode } from "react";
import Link from "next/link";

export type Crumb = { href: string; label: ReactNode };

// Where a page sits: links to the pages above it, then (unlinked) the page itself, separated by
// slashes that screen readers skip.
export function Breadcrumb({ trail, current, linkClassName = "underline-offset-2 hover:text-slate-900 hover:underline", currentClassName = "text-slate-900" }: { trail: Crumb[]; current: ReactNode; linkClassName?: string; currentClassName?: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
      {trail.map((c) => (
        <Fragment key={c.href}>
          <Link href={c.href} className={linkClassName}>
            {c.label}
          </Link>{" "}
          <span aria-hidden>/</span>{" "}
        </Fragment>
      ))}
      <span className={currentClassName}>{current}</span>
    </nav>
  );
}
