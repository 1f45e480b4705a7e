#!/usr/bin/env bash
# For development: starts (or stops) a detached Postgres + Redis pair in var/<name>/ and the
# Docker engine, and prints the environment to use with them, e.g.
#   eval "$(bash scripts/dev-services.sh up mywork 55432 56379)"
#   bash scripts/dev-services.sh down mywork
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/services.sh

cmd="${1:-}"; name="${2:-dev}"; pgport="${3:-55432}"; redisport="${4:-56379}"
dir="$PWD/var/$name"
case "$cmd" in
  up)
    bash scripts/setup.sh >&2
    eb_start_postgres "$dir/pg" "$pgport" execboard >&2
    mkdir -p "$dir/redis"
    if ! redis-cli -p "$redisport" ping >/dev/null 2>&1; then
      nohup redis-server --bind 127.0.0.1 --port "$redisport" --dir "$dir/redis" --save "" --appendonly no >"$dir/redis/redis.log" 2>&1 &
      for _ in $(seq 1 50); do redis-cli -p "$redisport" ping >/dev/null 2>&1 && break; sleep 0.1; done
    fi
    if ! docker info >/dev/null 2>&1; then
      mkdir -p var/log
      nohup dockerd --iptables=false --bridge=none --storage-driver=overlay2 >var/log/dockerd.log 2>&1 &
      for _ in $(seq 1 100); do docker info >/dev/null 2>&1 && break; sleep 0.2; done
    fi
    bash scripts/ensure-sandbox-image.sh >&2
    DATABASE_URL="$DATABASE_URL" node bin/execboard.mjs migrate >&2
    echo "export DATABASE_URL=$DATABASE_URL REDIS_URL=redis://127.0.0.1:$redisport EXECBOARD_DATA_DIR=$dir/data EXECBOARD_QUEUE_PREFIX=$name"
    ;;
  down)
    bin=$(eb_pg_bin)
    [ -f "$dir/pg/postmaster.pid" ] && eb_as_pg "$bin/pg_ctl" -D "$dir/pg" -m fast stop >/dev/null || true
    redis-cli -p "$redisport" shutdown nosave >/dev/null 2>&1 || true
    ;;
  *) echo "usage: $0 up|down <name> [pgport] [redisport]" >&2; exit 2 ;;
esac
