# Locates the dependencies that do not come from a plain `find_package`:
#   IMGUI_DIR         Dear ImGui 1.86 sources (Debian source package, unpacked by scripts/setup)
#   SDL2_WASM_PREFIX  SDL2 built for WebAssembly by scripts/setup (only for Emscripten builds)
# Both default to the values that scripts/setup writes to $CATAN_CACHE/paths.env
# (default ~/.cache/catan-deps/paths.env), so a hand-run `cmake --preset ...` works too.

function(catan_read_paths_env)
  if(DEFINED ENV{CATAN_CACHE})
    set(_cache "$ENV{CATAN_CACHE}")
  else()
    set(_cache "$ENV{HOME}/.cache/catan-deps")
  endif()
  set(_env "${_cache}/paths.env")
  if(NOT EXISTS "${_env}")
    return()
  endif()
  file(STRINGS "${_env}" _lines REGEX "^[A-Z0-9_]+=")
  foreach(_line IN LISTS _lines)
    string(REGEX MATCH "^([A-Z0-9_]+)=(.*)$" _ "${_line}")
    set(CATAN_PATHS_ENV_${CMAKE_MATCH_1} "${CMAKE_MATCH_2}" PARENT_SCOPE)
  endforeach()
endfunction()
catan_read_paths_env()

set(IMGUI_DIR "${CATAN_PATHS_ENV_IMGUI_DIR}" CACHE PATH "Dear ImGui source directory (contains imgui.cpp)")
set(SDL2_WASM_PREFIX "${CATAN_PATHS_ENV_SDL2_WASM_PREFIX}" CACHE PATH
    "Install prefix of SDL2 built for WebAssembly (contains lib/libSDL2.a)")

# Header-only libraries from Debian (nlohmann-json3-dev, libcli11-dev). Emscripten must never see
# /usr/include (it would shadow its sysroot), so we expose just these two directories through a
# folder of symlinks in the build tree, added as -isystem for native and wasm builds alike.
set(CATAN_THIRD_PARTY_INCLUDE "${CMAKE_BINARY_DIR}/third_party_include")
file(MAKE_DIRECTORY "${CATAN_THIRD_PARTY_INCLUDE}")
foreach(_hdr nlohmann CLI)
  if(NOT EXISTS "/usr/include/${_hdr}")
    message(FATAL_ERROR "/usr/include/${_hdr} is missing: run scripts/setup")
  endif()
  if(NOT EXISTS "${CATAN_THIRD_PARTY_INCLUDE}/${_hdr}")
    file(CREATE_LINK "/usr/include/${_hdr}" "${CATAN_THIRD_PARTY_INCLUDE}/${_hdr}" SYMBOLIC)
  endif()
endforeach()
add_library(catan_third_party INTERFACE)
target_include_directories(catan_third_party SYSTEM INTERFACE "${CATAN_THIRD_PARTY_INCLUDE}")

# --- SDL2 and OpenGL (ES 3 / WebGL 2) ------------------------------------------------------------
# Only needed for the app; call catan_find_sdl2_gl() when CATAN_BUILD_APP is ON.
# Produces the INTERFACE target catan_sdl2_gl.
function(catan_find_sdl2_gl)
  add_library(catan_sdl2_gl INTERFACE)
  if(EMSCRIPTEN)
    if(NOT EXISTS "${SDL2_WASM_PREFIX}/lib/libSDL2.a")
      message(FATAL_ERROR "SDL2 for wasm not found (SDL2_WASM_PREFIX='${SDL2_WASM_PREFIX}'): "
                          "run scripts/setup or pass -DSDL2_WASM_PREFIX=...")
    endif()
    add_library(catan_sdl2_wasm STATIC IMPORTED GLOBAL)
    set_target_properties(catan_sdl2_wasm PROPERTIES
      IMPORTED_LOCATION "${SDL2_WASM_PREFIX}/lib/libSDL2.a"
      INTERFACE_INCLUDE_DIRECTORIES "${SDL2_WASM_PREFIX}/include/SDL2")
    target_link_libraries(catan_sdl2_gl INTERFACE catan_sdl2_wasm)
    # WebGL 2 == OpenGL ES 3.0; GLSL "#version 300 es".
    target_compile_definitions(catan_sdl2_gl INTERFACE IMGUI_IMPL_OPENGL_ES3 CATAN_GL_ES3=1)
    target_link_options(catan_sdl2_gl INTERFACE -sUSE_WEBGL2=1 -sMIN_WEBGL_VERSION=2 -sFULL_ES3=1)
  else()
    find_package(SDL2 REQUIRED CONFIG)
    target_link_libraries(catan_sdl2_gl INTERFACE SDL2::SDL2)
    if(CATAN_NATIVE_GL STREQUAL "ES3")
      # Same GL dialect as the browser: OpenGL ES 3.0 (libGLESv2 from Mesa / libgles-dev).
      find_library(CATAN_GLESV2_LIBRARY NAMES GLESv2 REQUIRED)
      target_link_libraries(catan_sdl2_gl INTERFACE "${CATAN_GLESV2_LIBRARY}")
      target_compile_definitions(catan_sdl2_gl INTERFACE IMGUI_IMPL_OPENGL_ES3 CATAN_GL_ES3=1)
    else()
      # Desktop OpenGL 3.2+ core, functions loaded by ImGui's bundled gl3w loader.
      find_package(OpenGL REQUIRED)
      target_link_libraries(catan_sdl2_gl INTERFACE OpenGL::GL ${CMAKE_DL_LIBS})
      target_compile_definitions(catan_sdl2_gl INTERFACE CATAN_GL_ES3=0)
    endif()
  endif()
