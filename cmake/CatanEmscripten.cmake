# Emscripten specifics. Everything here is a no-op for native builds.
#
#   CATAN_APP_EXPORTS       list of C functions exported from app.wasm, e.g. _catan_web_state;
#                           append to it (before the app target is created) or pass
#                           -DCATAN_APP_EXPORTS="_main;_foo". `_main` is always exported.
#   catan_node_executable(t)          t.js + t.wasm, meant for `node --no-experimental-fetch t.js`
#   catan_browser_executable(t OUTPUT_NAME app EXPORTS ...)   app.js + app.wasm for web/index.html

set(CATAN_APP_EXPORTS "" CACHE STRING "Extra C symbols exported from the wasm app (leading _)")
find_program(CATAN_NODE NAMES node nodejs)

set(CATAN_WASM_EXCEPTIONS "wasm" CACHE STRING
    "C++ exceptions in wasm: wasm (native wasm EH, fast; Chrome 95+, Firefox 100+, Safari 15.2+, node 17+) or js")
set_property(CACHE CATAN_WASM_EXCEPTIONS PROPERTY STRINGS wasm js)

if(EMSCRIPTEN)
  # Real C++ exceptions everywhere (GoogleTest, nlohmann-json and the engine rely on them).
  if(CATAN_WASM_EXCEPTIONS STREQUAL "js")
    add_compile_options(-fexceptions)
    add_link_options(-fexceptions)
  else()
    add_compile_options(-fwasm-exceptions)
    add_link_options(-fwasm-exceptions)
  endif()
  # Emscripten 3.1.6's default stack (5 MiB) is kept explicit: game-tree searches recurse.
  add_link_options(-sALLOW_MEMORY_GROWTH=1 -sTOTAL_STACK=5242880)
endif()

function(catan_node_executable target)
  if(NOT EMSCRIPTEN)
    return()
  endif()
  # NODERAWFS: the program sees the real file system; EXIT_RUNTIME: exit codes and flushed stdout.
  target_link_options(${target} PRIVATE -sENVIRONMENT=node -sNODERAWFS=1 -sEXIT_RUNTIME=1)
endfunction()

function(catan_browser_executable target)
  cmake_parse_arguments(ARG "" "OUTPUT_NAME" "EXPORTS" ${ARGN})
  if(NOT EMSCRIPTEN)
    return()
  endif()
  if(ARG_OUTPUT_NAME)
    set_target_properties(${target} PROPERTIES OUTPUT_NAME ${ARG_OUTPUT_NAME})
  endif()
  # malloc/free and stackSave/stackRestore: web/catan.js copies text arguments to the heap and
  # puts the stack pointer back after every call into the module.
  set(_exports _main _malloc _free ${ARG_EXPORTS})
  list(REMOVE_DUPLICATES _exports)
  list(JOIN _exports "," _exports_csv)
  # Never emit .html (Debian's emcc 3.1.6 crashes in minify_html): web/index.html loads app.js.
  set_target_properties(${target} PROPERTIES SUFFIX ".js")
  target_link_options(${target} PRIVATE
    -sENVIRONMENT=web
    "-sEXPORTED_FUNCTIONS=${_exports_csv}"
    "-sEXPORTED_RUNTIME_METHODS=ccall,cwrap,UTF8ToString,stringToUTF8,lengthBytesUTF8,stackSave,stackRestore"
    -sMODULARIZE=0)
endfunction()
