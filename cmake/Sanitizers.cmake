# TANGENT_SANITIZE=ON builds everything with ASan + UBSan; UB aborts instead of only printing,
# so a test that triggers it fails. -O1 (ASan's own advice) with line tables only (-g1): a
# report's stack needs files and lines, not variables, and -O2 -g takes twice as long to compile.
if(TANGENT_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=undefined
                      -fno-omit-frame-pointer "$<$<CONFIG:RelWithDebInfo>:-O1;-g1>")
  add_link_options(-fsanitize=address,undefined)
endif()
