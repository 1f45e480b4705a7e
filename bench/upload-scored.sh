#!/usr/bin/env bash
# Upload → scored at the paper's shape (bench/upload-scored.bench.ts), end to end on its own
# ports: Postgres and Redis under var/uploadbench, the Docker engine if none answers, the
# sandbox image, the SYNTHETIC paper-size benchmark with executable tests seeded into its own
# database (bench/upload-seed.ts), a worker and `execboard web` (a production build in
# .next-loadbench, shared with bench/load-service.sh), the uploads; then everything this script
# started is stopped.
#   bash bench/upload-scored.sh                 # BENCH_DIMS=3072 BENCH_REPS=2
#   LOADBENCH_SKIP_BUILD=1 bash bench/upload-scored.sh   # reuse the last build
# Ports: UPLOADBENCH_PG_PORT (55463), UPLOADBENCH_REDIS_PORT (56463), UPLOADBENCH_WEB_PORT (3163).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/services.sh
export NEXT_TELEMETRY_DISABLED=1

pg_port="${UPLOADBENCH_PG_PORT:-55463}"; redis_port="${UPLOADBENCH_REDIS_PORT:-56463}"; web_port="${UPLOADBENCH_WEB_PORT:-3163}"
dist=.next-loadbench
V="$PWD/var/uploadbench"
mkdir -p "$V"
trap 'eb_stop_all' EXIT
trap 'exit 130' INT TERM

unset DATABASE_URL REDIS_URL
eb_start_postgres "$V/pg" "$pg_port" execboard_bench_upload fast
eb_start_redis "$V/redis" "$redis_port" fast
eb_start_docker
bash scripts/ensure-sandbox-image.sh || eb_die "could not build the sandbox image"
export BENCH_DATABASE_URL="$DATABASE_URL"
eb_log "seeding the synthetic paper-size benchmark (bench/upload-seed.ts)"
npx tsx bench/upload-seed.ts "$V/bench.env" >"$V/seed.log" 2>&1 || { tail -30 "$V/seed.log"; eb_die "seed failed"; }

if [ "${LOADBENCH_SKIP_BUILD:-0}" = "1" ] && [ -f "$dist/BUILD_ID" ]; then
  eb_log "reusing the build in $dist"
else
  eb_log "next build into $dist"
  saved=$(mktemp -d)
  cp tsconfig.json "$saved/"; [ -f next-env.d.ts ] && cp next-env.d.ts "$saved/"
  NEXT_DIST_DIR=$dist node_modules/.bin/next build >"$V/build.log" 2>&1 && built=1 || built=0
  cmp -s "$saved/tsconfig.json" tsconfig.json || cp "$saved/tsconfig.json" tsconfig.json
  [ -f "$saved/next-env.d.ts" ] && { cmp -s "$saved/next-env.d.ts" next-env.d.ts || cp "$saved/next-env.d.ts" next-env.d.ts; }
  rm -rf "$saved"
  [ "$built" = 1 ] || { tail -40 "$V/build.log"; eb_die "next build failed"; }
fi

# No quota or rate limit gets in the way of the bench's uploads.
export EXECBOARD_QUEUE_PREFIX=uploadbench EXECBOARD_DATA_DIR="$V/data" EXECBOARD_URL="http://127.0.0.1:$web_port" \
  EXECBOARD_QUOTA_PER_DAY=10000 EXECBOARD_QUOTA_TOTAL=10000 EXECBOARD_QUOTA_CONCURRENT=100 \
  EXECBOARD_RATE_LIMIT_PER_IP=0 EXECBOARD_RATE_LIMIT_PER_TOKEN=0 EXECBOARD_RATE_LIMIT_PAGES_PER_IP=0
eb_log "worker and execboard web on 127.0.0.1:$web_port"
eb_spawn node bin/execboard.mjs worker >"$V/worker.log" 2>&1
eb_spawn env NEXT_DIST_DIR=$dist node bin/execboard.mjs web --port "$web_port" --host 127.0.0.1 >"$V/server.log" 2>&1
eb_wait_http "http://127.0.0.1:$web_port/api/v1/health" || { tail -40 "$V/server.log"; eb_die "the server did not start"; }

# shellcheck disable=SC1091
source "$V/bench.env"
status=0
BENCH_URL="http://127.0.0.1:$web_port" npx tsx bench/upload-scored.bench.ts || status=$?
grep -m1 -iE "sandbox" "$V/worker.log" >&2 || true
exit "$status"
