# Sourced by scripts/ensure-sandbox-image.sh and docker/offline/build-images.sh: builds Docker
# base images fully offline (no registry) from Debian packages: debootstrap a minimal bookworm
# rootfs with the packages asked for, cache it as a tarball, and `docker import` it.
# The caller defines log MESSAGE and die MESSAGE; DOCKER_HOST and the like are the caller's.
# shellcheck shell=bash

# eb_debootstrap_rootfs PACKAGES TARBALL MIRROR WORKDIR
#   Writes TARBALL (a gzipped rootfs: debootstrap --variant=minbase --include=PACKAGES bookworm)
#   unless it exists already; PACKAGES is comma-separated. apt's package cache and lists are
#   dropped (an image that needs apt runs apt-get update first). Needs root and debootstrap.
eb_debootstrap_rootfs() {
  local packages="$1" tarball="$2" mirror="$3" work="$4"
  if [[ -s "$tarball" ]]; then
    log "reusing cached rootfs ${tarball#"${ROOT:-}"/}"
    return 0
  fi
  command -v debootstrap >/dev/null 2>&1 || die "debootstrap not installed (apt-get install debootstrap)"
  [[ "$(id -u)" == 0 ]] || die "debootstrap needs root to build the rootfs"
  log "debootstrap --variant=minbase --include=$packages bookworm ($mirror); takes a few minutes"
  rm -rf "$work/rootfs"
  debootstrap --variant=minbase --include="$packages" bookworm "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 \
    || { tail -n 30 "$work/debootstrap.log" >&2; die "debootstrap failed (log above)"; }
  # Package caches and lists are dead weight in an image that never runs apt.
  rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"*
  mkdir -p "$(dirname "$tarball")"
  log "caching rootfs at ${tarball#"${ROOT:-}"/}"
  tar -C "$work/rootfs" --numeric-owner -czf "$tarball.partial" .
  mv "$tarball.partial" "$tarball"
  rm -rf "$work/rootfs"
}

# eb_import_rootfs TARBALL IMAGE [docker import --change ...]
#   Imports TARBALL as IMAGE unless IMAGE exists already.
eb_import_rootfs() {
  local tarball="$1" image="$2"
  shift 2
  if docker image inspect "$image" >/dev/null 2>&1; then
    log "reusing base image $image"
    return 0
  fi
  log "docker import -> $image"
  docker import "$@" "$tarball" "$image" >/dev/null
}
