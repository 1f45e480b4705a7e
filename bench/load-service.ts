// Throughput and latency of the whole read side of the service under concurrent load from a
// loopback client (autocannon), on the SYNTHETIC paper-size benchmark (939 queries, 25 published
// systems): the reader pages, the public API (leaderboard, submissions and their analyses, the
// version's pairwise/difficulty/analysis, the leaderboard export, OpenAPI, health) and what a
// vendor reads with its API token or web session (me, tokens, quota, a private submission's
// status and logs, its own submissions page). Every URL's first answer is checked for the
// expected content first; the run exits 1 if any request fails or answers non-2xx.
//
// One command does it all on its own ports (seed, build, server, load, stop):
//   bash bench/load-service.sh [--duration 20] [--connections 1,10] [--groups a,b] [--accept-encoding "gzip, deflate, br, zstd"]
// By hand, against a server on the seeded database (bench/pages-seed.ts, then
// bench/service-seed.ts <env-file>), started with EXECBOARD_RATE_LIMIT_PER_IP=0
// EXECBOARD_RATE_LIMIT_PER_TOKEN=0 (0 turns a limit off, lib/config):
//   source <env-file>; BENCH_URL=http://127.0.0.1:3161 npx tsx bench/load-service.ts [--duration 20] [--connections 1,10] [--groups a,b]
import os from "node:os";
import { arg, loadAverage, runGroups } from "./load-run";
import { apiGroups, authGroups, discover, pageGroups } from "./load-targets";
import { SYNTHETIC_SLUG } from "./pages-synthetic";

const base = process.env.BENCH_URL ?? "http://127.0.0.1:3161";
const { BENCH_TOKEN: token, BENCH_SESSION: session, BENCH_PRIVATE_ID: privateId } = process.env;
if (!token || !session || !privateId) {
  console.error("set BENCH_TOKEN, BENCH_SESSION and BENCH_PRIVATE_ID (source the env file bench/service-seed.ts writes)");
  process.exit(2);
}
const connections = arg("connections", "1,10").split(",").map(Number);
const duration = Number(arg("duration", "20"));
const only = arg("groups", "");
// What a reader's client says it can decode: none by default (identity, as autocannon sends);
// "gzip, deflate, br, zstd" is what a browser sends.
const acceptEncoding = arg("accept-encoding", "");

const synthetic = await discover(base);
let groups = [...pageGroups(synthetic), ...apiGroups(synthetic), ...authGroups({ token, session, privateId })];
if (only) groups = groups.filter((g) => only.split(",").includes(g.name));
if (acceptEncoding) groups = groups.map((g) => ({ ...g, targets: g.targets.map((t) => ({ ...t, headers: { ...t.headers, "accept-encoding": acceptEncoding } })) }));
console.log(`load average before: ${loadAverage()} on ${os.cpus().length} cores (other processes share them)`);
console.log(`SYNTHETIC benchmark ${SYNTHETIC_SLUG} ${synthetic.version}: 939 queries, ${synthetic.ids.length} published systems; ${base}`);
console.log(`Accept-Encoding: ${acceptEncoding || "none (answers in identity)"}; KB/resp are the bytes on the wire`);
process.exit(await runGroups(base, groups, connections, duration));
