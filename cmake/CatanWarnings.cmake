# Project-wide warning flags, applied only to the project's own targets (never to ImGui/GoogleTest).
add_library(catan_warnings INTERFACE)
target_compile_options(catan_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wcast-align -Woverloaded-virtual
  -Wnull-dereference -Wimplicit-fallthrough -Wformat=2)
if(CATAN_WERROR)
  target_compile_options(catan_warnings INTERFACE -Werror)
endif()
