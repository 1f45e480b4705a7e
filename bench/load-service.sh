#!/usr/bin/env bash
# The loopback load test of the service (bench/load-service.ts), end to end on its own ports:
# Postgres and Redis (started here unless already running in var/loadbench), the SYNTHETIC
# paper-size benchmark seeded into its own database with a vendor token and session, a
# production build in its own dist dir, `execboard web` on 127.0.0.1 with rate limiting off, the
# load, and then everything this script started is stopped. Exit code 1 if any request failed.
#   bash bench/load-service.sh [--duration 20] [--connections 1,10] [--groups a,b] [--accept-encoding "gzip, deflate, br, zstd"]
#   LOADBENCH_SKIP_BUILD=1 bash bench/load-service.sh ...   # reuse the last build
# Ports: LOADBENCH_PG_PORT (55461), LOADBENCH_REDIS_PORT (56461), LOADBENCH_WEB_PORT (3161).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/services.sh

eb_start_bench_world loadbench execboard_bench_load 55461 56461 3161

eb_log "seeding the synthetic paper-size benchmark (bench/pages-seed.ts, bench/service-seed.ts)"
npx tsx bench/pages-seed.ts >"$BENCH_DIR/seed.log" 2>&1 || { tail -30 "$BENCH_DIR/seed.log"; eb_die "seed failed"; }
npx tsx bench/service-seed.ts "$BENCH_DIR/service.env" >>"$BENCH_DIR/seed.log" 2>&1 || { tail -30 "$BENCH_DIR/seed.log"; eb_die "service seed failed"; }

eb_bench_next_build "$BENCH_DIR/build.log"

eb_log "execboard web on 127.0.0.1:$BENCH_WEB_PORT (rate limits off)"
eb_start_web "$BENCH_WEB_PORT" "$BENCH_DIR/server.log" EXECBOARD_RATE_LIMIT_PER_IP=0 EXECBOARD_RATE_LIMIT_PER_TOKEN=0 EXECBOARD_RATE_LIMIT_PAGES_PER_IP=0 \
  EXECBOARD_RATE_LIMIT_SIGNIN_PER_IP=0 EXECBOARD_QUEUE_PREFIX=loadbench EXECBOARD_DATA_DIR="$BENCH_DIR/data"

# shellcheck disable=SC1091
source "$BENCH_DIR/service.env"
status=0
BENCH_URL="http://127.0.0.1:$BENCH_WEB_PORT" npx tsx bench/load-service.ts "$@" || status=$?
if grep -qiE "error|unhandled" "$BENCH_DIR/server.log"; then
  eb_log "the server logged errors ($BENCH_DIR/server.log):"; grep -iE "error|unhandled" "$BENCH_DIR/server.log" | sort | uniq -c | sort -rn | head -10 >&2
  status=1
fi
exit "$status"
