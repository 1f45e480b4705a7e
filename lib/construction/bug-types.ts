// The six mechanical mutation types of the paper's locked prompt (§3.2): the families the
// construction pipeline generates and the benchmark contract accepts for distractors.
export const BUG_TYPES = [
  "off_by_one",
  "off_by_one_boundary",
  "wrong_operator",
  "wrong_comparison",
  "swap_arguments",
  "remove_edge_case_check",
] as const;

export type BugType = (typeof BUG_TYPES)[number];
