// The mesh element checks on the blocks of an accessor scan (core/accessor_scan.h) against the
// plain reference, each accessor decoded to a copy (ElementPass::Copies): the same findings in
// the same order, whatever the block size, from memory and from a device. Blocks of a few bytes
// put a block boundary inside nearly every triangle, element and interleaved row.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <QBuffer>

#include <gtest/gtest.h>

#include "accessor_scan.h"
#include "mesh_checks.h"

namespace {

using namespace tangent;
using namespace tangent::detail;

class Bytes {
public:
    template <typename T>
    std::uint64_t append(const std::vector<T>& values) {
        const std::uint64_t at = bytes.size();
        bytes.resize(at + values.size() * sizeof(T));
        std::memcpy(bytes.data() + at, values.data(), values.size() * sizeof(T));
        while (bytes.size() % 4 != 0) bytes.push_back(0);
        return at;
    }
    std::vector<std::uint8_t> bytes;
};

struct Case {
    Json root;
    std::vector<std::uint8_t> bin;
};

// A file that breaks every element rule, more than once, across blocks (and the joint checks'
// windows, which are as long as a block).
Case brokenMesh() {
    constexpr int kVertices = 50;
    Bytes b;
    // View 0, interleaved (40-byte rows): NORMAL (float VEC3), TANGENT (float VEC4), COLOR_0 (float VEC3).
    std::vector<float> rows;
    for (int v = 0; v < kVertices; ++v) {
        const float n = v % 7 == 3 ? 1.5f : 1.0f;        // some normals too long
        const float w = v % 11 == 5 ? 0.5f : -1.0f;      // some tangents with a bad w
        const float red = v % 9 == 4 ? 1.25f : 0.5f;     // some colours past 1
        const float blue = v % 13 == 6 ? -0.25f : 0.0f;  // and below 0
        rows.insert(rows.end(), {0, 0, n, 1, 0, v % 17 == 8 ? 0.5f : 0.0f, w, red, 0.25f, blue});
    }
    const std::uint64_t interleaved = b.append(rows);
    // View 1: normalized byte normals with a 4-byte stride, one of them short.
    std::vector<std::int8_t> quantized;
    for (int v = 0; v < kVertices; ++v) quantized.insert(quantized.end(), {0, std::int8_t(v == 20 ? 64 : 127), 0, 99});
    const std::uint64_t quantizedAt = b.append(quantized);
    // View 2: unsigned short triangles: out of range, the restart value, degenerate ones.
    std::vector<std::uint16_t> shorts;
    for (int t = 0; t < 40; ++t) {
        const std::uint16_t a = std::uint16_t(t % kVertices), c = std::uint16_t((t + 2) % kVertices);
        std::uint16_t m = std::uint16_t((t + 1) % kVertices);
        if (t % 5 == 1) m = a;                  // degenerate
        if (t % 8 == 3) m = std::uint16_t(77);  // names no vertex
        if (t == 17) m = std::uint16_t(65535);  // the restart value
        shorts.insert(shorts.end(), {a, m, c});
    }
    shorts.push_back(3);  // a trailing index that makes no triangle
    const std::uint64_t shortsAt = b.append(shorts);
    // View 3: unsigned int indices, one far past what a float holds exactly.
    const std::vector<std::uint32_t> ints = {0, 1, 2, 16777217, 4, 4, 5, 6, 4294967295u, 7, 8, 9};
    const std::uint64_t intsAt = b.append(ints);
    // View 4: unsigned byte indices of a strip (no degenerate check).
    const std::vector<std::uint8_t> strip = {0, 1, 1, 2, 255, 60, 3};
    const std::uint64_t stripAt = b.append(strip);
    // View 5: inverse bind matrices, some not affine.
    std::vector<float> matrices;
    for (int m = 0; m < 5; ++m)
        for (int i = 0; i < 16; ++i)
            matrices.push_back(i == 15 && m == 4 ? 0.5f : i % 5 == 0 ? 1.0f : i == 3 && m == 2 ? 2.0f : 0.0f);
    const std::uint64_t matricesAt = b.append(matrices);
    // View 6, interleaved (20-byte rows): JOINTS_0 (unsigned bytes) and WEIGHTS_0 (floats); views 7
    // and 8: JOINTS_1 (unsigned shorts) and WEIGHTS_1 (normalized unsigned bytes). Joints past the
    // skin's 3, twice in a vertex, with a zero weight; negative weights, sums other than 1.
    Bytes skinning;
    std::vector<std::uint16_t> joints1;
    std::vector<std::uint8_t> weights1;
    for (int v = 0; v < kVertices; ++v) {
        const std::uint8_t joints0[4] = {0, 1, 2, std::uint8_t(v % 6 == 1 ? 3 : 0)};
        const float weights0[4] = {0.5f, 0.25f, v % 7 == 2 ? -0.25f : 0.25f, 0};
        std::vector<std::uint8_t> row(20);
        std::memcpy(row.data(), joints0, 4);
        std::memcpy(row.data() + 4, weights0, 16);
        skinning.bytes.insert(skinning.bytes.end(), row.begin(), row.end());
        joints1.insert(joints1.end(), {std::uint16_t(v % 10 == 4 ? 1 : 0), 0, std::uint16_t(v % 9 == 7 ? 2 : 0), 0});
        weights1.insert(weights1.end(), {std::uint8_t(v % 10 == 4 ? 10 : 0), 0, 0, std::uint8_t(v % 8 == 5 ? 20 : 0)});
    }
    const std::uint64_t skinningAt = b.append(skinning.bytes);
    const std::uint64_t joints1At = b.append(joints1);
    const std::uint64_t weights1At = b.append(weights1);

    const auto view = [](std::uint64_t offset, std::uint64_t length, int stride = 0) {
        Json v = {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", length}};
        if (stride) v["byteStride"] = stride;
        return v;
    };
    const auto accessor = [](int viewIndex, std::uint64_t offset, int componentType, std::uint64_t count,
                             const char* type, bool normalized = false) {
        Json a = {{"bufferView", viewIndex},
                  {"byteOffset", offset},
                  {"componentType", componentType},
                  {"count", count},
                  {"type", type}};
        if (normalized) a["normalized"] = true;
        return a;
    };
    Case c;
    c.bin = b.bytes;
    c.root = {{"asset", {{"version", "2.0"}}},
              {"extensionsUsed", {"KHR_mesh_quantization"}},
              {"extensionsRequired", {"KHR_mesh_quantization"}},
              {"buffers", {{{"byteLength", c.bin.size()}}}},
              {"bufferViews",
               {view(interleaved, rows.size() * 4, 40), view(quantizedAt, quantized.size(), 4),
                view(shortsAt, shorts.size() * 2), view(intsAt, ints.size() * 4), view(stripAt, strip.size()),
                view(matricesAt, matrices.size() * 4), view(skinningAt, skinning.bytes.size(), 20),
                view(joints1At, joints1.size() * 2), view(weights1At, weights1.size())}},
              {"accessors",
               {accessor(0, 0, kFloat, kVertices, "VEC3"), accessor(0, 12, kFloat, kVertices, "VEC4"),
                accessor(0, 28, kFloat, kVertices, "VEC3"), accessor(1, 0, kByte, kVertices, "VEC3", true),
                accessor(2, 0, kUnsignedShort, shorts.size(), "SCALAR"),
                accessor(3, 0, kUnsignedInt, ints.size(), "SCALAR"),
                accessor(4, 0, kUnsignedByte, strip.size(), "SCALAR"), accessor(5, 0, kFloat, 5, "MAT4"),
                accessor(6, 0, kUnsignedByte, kVertices, "VEC4"), accessor(6, 4, kFloat, kVertices, "VEC4"),
                accessor(7, 0, kUnsignedShort, kVertices, "VEC4"),
                accessor(8, 0, kUnsignedByte, kVertices, "VEC4", true)}},
              {"meshes",
               {{{"primitives",
                  {{{"attributes",
                     {{"NORMAL", 0},
                      {"TANGENT", 1},
                      {"COLOR_0", 2},
                      {"JOINTS_0", 8},
                      {"WEIGHTS_0", 9},
                      {"JOINTS_1", 10},
                      {"WEIGHTS_1", 11}}},
                    {"indices", 4}},
                   {{"attributes", {{"NORMAL", 3}}}, {"indices", 5}},
                   {{"attributes", {{"NORMAL", 3}}}, {"indices", 6}, {"mode", 5}}}}}}},
              {"nodes", {{{"mesh", 0}, {"skin", 0}}, {{"children", {2, 3}}}, Json::object(), Json::object()}},
              {"skins", {{{"joints", {1, 2, 3}}, {"inverseBindMatrices", 7}}}}};
    return c;
}

std::vector<std::string> lines(const Findings& findings) {
    std::vector<std::string> out;
    for (const Finding& f : findings)
        out.push_back(f.code + " " + toString(f.severity) + " " + f.pointer + ": " + f.message);
    return out;
}

int count(const std::vector<std::string>& lines, const std::string& code) {
    int n = 0;
    for (const std::string& line : lines) n += line.rfind(code + " ", 0) == 0;
    return n;
}

TEST(AccessorScan, MeshElementChecksOnBlocksAgreeWithDecodedCopies) {
    const Case c = brokenMesh();
    BufferSource memory;
    memory.addMemory(c.bin);
    const std::vector<std::string> reference = lines(meshFindings(c.root, &memory, "case.gltf", ElementPass::Copies));
    // The rules found what the file breaks.
    // Normals, tangents, and the byte normal once for each of the two primitives that read it.
    EXPECT_EQ(count(reference, "ACCESSOR_VECTOR3_NON_UNIT"), 7 + 3 + 2);
    EXPECT_EQ(count(reference, "ACCESSOR_INVALID_SIGN"), 5);
    EXPECT_EQ(count(reference, "ACCESSOR_NON_CLAMPED"), 6 + 4);
    EXPECT_EQ(count(reference, "ACCESSOR_INDEX_OOB"), 6 + 2 + 2);  // the restart value names no vertex either
    EXPECT_EQ(count(reference, "ACCESSOR_INDEX_PRIMITIVE_RESTART"), 1 + 1 + 1);
    EXPECT_EQ(count(reference, "ACCESSOR_INDEX_TRIANGLE_DEGENERATE"), 2);
    EXPECT_EQ(count(reference, "ACCESSOR_INVALID_IBM"), 2);
    for (const char* code :
         {"ACCESSOR_JOINTS_INDEX_OOB", "ACCESSOR_JOINTS_INDEX_DUPLICATE", "ACCESSOR_JOINTS_USED_ZERO_WEIGHT",
          "ACCESSOR_WEIGHTS_NEGATIVE", "ACCESSOR_WEIGHTS_NON_NORMALIZED"})
        EXPECT_GT(count(reference, code), 0) << code;

    for (const std::uint64_t block : {std::uint64_t(1), std::uint64_t(3), std::uint64_t(40), std::uint64_t(41),
                                      std::uint64_t(130), std::uint64_t(1000), kAccessorScanBlock}) {
        SCOPED_TRACE("block of " + std::to_string(block) + " bytes");
        BufferSource fromMemory;
        fromMemory.addMemory(c.bin);
        EXPECT_EQ(lines(meshFindings(c.root, &fromMemory, "case.gltf", ElementPass::Blocks, block)), reference);
        // From a device, each read into the source's scratch: each byte read about once.
        auto device = std::make_shared<QBuffer>();
        device->setData(reinterpret_cast<const char*>(c.bin.data()), qsizetype(c.bin.size()));
        device->open(QIODevice::ReadOnly);
        BufferSource fromDevice;
        fromDevice.addDevice(device, 0, c.bin.size());
        EXPECT_EQ(lines(meshFindings(c.root, &fromDevice, "case.gltf", ElementPass::Blocks, block)), reference);
        EXPECT_LE(fromDevice.bytesRead(), 2 * c.bin.size());
    }
}

// An accessor decodeAccessor refuses keeps the decoding path, which finds nothing in it; one
// with a sparse part is decoded, substitutions made.
TEST(AccessorScan, OnlyWhatDecodesIsScanned) {
    Case c = brokenMesh();
    BufferSource data;
    data.addMemory(c.bin);
    EXPECT_TRUE(decodablePlaceOf(c.root, data, 4).has_value());
    Json tooLong = c.root;
    tooLong["accessors"][4]["count"] = 1000;
    EXPECT_FALSE(decodablePlaceOf(tooLong, data, 4).has_value());
    Json sparse = c.root;
    sparse["accessors"][4]["sparse"] = Json::object();
    EXPECT_FALSE(decodablePlaceOf(sparse, data, 4).has_value());
    Json floatOffset = c.root;
    floatOffset["accessors"][4]["byteOffset"] = 0.0;
    EXPECT_FALSE(decodablePlaceOf(floatOffset, data, 4).has_value());
    for (const Json& root : {tooLong, floatOffset}) {
        BufferSource again;
        again.addMemory(c.bin);
        EXPECT_EQ(lines(meshFindings(root, &again, "case.gltf", ElementPass::Blocks, 7)),
                  lines(meshFindings(root, &data, "case.gltf", ElementPass::Copies)));
    }
}

}  // namespace
