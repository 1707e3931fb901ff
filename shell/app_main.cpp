// catan-app: owns the SDL2 window, the GL context (OpenGL ES 3 / WebGL 2) and the Dear ImGui
// context, runs the main loop (native loop or emscripten_set_main_loop) and calls the UI
// (frontend/app.h) once per frame. Handles resize and HiDPI (drawable vs window size).
//
// Native options:  --frames N          quit after N frames
//                  --screenshot F.png  save the last frame as PNG (implies --frames 10 if unset)
//                  --size WxH          initial window size in points (default 1280x720)
// catan-app-uitest, the same shell built with CATAN_UITEST and the UI test driver
// (tests/frontend/uitest_driver.h), also takes
//                  --uitest SCRIPT     play the script by synthesized clicks; exit 0 passed, 1
//                  failed
#include <SDL.h>

#ifndef CATAN_UITEST
#define CATAN_UITEST 0
#endif

#if CATAN_GL_ES3
#include <GLES3/gl3.h>
#else
#include <SDL_opengl.h>
#endif

#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#include <emscripten/html5.h>
#endif

#include "engine/ai/search.h"
#include "frontend/app.h"
#include "frontend/coach_view.h"
#include "frontend/game_layout.h"
#include "frontend/pointer_input.h"
#include "frontend/theme.h"
#include "frontend/widgets.h"
#include "match/session.h"
#include "shell/platform_audio.h"
#include "shell/platform_png.h"
#ifdef __EMSCRIPTEN__
#include "shell/web_bridge.h"  // the JS bridge
#include "shell/web_coach_pool.h"
#include "shell/web_search_pool.h"
#endif
#if CATAN_UITEST
#include "tests/frontend/uitest_driver.h"
#endif

