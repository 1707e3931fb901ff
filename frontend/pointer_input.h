// The pointer as ImGui sees it: one position and one left-button state per frame.
//
// ImGui needs time to see a click: a widget is hovered from the frame after the pointer
// reaches it (tabs, for one, ignore a press in the frame the pointer arrives), and a press
// and its release must fall in different frames. A mouse gives that by itself; a touch
// screen does not: a tap moves the pointer, presses and releases within one frame. The shell
// feeds the platform's pointer events here and, once per frame before ImGui::NewFrame,
// apply() hands ImGui the next state: the move first, then the press, then the release, a
// frame each. After a touch is lifted the pointer leaves the screen, so nothing stays hovered
// under the finger (no hover colours, no tooltips over the buttons).
//
//   PointerInput pointer;
//   pointer.move(x, y, touch); pointer.button(down, x, y, touch); pointer.leave();  // events
//   pointer.apply(ImGui::GetIO());                                                   // per frame
#pragma once
#include <imgui.h>

#include <deque>

namespace catan::ui {

class PointerInput {
 public:
  void move(float x, float y, bool touch);
  void button(bool down, float x, float y, bool touch);
  void leave();  // the pointer left the window (ignored while the button is held)

  // Sets io.MousePos and io.MouseDown[0] for the coming frame.
  void apply(ImGuiIO& io);

  // The last press came from a touch (the UI then drops its keyboard hints).
  bool touched() const { return touched_; }

 private:
  struct State {
    ImVec2 pos;
    bool down = false;
    bool press_or_release = false;  // this state changes the button: it is never merged
  };
  const State& last() const { return queue_.empty() ? current_ : queue_.back(); }
  void push(ImVec2 pos, bool down, bool press_or_release);
  std::deque<State> queue_;
  State current_{ImVec2(-FLT_MAX, -FLT_MAX)};
  bool touched_ = false;
};

}  // namespace catan::ui
