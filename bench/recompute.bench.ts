// The recompute job end to end on a database: 25 published SYNTHETIC systems on the synthetic
// paper-size benchmark, none with a stored analysis, so the job computes every statistic (per
// submission and across submissions), reading rankings from Postgres and writing the results.
// It creates its own throwaway database next to DATABASE_URL's and drops it afterwards, so
// nothing synthetic can reach a real leaderboard.
// Run (with a dev database up): DATABASE_URL=... npx tsx bench/recompute.bench.ts
import { execFileSync } from "node:child_process";
import pg from "pg";
import { SYNTHETIC_LABEL } from "./synthetic/paper-size";

const base = process.env.DATABASE_URL;
if (!base) throw new Error("set DATABASE_URL to a development Postgres; the bench creates and drops its own database next to it");
const name = `execboard_bench_${process.pid}`;
const admin = new URL(base);
admin.pathname = "/postgres";
const target = new URL(base);
target.pathname = `/${name}`;

const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
await client.query(`CREATE DATABASE ${name}`);
try {
  const env = { ...process.env, DATABASE_URL: target.toString() };
  execFileSync(process.execPath, ["bin/execboard.mjs", "migrate"], { env, stdio: "ignore" });
  const out = execFileSync(process.execPath, ["--import", "tsx", "bench/recompute-child.ts"], { env, maxBuffer: 1 << 20 });
  console.log(`${SYNTHETIC_LABEL} in a throwaway database`);
  process.stdout.write(out);
} finally {
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
}