namespace {

struct Shell {
  SDL_Window* window = nullptr;
  SDL_GLContext gl = nullptr;
  std::unique_ptr<catan::App> app;
  catan::ui::PointerInput pointer;  // the left button and the position, a step per frame
#if CATAN_UITEST
  std::unique_ptr<catan::uitest::Driver> driver;
#endif
  bool running = true;
  Uint64 last_ticks = 0;
  float font_scale = 0.0f;  // framebuffer pixels per window point the font atlas was built for
  long frame = 0;
  long max_frames = -1;
  std::string screenshot;
#ifdef __EMSCRIPTEN__
  std::string drawn;              // the last frame drawn, as same_as_drawn() lays it out
  std::string next;               // this frame's, swapped with `drawn` when it is drawn
  double drawn_at_ms = 0;         // when it was drawn (emscripten_get_now)
  long frames_not_drawn = 0;      // frames whose drawing was the last one's
  bool draw_every_frame = false;  // catan_web_draw_every_frame: the baseline of a measurement
#endif
};

#ifdef __EMSCRIPTEN__
Shell* the_shell = nullptr;  // for catan_web_frames_drawn and catan_web_draw_every_frame
#endif

// Framebuffer pixels per window point (2 on a typical HiDPI screen, devicePixelRatio in a browser).
float pixel_ratio(SDL_Window* window) {
  int ww = 0, wh = 0, dw = 0, dh = 0;
  SDL_GetWindowSize(window, &ww, &wh);
  SDL_GL_GetDrawableSize(window, &dw, &dh);
  return ww > 0 ? static_cast<float>(dw) / static_cast<float>(ww) : 1.0f;
}

// Rebuilds the font atlas at the screen's real pixel density so text stays crisp on HiDPI
// screens; FontGlobalScale maps it back to window points (ImGui lays out in points and
// DisplayFramebufferScale, set by the SDL backend, scales the drawing).
void update_font_scale(Shell& s) {
  float scale = std::round(pixel_ratio(s.window) * 4.0f) / 4.0f;
  if (scale < 1.0f) scale = 1.0f;
  if (scale > 4.0f) scale = 4.0f;
  if (scale == s.font_scale && !catan::ui::fonts_dirty()) return;
  s.font_scale = scale;
  catan::ui::load_fonts(scale);              // the UI's embedded fonts at this density and UI scale
  ImGui_ImplOpenGL3_DestroyDeviceObjects();  // recreated (with the new atlas) by NewFrame
#ifdef __EMSCRIPTEN__
  s.drawn.clear();  // the same draw lists with a new atlas draw something else
#endif
}

#ifdef __EMSCRIPTEN__
// A browser shows a WebGL canvas's last drawing until the page draws again, so a frame whose
// draw lists, framebuffer size and scale are exactly the last drawn frame's is not drawn: on a
// table where nothing moves the GPU (software in headless browsers and on some phones) does no
// work, which leaves the main thread to the room's messages and saves a phone's battery. Once a
// second the frame is drawn anyway (a browser may have dropped the canvas's content).
bool same_as_drawn(Shell& s, const ImDrawData* d, int fb_w, int fb_h) {
  std::string& b = s.next;
  b.clear();
  const auto put = [&b](const void* p, size_t n) { b.append(static_cast<const char*>(p), n); };
  const float head[] = {static_cast<float>(fb_w), static_cast<float>(fb_h), d->DisplayPos.x,
                        d->DisplayPos.y,          d->DisplaySize.x,         d->DisplaySize.y,
                        d->FramebufferScale.x,    d->FramebufferScale.y};
  put(head, sizeof head);
  for (int n = 0; n < d->CmdListsCount; ++n) {
    const ImDrawList* list = d->CmdLists[n];
    put(list->VtxBuffer.Data, static_cast<size_t>(list->VtxBuffer.Size) * sizeof(ImDrawVert));
    put(list->IdxBuffer.Data, static_cast<size_t>(list->IdxBuffer.Size) * sizeof(ImDrawIdx));
    for (const ImDrawCmd& c : list->CmdBuffer) {
      const ImTextureID tex = c.GetTexID();
      const unsigned fields[] = {c.VtxOffset, c.IdxOffset, c.ElemCount,
                                 c.UserCallback != nullptr ? 1u : 0u};
      put(&c.ClipRect, sizeof c.ClipRect);
      put(&tex, sizeof tex);
      put(fields, sizeof fields);
    }
  }
  const double now = emscripten_get_now();
  if (!s.draw_every_frame && b == s.drawn && now - s.drawn_at_ms < 1000.0) return true;
  s.drawn.swap(b);
  s.drawn_at_ms = now;
  return false;
}
#endif

#ifndef __EMSCRIPTEN__
// Native persistence: the last game and the UI settings as files in $XDG_DATA_HOME/catan
// (else ~/.local/share/catan). Only for interactive runs: --frames, --screenshot and --uitest
// runs start from the defaults so that tests and screenshots do not depend on the user.
std::filesystem::path data_dir() {
  if (const char* x = std::getenv("XDG_DATA_HOME"); x && *x)
    return std::filesystem::path(x) / "catan";
  if (const char* h = std::getenv("HOME"); h && *h)
    return std::filesystem::path(h) / ".local" / "share" / "catan";
  return {};
}
void write_file(const std::filesystem::path& p, const std::string& text) {
  if (p.empty()) return;
  std::error_code ec;
  std::filesystem::create_directories(p.parent_path(), ec);
  const std::filesystem::path tmp = p.string() + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out || !(out << text)) return;
  }
  std::filesystem::rename(tmp, p, ec);
}
std::string read_file(const std::filesystem::path& p) {
  if (p.empty()) return "";
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return in ? ss.str() : std::string();
}
void attach_native_persistence(catan::App& app) {
  const std::filesystem::path dir = data_dir();
  if (dir.empty()) return;
  catan::App::Persistence p;
  p.save = [dir](const std::string& t) { write_file(dir / "game.json", t); };
  p.load = [dir] { return read_file(dir / "game.json"); };
  p.save_settings = [dir](const std::string& t) { write_file(dir / "settings.json", t); };
  p.load_settings = [dir] { return read_file(dir / "settings.json"); };
  app.set_persistence(std::move(p));
}
#endif

