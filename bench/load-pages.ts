// Server response time of the reader pages under concurrent load from a loopback client
// (autocannon), on the SYNTHETIC paper-size benchmark (939 queries, 25 published systems;
// bench/pages-seed.ts). bench/load-service.ts measures these pages together with the API.
//
//   1. BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:55445/execboard_bench_pages npx tsx bench/pages-seed.ts
//   2. NEXT_DIST_DIR=.next-bench node_modules/.bin/next build
//   3. DATABASE_URL=<the bench database> REDIS_URL=... EXECBOARD_RATE_LIMIT_PER_IP=0 EXECBOARD_RATE_LIMIT_PER_TOKEN=0 \
//        NEXT_DIST_DIR=.next-bench node_modules/.bin/next start -p 3146 -H 127.0.0.1
//   4. BENCH_URL=http://127.0.0.1:3146 npx tsx bench/load-pages.ts [--connections 1,10] [--duration 20] [--pages leaderboard,model]
//
// Every page is server-rendered per request (force-dynamic): these are full renders, with the
// database queries they make, not cache hits. Exits 1 if any request fails or answers non-2xx.
import os from "node:os";
import { arg, loadAverage, runGroups } from "./load-run";
import { discover, pageGroups } from "./load-targets";
import { SYNTHETIC_SLUG } from "./pages-synthetic";

const base = process.env.BENCH_URL ?? "http://127.0.0.1:3146";
const connections = arg("connections", "1,10").split(",").map(Number);
const duration = Number(arg("duration", "20"));
const only = arg("pages", "leaderboard,model,drilldown,browser,compare").split(",");

const synthetic = await discover(base);
console.log(`load average before: ${loadAverage()} on ${os.cpus().length} cores (other processes share them)`);
console.log(`SYNTHETIC benchmark ${SYNTHETIC_SLUG} ${synthetic.version}: 939 queries, ${synthetic.ids.length} published systems; ${base}`);
process.exit(await runGroups(base, pageGroups(synthetic).filter((g) => only.includes(g.name)), connections, duration));
