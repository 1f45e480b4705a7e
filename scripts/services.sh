# Sourced by the scripts in scripts/, bench/ and docker/offline/: starts the local services
# ExecBoard needs on loopback, each in a project-local directory, and stops exactly what it
# started; and the few steps those scripts share (logging, flags, builds, a bench's services).
# shellcheck shell=bash

EB_STARTED_PIDS=()
EB_STARTED_DOCKERD=""
# What eb_log and eb_die put before a message; a script may name itself instead.
EB_LOG_TAG="${EB_LOG_TAG:-execboard}"

eb_log() { printf '\033[1;34m[%s]\033[0m %s\n' "$EB_LOG_TAG" "$*" >&2; }
eb_die() { printf '\033[1;31m[%s] %s\033[0m\n' "$EB_LOG_TAG" "$*" >&2; exit 1; }

# eb_flags USAGE --NAME... -- ARG... : sets the variable NAME (a shell name: letters, digits,
# underscores) to 1 for each --NAME among the ARGs and to 0 for the others; any other argument
# dies with USAGE.
eb_flags() {
  local usage="$1" known=() flag arg
  shift
  while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do known+=("$1"); shift; done
  shift
  for flag in "${known[@]}"; do printf -v "${flag#--}" 0; done
  for arg in "$@"; do
    for flag in "${known[@]}"; do
      if [ "$arg" = "$flag" ]; then printf -v "${flag#--}" 1; continue 2; fi
    done
    eb_die "$usage"
  done
}

eb_pg_bin() {
  local d
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/initdb" ] && { echo "$d"; return 0; }
  done
  return 1
}

# Runs a command as the unprivileged postgres user when we are root (initdb refuses root).
eb_as_pg() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# eb_start_postgres DIR PORT DBNAME [fast] -> exports DATABASE_URL
# Durable by default (fsync on: committed data survives a power cut). "fast" turns fsync off,
# for throwaway test clusters only.
eb_start_postgres() {
  local dir="$1" port="$2" db="$3" mode="${4:-durable}" bin user fsync=on
  [ "$mode" = "fast" ] && fsync=off
  bin=$(eb_pg_bin) || eb_die "PostgreSQL server binaries not found (apt-get install postgresql)"
  mkdir -p "$dir"
  if [ "$(id -u)" = "0" ]; then chown postgres: "$dir"; chmod 700 "$dir"; user=postgres; else user=$(id -un); fi
  if [ ! -f "$dir/PG_VERSION" ]; then
    eb_log "initialising PostgreSQL cluster in $dir"
    eb_as_pg "$bin/initdb" -D "$dir" -U "$user" --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir.initdb.log" 2>&1 \
      || { cat "$dir.initdb.log" >&2; eb_die "initdb failed"; }
  fi
  if eb_as_pg "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
    eb_log "PostgreSQL already running in $dir"
  else
    eb_log "starting PostgreSQL on 127.0.0.1:$port"
    eb_as_pg "$bin/pg_ctl" -D "$dir" -l "$dir/postgres.log" -w -t 60 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=$fsync -c max_connections=200" start >/dev/null \
      || { tail -20 "$dir/postgres.log" >&2; eb_die "PostgreSQL failed to start"; }
    EB_STARTED_PG_DIR="$dir"
  fi
  eb_as_pg "$bin/psql" -h 127.0.0.1 -p "$port" -U "$user" -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname='$db'" | grep -q 1 \
    || eb_as_pg "$bin/createdb" -h 127.0.0.1 -p "$port" -U "$user" "$db"
  export DATABASE_URL="postgresql://$user@127.0.0.1:$port/$db"
}

eb_stop_postgres() {
  [ -n "${EB_STARTED_PG_DIR:-}" ] || return 0
  local bin; bin=$(eb_pg_bin) || return 0
  eb_as_pg "$bin/pg_ctl" -D "$EB_STARTED_PG_DIR" -m fast -w stop >/dev/null 2>&1 || true
  EB_STARTED_PG_DIR=""
}

# eb_start_redis DIR PORT [fast] -> exports REDIS_URL
# Durable by default (append-only file, fsync every second: queued jobs survive a restart; the
# reaper re-queues anything lost in the last second). "fast" keeps nothing on disk (tests).
eb_start_redis() {
  local dir="$1" port="$2" mode="${3:-durable}" persist=(--appendonly yes --appendfsync everysec)
  [ "$mode" = "fast" ] && persist=(--appendonly no)
  command -v redis-server >/dev/null || eb_die "redis-server not found (apt-get install redis-server)"
  mkdir -p "$dir"
  if redis-cli -p "$port" ping >/dev/null 2>&1; then
    eb_log "Redis already answering on 127.0.0.1:$port"
  else
    eb_log "starting Redis on 127.0.0.1:$port"
    redis-server --bind 127.0.0.1 --port "$port" --dir "$dir" --save "" "${persist[@]}" \
      --maxmemory-policy noeviction --daemonize no >"$dir/redis.log" 2>&1 &
    EB_STARTED_PIDS+=("$!")
    local i
    for i in $(seq 1 50); do redis-cli -p "$port" ping >/dev/null 2>&1 && break; sleep 0.1; done
    redis-cli -p "$port" ping >/dev/null 2>&1 || eb_die "Redis failed to start (see $dir/redis.log)"
  fi
  export REDIS_URL="redis://127.0.0.1:$port"
}

