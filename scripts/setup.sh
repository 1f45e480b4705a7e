#!/usr/bin/env bash
# Installs what ExecBoard needs on a Debian machine with Node.js: system packages (PostgreSQL,
# Redis, Docker, debootstrap for the offline sandbox image, OpenBLAS and a C toolchain for the
# ranking addon, Chromium for browser tests), npm packages, the ranking addon (native/blas) and
# the generated Prisma client. Safe to run again; it only adds what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/services.sh

want_browser="${1:-}"
read -ra need <<<"$(eb_missing_packages "$want_browser")"
if [ "${#need[@]}" -gt 0 ]; then
  eb_log "installing system packages: ${need[*]}"
  sudo_cmd=()
  if [ "$(id -u)" != "0" ]; then
    command -v sudo >/dev/null || eb_die "need root (or sudo) to install: ${need[*]}"
    sudo_cmd=(sudo)
  fi
  "${sudo_cmd[@]}" apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${need[@]}" >/dev/null
fi

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  eb_log "installing npm packages"
  npm ci --no-audit --no-fund --loglevel=error
fi

# The OpenBLAS addon for ranking (optional: without it ranking runs on WebAssembly).
bash scripts/build-native.sh

if [ ! -f lib/db/generated/client.ts ] || [ prisma/schema.prisma -nt lib/db/generated/client.ts ]; then
  eb_log "generating the Prisma client"
  # generate needs a datasource URL to read the schema, never a connection.
  DATABASE_URL="${DATABASE_URL:-postgresql://localhost/execboard}" npx prisma generate >/dev/null
fi
