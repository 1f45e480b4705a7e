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

eb_start_bench_world uploadbench execboard_bench_upload 55463 56463 3163
eb_start_docker
bash scripts/ensure-sandbox-image.sh || eb_die "could not build the sandbox image"
eb_log "seeding the synthetic paper-size benchmark (bench/upload-seed.ts)"
npx tsx bench/upload-seed.ts "$BENCH_DIR/bench.env" >"$BENCH_DIR/seed.log" 2>&1 || { tail -30 "$BENCH_DIR/seed.log"; eb_die "seed failed"; }

eb_bench_next_build "$BENCH_DIR/build.log"

# No quota or rate limit gets in the way of the bench's uploads.
export EXECBOARD_QUEUE_PREFIX=uploadbench EXECBOARD_DATA_DIR="$BENCH_DIR/data" EXECBOARD_URL="http://127.0.0.1:$BENCH_WEB_PORT" \
  EXECBOARD_QUOTA_PER_DAY=10000 EXECBOARD_QUOTA_TOTAL=10000 EXECBOARD_QUOTA_CONCURRENT=100 \
  EXECBOARD_RATE_LIMIT_PER_IP=0 EXECBOARD_RATE_LIMIT_PER_TOKEN=0 EXECBOARD_RATE_LIMIT_PAGES_PER_IP=0
eb_log "worker and execboard web on 127.0.0.1:$BENCH_WEB_PORT"
eb_spawn node bin/execboard.mjs worker >"$BENCH_DIR/worker.log" 2>&1
eb_start_web "$BENCH_WEB_PORT" "$BENCH_DIR/server.log"

# shellcheck disable=SC1091
source "$BENCH_DIR/bench.env"
status=0
BENCH_URL="http://127.0.0.1:$BENCH_WEB_PORT" npx tsx bench/upload-scored.bench.ts || status=$?
grep -m1 -iE "sandbox" "$BENCH_DIR/worker.log" >&2 || true
exit "$status"