#ifdef __EMSCRIPTEN__
// Keeps the SDL window the size of the canvas' CSS box (web/index.html makes it full-window).
void sync_canvas_size(Shell& s) {
  double css_w = 0, css_h = 0;
  if (emscripten_get_element_css_size("#canvas", &css_w, &css_h) != EMSCRIPTEN_RESULT_SUCCESS) {
    return;
  }
  const int w = static_cast<int>(css_w), h = static_cast<int>(css_h);
  int cur_w = 0, cur_h = 0;
  SDL_GetWindowSize(s.window, &cur_w, &cur_h);
  if (w > 0 && h > 0 && (w != cur_w || h != cur_h)) SDL_SetWindowSize(s.window, w, h);
}
#endif

void save_screenshot(const Shell& s, const std::string& path) {
  int w = 0, h = 0;
  SDL_GL_GetDrawableSize(s.window, &w, &h);
  std::vector<uint8_t> pixels(static_cast<size_t>(w) * static_cast<size_t>(h) * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  // GL rows are bottom-up; PNG rows top-down.
  std::vector<uint8_t> flipped(pixels.size());
  const size_t row = static_cast<size_t>(w) * 4;
  for (int y = 0; y < h; ++y) {
    std::memcpy(&flipped[row * static_cast<size_t>(y)],
                &pixels[row * static_cast<size_t>(h - 1 - y)], row);
  }
  for (size_t i = 3; i < flipped.size(); i += 4) flipped[i] = 255;
  if (catan::write_png(path, w, h, flipped)) {
    std::printf("screenshot: %s (%dx%d)\n", path.c_str(), w, h);
  } else {
    std::fprintf(stderr, "could not write %s\n", path.c_str());
  }
}

void main_loop_iteration(void* arg) {
  Shell& s = *static_cast<Shell*>(arg);

  SDL_Event event;
  while (SDL_PollEvent(&event)) {
    ImGui_ImplSDL2_ProcessEvent(&event);
    if (event.type == SDL_QUIT) s.running = false;
    if (event.type == SDL_MULTIGESTURE) s.app->pinch(event.mgesture.dDist);
    // The pointer goes to ImGui through PointerInput (a tap's press and release in frames of
    // their own); SDL marks the mouse events it makes from touches with SDL_TOUCH_MOUSEID.
    if (event.type == SDL_MOUSEMOTION) {
      s.pointer.move(static_cast<float>(event.motion.x), static_cast<float>(event.motion.y),
                     event.motion.which == SDL_TOUCH_MOUSEID);
    }
    if ((event.type == SDL_MOUSEBUTTONDOWN || event.type == SDL_MOUSEBUTTONUP) &&
        event.button.button == SDL_BUTTON_LEFT) {
      s.pointer.button(event.type == SDL_MOUSEBUTTONDOWN, static_cast<float>(event.button.x),
                       static_cast<float>(event.button.y), event.button.which == SDL_TOUCH_MOUSEID);
    }
    if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_LEAVE)
      s.pointer.leave();
    if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_CLOSE &&
        event.window.windowID == SDL_GetWindowID(s.window)) {
      s.running = false;
    }
  }
#ifdef __EMSCRIPTEN__
  sync_canvas_size(s);
#endif
  {
    int ww = 0, wh = 0;
    SDL_GetWindowSize(s.window, &ww, &wh);
    catan::ui::set_screen_scale(
        catan::ui::screen_scale(ImVec2(static_cast<float>(ww), static_cast<float>(wh))));
  }
  update_font_scale(s);

  const Uint64 now = SDL_GetPerformanceCounter();
  const float dt = s.last_ticks ? static_cast<float>(now - s.last_ticks) /
                                      static_cast<float>(SDL_GetPerformanceFrequency())
                                : 0.0f;
  s.last_ticks = now;

  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  s.pointer.apply(ImGui::GetIO());  // after the backend, which reads the mouse its own way
  catan::ui::set_touch_pointer(s.pointer.touched());
