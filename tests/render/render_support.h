#pragma once
#include <string>

namespace tangent::render::test {

inline std::string fixture(const std::string& name) {
    return std::string(TANGENT_TEST_DATA) + "/" + name;
}

}  // namespace tangent::render::test
