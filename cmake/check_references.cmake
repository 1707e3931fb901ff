# Dangling references (the CTest test `references`): every repository path named in the docs,
# the comments, the build files and the scripts (engine/ai/search.cpp, docs/AI.md,
# tools/make_golden) must exist, as a file, a folder, or a file pair or tool without its
# extension; every bare file name (card_tracker.h, RULES.md) must be the name of a file in the
# repository.
#
#   cmake -DSOURCE_DIR=<repo> -P cmake/check_references.cmake
cmake_minimum_required(VERSION 3.22)
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "check_references: pass -DSOURCE_DIR=<repository root>")
endif()

# Names that are not repository files: generated into the build tree, or third-party headers.
set(_external frontend/fonts_data.h fonts_data.h emmintrin.h emscripten.h zlib.h SDL.h
    SDL_opengl.h imgui.h imgui.cpp imgui_internal.h imgui_impl_opengl3.h imgui_impl_sdl.h)

set(_roots "engine|match|frontend|shell|tools|tests|docs|scripts|web|cmake")
file(GLOB_RECURSE _sources RELATIVE "${SOURCE_DIR}"
     "${SOURCE_DIR}/*.md" "${SOURCE_DIR}/*.h" "${SOURCE_DIR}/*.cpp" "${SOURCE_DIR}/*.cmake"
     "${SOURCE_DIR}/*CMakeLists.txt" "${SOURCE_DIR}/scripts/*" "${SOURCE_DIR}/*.mjs"
     "${SOURCE_DIR}/web/*.js" "${SOURCE_DIR}/web/*.html" "${SOURCE_DIR}/.github/*.yml")
list(FILTER _sources EXCLUDE REGEX "^(build|third_party)/|node_modules/|^tests/fuzz/corpus/")
# Every file's name, for the bare names.
set(_names "")
foreach(_src IN LISTS _sources)
  get_filename_component(_name "${_src}" NAME)
  list(APPEND _names "${_name}")
endforeach()

set(_problems "")
foreach(_src IN LISTS _sources)
  file(READ "${SOURCE_DIR}/${_src}" _text)
  # Not names of repository files: build outputs, installed modules, system headers, globs.
  # The list separators of CMake are blanked.
  string(REGEX REPLACE "build/[A-Za-z0-9_<>./-]*|node_modules(/[A-Za-z0-9_<>./-]*)?" "" _text
                       "${_text}")
  string(REGEX REPLACE "#[ \t]*include[ \t]*<[^>\n]*>" "" _text "${_text}")
  string(REGEX REPLACE "[A-Za-z0-9_./-]*\\*[A-Za-z0-9_.*/-]*" "" _text "${_text}")  # globs
  string(REGEX REPLACE "[][;]" " " _text "${_text}")
  string(REGEX MATCHALL "(${_roots})/[A-Za-z0-9_./-]*[A-Za-z0-9_]" _paths "${_text}")
  list(REMOVE_DUPLICATES _paths)
  foreach(_path IN LISTS _paths)
    if(_path IN_LIST _external)
      continue()
    endif()
    set(_found FALSE)
    foreach(_suffix "" ".h" ".cpp" ".mjs" ".js")
      if(EXISTS "${SOURCE_DIR}/${_path}${_suffix}")
        set(_found TRUE)
        break()
      endif()
    endforeach()
    if(NOT _found)
      string(APPEND _problems "  ${_src}: ${_path}\n")
    endif()
  endforeach()
  # Bare file names, in the sources and the docs (the scripts name other things with dots).
  if(_src MATCHES "\\.(md|h|cpp|cmake|txt)$")
    string(REGEX MATCHALL "[A-Za-z0-9_-]+\\.(h|cpp|md)[^A-Za-z0-9_]" _bare "${_text}")
    list(REMOVE_DUPLICATES _bare)
    foreach(_match IN LISTS _bare)
      string(REGEX REPLACE ".$" "" _name "${_match}")
      if(NOT _name IN_LIST _names AND NOT _name IN_LIST _external AND NOT _name MATCHES "^imgui")
        string(APPEND _problems "  ${_src}: ${_name}\n")
      endif()
    endforeach()
  endif()
endforeach()

if(_problems)
  message(FATAL_ERROR "References to files that do not exist:\n${_problems}")
endif()