endfunction()

# --- Dear ImGui --------------------------------------------------------------------------------
# The very same ImGui sources are compiled natively and for wasm. Produces target catan_imgui.
function(catan_add_imgui)
  if(NOT EXISTS "${IMGUI_DIR}/imgui.cpp" OR NOT EXISTS "${IMGUI_DIR}/backends/imgui_impl_sdl.cpp")
    message(FATAL_ERROR "Dear ImGui 1.86 not found (IMGUI_DIR='${IMGUI_DIR}'): "
                        "run scripts/setup or pass -DIMGUI_DIR=...")
  endif()
  add_library(catan_imgui STATIC
    "${IMGUI_DIR}/imgui.cpp"
    "${IMGUI_DIR}/imgui_draw.cpp"
    "${IMGUI_DIR}/imgui_tables.cpp"
    "${IMGUI_DIR}/imgui_widgets.cpp"
    "${IMGUI_DIR}/imgui_demo.cpp"
    "${IMGUI_DIR}/backends/imgui_impl_sdl.cpp"
    "${IMGUI_DIR}/backends/imgui_impl_opengl3.cpp")
  target_include_directories(catan_imgui SYSTEM PUBLIC "${IMGUI_DIR}" "${IMGUI_DIR}/backends")
  target_compile_features(catan_imgui PUBLIC cxx_std_20)
  target_link_libraries(catan_imgui PUBLIC catan_sdl2_gl)
  # Third-party code: no project warnings.
  target_compile_options(catan_imgui PRIVATE -w)
endfunction()

# --- GoogleTest --------------------------------------------------------------------------------
# Native: Debian's libgtest-dev (find_package(GTest)). Emscripten: compiled from Debian's
# /usr/src/googletest with em++. Either way the targets are catan_gtest_main and catan_gmock.
function(catan_find_gtest)
  if(EMSCRIPTEN)
    set(_src "/usr/src/googletest")
    if(NOT EXISTS "${_src}/googletest/src/gtest-all.cc")
      message(FATAL_ERROR "${_src} missing: run scripts/setup (Debian package googletest)")
    endif()
    add_library(catan_gtest_wasm STATIC
      "${_src}/googletest/src/gtest-all.cc" "${_src}/googletest/src/gtest_main.cc"
      "${_src}/googlemock/src/gmock-all.cc")
    target_include_directories(catan_gtest_wasm SYSTEM PUBLIC
      "${_src}/googletest/include" "${_src}/googlemock/include")
    target_include_directories(catan_gtest_wasm PRIVATE "${_src}/googletest" "${_src}/googlemock")
    target_compile_definitions(catan_gtest_wasm PUBLIC GTEST_HAS_PTHREAD=0)
    target_compile_options(catan_gtest_wasm PRIVATE -w)
    add_library(catan_gtest_main INTERFACE)
    target_link_libraries(catan_gtest_main INTERFACE catan_gtest_wasm)
    add_library(catan_gmock INTERFACE)
  else()
    find_package(GTest REQUIRED)
    add_library(catan_gtest_main INTERFACE)
    target_link_libraries(catan_gtest_main INTERFACE GTest::gtest_main)
    add_library(catan_gmock INTERFACE)
    target_link_libraries(catan_gmock INTERFACE GTest::gmock)
  endif()
endfunction()
