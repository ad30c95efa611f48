# tangent_warnings(target): the project's warning set, applied per target so that
# third-party headers (included as SYSTEM) stay quiet.
function(tangent_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor)
  if(TANGENT_WARNINGS_AS_ERRORS)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
