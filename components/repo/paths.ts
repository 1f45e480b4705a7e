// URLs of the repository-retrieval reader pages of one benchmark version (beside
// components/benchmark/paths.ts, which they share the leaderboard, samples and compare with).
import { versionPath } from "@/components/benchmark/paths";

export const tasksPath = (slug: string, version: string) => `${versionPath(slug, version)}/tasks`;
export const fusionPath = (slug: string, version: string) => `${versionPath(slug, version)}/fusion`;
export const sampleDrillPath = (submissionId: string, sampleId: string) => `/submissions/${submissionId}/queries/${encodeURIComponent(sampleId)}`;

/** A query string from pairs; empty values and defaults are left out. */
export function qs(pairs: [string, string | number | null | undefined][]): string {
  const p = new URLSearchParams();
  for (const [k, v] of pairs) if (v !== null && v !== undefined && v !== "") p.append(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : "";
}