# The Debian packages setup.sh must install: what is missing of PostgreSQL, Redis, the Docker
# engine (dockerd, not only a docker client that another package brought), debootstrap,
# bubblewrap, curl, what native/blas builds with (a C toolchain, python3, OpenBLAS), and with
# --with-browser Chromium. Prints them on one line.
eb_missing_packages() {
  local need=()
  eb_pg_bin >/dev/null || need+=(postgresql)
  command -v redis-server >/dev/null || need+=(redis-server)
  { command -v docker >/dev/null && command -v dockerd >/dev/null; } || need+=(docker.io)
  command -v debootstrap >/dev/null || need+=(debootstrap)
  command -v bwrap >/dev/null || need+=(bubblewrap)
  command -v curl >/dev/null || need+=(curl)
  # native/blas (scripts/build-native.sh): a C toolchain, python3 for node-gyp, OpenBLAS.
  { command -v make >/dev/null && command -v cc >/dev/null && command -v g++ >/dev/null; } || need+=(build-essential)
  command -v python3 >/dev/null || need+=(python3)
  dpkg-query -W -f='${Status}' libopenblas-dev 2>/dev/null | grep -q "ok installed" || need+=(libopenblas-dev)
  if [ "${1:-}" = "--with-browser" ]; then command -v chromium >/dev/null || need+=(chromium); fi
  echo "${need[*]}"
}

# Starts a Docker engine when none answers. Bridge networking and iptables are off: sandbox
# containers run with network "none" anyway.
eb_start_docker() {
  command -v docker >/dev/null || eb_die "docker not found (apt-get install docker.io)"
  if docker info >/dev/null 2>&1; then return 0; fi
  [ "$(id -u)" = "0" ] || eb_die "no Docker engine answers and starting one needs root"
  command -v dockerd >/dev/null || eb_die "no Docker engine answers and dockerd is not installed (a docker client alone is not enough): apt-get install docker.io"
  eb_log "starting the Docker engine"
  mkdir -p var/log
  dockerd --iptables=false --bridge=none --storage-driver=overlay2 >var/log/dockerd.log 2>&1 &
  EB_STARTED_DOCKERD="$!"
  local i
  for i in $(seq 1 100); do docker info >/dev/null 2>&1 && return 0; sleep 0.2; done
  tail -20 var/log/dockerd.log >&2
  eb_die "the Docker engine did not start"
}

eb_stop_docker() {
  [ -n "$EB_STARTED_DOCKERD" ] || return 0
  kill "$EB_STARTED_DOCKERD" 2>/dev/null || true
  local i
  for i in $(seq 1 100); do kill -0 "$EB_STARTED_DOCKERD" 2>/dev/null || break; sleep 0.1; done
  EB_STARTED_DOCKERD=""
}

# eb_start_test_world DIR PG_PORT REDIS_PORT WEB_PORT : a fresh world for tests in DIR (nothing
# from an earlier run can make a test pass): throwaway Postgres and Redis on those ports, the
# Docker engine and the sandbox image, and the environment the test processes share.
eb_start_test_world() {
  local dir="$1" pg_port="$2" redis_port="$3" web_port="$4"
  if [ -f "$dir/pg/postmaster.pid" ]; then eb_as_pg "$(eb_pg_bin)/pg_ctl" -D "$dir/pg" -m immediate stop >/dev/null 2>&1 || true; fi
  rm -rf "$dir"; mkdir -p "$dir"
  unset DATABASE_URL REDIS_URL
  eb_start_postgres "$dir/pg" "$pg_port" execboard_test fast
  eb_start_redis "$dir/redis" "$redis_port" fast
  eb_start_docker
  bash scripts/ensure-sandbox-image.sh || eb_die "could not build the sandbox image"
  export EXECBOARD_DATA_DIR="$dir/data" EXECBOARD_QUEUE_PREFIX="test" EXECBOARD_URL="http://127.0.0.1:$web_port" NODE_ENV=test
}

