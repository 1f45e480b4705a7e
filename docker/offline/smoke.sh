#!/usr/bin/env bash
# End-to-end check of the compose deployment, as docker/DEPLOY.md ("Offline") ran it: brings up
# docker/compose.yml + docker/compose.offline.yml (Postgres, Redis, migrate + demo import, web,
# $WORKERS workers on the host's engine), waits for /api/v1/health, creates a vendor inside the
# web container, submits synthetic embeddings for the demo benchmark with the CLI from this
# host, waits until they are scored, checks the result's provenance names the app image's
# commit and the sandbox image id, and tears everything down (down -v) unless KEEP=1.
#
#   bash docker/offline/build-images.sh --app      # the images, first
#   bash docker/offline/smoke.sh                   # WORKERS=2 EXECBOARD_WEB_PORT=127.0.0.1:3171
#
# Needs on the host: node (for bin/execboard.mjs, with npm ci done), python3 with numpy, jq, curl.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export EXECBOARD_WEB_PORT="${EXECBOARD_WEB_PORT:-127.0.0.1:3171}"
WORKERS="${WORKERS:-2}"
APP_IMAGE="execboard-app"
SANDBOX_IMAGE="${EXECBOARD_SANDBOX_IMAGE:-execboard-sandbox:1}"
SLUG="execretrieval-demo"
case "$EXECBOARD_WEB_PORT" in *:*) URL="http://$EXECBOARD_WEB_PORT" ;; *) URL="http://127.0.0.1:$EXECBOARD_WEB_PORT" ;; esac

log() { printf '[smoke] %s\n' "$*" >&2; }
die() { printf '[smoke] FAILED: %s\n' "$*" >&2; exit 1; }
compose() { bash "$ROOT/docker/offline/compose.sh" "$@"; }

for image in "$APP_IMAGE" "$SANDBOX_IMAGE" execboard-offline/postgres:15 execboard-offline/redis:7; do
  docker image inspect "$image" >/dev/null 2>&1 || die "image $image missing: run docker/offline/build-images.sh --app"
done
COMMIT="$(docker image inspect --format '{{ index .Config.Labels "org.opencontainers.image.revision" }}' "$APP_IMAGE")"
SANDBOX_ID="$(docker image inspect --format '{{.Id}}' "$SANDBOX_IMAGE")"
log "app image commit: ${COMMIT:-<none>}; sandbox image $SANDBOX_IMAGE = $SANDBOX_ID"

SCRATCH="$(mktemp -d)"
cleanup() {
  local rc=$?
  if [[ "${KEEP:-0}" == 1 ]]; then
    log "KEEP=1: left running; stop with: bash docker/offline/compose.sh down -v"
  else
    if [[ $rc != 0 ]]; then compose logs --no-color --tail=40 2>&1 | tail -n 120 >&2 || true; fi
    log "down -v"
    compose down -v --remove-orphans >&2 2>&1 || true
  fi
  rm -rf "$SCRATCH"
  exit $rc
}
trap cleanup EXIT

t0=$(date +%s.%N)
log "up -d --scale worker=$WORKERS (web on $URL)"
compose up -d --no-build --scale "worker=$WORKERS" >&2
for _ in $(seq 1 600); do
  curl -fsS -o "$SCRATCH/health.json" "$URL/api/v1/health" 2>/dev/null && break
  sleep 1
done
[[ -s "$SCRATCH/health.json" ]] || die "$URL/api/v1/health did not answer within 600 s"
t_up=$(echo "$(date +%s.%N) - $t0" | bc)
log "healthy after ${t_up} s: $(cat "$SCRATCH/health.json")"
health_commit="$(jq -r '.execboard.commit // ""' "$SCRATCH/health.json")"
[[ "$health_commit" == "$COMMIT" ]] || die "health reports commit '$health_commit', the app image was built from '$COMMIT'"
compose ps >&2

