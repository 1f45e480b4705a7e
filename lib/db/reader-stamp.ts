import pg from "pg";
import { requireDatabaseUrl } from "@/lib/config";
import { freshReads } from "./fresh-reads";

// The reader stamp (migration 0013): a number that moves on, at commit, with every write a
// signed-out reader could see. The page cache (lib/http) reads it for every request it may
// answer: each time from a read that began after the request arrived (freshReads), on a small
// pool of its own with a prepared statement, so that a read is one round trip.
let pool: pg.Pool | undefined;

async function query(): Promise<string> {
  pool ??= new pg.Pool({ connectionString: requireDatabaseUrl(), max: 2, allowExitOnIdle: true });
  const r = await pool.query<{ version: string }>({ name: "execboard-reader-stamp", text: "SELECT version::text AS version FROM reader_stamp WHERE id = 1" });
  if (r.rows.length === 0) throw new Error("reader_stamp has no row: run the migrations (execboard migrate)");
  return r.rows[0].version;
}

export const readReaderStamp = freshReads(query);

export async function closeReaderStamp(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.end();
}
