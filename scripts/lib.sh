# Shared helpers for the scripts in this folder (sourced, not run).
# shellcheck shell=bash
CATAN_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CATAN_CACHE=${CATAN_CACHE:-$HOME/.cache/catan-deps}
export CATAN_CACHE
# Debian's emscripten needs node modules (acorn) from /usr/share/nodejs: the
# machine's node does not search it by default.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
# At most 2 parallel compile jobs (2-core machines shared with others); override with CATAN_JOBS.
CATAN_JOBS=${CATAN_JOBS:-2}
export CMAKE_BUILD_PARALLEL_LEVEL=$CATAN_JOBS

log() { printf '[%s] %s\n' "$(basename "$0")" "$*" >&2; }
die() { log "error: $*"; exit 1; }

load_paths_env() {
  local env=$CATAN_CACHE/paths.env
  [[ -f $env ]] || die "$env missing: run scripts/setup"
  # shellcheck disable=SC1090
  source "$env"
}

# configure_and_build PRESET [TARGET...]: configures build/PRESET (passing the cached dependency
# paths) and builds the given targets (all when none). Incremental: reuses the build tree.
configure_and_build() {
  local preset=$1
  shift
  load_paths_env
  mkdir -p "$CATAN_ROOT/build"
  local args=(--preset "$preset" -DIMGUI_DIR="$IMGUI_DIR" -Wno-dev)
  [[ -n ${SDL2_WASM_PREFIX:-} ]] && args+=(-DSDL2_WASM_PREFIX="$SDL2_WASM_PREFIX")
  # One build at a time per build tree (several people and scripts share a checkout).
  local lock=$CATAN_ROOT/build/.lock-$preset
  (cd "$CATAN_ROOT" && flock "$lock" cmake "${args[@]}" >"$CATAN_ROOT/build/.configure-$preset.log" 2>&1) || {
    cat "$CATAN_ROOT/build/.configure-$preset.log" >&2
    die "configuring $preset failed"
  }
  local targets=()
  local t
  for t in "$@"; do targets+=(--target "$t"); done
  (cd "$CATAN_ROOT" && flock "$lock" cmake --build --preset "$preset" -j"$CATAN_JOBS" "${targets[@]}")
}

# assemble_site [DIR]: the static site = web/* + app.js + app.wasm + the AI's worker module
# search-worker.js + search-worker.wasm (built with catan-app) (default DIR build/site).
assemble_site() {
  local site=${1:-$CATAN_ROOT/build/site}
  local wasm=$CATAN_ROOT/build/wasm-release
  [[ -f $wasm/app.js && -f $wasm/app.wasm ]] || die "build/wasm-release/app.{js,wasm} missing"
  [[ -f $wasm/search-worker.js && -f $wasm/search-worker.wasm ]] ||
    die "build/wasm-release/search-worker.{js,wasm} missing"
  rm -rf "$site.tmp" && mkdir -p "$site.tmp"
  cp -R "$CATAN_ROOT/web/." "$site.tmp/"
  cp "$wasm/app.js" "$wasm/app.wasm" "$wasm/search-worker.js" "$wasm/search-worker.wasm" "$site.tmp/"
  # The web release's finisher (icons, version.json, service-worker file list), when present.
  if [[ -f $CATAN_ROOT/web/tools/make-site.mjs ]]; then
    node "$CATAN_ROOT/web/tools/make-site.mjs" "$site.tmp" >&2 || die "web/tools/make-site.mjs failed"
  fi
  rm -rf "$site" && mv "$site.tmp" "$site"
}

# free_port: prints a free TCP port on 127.0.0.1.
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# wait_for_http URL [SECONDS]: polls until the URL answers.
wait_for_http() {
  local url=$1 secs=${2:-20} i
  for ((i = 0; i < secs * 10; i++)); do
    python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=1)' "$url" \
      2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}
