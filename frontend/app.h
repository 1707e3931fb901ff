// The UI: everything drawn with Dear ImGui inside the window/canvas that shell/app_main.cpp owns.
// The shell creates the SDL window, GL context and ImGui context, then calls App::frame() once per
// frame between ImGui::NewFrame() and ImGui::Render(). The App never touches SDL or GL directly.
#pragma once

namespace catan {

class App {
 public:
  App();
  ~App();
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  // Builds this frame's ImGui widgets. `dt` is the time since the previous frame in seconds.
  void frame(float dt);

  // True once the user asked to quit (the native shell then leaves its main loop).
  bool wants_quit() const { return quit_; }

 private:
  bool quit_ = false;
  bool show_demo_ = false;
  float fps_ = 0.0f;
};

}  // namespace catan
