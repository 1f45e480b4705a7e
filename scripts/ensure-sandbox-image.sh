#!/usr/bin/env bash
# Ensures the sandbox image ($EXECBOARD_SANDBOX_IMAGE, default execboard-sandbox:1) exists and
# carries the sha256 of the runner package docker/runner/ (over `sha256sum *.py`, as
# lib/sandbox/runner-script.ts computes it). Idempotent: does nothing when the label matches.
# Builds fully offline (no registry): debootstrap a minimal bookworm rootfs (cached under
# var/cache/sandbox/), `docker import` it as a base, then a tiny generated Dockerfile on top.
# docker/Dockerfile is the registry-based equivalent for deployments that can pull images.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
IMAGE="${EXECBOARD_SANDBOX_IMAGE:-execboard-sandbox:1}"
BASE_IMAGE="execboard-sandbox-base:bookworm"
RUNNER_DIR="$ROOT/docker/runner"
# python3.11 (not python3-minimal): candidate code may import any stdlib module (json,
# fractions, decimal...), and the process backend runs a full stdlib; outcomes must agree.
PACKAGES="python3.11"
LABEL_KEY="org.execboard.runner-sha256"

EB_LOG_TAG=ensure-sandbox-image
# eb_need_docker, eb_base_image (shared with docker/offline/build-images.sh), eb_log, eb_die
source "$ROOT/scripts/debootstrap-image.sh"

eb_need_docker
[[ -f "$RUNNER_DIR/runner.py" ]] || eb_die "missing $RUNNER_DIR/runner.py"

RUNNER_SHA="$(cd "$RUNNER_DIR" && LC_ALL=C sha256sum *.py | sha256sum | cut -d' ' -f1)"
OLD_ID="$(docker image inspect --format '{{.Id}}' "$IMAGE" 2>/dev/null || true)"
CURRENT_SHA="$(docker image inspect --format "{{ index .Config.Labels \"$LABEL_KEY\" }}" "$IMAGE" 2>/dev/null || true)"
if [[ "$CURRENT_SHA" == "$RUNNER_SHA" ]]; then
  eb_log "$IMAGE is up to date (runner sha256 ${RUNNER_SHA:0:12})"
  exit 0
fi
eb_log "building $IMAGE (runner sha256 ${RUNNER_SHA:0:12}; image had '${CURRENT_SHA:-none}')"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

eb_base_image "$PACKAGES" "$BASE_IMAGE" "$ROOT/var/cache/sandbox" "$WORK"

mkdir -p "$WORK/ctx/runner"
cp "$RUNNER_DIR"/*.py "$WORK/ctx/runner/"
# Keep in step with docker/Dockerfile (same user, path, entrypoint, label).
cat >"$WORK/ctx/Dockerfile" <<EOF
FROM $BASE_IMAGE
# 10001: the judge; 10002: candidates. The runner starts as root with CAP_KILL/CAP_SETUID/CAP_SETGID
# only (lib/sandbox/docker-backend.ts) and switches each of them to its own uid.
RUN groupadd --gid 10001 sandbox && useradd --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin sandbox \\
 && groupadd --gid 10002 candidate && useradd --uid 10002 --gid 10002 --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin candidate
COPY runner/ /opt/execboard/
RUN chmod 0444 /opt/execboard/*.py && chmod 0555 /opt/execboard
USER 0:0
WORKDIR /tmp
ENV LANG=C.UTF-8
ENTRYPOINT ["/usr/bin/python3.11", "-I", "-B", "/opt/execboard/runner.py"]
LABEL $LABEL_KEY="$RUNNER_SHA" org.execboard.component="sandbox"
EOF
eb_log "docker build -> $IMAGE"
# Legacy builder (no buildx offline); build steps need no network.
DOCKER_BUILDKIT=0 docker build --network none -t "$IMAGE" "$WORK/ctx" >"$WORK/build.log" 2>&1 \
  || { tail -n 30 "$WORK/build.log" >&2; eb_die "docker build failed (log above)"; }
# The superseded image is now untagged; drop it unless a container still uses it.
if [[ -n "$OLD_ID" && "$OLD_ID" != "$(docker image inspect --format '{{.Id}}' "$IMAGE")" ]]; then
  docker rmi "$OLD_ID" >/dev/null 2>&1 && eb_log "removed superseded image ${OLD_ID:7:12}" || true
fi
eb_log "done: $IMAGE"
