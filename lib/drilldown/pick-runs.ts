// Which cached run a drilldown shows for each snippet: the one of the runner that scored the
// result (so its outcomes agree with the result's pass flags), failing that the current
// runner's, then any other full run's. Screening runs (versions tagged "+…", shorter timeouts)
// never.

export interface CachedRun {
  codeHash: string;
  runnerVersion: string;
}

export function pickRuns<T extends CachedRun>(executions: T[], scoredBy: string | null, current: string): Map<string, T> {
  const preference = (v: string) => (v === (scoredBy ?? current) ? 2 : v === current ? 1 : 0);
  const best = new Map<string, { run: T; rank: number }>();
  for (const e of executions) {
    if (e.runnerVersion.includes("+")) continue;
    const held = best.get(e.codeHash);
    const rank = preference(e.runnerVersion);
    if (!held || rank > held.rank) best.set(e.codeHash, { run: e, rank });
  }
  return new Map([...best].map(([k, v]) => [k, v.run]));
}
