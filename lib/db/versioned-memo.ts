import { Prisma } from "@/lib/db/generated/client";

// An in-process memo for data that is expensive to derive and changes rarely (a submission's
// stored analysis, a version's queries), keyed by an id and validated by a stamp that changes
// whenever the data does: the caller reads the stamp (a cheap query: a row's xmin and
// timestamp) on EVERY request and gets the memoized value only while it still matches, so a
// publish, hide, re-score or re-run is never answered from a stale entry. Least recently used
// entries beyond `max` are dropped. Concurrent misses for the same id and stamp share one load;
// a failed load is not kept.
export class VersionedMemo<V> {
  private readonly entries = new Map<string, { stamp: string; value: Promise<V> }>();
  hits = 0;
  misses = 0;

  constructor(private readonly max: number) {}

  get(id: string, stamp: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(id);
    this.entries.delete(id);
    if (hit && hit.stamp === stamp) {
      this.hits++;
      this.entries.set(id, hit); // most recently used last
      return hit.value;
    }
    this.misses++;
    const value = load();
    const entry = { stamp, value };
    this.entries.set(id, entry);
    value.catch(() => {
      if (this.entries.get(id) === entry) this.entries.delete(id);
    });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  /** Whether get(id, stamp) would answer from memory (does not count as a use). */
  has(id: string, stamp: string): boolean {
    return this.entries.get(id)?.stamp === stamp;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * SQL for the stamp of a stored analysis row (submission_analyses, version_analyses): its xmin,
 * which Postgres changes on every write, with its engine version and computed_at. `alias` is the
 * table's alias in the query, if it has one.
 */
export function analysisRowStamp(alias?: string): Prisma.Sql {
  const c = (column: string) => (alias ? `${alias}.${column}` : column);
  return Prisma.raw(`${c("xmin")}::text || ':' || ${c("engine_version")} || ':' || to_char(${c("computed_at")} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`);
}
