import fs from "node:fs/promises";
import path from "node:path";
import pg from "pg";

// Applies prisma/migrations/*/migration.sql in name order, each in its own transaction,
// recording applied names in _execboard_migrations. An advisory lock keeps two processes
// (say, two workers starting together) from applying the same migration twice.
const LOCK_ID = 7_340_117;

export interface MigrateResult {
  applied: string[];
  skipped: string[];
}

export async function migrate(databaseUrl: string, dir = path.resolve("prisma/migrations")): Promise<MigrateResult> {
  const names = (await fs.readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const result: MigrateResult = { applied: [], skipped: [] };
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_ID]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS _execboard_migrations (
         name text PRIMARY KEY,
         checksum text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Map<string, string>(
      (await client.query<{ name: string; checksum: string }>("SELECT name, checksum FROM _execboard_migrations")).rows.map(
        (r) => [r.name, r.checksum],
      ),
    );
    for (const name of names) {
      const sql = await fs.readFile(path.join(dir, name, "migration.sql"), "utf8");
      const checksum = await sha256(sql);
      const prior = done.get(name);
      if (prior !== undefined) {
        if (prior !== checksum) throw new Error(`migration ${name} was changed after it was applied`);
        result.skipped.push(name);
        continue;
      }
      await client.query("BEGIN");
      try {
        await client.query(sql);
        await client.query("INSERT INTO _execboard_migrations (name, checksum) VALUES ($1, $2)", [name, checksum]);
        await client.query("COMMIT");
      } catch (e) {
        await client.query("ROLLBACK");
        throw new Error(`migration ${name} failed: ${(e as Error).message}`);
      }
      result.applied.push(name);
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_ID]).catch(() => undefined);
    await client.end();
  }
  return result;
}

async function sha256(text: string): Promise<string> {
  const { createHash } = await import("node:crypto");
  return createHash("sha256").update(text).digest("hex");
}
