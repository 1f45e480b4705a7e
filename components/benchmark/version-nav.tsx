import Link from "next/link";
import { VersionHeader, VersionLabel, type VersionNavData, type VersionTab } from "./version-header";
import { comparePath, queriesPath, versionPath } from "./paths";

export type VersionTabId = "leaderboard" | "queries" | "compare";

export type VersionNavProps = VersionNavData & { tab: VersionTabId };

const TABS: VersionTab<VersionTabId>[] = [
  { id: "leaderboard", label: "Leaderboard", path: versionPath },
  { id: "queries", label: "Queries", path: queriesPath },
  { id: "compare", label: "Compare", path: comparePath },
];

// The header of every page about one execution-grounded benchmark version: its name, a version
// picker (a disclosure of links to the same page of each version, so it works without
// JavaScript) and the tabs between its reader pages.
export function VersionNav({ tab, headingId, ...nav }: VersionNavProps & { headingId: string }) {
  const { slug, version, versions } = nav;
  const samePage = TABS.find((t) => t.id === tab)!.path;
  return (
    <VersionHeader {...nav} headingId={headingId} tabs={TABS} tab={tab} methodology="/methodology">
      <details className="group relative">
        <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md bg-white px-2 py-1 text-sm text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-emerald-600">
          <span>
            <VersionLabel version={version} versions={versions} />
          </span>
          <span aria-hidden className="text-slate-500 group-open:rotate-180">
            ▾
          </span>
        </summary>
        <ul className="absolute left-0 z-20 mt-1 min-w-[12rem] rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200">
          {versions.map((v) => (
            <li key={v.version}>
              <Link href={samePage(slug, v.version)} aria-current={v.version === version ? "page" : undefined} className="block px-3 py-1.5 font-mono hover:bg-slate-100 aria-[current=page]:font-semibold">
                {v.version}
                {v.current && <span className="ml-2 font-sans text-xs text-emerald-700">current</span>}
              </Link>
            </li>
          ))}
          <li className="border-t border-slate-100">
            <Link href="/benchmarks" className="block px-3 py-1.5 text-slate-600 hover:bg-slate-100">
              All benchmarks and versions
            </Link>
          </li>
        </ul>
      </details>
    </VersionHeader>
  );
}
