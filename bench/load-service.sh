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
export NEXT_TELEMETRY_DISABLED=1

pg_port="${LOADBENCH_PG_PORT:-55461}"; redis_port="${LOADBENCH_REDIS_PORT:-56461}"; web_port="${LOADBENCH_WEB_PORT:-3161}"
dist=.next-loadbench
V="$PWD/var/loadbench"
mkdir -p "$V"
trap 'eb_stop_all' EXIT
trap 'exit 130' INT TERM

unset DATABASE_URL REDIS_URL
eb_start_postgres "$V/pg" "$pg_port" execboard_bench_load fast
eb_start_redis "$V/redis" "$redis_port" fast
export BENCH_DATABASE_URL="$DATABASE_URL"

eb_log "seeding the synthetic paper-size benchmark (bench/pages-seed.ts, bench/service-seed.ts)"
npx tsx bench/pages-seed.ts >"$V/seed.log" 2>&1 || { tail -30 "$V/seed.log"; eb_die "seed failed"; }
npx tsx bench/service-seed.ts "$V/service.env" >>"$V/seed.log" 2>&1 || { tail -30 "$V/seed.log"; eb_die "service seed failed"; }

if [ "${LOADBENCH_SKIP_BUILD:-0}" = "1" ] && [ -f "$dist/BUILD_ID" ]; then
  eb_log "reusing the build in $dist"
else
  eb_log "next build into $dist"
  # next build adds its dist dir to tsconfig.json and may touch next-env.d.ts: put them back.
  saved=$(mktemp -d)
  cp tsconfig.json next-env.d.ts "$saved/"
  NEXT_DIST_DIR=$dist node_modules/.bin/next build >"$V/build.log" 2>&1 && built=1 || built=0
  cmp -s "$saved/tsconfig.json" tsconfig.json || cp "$saved/tsconfig.json" tsconfig.json
  cmp -s "$saved/next-env.d.ts" next-env.d.ts || cp "$saved/next-env.d.ts" next-env.d.ts
  rm -rf "$saved"
  [ "$built" = 1 ] || { tail -40 "$V/build.log"; eb_die "next build failed"; }
fi

eb_log "execboard web on 127.0.0.1:$web_port (rate limits off)"
eb_spawn env EXECBOARD_RATE_LIMIT_PER_IP=0 EXECBOARD_RATE_LIMIT_PER_TOKEN=0 EXECBOARD_RATE_LIMIT_PAGES_PER_IP=0 EXECBOARD_RATE_LIMIT_SIGNIN_PER_IP=0 \
  EXECBOARD_QUEUE_PREFIX=loadbench EXECBOARD_DATA_DIR="$V/data" NEXT_DIST_DIR=$dist node bin/execboard.mjs web --port "$web_port" --host 127.0.0.1 >"$V/server.log" 2>&1
eb_wait_http "http://127.0.0.1:$web_port/api/v1/health" || { tail -40 "$V/server.log"; eb_die "the server did not start"; }

# shellcheck disable=SC1091
source "$V/service.env"
status=0
BENCH_URL="http://127.0.0.1:$web_port" npx tsx bench/load-service.ts "$@" || status=$?
if grep -qiE "error|unhandled" "$V/server.log"; then
  eb_log "the server logged errors ($V/server.log):"; grep -iE "error|unhandled" "$V/server.log" | sort | uniq -c | sort -rn | head -10 >&2
  status=1
fi
exit "$status"
