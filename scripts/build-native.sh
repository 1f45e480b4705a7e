#!/usr/bin/env bash
# Builds native/blas, the optional Node-API addon through which ranking's float32 pass runs on
# the system OpenBLAS (lib/retrieval/native-blas.ts), with node-gyp from our own C source, the
# system OpenBLAS (Debian: libopenblas-dev) and the headers of the running Node. Nothing is
# downloaded: node-gyp is told where Node's headers are. Without the addon ranking runs on the
# WebAssembly kernels with the same results, so a build that cannot happen warns and exits 0
# (with --strict it fails). Rebuilds only when the addon is older than its sources or Node
# (--force: always).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/services.sh

eb_flags "usage: scripts/build-native.sh [--force] [--strict]" --force --strict -- "$@"

dir=native/blas
addon="$dir/build/Release/execboard_blas.node"
give_up() {
  if [ "$strict" = 1 ]; then eb_die "native/blas not built: $*"; fi
  eb_log "native/blas not built ($*): ranking uses the WebAssembly kernels (same results, slower)"
  exit 0
}

node_bin=$(command -v node) || give_up "node not found"
newest=$(ls -t "$dir"/src/* "$dir/binding.gyp" "$(readlink -f "$node_bin")" | head -1)
if [ "$force" = 0 ] && [ -f "$addon" ] && [ "$addon" -nt "$newest" ]; then
  exit 0
fi

nodedir=$(node -p 'require("node:path").resolve(process.execPath, "..", "..")')
[ -f "$nodedir/include/node/node_api.h" ] || give_up "Node's headers are not in $nodedir/include/node"
# npm's own node-gyp (the one it builds packages with), unless one is installed locally.
gyp="${npm_config_node_gyp:-}"
[ -n "$gyp" ] && [ -f "$gyp" ] || gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
[ -f "$gyp" ] || give_up "node-gyp not found (it comes with npm)"
python=$(command -v python3) || give_up "python3 not found (node-gyp needs it)"
[ -x /usr/bin/python3 ] && python=/usr/bin/python3 # the system one, never a slow shim
command -v make >/dev/null && command -v cc >/dev/null || give_up "no C toolchain (apt-get install build-essential)"
printf '#include <cblas.h>\nint main(void){return 0;}\n' | cc -x c - -o /dev/null -lopenblas 2>/dev/null \
  || give_up "the OpenBLAS development files are missing (apt-get install libopenblas-dev)"

mkdir -p var/log
log=var/log/build-native.log
eb_log "building native/blas (OpenBLAS addon for ranking)"
if ! PYTHON="$python" node "$gyp" rebuild -C "$dir" --nodedir="$nodedir" >"$log" 2>&1; then
  tail -20 "$log" >&2
  give_up "node-gyp failed, see $log"
fi
# The addon must load and answer, or it is worth nothing.
node -e 'const m = { exports: {} }; process.dlopen(m, require("node:path").resolve(process.argv[1])); m.exports.config();' "$addon" \
  || { rm -f "$addon"; give_up "the built addon does not load"; }
