import type { ReactNode } from "react";
import { TabBar } from "./tab-bar";
import { DownloadDatasetLink } from "./download-dataset-link";
import type { VersionNavData as BenchmarkVersions } from "@/lib/pages/version-nav-data";

// A reader page of a benchmark version, and where it is for any version.
export interface VersionTab<T extends string> {
  id: T;
  label: string;
  path: (slug: string, version: string) => string;
}

// A version's name, its version and the others, as the page loaders read them.
export type VersionNavData = BenchmarkVersions & { version: string };

// "version 1.2 (current)": which version the page shows.
export function VersionLabel({ version, versions }: { version: string; versions: VersionNavData["versions"] }) {
  return (
    <>
      version <span className="font-mono">{version}</span>
      {versions.find((v) => v.current)?.version === version ? " (current)" : ""}
    </>
  );
}

// The header of every page about one benchmark version, whatever its kind: its name as the
// page's heading, what the kind shows beside it (`children`: the version, other versions), the
// dataset download, and the tabs between the version's reader pages.
export function VersionHeader<T extends string>({
  slug,
  name,
  version,
  downloadable,
  headingId,
  tabs,
  tab,
  methodology,
  children,
}: VersionNavData & { headingId: string; tabs: readonly VersionTab<T>[]; tab: T; methodology: string; children: ReactNode }) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 id={headingId} className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          {name}
        </h1>
        {children}
        {downloadable && <DownloadDatasetLink slug={slug} name={name} version={version} />}
      </div>
      <TabBar label={`${name} ${version}`} tabs={tabs.map((t) => ({ id: t.id, label: t.label, href: t.path(slug, version) }))} current={tab} methodology={methodology} />
    </div>
  );
}
