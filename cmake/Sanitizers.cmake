# TANGENT_SANITIZE=ON builds everything with ASan + UBSan; UB aborts instead of only printing,
# so a test that triggers it fails. Line tables only (-g1): a report's stack needs files and
# lines, not variables, and full debug info makes this build a third slower to compile.
if(TANGENT_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=undefined
                      -fno-omit-frame-pointer "$<$<CONFIG:RelWithDebInfo>:-g1>")
  add_link_options(-fsanitize=address,undefined)
endif()
