#!/usr/bin/env bash
# Quickstart, part one: brings the whole service up on http://localhost:3000 with the demo
# benchmark imported and its baselines scored and published through the real pipeline.
# Reuses DATABASE_URL / REDIS_URL when given; Ctrl-C stops everything this script started.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/services.sh
export NEXT_TELEMETRY_DISABLED=1

bash scripts/setup.sh
trap 'eb_log "stopping"; eb_stop_all' EXIT
trap 'exit 130' INT TERM

[ -n "${DATABASE_URL:-}" ] || eb_start_postgres "$PWD/var/dev/pg" 54320 execboard
[ -n "${REDIS_URL:-}" ] || eb_start_redis "$PWD/var/dev/redis" 63790
eb_start_docker
bash scripts/ensure-sandbox-image.sh
export EXECBOARD_DATA_DIR="${EXECBOARD_DATA_DIR:-$PWD/var/dev/data}"
port="${PORT:-3000}"

node bin/execboard.mjs migrate
eb_log "building the web app"
node_modules/.bin/next build >var/dev/next-build.log 2>&1 || { tail -40 var/dev/next-build.log >&2; eb_die "next build failed"; }

# A worker or web process that dies (killed, out of memory) is started again; /api/v1/health,
# the submit page and a waiting submission's status page say while no worker runs.
eb_supervise worker node bin/execboard.mjs worker
eb_supervise web node bin/execboard.mjs web --port "$port" --host 127.0.0.1
eb_wait_http "http://127.0.0.1:$port/api/v1/health" || eb_die "the web app did not come up"
eb_log "seeding the demo benchmark and its baselines"
node bin/execboard.mjs demo seed

eb_log "ExecBoard is up: http://localhost:$port  (DATABASE_URL=$DATABASE_URL REDIS_URL=$REDIS_URL)"
eb_log "create a vendor: node bin/execboard.mjs users create --email you@example.com --role vendor"
eb_log "press Ctrl-C to stop"
wait
