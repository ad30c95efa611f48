#pragma once
// Shared helpers for the core tests: test data paths, temporary folders, the Khronos validator.
#include <string>

#include <QDir>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "../khronos_validator.h"  // expectKhronosValid
#include "tangent/document.h"

// A GLB of `json` and a binary chunk (both padded as the format wants).
inline std::vector<std::uint8_t> glbOf(const tangent::Json& json, std::vector<std::uint8_t> bin) {
    std::string text = json.dump();
    while (text.size() % 4) text += ' ';
    while (bin.size() % 4) bin.push_back(0);
    std::vector<std::uint8_t> out;
    const auto u32 = [&](std::uint32_t v) {
        for (int b = 0; b < 4; ++b) out.push_back(std::uint8_t(v >> (8 * b)));
    };
    u32(0x46546C67), u32(2), u32(std::uint32_t(28 + text.size() + bin.size()));
    u32(std::uint32_t(text.size())), u32(0x4E4F534A);
    out.insert(out.end(), text.begin(), text.end());
    u32(std::uint32_t(bin.size())), u32(0x004E4942);
    out.insert(out.end(), bin.begin(), bin.end());
    return out;
}

inline std::string testData(const std::string& name) {
    return std::string(TANGENT_TEST_DATA) + "/" + name;
}
inline std::string fixture(const std::string& name) {
    return testData("blender/" + name);
}
