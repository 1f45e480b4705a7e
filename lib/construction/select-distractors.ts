import type { BugType } from "./bug-types";
import type { CandidateVerdict } from "./classify-outcomes";

// Chooses up to `slots` distractors from executed candidates, deterministically:
//   1. wrong output (a bare assertion failure) before crash-only candidates;
//   2. within that, bug types the task does not have yet, fewest-used type first;
//   3. then a failing-test subset no chosen distractor has (so a task's distractors do not
//      all fail the same tests when the candidates allow otherwise), then an edit site not
//      used yet, then a natural edit over an awkward one, then the bug-type priority, then
//      source order.
// The bug-type priority is a fixed order, or a function asked again before every pick with the
// types picked so far: a build passes the benchmark-wide mix tracker's (target-mix.ts), so ties
// between types go to the type furthest below the paper's share.

export interface SelectableCandidate {
  order: number;
  bugType: BugType;
  verdict: CandidateVerdict;
  /** Failing test indices joined, e.g. "0,3"; equal strings mean the same failing subset. */
  signature: string;
  /** The edited span, e.g. "35:36"; distractors on different sites are preferred. */
  site: string;
  /** An edit nobody would make by mistake (`2 ** x`); taken only after the natural ones. */
  awkward?: boolean;
}

export interface TakenDistractor {
  bugType: string;
  signature: string;
}

const TIERS: readonly CandidateVerdict[] = ["wrong_output", "crashes_some"];

export type TypePriority = readonly BugType[] | ((picked: readonly BugType[]) => readonly BugType[]);

export function selectDistractors(
  candidates: readonly SelectableCandidate[],
  taken: readonly TakenDistractor[],
  slots: number,
  priority: TypePriority,
): SelectableCandidate[] {
  let typePriority: readonly BugType[] = typeof priority === "function" ? priority([]) : priority;
  const typeCount = new Map<string, number>();
  const signatures = new Set<string>();
  for (const t of taken) {
    typeCount.set(t.bugType, (typeCount.get(t.bugType) ?? 0) + 1);
    signatures.add(t.signature);
  }
  const sites = new Set<string>();
  const chosen: SelectableCandidate[] = [];
  const rank = (c: SelectableCandidate) => [
    TIERS.indexOf(c.verdict),
    typeCount.get(c.bugType) ?? 0,
    signatures.has(c.signature) ? 1 : 0,
    sites.has(c.site) ? 1 : 0,
    c.awkward ? 1 : 0,
    typePriority.indexOf(c.bugType),
    c.order,
  ];
  const remaining = candidates.filter((c) => TIERS.includes(c.verdict));
  while (chosen.length < slots && remaining.length) {
    let best = 0;
    for (let i = 1; i < remaining.length; i++) if (compare(rank(remaining[i]), rank(remaining[best])) < 0) best = i;
    const [pick] = remaining.splice(best, 1);
    chosen.push(pick);
    if (typeof priority === "function") typePriority = priority(chosen.map((c) => c.bugType));
    typeCount.set(pick.bugType, (typeCount.get(pick.bugType) ?? 0) + 1);
    signatures.add(pick.signature);
    sites.add(pick.site);
  }
  // All distractors failing the same subset is avoidable when a candidate with another subset
  // exists: swap it in for the last pick (the greedy order only reaches this case when the
  // preferred tiers had a single subset).
  const all = [...taken.map((t) => t.signature), ...chosen.map((c) => c.signature)];
  if (chosen.length && all.length >= 2 && new Set(all).size === 1) {
    const alternative = remaining
      .filter((c) => c.signature !== all[0])
      .sort((a, b) => compare(rank(a), rank(b)))[0];
    if (alternative) chosen[chosen.length - 1] = alternative;
  }
  return chosen;
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}
