# The layers, checked on every build (and by the CTest test `layers`): each folder may include
# only its own headers and those of the layers below it (docs/ARCHITECTURE.md).
#
#   cmake -DSOURCE_DIR=<repo> [-DSTAMP=<file>] -P cmake/check_layers.cmake
#
# A source file that includes a header of a higher layer fails with the file, the line and
# the layers that folder may use.
cmake_minimum_required(VERSION 3.22)
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "check_layers: pass -DSOURCE_DIR=<repository root>")
endif()

# folder (relative to the root) -> the folders it may include from, lowest layer first.
set(_folders engine engine/ai engine/coach match frontend)
set(_allowed_engine engine)
set(_allowed_engine/ai engine engine/ai)
set(_allowed_engine/coach engine engine/ai engine/coach)
set(_allowed_match engine engine/ai engine/coach match)
set(_allowed_frontend engine engine/ai engine/coach match frontend)

set(_problems "")
foreach(_folder IN LISTS _folders)
  set(_allowed ${_allowed_${_folder}})
  file(GLOB _files "${SOURCE_DIR}/${_folder}/*.cpp" "${SOURCE_DIR}/${_folder}/*.h")
  foreach(_file IN LISTS _files)
    file(STRINGS "${_file}" _lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(_line IN LISTS _lines)
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\".*" "\\1" _inc "${_line}")
      if(NOT _inc MATCHES "/")
        continue()  # generated or third-party headers by bare name (imgui.h, fonts_data.h)
      endif()
      # The header's folder must be one of the allowed ones ("engine" admits engine/<name>.h,
      # not engine/ai/<name>.h).
      string(REGEX REPLACE "/[^/]+$" "" _dir "${_inc}")
      if(NOT _dir IN_LIST _allowed)
        file(RELATIVE_PATH _rel "${SOURCE_DIR}" "${_file}")
        string(APPEND _problems "  ${_rel}: #include \"${_inc}\" (${_folder}/ may include from: ${_allowed})\n")
      endif()
    endforeach()
  endforeach()
endforeach()

if(_problems)
  message(FATAL_ERROR "A layer includes a layer above it (docs/ARCHITECTURE.md):\n${_problems}")
endif()
if(STAMP)
  file(TOUCH "${STAMP}")
endif()
