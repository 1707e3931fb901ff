// Emscripten JS library linked into catan-app (--js-library, see CMakeLists.txt).
// SDL2's Emscripten audio backend calls autoResumeAudioContext() and dynCall() from EM_ASM
// blocks, which do not pull JS library functions in, so app.js crashed with
// "autoResumeAudioContext is not defined" when the first sound played. Depending on them
// here (catan_web_js_deps is called once from shell/web_bridge.cpp) includes them.
mergeInto(LibraryManager.library, {
  catan_web_js_deps__deps: ['$autoResumeAudioContext', '$dynCall'],
  catan_web_js_deps: function () {},
});
