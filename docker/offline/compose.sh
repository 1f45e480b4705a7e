#!/usr/bin/env bash
# Runs docker compose on docker/compose.yml + docker/compose.offline.yml, project "execboard":
#   bash docker/offline/compose.sh up -d --build --scale worker=2
#   bash docker/offline/compose.sh ps | logs worker | down -v ...
# EXECBOARD_COMPOSE_EXTRA: more override files (space-separated), e.g. docker/compose.expose.yml.
# Uses the compose v2 plugin (`docker compose`) when the docker CLI has it. Otherwise Debian
# bookworm's docker-compose 1.29 (apt-get install docker-compose; bookworm packages no v2
# plugin), which reads everything in these files but the top-level `name:` (a Compose
# Specification key it predates): it is given a copy without that line, in a scratch
# directory, with --project-directory docker/ (so relative paths mean what they mean to v2)
# and -p execboard (what `name:` says).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
FILES=("$ROOT/docker/compose.yml" "$ROOT/docker/compose.offline.yml")
for extra in ${EXECBOARD_COMPOSE_EXTRA:-}; do
  [[ "$extra" == /* ]] || extra="$ROOT/$extra"
  FILES+=("$extra")
done

if docker compose version >/dev/null 2>&1; then
  args=()
  for f in "${FILES[@]}"; do args+=(-f "$f"); done
  exec docker compose "${args[@]}" "$@"
fi
command -v docker-compose >/dev/null 2>&1 \
  || { echo "neither 'docker compose' nor docker-compose found (apt-get install docker-compose)" >&2; exit 1; }
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
grep -v '^name:' "${FILES[0]}" >"$scratch/compose.yml"
args=(-f "$scratch/compose.yml")
for f in "${FILES[@]:1}"; do args+=(-f "$f"); done
# v1 builds with the classic builder through the engine API; keep it that way offline.
COMPOSE_DOCKER_CLI_BUILD=0 DOCKER_BUILDKIT=0 \
  docker-compose --project-directory "$ROOT/docker" -p execboard "${args[@]}" "$@"
