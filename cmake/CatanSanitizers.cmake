# CATAN_SANITIZE=address,undefined (the asan preset) instruments every target, dependencies included.
set(CATAN_SANITIZE "" CACHE STRING "Comma-separated -fsanitize= list (e.g. address,undefined)")
if(CATAN_SANITIZE)
  if(EMSCRIPTEN)
    message(FATAL_ERROR "CATAN_SANITIZE is for native builds")
  endif()
  add_compile_options(-fsanitize=${CATAN_SANITIZE} -fno-omit-frame-pointer
                      -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=${CATAN_SANITIZE})
endif()
