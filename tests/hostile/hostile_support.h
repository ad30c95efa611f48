#pragma once
// Making hostile glTF files in memory for the tests.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "tangent/document.h"

namespace hostile {

using Bytes = std::vector<std::uint8_t>;
using tangent::Json;

template <typename T>
void put(Bytes& bin, T value) {
    const auto at = bin.size();
    bin.resize(at + sizeof(T));
    std::memcpy(&bin[at], &value, sizeof(T));
}

inline void putU32(Bytes& out, std::uint32_t v) {
    put(out, v);
}

// A GLB from JSON and a binary chunk; lengths as given (for broken framing) or the true ones.
inline Bytes glb(const Json& json, Bytes bin, std::int64_t jsonLength = -1, std::int64_t binLength = -1) {
    std::string text = json.dump();
    while (text.size() % 4) text += ' ';
    while (bin.size() % 4) bin.push_back(0);
    Bytes out;
    putU32(out, 0x46546C67);
    putU32(out, 2);
    putU32(out, std::uint32_t(12 + 8 + text.size() + (bin.empty() ? 0 : 8 + bin.size())));
    putU32(out, std::uint32_t(jsonLength < 0 ? text.size() : std::uint64_t(jsonLength)));
    putU32(out, 0x4E4F534A);
    out.insert(out.end(), text.begin(), text.end());
    if (!bin.empty()) {
        putU32(out, std::uint32_t(binLength < 0 ? bin.size() : std::uint64_t(binLength)));
        putU32(out, 0x004E4942);
        out.insert(out.end(), bin.begin(), bin.end());
    }
    return out;
}

inline Bytes text(const Json& json) {
    const std::string s = json.dump();
    return {s.begin(), s.end()};
}

// One node, one animation with one LINEAR translation channel of two keys (t = 0, 1): accessor
// 0 is the input, accessor 1 the output, both in bufferView 0/1 of buffer 0 (the GLB chunk).
struct Small {
    Json json;
    Bytes bin;
};

inline Small smallAnimation(const char* path = "translation", const char* interpolation = "LINEAR",
                            int outputType = 3) {
    Small s;
    put(s.bin, 0.0f);
    put(s.bin, 1.0f);
    const int keys = 2, elements = keys * (std::string(interpolation) == "CUBICSPLINE" ? 3 : 1);
    for (int i = 0; i < elements * outputType; ++i) put(s.bin, float(i % 4 == 3 ? 1 : 0));
    const char* type = outputType == 4 ? "VEC4" : outputType == 3 ? "VEC3" : "SCALAR";
    s.json = Json{
            {"asset", {{"version", "2.0"}}},
            {"nodes", Json::array({Json{{"name", "N"}}})},
            {"buffers", Json::array({Json{{"byteLength", s.bin.size()}}})},
            {"bufferViews", Json::array({Json{{"buffer", 0}, {"byteLength", 8}},
                                         Json{{"buffer", 0}, {"byteOffset", 8}, {"byteLength", s.bin.size() - 8}}})},
            {"accessors",
             Json::array({Json{{"bufferView", 0},
                               {"componentType", 5126},
                               {"count", 2},
                               {"type", "SCALAR"},
                               {"min", {0}},
                               {"max", {1}}},
                          Json{{"bufferView", 1}, {"componentType", 5126}, {"count", elements}, {"type", type}}})},
            {"animations",
             Json::array(
                     {Json{{"channels", Json::array({Json{{"sampler", 0}, {"target", {{"node", 0}, {"path", path}}}}})},
                           {"samplers",
                            Json::array({Json{{"input", 0}, {"output", 1}, {"interpolation", interpolation}}})}}})}};
    return s;
}

}  // namespace hostile
