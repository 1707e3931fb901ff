#!/bin/sh
# Runs the click-driven UI test (tests/frontend/uitest_game.txt) natively under Xvfb:
# a complete game where every human decision is made by synthesized mouse clicks on the
# board and the widgets (ImGui's own input path), then checks game over, invariants, that
# no action had to be submitted directly, and that the action history replays to the same
# state. catan-app-uitest is the app built with the test-only driver
# (tests/frontend/uitest_driver.cpp). It runs from the repository root, so the script's
# screenshots land in build/test-logs/.
#   tests/frontend/run_uitest.sh [path/to/catan-app-uitest] [script]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
app=${1:-$root/build/native-release/catan-app-uitest}
script=${2:-$here/uitest_game.txt}
[ -x "$app" ] || { echo "$app missing: build the catan-app-uitest target" >&2; exit 2; }
command -v xvfb-run >/dev/null || { echo "xvfb-run missing: apt-get install xvfb" >&2; exit 77; }
app=$(cd "$(dirname "$app")" && pwd)/$(basename "$app")
script=$(cd "$(dirname "$script")" && pwd)/$(basename "$script")
cd "$root"
mkdir -p build/test-logs
SDL_VIDEODRIVER=x11 SDL_AUDIODRIVER=dummy exec xvfb-run -a -s "-screen 0 1280x800x24" \
  "$app" --uitest "$script"
