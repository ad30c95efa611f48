// The block scan of accessor bounds (core/bounds_scan.h) against a plain reference: each
// accessor's values read one by one from its bytes, its least and greatest finite value, its
// non-finite values and how many lie beyond the declared bounds. The data crosses the scan's
// block boundary, interleaves accessors in one view (one of them straddling a row), and holds a
// matrix with padded columns.
#include <cmath>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "bounds_scan.h"

namespace {

using namespace tangent;
using namespace tangent::detail;

struct Layout {
    int componentType;
    int components;
    std::uint64_t offset, stride, count;
    std::vector<std::uint64_t> at;  // component offsets in an element
};

double valueOf(const std::vector<std::uint8_t>& bytes, std::uint64_t at, int componentType) {
    switch (componentType) {
        case kFloat: {
            float v;
            std::memcpy(&v, &bytes[at], 4);
            return v;
        }
        case kUnsignedShort: {
            std::uint16_t v;
            std::memcpy(&v, &bytes[at], 2);
            return v;
        }
        case kByte:
            return double(std::int8_t(bytes[at]));
        default: {
            std::uint32_t v;
            std::memcpy(&v, &bytes[at], 4);
            return v;
        }
    }
}

// The findings the rules give, computed the plain way: "CODE pointer" plus, for the elements
// beyond a bound, their number.
std::multiset<std::string> reference(const std::vector<std::uint8_t>& bytes, const Layout& l, std::int64_t index,
                                     const std::vector<double>& min, const std::vector<double>& max) {
    std::multiset<std::string> out;
    const std::string ptr = "/accessors/" + std::to_string(index);
    for (int c = 0; c < l.components; ++c) {
        std::vector<double> finite;
        for (std::uint64_t e = 0; e < l.count; ++e) {
            const double v = valueOf(bytes, l.offset + e * l.stride + l.at[std::size_t(c)], l.componentType);
            if (std::isfinite(v))
                finite.push_back(v);
            else
                out.insert("ACCESSOR_INVALID_FLOAT " + ptr);
        }
        const auto bound = [&](const std::vector<double>& declared, bool isMax) {
            if (declared.empty()) return;
            double d = declared[std::size_t(c)];
            if (l.componentType == kFloat) d = double(float(d));
            double actual = finite.front();
            std::uint64_t beyond = 0;
            for (double v : finite) {
                actual = isMax ? std::max(actual, v) : std::min(actual, v);
                beyond += isMax ? v > d : v < d;
            }
            const std::string where = ptr + (isMax ? "/max/" : "/min/") + std::to_string(c);
            if (actual != d)
                out.insert(std::string(isMax ? "ACCESSOR_MAX_MISMATCH " : "ACCESSOR_MIN_MISMATCH ") + where);
            if (beyond)
                out.insert(std::string(isMax ? "ACCESSOR_ELEMENT_OUT_OF_MAX_BOUND "
                                             : "ACCESSOR_ELEMENT_OUT_OF_MIN_BOUND ") +
                           where + " " + std::to_string(beyond));
        };
        bound(min, false);
        bound(max, true);
    }
    return out;
}

std::multiset<std::string> scanned(const std::map<std::int64_t, Findings>& found) {
    std::multiset<std::string> out;
    for (const auto& [index, findings] : found)
        for (const Finding& f : findings) {
            std::string line = f.code + " " + f.pointer;
            if (f.code.find("OUT_OF_") != std::string::npos) line += " " + f.message.substr(0, f.message.find(' '));
            out.insert(line);
        }
    return out;
}

void put(std::vector<std::uint8_t>& bytes, std::uint64_t at, const void* v, std::size_t n) {
    std::memcpy(&bytes[at], v, n);
}

TEST(BoundsScan, AgreesWithAPlainReadOfEveryValue) {
    // View 0: 300,000 rows of 16 bytes (4.8 MB, past one block): a float at 0, two unsigned
    // shorts at 4, and from byte 12 a VEC2 of floats that runs into the next row.
    constexpr std::uint64_t kRows = 300000, kStride = 16;
    std::vector<std::uint8_t> bytes(kRows * kStride + 8 + 16);
    for (std::uint64_t r = 0; r < kRows; ++r) {
        const float a = r == 123456 ? NAN : r == 200000 ? INFINITY : float(r) * 0.5f;
        const std::uint16_t b[2] = {std::uint16_t(r % 60000), std::uint16_t(7)};
        const float d = float(std::sin(double(r)));
        put(bytes, r * kStride, &a, 4);
        put(bytes, r * kStride + 4, b, 4);
        put(bytes, r * kStride + 12, &d, 4);
    }
    // After it, view 1: a MAT2 of bytes, two elements of 8 bytes (each column on 4 bytes).
    const std::uint64_t matrixAt = kRows * kStride + 8;
    const std::int8_t matrix[16] = {1, -2, 99, 99, 3, 4, 99, 99, -5, 6, 99, 99, 7, 8, 99, 99};
    put(bytes, matrixAt, matrix, 16);

    const Json root = Json::parse(R"({"asset": {"version": "2.0"},
        "buffers": [{"byteLength": )" +
                                  std::to_string(bytes.size()) + R"(}],
        "bufferViews": [{"buffer": 0, "byteLength": )" +
                                  std::to_string(kRows * kStride + 8) + R"(, "byteStride": 16},
                        {"buffer": 0, "byteOffset": )" +
                                  std::to_string(matrixAt) + R"(, "byteLength": 16}],
        "accessors": [
            {"bufferView": 0, "componentType": 5126, "count": 300000, "type": "SCALAR", "min": [0], "max": [149999]},
            {"bufferView": 0, "byteOffset": 4, "componentType": 5123, "count": 300000, "type": "VEC2",
             "min": [0, 7], "max": [59000, 7]},
            {"bufferView": 0, "byteOffset": 12, "componentType": 5126, "count": 300000, "type": "VEC2",
             "min": [-1, -1], "max": [1, 0.1]},
            {"bufferView": 1, "componentType": 5120, "count": 2, "type": "MAT2", "min": [-5, -2, 3, 4], "max": [0, 6, 7, 8]}]})");
    BufferSource source;
    source.addMemory(bytes);
    const auto found = scanned(scanBounds(root, source, {0, 1, 2, 3}, "scan.gltf"));
    // Blocks of any size, down to a row at a time, give the same.
    for (const std::uint64_t block : {std::uint64_t(16), std::uint64_t(1000), std::uint64_t(4) << 20})
        EXPECT_EQ(scanned(scanBounds(root, source, {0, 1, 2, 3}, "scan.gltf", block)), found) << block;

    std::multiset<std::string> expected;
    const auto add = [&](const std::multiset<std::string>& more) { expected.insert(more.begin(), more.end()); };
    add(reference(bytes, {kFloat, 1, 0, kStride, kRows, {0}}, 0, {0}, {149999}));
    add(reference(bytes, {kUnsignedShort, 2, 4, kStride, kRows, {0, 2}}, 1, {0, 7}, {59000, 7}));
    add(reference(bytes, {kFloat, 2, 12, kStride, kRows, {0, 4}}, 2, {-1, -1}, {1, 0.1}));
    add(reference(bytes, {kByte, 4, matrixAt, 8, 2, {0, 1, 4, 5}}, 3, {-5, -2, 3, 4}, {0, 6, 7, 8}));
    EXPECT_EQ(found, expected);
    // The cases are there: a NaN and an infinity (read by the straddling VEC2 too), 999 values of
    // each of 5 cycles above a max, a matrix's max the data passes and a min it matches.
    EXPECT_EQ(found.count("ACCESSOR_INVALID_FLOAT /accessors/0"), 2u);
    EXPECT_EQ(found.count("ACCESSOR_INVALID_FLOAT /accessors/2"), 2u);
    EXPECT_EQ(found.count("ACCESSOR_ELEMENT_OUT_OF_MAX_BOUND /accessors/1/max/0 4995"), 1u);
    EXPECT_EQ(found.count("ACCESSOR_MAX_MISMATCH /accessors/3/max/0"), 1u);
    EXPECT_EQ(found.count("ACCESSOR_MIN_MISMATCH /accessors/3/min/0"), 0u);
}

// An accessor without elements (count 0, which the schema pass reports) has bounds no value
// matches, as before the scan had visitors.
TEST(BoundsScan, AnAccessorWithoutElementsMatchesNoBound) {
    const Json root = Json::parse(R"({"asset": {"version": "2.0"}, "buffers": [{"byteLength": 8}],
        "bufferViews": [{"buffer": 0, "byteLength": 8}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 0, "type": "SCALAR", "min": [0], "max": [1]}]})");
    BufferSource source;
    source.addMemory(std::vector<std::uint8_t>(8));
    const auto found = scanned(scanBounds(root, source, {0}, "scan.gltf"));
    EXPECT_EQ(found, (std::multiset<std::string>{"ACCESSOR_MIN_MISMATCH /accessors/0/min/0",
                                                 "ACCESSOR_MAX_MISMATCH /accessors/0/max/0"}));
}

}  // namespace
