#!/usr/bin/env bash
# Builds, without any Docker registry, every image docker/compose.yml needs, so that
#   docker compose -f docker/compose.yml -f docker/compose.offline.yml up --build
# runs on a machine that reaches only Debian's mirror and the npm registry:
#
#   execboard-offline/node:20-bookworm   stands in for node:20-bookworm-slim (the app's base):
#                                        debootstrapped bookworm + this host's node and npm
#   execboard-offline/postgres:15        stands in for postgres:15 (Debian's postgresql-15)
#   execboard-offline/redis:7            stands in for redis:7 (Debian's redis-server 7.0)
#   $EXECBOARD_SANDBOX_IMAGE             the sandbox (scripts/ensure-sandbox-image.sh)
#   execboard-app                        with --app: the app image itself (docker/app.Dockerfile
#                                        on the node stand-in, from `git archive` of
#                                        $EXECBOARD_GIT_COMMIT or HEAD, which it records; built
#                                        with the host's network for apt and npm ci)
#
# Each base is `debootstrap --variant=minbase --include=<packages> bookworm` (rootfs cached
# under var/cache/offline-images/) and `docker import`, as for the sandbox image
# (scripts/debootstrap-image.sh), then a small Dockerfile in docker/offline/ on top. Existing
# images are kept (--rebuild builds the stand-ins again). Needs root, debootstrap, a Docker
# engine, and node/npm on the host (Node.js 20).
#
#   bash docker/offline/build-images.sh [--app] [--rebuild]
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/docker/offline"
CACHE_DIR="$ROOT/var/cache/offline-images"
NODE_IMAGE="execboard-offline/node:20-bookworm"
PG_IMAGE="execboard-offline/postgres:15"
REDIS_IMAGE="execboard-offline/redis:7"
APP_IMAGE="${EXECBOARD_APP_IMAGE:-execboard-app}"

EB_LOG_TAG=offline-images
# shellcheck source=../../scripts/debootstrap-image.sh
source "$ROOT/scripts/debootstrap-image.sh"

eb_flags "usage: docker/offline/build-images.sh [--app] [--rebuild]" --app --rebuild -- "$@"
eb_need_docker

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

seconds() { date +%s; }

# offline_image NAME IMAGE PACKAGES DOCKERFILE CONTEXT
offline_image() {
  local name="$1" image="$2" packages="$3" dockerfile="$4" ctx="$5" base="execboard-offline/$1-base:bookworm" t0
  t0=$(seconds)
  if [[ "$rebuild" == 0 ]] && docker image inspect "$image" >/dev/null 2>&1; then
    eb_log "$image exists ($(docker image inspect --format '{{.Id}}' "$image" | cut -c1-19))"
    return 0
  fi
  mkdir -p "$WORK/$name"
  [[ "$rebuild" == 0 ]] || docker image rm "$base" >/dev/null 2>&1 || true
  eb_base_image "$packages" "$base" "$CACHE_DIR" "$WORK/$name"
  eb_log "docker build -> $image"
  DOCKER_BUILDKIT=0 docker build --network none --build-arg "BASE=$base" -f "$dockerfile" -t "$image" "$ctx" \
    >"$WORK/$name.build.log" 2>&1 || { tail -n 30 "$WORK/$name.build.log" >&2; eb_die "docker build of $image failed"; }
  eb_log "$image built in $(( $(seconds) - t0 )) s"
}

# The node stand-in's context: this host's Node.js and npm.
NODE_BIN="$(command -v node)" || eb_die "node not found on the host"
NODE_BIN="$(readlink -f "$NODE_BIN")"
"$NODE_BIN" -e 'process.exit(process.versions.node.split(".")[0] === "20" ? 0 : 1)' \
  || eb_die "the host's node is $("$NODE_BIN" --version), the app image wants Node.js 20"
NPM_DIR="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"
[[ -f "$NPM_DIR/bin/npm-cli.js" ]] || eb_die "npm not found beside node (looked in $NPM_DIR)"
mkdir -p "$WORK/node-ctx"
cp "$NODE_BIN" "$WORK/node-ctx/node"
cp -a "$NPM_DIR" "$WORK/node-ctx/npm"
cp "$HERE/node.Dockerfile" "$WORK/node-ctx/Dockerfile"
mkdir -p "$WORK/node-ctx/ca"
for crt in /usr/local/share/ca-certificates/*.crt; do
  [[ -f "$crt" ]] && cp "$crt" "$WORK/node-ctx/ca/" && eb_log "the node stand-in will trust the host's extra CA ${crt##*/}"
done

# Built one after another: debootstrap is mostly downloading, and two cores are shared.
offline_image node "$NODE_IMAGE" "ca-certificates" "$WORK/node-ctx/Dockerfile" "$WORK/node-ctx"
offline_image postgres "$PG_IMAGE" "postgresql-15" "$HERE/postgres.Dockerfile" "$HERE"
offline_image redis "$REDIS_IMAGE" "redis-server" "$HERE/redis.Dockerfile" "$HERE"

t0=$(seconds)
bash "$ROOT/scripts/ensure-sandbox-image.sh"
eb_log "sandbox image ready in $(( $(seconds) - t0 )) s"

if [[ "$app" == 1 ]]; then
  # The context is `git archive` of the commit, not the working tree: the image holds exactly
  # the commit it records (uncommitted changes are left out, and said so).
  commit="$(git -C "$ROOT" rev-parse --verify "${EXECBOARD_GIT_COMMIT:-HEAD}^{commit}")" \
    || eb_die "not a commit: ${EXECBOARD_GIT_COMMIT:-HEAD}"
  if [[ -z "${EXECBOARD_GIT_COMMIT:-}" && -n "$(git -C "$ROOT" status --porcelain --untracked-files=no)" ]]; then
    eb_log "the working tree has uncommitted changes: they are not in the image (it is built from $commit)"
  fi
  t0=$(seconds)
  eb_log "docker build -> $APP_IMAGE from git archive $commit (--network host for apt and npm ci)"
  git -C "$ROOT" archive --format=tar "$commit" \
    | DOCKER_BUILDKIT=0 docker build --network host -f docker/app.Dockerfile \
        --build-arg "NODE_IMAGE=$NODE_IMAGE" --build-arg "GIT_COMMIT=$commit" -t "$APP_IMAGE" - \
        >"$WORK/app.build.log" 2>&1 || { tail -n 40 "$WORK/app.build.log" >&2; eb_die "docker build of $APP_IMAGE failed"; }
  eb_log "$APP_IMAGE built in $(( $(seconds) - t0 )) s (revision label: $(docker image inspect --format \
    '{{ index .Config.Labels "org.opencontainers.image.revision" }}' "$APP_IMAGE"))"
fi

eb_log "images:"
docker image ls --format '  {{.Repository}}:{{.Tag}}  {{.ID}}  {{.Size}}' \
  | grep -E "execboard-offline/|$APP_IMAGE|${EXECBOARD_SANDBOX_IMAGE:-execboard-sandbox:1}" >&2 || true
