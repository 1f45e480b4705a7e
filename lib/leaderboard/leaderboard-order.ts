// The leaderboard's order, shared by the table and by the cross-system statistics (which orient
// every pair as better-placed vs worse-placed and name the leader): exec@1 descending, ties
// broken by exec@3, exec@5, exec@10, then earlier publication.
export interface Placeable {
  exec: (k: number) => number;
  publishedAt: string | null;
}

export function compareByPlacement(a: Placeable, b: Placeable): number {
  for (const k of [1, 3, 5, 10]) {
    const d = b.exec(k) - a.exec(k);
    if (d !== 0) return d;
  }
  return (a.publishedAt ?? "").localeCompare(b.publishedAt ?? "");
}
