// Published submissions whose results still come from an older scoring engine, awaiting their
// automatic re-score: the version's statistics name them (`provisional`), and pages say that
// numbers involving them may change. Only submissions published now are named.
import { loadVersionAnalysis, type StoredVersionAnalysis } from "@/lib/leaderboard/load-version-analysis";

export interface ProvisionalSystem {
  submissionId: string;
  model: string;
}

export function provisionalOf(a: Pick<StoredVersionAnalysis, "published" | "payload">): ProvisionalSystem[] {
  const ids = new Set(a.payload?.provisional ?? []);
  return a.published.filter((p) => ids.has(p.submissionId)).map((p) => ({ submissionId: p.submissionId, model: p.model }));
}

export async function loadProvisional(slug: string, version?: string): Promise<ProvisionalSystem[]> {
  return provisionalOf(await loadVersionAnalysis(slug, version));
}
