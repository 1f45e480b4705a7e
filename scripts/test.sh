#!/usr/bin/env bash
# Quickstart, part two: runs every test — typecheck, lint, unit, integration (real Postgres,
# Redis, Docker) and end-to-end (real Chromium) — on its own ports, and stops everything it
# started. Exit code 0 only when every step passed.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/services.sh
export NEXT_TELEMETRY_DISABLED=1

bash scripts/setup.sh --with-browser || eb_die "setup failed"
trap 'eb_stop_all' EXIT
trap 'exit 130' INT TERM

T="$PWD/var/test"
# Ports of this run's services; override them to run two checkouts' tests side by side.
PG_PORT="${EXECBOARD_TEST_PG_PORT:-54330}" REDIS_PORT="${EXECBOARD_TEST_REDIS_PORT:-63791}" WEB_PORT="${EXECBOARD_TEST_WEB_PORT:-3111}"
eb_start_test_world "$T" "$PG_PORT" "$REDIS_PORT" "$WEB_PORT"

failed_steps=()
step() {
  local name="$1"; shift
  eb_log "── $name"
  if "$@"; then eb_log "✔ $name"; else eb_log "✘ $name"; failed_steps+=("$name"); fi
}

step "migrate" node bin/execboard.mjs migrate
step "typecheck" npx tsc --noEmit -p .
step "lint" npx eslint --max-warnings=0 .
step "build" bash -c 'node_modules/.bin/next build >"$0/next-build.log" 2>&1 || { tail -60 "$0/next-build.log"; exit 1; }' "$T"

eb_spawn node bin/execboard.mjs worker >"$T/worker.log" 2>&1
eb_start_web "$WEB_PORT" "$T/web.log"

step "unit + integration" npx vitest run --reporter=default --reporter=json --outputFile.json="$T/vitest.json"
step "seed demo for e2e" node bin/execboard.mjs demo seed --benchmark demo
step "e2e (Chromium)" env PLAYWRIGHT_JSON_OUTPUT_NAME="$T/playwright.json" npx playwright test --reporter=list,json

counts=$(node -e '
  const fs = require("fs");
  let p = 0, f = 0;
  try { const v = JSON.parse(fs.readFileSync(process.argv[1], "utf8")); p += v.numPassedTests; f += v.numFailedTests + (v.numTotalTests - v.numPassedTests - v.numFailedTests - (v.numPendingTests||0) - (v.numTodoTests||0)); } catch {}
  try { const w = JSON.parse(fs.readFileSync(process.argv[2], "utf8")); p += w.stats.expected; f += w.stats.unexpected + w.stats.flaky; } catch {}
  console.log(p + " " + f);
' "$T/vitest.json" "$T/playwright.json")
set -- $counts
echo
if [ "${#failed_steps[@]}" -gt 0 ]; then
  eb_log "failed steps: ${failed_steps[*]}"
  echo "tests: $1 passed, $(( $2 > 0 ? $2 : 1 )) failed"
  exit 1
fi
echo "tests: $1 passed, $2 failed"
[ "$2" = "0" ] && [ "$1" != "0" ]
