#pragma once
// How core writes what it tells: a number in a sentence (findings, refusals), six significant
// digits, as a person reads it ("0.291667", "1e-05"); a key in a JSON pointer. Internal to core.
#include <sstream>
#include <string>

namespace tangent::detail {

inline std::string formatNumber(double v) {
    std::ostringstream s;
    s.precision(6);
    s << v;
    return s.str();
}

// A JSON pointer's reference token for `key` (RFC 6901: "~" is "~0", "/" is "~1").
inline std::string escapePointerToken(const std::string& key) {
    std::string out;
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

}  // namespace tangent::detail
