#pragma once
// The libFuzzer entry point shared by the targets: run one exercise, abort on a broken promise.
#include <cstdio>
#include <cstdlib>

#include "exercise.h"

namespace tangent::fuzz {

[[noreturn]] inline void abortWith(const std::string& why) {
    std::fprintf(stderr, "tangent fuzz: %s\n", why.c_str());
    std::abort();
}

}  // namespace tangent::fuzz
