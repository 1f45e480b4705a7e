// A bench's own database: created if missing (on the same server, through its postgres
// database), and only ever one whose name says "bench", so no bench writes to a real one.
import pg from "pg";
import type { PrismaClient } from "@/lib/db/client";

/** Exits with a usage message unless `url` names a database of its own whose name contains "bench". */
export function benchDatabaseUrl(url: string | undefined, usage: string): string {
  if (!url || !new URL(url).pathname.includes("bench")) {
    console.error(usage);
    process.exit(2);
  }
  return url;
}

export async function ensureDatabase(target: string): Promise<void> {
  const u = new URL(target);
  const name = u.pathname.slice(1);
  u.pathname = "/postgres";
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name.replaceAll('"', "")}"`);
  await client.end();
}

/** Removes a benchmark and its submissions from a bench's database (to seed it anew). */
export async function dropBenchmark(prisma: PrismaClient, slug: string): Promise<void> {
  const old = await prisma.benchmark.findUnique({ where: { slug }, select: { id: true } });
  if (!old) return;
  await prisma.submission.deleteMany({ where: { version: { benchmarkId: old.id } } });
  await prisma.benchmark.delete({ where: { id: old.id } });
}
