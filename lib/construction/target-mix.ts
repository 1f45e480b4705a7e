import { BUG_TYPES, type BugType } from "./bug-types";

// The distractor mix the paper's released corpus has (its Table 2: the six mechanical types of
// the locked prompt, 3,745 distractors; the 10 pilot-era legacy ones left out). A build steers
// its selection towards these shares across the whole benchmark.
export const PAPER_DISTRACTORS: Readonly<Record<BugType, number>> = {
  off_by_one: 642,
  off_by_one_boundary: 650,
  wrong_operator: 857,
  wrong_comparison: 617,
  swap_arguments: 650,
  remove_edge_case_check: 329,
};

const PAPER_TOTAL = Object.values(PAPER_DISTRACTORS).reduce((a, b) => a + b, 0);

/** The paper's share of each bug type (sums to 1). */
export const PAPER_SHARE: Readonly<Record<BugType, number>> = Object.fromEntries(
  BUG_TYPES.map((t) => [t, PAPER_DISTRACTORS[t] / PAPER_TOTAL]),
) as Record<BugType, number>;

// Counts of the distractors chosen so far across a build, and which type the next pick should
// prefer: the one furthest below its target share of the total after that pick (ties in the
// fixed BUG_TYPES order, so a build is deterministic).
export class MixTracker {
  private readonly counts = new Map<BugType, number>(BUG_TYPES.map((t) => [t, 0]));
  private total = 0;

  constructor(private readonly share: Readonly<Record<BugType, number>> = PAPER_SHARE) {}

  record(type: BugType): void {
    this.counts.set(type, (this.counts.get(type) ?? 0) + 1);
    this.total += 1;
  }

  /** Bug types, most wanted first, given `pending` picks not recorded yet. */
  priority(pending: readonly BugType[] = []): BugType[] {
    const count = (t: BugType) => (this.counts.get(t) ?? 0) + pending.filter((p) => p === t).length;
    const after = this.total + pending.length + 1;
    const deficit = (t: BugType) => this.share[t] * after - count(t);
    return [...BUG_TYPES].sort((a, b) => deficit(b) - deficit(a) || BUG_TYPES.indexOf(a) - BUG_TYPES.indexOf(b));
  }

  shares(): Record<BugType, number> {
    return Object.fromEntries(BUG_TYPES.map((t) => [t, this.total ? (this.counts.get(t) ?? 0) / this.total : 0])) as Record<BugType, number>;
  }
}