log "creating a vendor inside the web container"
TOKEN="$(compose exec -T web node bin/execboard.mjs users create --email "smoke-$(date +%s)@example.com" --role vendor --json | jq -r .token)"
[[ "$TOKEN" == ebt_* ]] || die "no token from users create"

log "writing synthetic embeddings for $SLUG (canonical at rank 1 for every query)"
python3 - "$ROOT/benchmarks/demo" "$SCRATCH/embeddings.npz" <<'EOF'
import json, sys
import numpy as np
bench, out = sys.argv[1], sys.argv[2]
queries = [json.loads(l)["query_id"] for l in open(f"{bench}/queries.jsonl") if l.strip()]
corpus = [json.loads(l) for l in open(f"{bench}/corpus.jsonl") if l.strip()]
qi = {q: i for i, q in enumerate(queries)}
Q, d = len(queries), len(queries) + 5
qe = np.zeros((Q, d), np.float32)
qe[np.arange(Q), np.arange(Q)] = 1
qe[:, Q] = 0.5
ce = np.zeros((len(corpus), d), np.float32)
slot = {}
for c, item in enumerate(corpus):
    s = 0 if item["role"] == "canonical" else slot.get(item["query_id"], 0) + 1
    if item["role"] != "canonical":
        slot[item["query_id"]] = s
    ce[c, qi[item["query_id"]]] = 1
    ce[c, Q + s] = 0.5
np.savez(out, query_embeddings=qe, corpus_embeddings=ce,
         query_ids=np.array(queries), corpus_ids=np.array([c["corpus_id"] for c in corpus]))
EOF

log "submitting with the CLI from the host"
t1=$(date +%s.%N)
EXECBOARD_URL="$URL" EXECBOARD_TOKEN="$TOKEN" EXECBOARD_STATE_DIR="$SCRATCH/state" \
  node "$ROOT/bin/execboard.mjs" submit "$SCRATCH/embeddings.npz" --benchmark "$SLUG" \
  --metadata '{"model":"compose-smoke","provider":"ExecBoard"}' --wait --new | tee "$SCRATCH/submit.log" >&2
t_scored=$(echo "$(date +%s.%N) - $t1" | bc)
ID="$(sed -n 's/^submitted \([^ ]*\).*/\1/p' "$SCRATCH/submit.log" | tail -n 1)"
[[ -n "$ID" ]] || die "no submission id in the CLI's output"

curl -fsS -H "Authorization: Bearer $TOKEN" "$URL/api/v1/submissions/$ID" >"$SCRATCH/submission.json"
curl -fsS -H "Authorization: Bearer $TOKEN" "$URL/api/v1/submissions/$ID/logs" >"$SCRATCH/logs.json"
status="$(jq -r '.status // .submission.status' "$SCRATCH/submission.json")"
log "submission $ID: $status after ${t_scored} s"
jq '{status: (.status // .submission.status), provenance, metrics: ((.metrics // .submission.metrics // {}) | tostring | .[0:300])}' "$SCRATCH/submission.json" >&2
jq -c '.. | objects | select(has("worker")) | {worker, sandboxImage, attempts}' "$SCRATCH/logs.json" 2>/dev/null | sort -u >&2 || true

[[ "$status" == scored ]] || die "submission ended $status"
got_commit="$(jq -r '.provenance.execboardCommit' "$SCRATCH/submission.json")"
got_image="$(jq -r '.provenance.sandboxImage' "$SCRATCH/submission.json")"
[[ -z "$COMMIT" && "$got_commit" == null || "$got_commit" == "$COMMIT" ]] \
  || die "provenance commit $got_commit, the image was built from ${COMMIT:-nothing}"
[[ "$got_image" == "$SANDBOX_ID" ]] || die "provenance sandbox image $got_image, the engine has $SANDBOX_ID"
log "OK: up to healthy ${t_up} s; submit to scored ${t_scored} s; commit $got_commit; sandbox $got_image"
