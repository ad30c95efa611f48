#pragma once
// Shared helpers for the core tests: test data paths, temporary folders, the Khronos validator.
#include <cstdint>
#include <string>
#include <vector>

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

// A valid 1x1 RGB PNG, for files with an external image.
inline const std::vector<std::uint8_t> kTinyPng = {
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
        0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53, 0xde, 0x00, 0x00, 0x00,
        0x0c, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xdf, 0xc0, 0x00, 0x00, 0x04, 0x01, 0x01, 0x80, 0xc5,
        0x2a, 0x18, 0x5d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82};

inline std::string testData(const std::string& name) {
    return std::string(TANGENT_TEST_DATA) + "/" + name;
}
inline std::string fixture(const std::string& name) {
    return testData("blender/" + name);
}
