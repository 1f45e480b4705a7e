# Sourced by scripts/ensure-sandbox-image.sh and docker/offline/build-images.sh: builds Docker
# base images fully offline (no registry) from Debian packages: debootstrap a minimal bookworm
# rootfs with the packages asked for (from EXECBOARD_DEBIAN_MIRROR, default deb.debian.org),
# cache it as a tarball, and `docker import` it. Brings scripts/services.sh (eb_log, eb_die,
# eb_flags) with it; set EB_LOG_TAG first to name the script in its messages.
# shellcheck shell=bash

# shellcheck source=services.sh
source "$(dirname "${BASH_SOURCE[0]}")/services.sh"
EB_DEBIAN_MIRROR="${EXECBOARD_DEBIAN_MIRROR:-http://deb.debian.org/debian}"

# eb_need_docker : dies unless a Docker engine answers, on the socket the app uses
# (lib/config: EXECBOARD_DOCKER_SOCKET) when DOCKER_HOST does not say otherwise.
eb_need_docker() {
  if [[ -z "${DOCKER_HOST:-}" && -n "${EXECBOARD_DOCKER_SOCKET:-}" ]]; then
    export DOCKER_HOST="unix://$EXECBOARD_DOCKER_SOCKET"
  fi
  command -v docker >/dev/null 2>&1 || eb_die "docker CLI not found on PATH"
  docker info >/dev/null 2>&1 || eb_die "Docker engine not reachable (DOCKER_HOST=${DOCKER_HOST:-default socket}). Start dockerd or set EXECBOARD_DOCKER_SOCKET."
}

# eb_base_image PACKAGES IMAGE CACHE_DIR WORKDIR
#   Makes IMAGE, unless it exists already, by `docker import` of a rootfs tarball in CACHE_DIR
#   (debootstrap --variant=minbase --include=PACKAGES bookworm; PACKAGES is comma-separated),
#   written first unless a run before wrote it. apt's package cache and lists are dropped (an
#   image that needs apt runs apt-get update first). debootstrap needs root.
eb_base_image() {
  local packages="$1" image="$2" tarball="$3/rootfs-bookworm-minbase-${1//,/-}.tar.gz" work="$4"
  if docker image inspect "$image" >/dev/null 2>&1; then
    eb_log "reusing base image $image"
    return 0
  fi
  if [[ -s "$tarball" ]]; then
    eb_log "reusing cached rootfs ${tarball#"${ROOT:-}"/}"
  else
    command -v debootstrap >/dev/null 2>&1 || eb_die "debootstrap not installed (apt-get install debootstrap)"
    [[ "$(id -u)" == 0 ]] || eb_die "debootstrap needs root to build the rootfs"
    eb_log "debootstrap --variant=minbase --include=$packages bookworm ($EB_DEBIAN_MIRROR); takes a few minutes"
    rm -rf "$work/rootfs"
    debootstrap --variant=minbase --include="$packages" bookworm "$work/rootfs" "$EB_DEBIAN_MIRROR" >"$work/debootstrap.log" 2>&1 \
      || { tail -n 30 "$work/debootstrap.log" >&2; eb_die "debootstrap failed (log above)"; }
    # Package caches and lists are dead weight in an image that never runs apt.
    rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"*
    mkdir -p "$(dirname "$tarball")"
    eb_log "caching rootfs at ${tarball#"${ROOT:-}"/}"
    tar -C "$work/rootfs" --numeric-owner -czf "$tarball.partial" .
    mv "$tarball.partial" "$tarball"
    rm -rf "$work/rootfs"
  fi
  eb_log "docker import -> $image"
  docker import "$tarball" "$image" >/dev/null
}
