# TANGENT_SANITIZE=ON builds everything with ASan + UBSan; UB aborts instead of only printing,
# so a test that triggers it fails.
if(TANGENT_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=undefined
                      -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()
