// See web_page_hooks.h. Everything JavaScript here is compiled in (EM_ASM): the page's CSP
// forbids evaluating script strings.
#include "shell/web_page_hooks.h"

#include <cstring>
#include <utility>

#include "frontend/app.h"
#include "frontend/overlays.h"
#include "frontend/production_fx.h"
#include "frontend/room_screens.h"
#include "frontend/settings_view.h"
#include "frontend/theme.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/em_asm.h>
extern "C" void catan_web_js_deps();  // shell/web_library.js: pulls in SDL audio's JS helpers
#endif

namespace catan::web {

void set_page_muted(bool muted) {
  ui::set_embedded_muted(muted);
}

void set_page_colorblind(bool on) {
  ui::set_colorblind(on);
}

#ifdef __EMSCRIPTEN__
namespace {

// The browser's prefers-reduced-motion: production effects stay still (read once).
void follow_reduced_motion() {
  const int less_motion = EM_ASM_INT({
    const q = typeof matchMedia == 'function' && matchMedia('(prefers-reduced-motion: reduce)');
    return q && q.matches ? 1 : 0;
  });
  ui::set_system_reduced_motion(less_motion != 0);
}

// The app's menu copies links made by the page (web/share.js: its address, its clipboard and
// notices), and a sound switched on in the app unmutes the page's saved setting too.
void report_to_page() {
  ui::set_share_handler([](ui::ShareKind kind) {
    EM_ASM(
        {
          if (Module.catanShare) Module.catanShare($0 ? 'replay' : 'board');
        },
        kind == ui::ShareKind::ReplayLink ? 1 : 0);
  });
  // The room's screens: the page opens or closes its transport and copies the invitation.
  ui::set_room_listener([](const std::string& event, const std::string& text) {
    EM_ASM(
        {
          if (Module.catanRoom)
            Module.catanRoom({event : UTF8ToString($0), text : UTF8ToString($1)});
        },
        event.c_str(), text.c_str());
  });
  ui::set_muted_listener([](bool muted) {
    EM_ASM(
        {
          if (Module.catanMuted) Module.catanMuted(!!$0);
        },
        muted ? 1 : 0);
  });
}

void store(const char* key, const std::string& text) {
  EM_ASM(
      {
        try {
          localStorage.setItem(UTF8ToString($0), UTF8ToString($1));
        } catch (e) {
        }
      },
      key, text.c_str());
}

std::string fetch(const char* key) {
  // Two steps (no malloc from JS): the size, then the bytes into a C++ buffer.
  const int n = EM_ASM_INT(
      {
        let t = null;
        try {
          t = localStorage.getItem(UTF8ToString($0));
        } catch (e) {
        }
        return t ? lengthBytesUTF8(t) : 0;
      },
      key);
  if (n <= 0) return "";
  std::string out(static_cast<size_t>(n) + 1, '\0');
  EM_ASM({ stringToUTF8(localStorage.getItem(UTF8ToString($0)) || '', $1, $2); }, key, out.data(),
         n + 1);
  out.resize(std::strlen(out.c_str()));
  return out;
}

// The page's save slot (window.catan.saveKey: one per page, web/persistence.js).
std::string page_save_key() {
  std::string key(256, '\0');
  EM_ASM({ stringToUTF8((window.catan && window.catan.saveKey) || 'catan.save', $0, $1); },
         key.data(), static_cast<int>(key.size()));
  key.resize(std::strlen(key.c_str()));
  return key;
}

}  // namespace

// The game itself is saved by the page after every change; the App reads that same slot for
// "Continue last game" instead of keeping a second copy. The UI settings are the App's own.
void attach_page_hooks(App& app, std::function<bool(const std::string&, std::string*)> resume) {
  catan_web_js_deps();
  follow_reduced_motion();
  report_to_page();
  App::Persistence p;
  p.load = [] { return fetch(page_save_key().c_str()); };
  p.resume = std::move(resume);
  p.save_settings = [](const std::string& text) { store("catan.app.settings", text); };
  p.load_settings = [] { return fetch("catan.app.settings"); };
  app.set_persistence(std::move(p));
}
#else
void attach_page_hooks(App&, std::function<bool(const std::string&, std::string*)>) {}
#endif

}  // namespace catan::web