#if CATAN_UITEST
  if (s.driver) s.driver->before_new_frame();  // the synthesized mouse
#endif
  ImGui::NewFrame();
  s.app->frame(dt);
#if CATAN_UITEST
  if (s.driver) {
    s.driver->after_frame();
    if (s.driver->finished()) s.running = false;
  }
#endif
  ImGui::Render();

  int fb_w = 0, fb_h = 0;
  SDL_GL_GetDrawableSize(s.window, &fb_w, &fb_h);
#ifdef __EMSCRIPTEN__
  if (same_as_drawn(s, ImGui::GetDrawData(), fb_w, fb_h)) {
    ++s.frame;
    ++s.frames_not_drawn;
    return;
  }
#endif
  glViewport(0, 0, fb_w, fb_h);
  glClearColor(0.11f, 0.33f, 0.55f, 1.0f);  // sea blue
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

#if CATAN_UITEST
  std::string requested;  // the UI test script asks for screenshots at chosen moments
  if (s.driver && s.driver->take_screenshot_request(&requested)) save_screenshot(s, requested);
#endif
  if (!s.running && !s.screenshot.empty() && s.max_frames < 0) save_screenshot(s, s.screenshot);
  ++s.frame;
  if (s.max_frames >= 0 && s.frame >= s.max_frames) {
    if (!s.screenshot.empty()) save_screenshot(s, s.screenshot);
    s.running = false;
  }
  SDL_GL_SwapWindow(s.window);
}

}  // namespace

int main(int argc, char** argv) {
  auto* shell = new Shell();  // lives for the whole program (the browser never returns from main)
#ifdef __EMSCRIPTEN__
  the_shell = shell;
#endif
  int width = 1280, height = 720;
  std::string uitest_path;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--frames" && i + 1 < argc) {
      shell->max_frames = std::atol(argv[++i]);
    } else if (arg == "--screenshot" && i + 1 < argc) {
      shell->screenshot = argv[++i];
#if CATAN_UITEST
    } else if (arg == "--uitest" && i + 1 < argc) {
      uitest_path = argv[++i];
#endif
    } else if (arg == "--size" && i + 1 < argc) {
      if (std::sscanf(argv[++i], "%dx%d", &width, &height) != 2) {
        std::fprintf(stderr, "--size expects WxH\n");
        return 2;
      }
    } else {
      std::fprintf(stderr, "usage: %s [--frames N] [--screenshot out.png] [--size WxH]%s\n",
                   argv[0], CATAN_UITEST ? " [--uitest script]" : "");
      return 2;
    }
  }
  if (!shell->screenshot.empty() && shell->max_frames < 0 && uitest_path.empty())
    shell->max_frames = 10;

  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    std::fprintf(stderr, "SDL_Init failed: %s\n", SDL_GetError());
    return 1;
  }
  catan::install_sdl_audio();
#if CATAN_GL_ES3
  // OpenGL ES 3.0 natively, WebGL 2 in the browser: the same GL dialect and shaders everywhere.
  const char* glsl_version = "#version 300 es";
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
#ifndef __EMSCRIPTEN__
  SDL_SetHint(SDL_HINT_OPENGL_ES_DRIVER, "1");  // use EGL + libGLESv2 directly
