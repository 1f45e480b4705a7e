#!/bin/sh
# Entrypoint of the offline Redis stand-in (docker/offline/build-images.sh). Like the official
# redis image, redis-server runs without protected mode so other containers may connect (the
# compose network is the boundary; publish no Redis port you do not firewall).
set -eu
if [ "${1:-}" = redis-server ]; then
  shift
  set -- redis-server --protected-mode no "$@"
fi
exec "$@"
