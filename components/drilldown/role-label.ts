import type { DrilldownSnippet } from "@/lib/drilldown/get-query-drilldown";

const BUG_LABELS: Record<string, string> = {
  off_by_one: "off-by-one",
  off_by_one_boundary: "off-by-one boundary",
  wrong_operator: "wrong operator",
  wrong_comparison: "wrong comparison",
  swap_arguments: "swapped arguments",
  remove_edge_case_check: "no edge-case guard",
};

export function bugLabel(bugType: string | null): string {
  return bugType ? (BUG_LABELS[bugType] ?? bugType.replaceAll("_", " ")) : "distractor";
}

export function roleLabel(s: Pick<DrilldownSnippet, "role" | "bugType" | "ownerQueryId">): string {
  if (s.role === "canonical") return "canonical";
  if (s.role === "distractor") return bugLabel(s.bugType);
  return `other query (${s.ownerQueryId})`;
}
