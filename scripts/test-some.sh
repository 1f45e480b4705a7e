#!/usr/bin/env bash
# For development: runs some of the tests against the same real services `npm test` starts
# (Postgres, Redis, Docker, a worker and the web process), on ports of your choosing, and stops
# them afterwards. `npm test` remains the one command that runs everything.
#
#   bash scripts/test-some.sh tests/metrics tests/integration/tie-aware-scoring.test.ts
#   bash scripts/test-some.sh --e2e e2e/leaderboard.spec.ts
#   bash scripts/test-some.sh --no-web tests/sandbox          # skip the Next build and web process
#
# Ports: EXECBOARD_TEST_PG_PORT, EXECBOARD_TEST_REDIS_PORT, EXECBOARD_TEST_WEB_PORT (as npm test).
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/services.sh
export NEXT_TELEMETRY_DISABLED=1

web=1 vitest_args=() e2e_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --no-web) web=0 ;;
    --e2e) shift; e2e_args+=("$1") ;;
    *) vitest_args+=("$1") ;;
  esac
  shift
done

trap 'eb_stop_all' EXIT
trap 'exit 130' INT TERM
PG_PORT="${EXECBOARD_TEST_PG_PORT:-54330}" REDIS_PORT="${EXECBOARD_TEST_REDIS_PORT:-63791}" WEB_PORT="${EXECBOARD_TEST_WEB_PORT:-3111}"
T="$PWD/var/test-some-$PG_PORT"
eb_start_test_world "$T" "$PG_PORT" "$REDIS_PORT" "$WEB_PORT"
node bin/execboard.mjs migrate || eb_die "migrations failed"

status=0
eb_spawn node bin/execboard.mjs worker >"$T/worker.log" 2>&1
if [ "$web" = 1 ]; then
  export NEXT_DIST_DIR=".next-test-$WEB_PORT"
  eb_next_build "$NEXT_DIST_DIR" "$T/next-build.log"
  eb_start_web "$WEB_PORT" "$T/web.log"
fi
if [ "${#vitest_args[@]}" -gt 0 ]; then npx vitest run "${vitest_args[@]}" || status=1; fi
if [ "${#e2e_args[@]}" -gt 0 ]; then
  node bin/execboard.mjs demo seed --benchmark demo || status=1
  npx playwright test "${e2e_args[@]}" --reporter=list || status=1
fi
eb_log "logs: $T (worker.log, web.log)"
exit "$status"
