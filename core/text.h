#pragma once
// How core's sentences (findings, refusals) write a number: six significant digits, as a
// person reads it ("0.291667", "1e-05"). Internal to core.
#include <sstream>
#include <string>

namespace tangent::detail {

inline std::string formatNumber(double v) {
    std::ostringstream s;
    s.precision(6);
    s << v;
    return s.str();
}

}  // namespace tangent::detail
