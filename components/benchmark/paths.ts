// URLs of the reader pages of one benchmark version.
export const versionPath = (slug: string, version: string) => `/benchmarks/${encodeURIComponent(slug)}/${encodeURIComponent(version)}`;
export const queriesPath = (slug: string, version: string) => `${versionPath(slug, version)}/queries`;
export const queryPath = (slug: string, version: string, queryId: string) => `${queriesPath(slug, version)}/${encodeURIComponent(queryId)}`;
export const comparePath = (slug: string, version: string) => `${versionPath(slug, version)}/compare`;
export const exportPath = (slug: string, version: string) => `${versionPath(slug, version)}/export`;
export const modelPath = (id: string) => `/submissions/${id}`;
export const drilldownPath = (id: string, queryId: string) => `/submissions/${id}/queries/${encodeURIComponent(queryId)}`;
/** One file of a version's download (or the whole zip, `${slug}-${version}.zip`). */
export const datasetPath = (slug: string, version: string, file: string) =>
  `/api/v1/benchmarks/${encodeURIComponent(slug)}/dataset/${encodeURIComponent(file)}?version=${encodeURIComponent(version)}`;
export const datasetZip = (slug: string, version: string) => datasetPath(slug, version, `${slug}-${version}.zip`);
