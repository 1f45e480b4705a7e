// Budgeted context yield (BCY@B) of one ranking, tie-aware. Files are packed in rank order into a
// budget of B tokens, each costing T(header) + T(content) + 1 (lib/repo-files/render.ts); a file
// that does not fit whole is cut to what fits and packing stops there. A gold file counts when at
// least one of its content tokens is packed. Only the first D positions are packed.
//
// So gold file x is covered exactly when its content is not empty, its position is within D, and
// the full costs of the files before it sum to at most B - header(x) - 1.
//
// Ties: the budget runs out inside at most one tie group (if a group's total fits what is left,
// every order packs all of it). For that group, the probability that x is covered is the
// probability that a uniformly random order puts before x a set of the other members whose
// costs sum to at most the room left: (1/n) * sum over j of N_j / C(n-1, j), N_j the number of
// j-subsets of the others with a small enough sum, counted exactly by dynamic programming over
// sums (in float64: counts stay far below its range for groups of the sizes allowed).
import type { TieGroup } from "./tie-groups";

export interface PackedFile {
  header: number;
  content: number;
}

export function fileTotal(f: PackedFile): number {
  return f.header + f.content + (f.content > 0 ? 1 : 0);
}

/** Expected number of gold files covered at budget B (divide by the gold count for BCY). */
export function expectedBcy(groups: readonly TieGroup[], files: readonly PackedFile[], isGold: readonly boolean[], budget: number, depth: number): number {
  let used = 0, covered = 0;
  for (const g of groups) {
    if (g.start >= depth || used >= budget) break;
    let total = 0;
    for (let i = g.start; i < g.end; i++) total += fileTotal(files[i]);
    if (used + total <= budget && g.end <= depth) {
      // The whole group fits, in any order: each member's predecessors cost at most
      // used + total - its own cost <= budget - header - 1.
      for (let i = g.start; i < g.end; i++) if (isGold[i] && files[i].content > 0) covered++;
      used += total;
      continue;
    }
    for (let i = g.start; i < g.end; i++) {
      if (!isGold[i] || files[i].content === 0) continue;
      covered += coverageInGroup(g, files, i, budget - files[i].header - 1 - used, depth - g.start - 1);
    }
    break;
  }
  return covered;
}

/** P(the others placed before member x sum to at most `room`, and at most `maxBefore` of them are before it). */
export function coverageInGroup(g: TieGroup, files: readonly PackedFile[], x: number, room: number, maxBefore: number): number {
  const n = g.end - g.start;
  if (room < 0 || maxBefore < 0) return 0;
  const J = Math.min(n - 1, maxBefore);
  const costs: number[] = [];
  let sumOthers = 0;
  for (let i = g.start; i < g.end; i++) {
    if (i === x) continue;
    const c = fileTotal(files[i]);
    sumOthers += c;
    if (c <= room) costs.push(c);
  }
  if (sumOthers <= room) return (J + 1) / n;
  // count[j][s]: j-subsets of the (small enough) others summing to exactly s <= room.
  const count = Array.from({ length: J + 1 }, () => new Float64Array(room + 1));
  count[0][0] = 1;
  let reach = 0;
  for (const c of costs) {
    reach = Math.min(room, reach + c);
    for (let j = J; j >= 1; j--) {
      const to = count[j], from = count[j - 1];
      for (let s = reach; s >= c; s--) to[s] += from[s - c];
    }
  }
  let p = 0, choose = 1; // C(n-1, j)
  for (let j = 0; j <= J; j++) {
    let within = 0;
    for (let s = 0; s <= room; s++) within += count[j][s];
    p += within / choose;
    choose = (choose * (n - 1 - j)) / (j + 1);
  }
  return p / n;
}