# eb_start_bench_world NAME DBNAME PG_PORT REDIS_PORT WEB_PORT : a bench's own Postgres (with
# the database DBNAME) and Redis under var/NAME (kept between runs, fsync off), on the ports
# NAME's variables give (for loadbench: LOADBENCH_PG_PORT, LOADBENCH_REDIS_PORT) or else those
# given here, stopped on exit with everything else the script started. Sets BENCH_DIR and
# BENCH_WEB_PORT (LOADBENCH_WEB_PORT, or WEB_PORT); exports DATABASE_URL, REDIS_URL and
# BENCH_DATABASE_URL (bench/bench-database.ts).
eb_start_bench_world() {
  local name="$1" db="$2" vars="${1^^}" pg_port redis_port
  pg_port="$(eb_env_or "${vars}_PG_PORT" "$3")" redis_port="$(eb_env_or "${vars}_REDIS_PORT" "$4")"
  BENCH_WEB_PORT="$(eb_env_or "${vars}_WEB_PORT" "$5")" BENCH_DIR="$PWD/var/$name"
  mkdir -p "$BENCH_DIR"
  trap 'eb_stop_all' EXIT
  trap 'exit 130' INT TERM
  unset DATABASE_URL REDIS_URL
  eb_start_postgres "$BENCH_DIR/pg" "$pg_port" "$db" fast
  eb_start_redis "$BENCH_DIR/redis" "$redis_port" fast
  export BENCH_DATABASE_URL="$DATABASE_URL" NEXT_TELEMETRY_DISABLED=1
}

# eb_env_or VAR DEFAULT : prints the value of the variable VAR, or DEFAULT when it is unset or empty.
eb_env_or() { printf '%s\n' "${!1:-$2}"; }

# eb_next_build DIST LOG : a production build into DIST (NEXT_DIST_DIR), its output in LOG.
# next build adds its dist dir to tsconfig.json and may touch next-env.d.ts: a build beside the
# usual one puts them back.
eb_next_build() {
  local dist="$1" log="$2" saved built=0
  saved=$(mktemp -d)
  cp tsconfig.json "$saved/"
  if [ -f next-env.d.ts ]; then cp next-env.d.ts "$saved/"; fi
  NEXT_DIST_DIR="$dist" node_modules/.bin/next build >"$log" 2>&1 && built=1
  cmp -s "$saved/tsconfig.json" tsconfig.json || cp "$saved/tsconfig.json" tsconfig.json
  if [ -f "$saved/next-env.d.ts" ]; then cmp -s "$saved/next-env.d.ts" next-env.d.ts || cp "$saved/next-env.d.ts" next-env.d.ts; fi
  rm -rf "$saved"
  [ "$built" = 1 ] || { tail -60 "$log" >&2; eb_die "next build failed (see $log)"; }
}

# eb_bench_next_build LOG : the production build the benches share (eb_next_build into
# .next-loadbench), or with LOADBENCH_SKIP_BUILD=1 the last one there; exports NEXT_DIST_DIR
# for the `execboard web` that serves it.
eb_bench_next_build() {
  export NEXT_DIST_DIR=.next-loadbench
  if [ "${LOADBENCH_SKIP_BUILD:-0}" = "1" ] && [ -f "$NEXT_DIST_DIR/BUILD_ID" ]; then
    eb_log "reusing the build in $NEXT_DIST_DIR"
  else
    eb_log "next build into $NEXT_DIST_DIR"
    eb_next_build "$NEXT_DIST_DIR" "$1"
  fi
}

# eb_start_web PORT LOG [VAR=value...] : `execboard web` on 127.0.0.1:PORT (with those
# variables), its output in LOG, stopped by eb_stop_all; returns once its health check answers.
eb_start_web() {
  local port="$1" log="$2"
  shift 2
  eb_spawn env "$@" node bin/execboard.mjs web --port "$port" --host 127.0.0.1 >"$log" 2>&1
  eb_wait_http "http://127.0.0.1:$port/api/v1/health" || { tail -40 "$log" >&2; eb_die "execboard web did not start (see $log)"; }
}

# eb_supervise NAME CMD... : runs CMD in the background and starts it again whenever it exits,
# after 1 s, then 2, 4, … up to 30 s while it keeps dying young (a run of a minute or more resets
# the wait). Stopping the supervisor (eb_stop_all) stops the process it runs.
eb_supervise() {
  local name="$1"; shift
  (
    child=""
    trap '[ -n "$child" ] && kill "$child" 2>/dev/null; wait "$child" 2>/dev/null; exit 0' TERM INT
    backoff=1
    while true; do
      started=$(date +%s)
      "$@" &
      child=$!
      wait "$child"; code=$?
      ran=$(( $(date +%s) - started ))
      [ "$ran" -ge 60 ] && backoff=1
      eb_log "$name exited with code $code after ${ran}s; starting it again in ${backoff}s"
      sleep "$backoff" & wait $!
      backoff=$(( backoff * 2 > 30 ? 30 : backoff * 2 ))
    done
  ) &
  EB_STARTED_PIDS+=("$!")
}

# Background a long-running process of ours and remember it for eb_stop_all.
eb_spawn() {
  "$@" &
  EB_STARTED_PIDS+=("$!")
}

eb_stop_all() {
  local pid
  for pid in "${EB_STARTED_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${EB_STARTED_PIDS[@]}"; do
    local i
    for i in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  EB_STARTED_PIDS=()
  eb_stop_postgres
  eb_stop_docker
}

eb_wait_http() {
  local url="$1" tries="${2:-300}" i
  for i in $(seq 1 "$tries"); do curl -fsS -o /dev/null "$url" 2>/dev/null && return 0; sleep 0.2; done
  return 1
}
