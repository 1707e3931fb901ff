#include "frontend/pointer_input.h"

namespace catan::ui {

namespace {
const ImVec2 kAway(-FLT_MAX, -FLT_MAX);
bool same(ImVec2 a, ImVec2 b) {
  return a.x == b.x && a.y == b.y;
}
}  // namespace

void PointerInput::push(ImVec2 pos, bool down, bool press_or_release) {
  // Moves between two button changes are one state: the last position wins.
  if (!press_or_release && !queue_.empty() && !queue_.back().press_or_release &&
      queue_.back().down == down) {
    queue_.back().pos = pos;
    return;
  }
  queue_.push_back(State{pos, down, press_or_release});
}

void PointerInput::move(float x, float y, bool /*touch*/) {
  push(ImVec2(x, y), last().down, false);
}

void PointerInput::button(bool down, float x, float y, bool touch) {
  const ImVec2 p(x, y);
  if (down == last().down) return;
  if (down) touched_ = touch;
  // The pointer reaches the spot a frame before the press (a tap jumps there and presses).
  if (down && !same(last().pos, p)) push(p, false, false);
  push(p, down, true);
  if (!down && touch) push(kAway, false, false);
}

void PointerInput::leave() {
  if (!last().down) push(kAway, false, false);
}

void PointerInput::apply(ImGuiIO& io) {
  if (!queue_.empty()) {
    current_ = queue_.front();
    queue_.pop_front();
  }
  io.MousePos = current_.pos;
  io.MouseDown[0] = current_.down;
}

}  // namespace catan::ui
