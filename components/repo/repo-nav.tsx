import Link from "next/link";
import { VersionHeader, VersionLabel, type VersionNavData, type VersionTab } from "@/components/benchmark/version-header";
import { comparePath, queriesPath, versionPath } from "@/components/benchmark/paths";
import { fusionPath, tasksPath } from "./paths";

export type RepoTab = "leaderboard" | "samples" | "tasks" | "compare" | "fusion";

const TABS: VersionTab<RepoTab>[] = [
  { id: "leaderboard", label: "Leaderboard", path: versionPath },
  { id: "samples", label: "Samples", path: queriesPath },
  { id: "tasks", label: "Task winners", path: tasksPath },
  { id: "compare", label: "Compare", path: comparePath },
  { id: "fusion", label: "Fusion", path: fusionPath },
];

// The header of every page about one repository-retrieval version: its name and version (with
// links to the others), its track, its dataset download and the tabs between its reader pages.
export function RepoNav({ tab, headingId, ...nav }: VersionNavData & { tab: RepoTab; headingId: string }) {
  const { slug, version, versions } = nav;
  return (
    <VersionHeader {...nav} headingId={headingId} tabs={TABS} tab={tab} methodology="/methodology#repo-retrieval">
      <span className="rounded-md bg-white px-2 py-1 text-sm text-slate-700 ring-1 ring-inset ring-slate-300">
        <VersionLabel version={version} versions={versions} />
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
    </VersionHeader>
  );
}
