# Project-wide warning flags, applied only to the project's own targets (never to ImGui/GoogleTest).
add_library(catan_warnings INTERFACE)
target_compile_options(catan_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wcast-align -Woverloaded-virtual
  -Wnull-dereference -Wimplicit-fallthrough -Wformat=2)
if(CATAN_WERROR)
  target_compile_options(catan_warnings INTERFACE -Werror)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    # GCC 12's -Wrestrict misfires inside libstdc++'s string concatenation at -O2/-O3
    # (GCC bug 105651): it stays a warning there.
    target_compile_options(catan_warnings INTERFACE -Wno-error=restrict)
  endif()
endif()
if(EMSCRIPTEN)
  # EM_ASM({ ... $0 ... }) bodies trip these pedantic lexer warnings; they are expected there.
  target_compile_options(catan_warnings INTERFACE -Wno-dollar-in-identifier-extension
                                                  -Wno-invalid-pp-token -Wno-gnu-zero-variadic-macro-arguments)
endif()
