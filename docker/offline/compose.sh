#!/usr/bin/env bash
# Runs docker compose on docker/compose.yml + docker/compose.offline.yml, project "execboard":
#   bash docker/offline/compose.sh up -d --build --scale worker=2
#   bash docker/offline/compose.sh ps | logs worker | down -v ...
# Uses the compose v2 plugin (`docker compose`) when the docker CLI has it. Otherwise Debian
# bookworm's docker-compose 1.29 (apt-get install docker-compose; bookworm packages no v2
# plugin), which reads everything in these files but the top-level `name:` (a Compose
# Specification key it predates): it is given a copy without that line, in a scratch
# directory, with --project-directory docker/ (so relative paths mean what they mean to v2)
# and -p execboard (what `name:` says).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
FILES=("$ROOT/docker/compose.yml" "$ROOT/docker/compose.offline.yml")

if docker compose version >/dev/null 2>&1; then
  exec docker compose -f "${FILES[0]}" -f "${FILES[1]}" "$@"
fi
command -v docker-compose >/dev/null 2>&1 \
  || { echo "neither 'docker compose' nor docker-compose found (apt-get install docker-compose)" >&2; exit 1; }
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
grep -v '^name:' "${FILES[0]}" >"$scratch/compose.yml"
# v1 builds with the classic builder through the engine API; keep it that way offline.
COMPOSE_DOCKER_CLI_BUILD=0 DOCKER_BUILDKIT=0 \
  docker-compose --project-directory "$ROOT/docker" -p execboard -f "$scratch/compose.yml" -f "${FILES[1]}" "$@"
