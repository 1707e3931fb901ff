#!/bin/sh
# Runs the click-driven UI test (tests/frontend/uitest_game.txt) natively under Xvfb:
# a complete game where every human decision is made by synthesized mouse clicks on the
# board and the buttons (ImGui's own input path), then checks game over, invariants and
# that the action history replays to the same state.
#   tests/frontend/run_uitest.sh [path/to/catan-app] [script]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
app=${1:-$here/../../build/native-release/catan-app}
script=${2:-$here/uitest_game.txt}
command -v xvfb-run >/dev/null || { echo "xvfb-run missing: apt-get install xvfb" >&2; exit 77; }
SDL_VIDEODRIVER=x11 SDL_AUDIODRIVER=dummy exec xvfb-run -a -s "-screen 0 1280x800x24" \
  "$app" --uitest "$script"