#endif
#else
  const char* glsl_version = "#version 150";
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, SDL_GL_CONTEXT_FORWARD_COMPATIBLE_FLAG);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 2);
#endif
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
  SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 8);

  const auto flags = static_cast<SDL_WindowFlags>(SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE |
                                                  SDL_WINDOW_ALLOW_HIGHDPI);
  shell->window = SDL_CreateWindow("Settlers of Catan", SDL_WINDOWPOS_CENTERED,
                                   SDL_WINDOWPOS_CENTERED, width, height, flags);
  if (!shell->window) {
    std::fprintf(stderr, "SDL_CreateWindow failed: %s\n", SDL_GetError());
    return 1;
  }
  shell->gl = SDL_GL_CreateContext(shell->window);
  if (!shell->gl) {
    std::fprintf(stderr, "SDL_GL_CreateContext failed: %s\n", SDL_GetError());
    return 1;
  }
  SDL_GL_MakeCurrent(shell->window, shell->gl);
  SDL_GL_SetSwapInterval(1);  // vsync (requestAnimationFrame in the browser)

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no imgui.ini next to the binary or in the browser's FS
  ImGui::StyleColorsDark();
  ImGui_ImplSDL2_InitForOpenGL(shell->window, shell->gl);
  ImGui_ImplOpenGL3_Init(glsl_version);

  shell->app = std::make_unique<catan::App>();
#ifdef __EMSCRIPTEN__
  // The web bridge (shell/web_bridge.h): what the page's window.catan, postMessage API and
  // saves reach.
  catan::web::WebBridge::instance().attach(*shell->app);
  // Expert and Master think in Web Workers; the main thread keeps drawing frames (without
  // workers the pool has no searchers and they think here, in slices).
  shell->app->session().set_search_pool(catan::web::WebSearchPool::instance());
  // The coach's hint and review analyses run on the same workers.
  catan::ui::set_coach_pool(catan::web::WebCoachPool::instance());
#else
  if (uitest_path.empty() && shell->max_frames < 0 && shell->screenshot.empty())
    attach_native_persistence(*shell->app);
  // Expert and Master think on other cores; the main thread keeps drawing frames.
  shell->app->session().set_search_pool(
      catan::ai::make_thread_pool(std::max(1, catan::ai::hardware_cores() - 1)));
#endif
#if CATAN_UITEST
  if (!uitest_path.empty()) {
    std::ifstream in(uitest_path, std::ios::binary);
    std::ostringstream script;
    if (!in || !(script << in.rdbuf())) {
      std::fprintf(stderr, "cannot read %s\n", uitest_path.c_str());
      return 2;
    }
    shell->driver = std::make_unique<catan::uitest::Driver>(*shell->app, script.str());
  }
#endif

#ifdef __EMSCRIPTEN__
  // Runs one iteration per requestAnimationFrame; never returns.
  emscripten_set_main_loop_arg(main_loop_iteration, shell, 0, true);
#else
  while (shell->running) main_loop_iteration(shell);

  int exit_code = 0;
#if CATAN_UITEST
  if (shell->driver) exit_code = shell->driver->exit_code();
  shell->driver.reset();
#endif
  shell->app.reset();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  SDL_GL_DeleteContext(shell->gl);
  SDL_DestroyWindow(shell->window);
  SDL_Quit();
  delete shell;
  return exit_code;
#endif
  return 0;
}

#ifdef __EMSCRIPTEN__
// The main loop's frames so far and those not drawn again (same_as_drawn): [frames, not drawn]
// as "frames not_drawn", for the page's measurements (docs/PERFORMANCE.md).
extern "C" EMSCRIPTEN_KEEPALIVE const char* catan_web_frames_drawn() {
  static std::string out;
  out = the_shell
            ? std::to_string(the_shell->frame) + " " + std::to_string(the_shell->frames_not_drawn)
            : std::string("0 0");
  return out.c_str();
}

// 1: every frame is drawn, even one the same as the last drawn (the measurements' baseline).
// A test hook: nothing changes until the test hooks are on (shell/web_test_hooks.h).
extern "C" EMSCRIPTEN_KEEPALIVE void catan_web_draw_every_frame(int on) {
  if (the_shell && catan::web::WebBridge::instance().test_hooks())
    the_shell->draw_every_frame = on != 0;
}
#endif
