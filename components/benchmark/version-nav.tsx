import Link from "next/link";
import { TabBar } from "./tab-bar";
import { DownloadDatasetLink } from "./download-dataset-link";
import { comparePath, queriesPath, versionPath } from "./paths";

export type VersionTab = "leaderboard" | "queries" | "compare";

export interface VersionNavProps {
  slug: string;
  name: string;
  version: string;
  /** Every version of the benchmark, newest first. */
  versions: { version: string; current: boolean }[];
  /** This version's dataset can be downloaded. */
  downloadable?: boolean;
  tab: VersionTab;
}

// The header of every page about one benchmark version: its name, a version picker (a
// disclosure of links, so it works without JavaScript) and the tabs between its reader pages.
export function VersionNav({ slug, name, version, versions, tab, headingId, downloadable }: VersionNavProps & { headingId: string }) {
  const tabs: { id: VersionTab; label: string; href: string }[] = [
    { id: "leaderboard", label: "Leaderboard", href: versionPath(slug, version) },
    { id: "queries", label: "Queries", href: queriesPath(slug, version) },
    { id: "compare", label: "Compare", href: comparePath(slug, version) },
  ];
  const current = versions.find((v) => v.current)?.version;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 id={headingId} className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          {name}
        </h1>
        <details className="group relative">
          <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md bg-white px-2 py-1 text-sm text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-emerald-600">
            <span>
              version <span className="font-mono">{version}</span>
              {version === current ? " (current)" : ""}
            </span>
            <span aria-hidden className="text-slate-500 group-open:rotate-180">
              ▾
            </span>
          </summary>
          <ul className="absolute left-0 z-20 mt-1 min-w-[12rem] rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200">
            {versions.map((v) => (
              <li key={v.version}>
                <Link
                  href={tab === "leaderboard" ? versionPath(slug, v.version) : tab === "queries" ? queriesPath(slug, v.version) : comparePath(slug, v.version)}
                  aria-current={v.version === version ? "page" : undefined}
                  className="block px-3 py-1.5 font-mono hover:bg-slate-100 aria-[current=page]:font-semibold"
                >
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
        {downloadable && <DownloadDatasetLink slug={slug} name={name} version={version} />}
      </div>
      <TabBar label={`${name} ${version}`} tabs={tabs} current={tab} methodology="/methodology" />
    </div>
  );
}
