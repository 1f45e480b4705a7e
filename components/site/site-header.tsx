import Link from "next/link";
import { MenuToggle } from "./menu-toggle";

const NAV_ID = "site-nav";
const READER_PAGES = [
  ["/", "Leaderboard"],
  ["/benchmarks", "Benchmarks"],
  ["/methodology", "Methodology"],
  ["/docs/api", "API"],
] as const;

// The header of every page: the name, the reader pages, "Submit a model" for everyone, and the
// account corner. On phones it is one line (the name and a Menu button); the links open below.
export function SiteHeader({ account }: { account: React.ReactNode }) {
  const link = "rounded py-1 hover:text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-emerald-600";
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 sm:px-6 sm:py-4">
        <Link href="/" className="text-lg font-semibold tracking-tight">
          Exec<span className="text-emerald-700">Board</span>
        </Link>
        <MenuToggle controls={NAV_ID} />
        <nav
          id={NAV_ID}
          aria-label="Main"
          data-open="false"
          className="hidden w-full flex-col gap-1 border-t border-slate-100 pt-2 text-sm text-slate-600 data-[open=true]:flex sm:flex sm:w-auto sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-5 sm:gap-y-2 sm:border-0 sm:pt-0"
        >
          {READER_PAGES.map(([href, label]) => (
            <Link key={href} href={href} className={link}>
              {label}
            </Link>
          ))}
          <Link prefetch={false} href="/submit" className={`${link} font-medium text-emerald-800`}>
            Submit a model
          </Link>
          {account}
        </nav>
      </div>
    </header>
  );
}
