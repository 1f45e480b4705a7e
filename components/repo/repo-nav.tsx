import Link from "next/link";
import { TabBar } from "@/components/benchmark/tab-bar";
import { DownloadDatasetLink } from "@/components/benchmark/download-dataset-link";
import { comparePath, queriesPath, versionPath } from "@/components/benchmark/paths";
import { fusionPath, tasksPath } from "./paths";

export type RepoTab = "leaderboard" | "samples" | "tasks" | "compare" | "fusion";

// The header of every page about one repository-retrieval version: its name and version (with
// links to the others), its dataset download and the tabs between its reader pages.
export function RepoNav({
  slug,
  name,
  version,
  versions,
  tab,
  headingId,
  downloadable,
}: {
  slug: string;
  name: string;
  version: string;
  versions: { version: string; current: boolean }[];
  /** This version's dataset can be downloaded. */
  downloadable?: boolean;
  tab: RepoTab;
  headingId: string;
}) {
  const tabs: { id: RepoTab; label: string; href: string }[] = [
    { id: "leaderboard", label: "Leaderboard", href: versionPath(slug, version) },
    { id: "samples", label: "Samples", href: queriesPath(slug, version) },
    { id: "tasks", label: "Task winners", href: tasksPath(slug, version) },
    { id: "compare", label: "Compare", href: comparePath(slug, version) },
    { id: "fusion", label: "Fusion", href: fusionPath(slug, version) },
  ];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 id={headingId} className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          {name}
        </h1>
        <span className="rounded-md bg-white px-2 py-1 text-sm text-slate-700 ring-1 ring-inset ring-slate-300">
          version <span className="font-mono">{version}</span>
          {versions.find((v) => v.current)?.version === version ? " (current)" : ""}
        </span>
        {versions.length > 1 && (
          <span className="text-sm text-slate-600">
            other versions:{" "}
            {versions
              .filter((v) => v.version !== version)
              .map((v, i) => (
                <span key={v.version}>
                  {i > 0 && ", "}
                  <Link href={versionPath(slug, v.version)} className="font-mono text-emerald-800 underline underline-offset-2">
                    {v.version}
                  </Link>
                </span>
              ))}
          </span>
        )}
        <span className="rounded bg-indigo-50 px-1.5 py-0.5 text-[11px] font-medium text-indigo-900 ring-1 ring-inset ring-indigo-200">repository context retrieval</span>
        {downloadable && <DownloadDatasetLink slug={slug} name={name} version={version} />}
      </div>
      <TabBar label={`${name} ${version}`} tabs={tabs} current={tab} methodology="/methodology#repo-retrieval" />
    </div>
  );
}
