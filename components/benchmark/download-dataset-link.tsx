import { datasetZip } from "./paths";

// The 'Download dataset' link of a version's reader pages: its zip (every file with its
// checksum), for either kind of benchmark.
export function DownloadDatasetLink({ slug, name, version }: { slug: string; name: string; version: string }) {
  return (
    <a
      href={datasetZip(slug, version)}
      download
      className="rounded-md px-2 py-1 text-sm font-medium text-emerald-800 ring-1 ring-inset ring-emerald-300 hover:bg-emerald-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-emerald-600"
    >
      Download dataset<span className="sr-only"> of {name} {version}</span>
    </a>
  );
}
