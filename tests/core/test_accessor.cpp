// Accessor decoding: strides, normalized integer rotations and weights, sparse substitution.
#include <cstring>

#include <gtest/gtest.h>

#include "tangent/document.h"

using namespace tangent;

namespace {

template <typename T>
void put(std::vector<std::uint8_t>& bin, std::size_t at, T value) {
    if (bin.size() < at + sizeof(T)) bin.resize(at + sizeof(T));
    std::memcpy(&bin[at], &value, sizeof(T));
}

Json baseJson() {
    return Json{
            {"asset", {{"version", "2.0"}}},
            {"nodes", Json::array({Json{{"name", "N"}}})},
            {"accessors", Json::array()},
            {"bufferViews", Json::array()},
            {"animations",
             Json::array({Json{
                     {"channels", Json::array({Json{{"sampler", 0}, {"target", {{"node", 0}, {"path", "rotation"}}}}})},
                     {"samplers", Json::array({Json{{"input", 0}, {"output", 1}, {"interpolation", "LINEAR"}}})}}})}};
}

}  // namespace

TEST(Accessor, NormalizedShortRotationsWithByteStride) {
    std::vector<std::uint8_t> bin;
    put(bin, 0, 0.0f);
    put(bin, 4, 1.0f);
    // Two VEC4 shorts, interleaved with 4 bytes of other data: stride 12.
    const std::int16_t q0[4] = {0, 0, 0, 32767}, q1[4] = {-32768, 0, 16384, -32767};
    for (int i = 0; i < 4; ++i) put(bin, 8 + 2 * i, q0[i]), put(bin, 20 + 2 * i, q1[i]);
    Json j = baseJson();
    j["bufferViews"] = Json::array({Json{{"buffer", 0}, {"byteLength", 8}},
                                    Json{{"buffer", 0}, {"byteOffset", 8}, {"byteLength", 20}, {"byteStride", 12}}});
    j["accessors"] = Json::array(
            {Json{{"bufferView", 0},
                  {"componentType", 5126},
                  {"count", 2},
                  {"type", "SCALAR"},
                  {"min", {0}},
                  {"max", {1}}},
             Json{{"bufferView", 1}, {"componentType", 5122}, {"normalized", true}, {"count", 2}, {"type", "VEC4"}}});
    j["buffers"] = Json::array({Json{{"byteLength", bin.size()}}});
    const Document doc = Document::fromParts(j, {bin}, "stride.gltf");
    const Track& t = doc.channel(0, 0)->track;
    ASSERT_EQ(t.keyCount(), 2);
    EXPECT_EQ(t.value(0, 3), 1.0f);
    EXPECT_EQ(t.value(1, 0), -1.0f);  // max(c / 32767, -1)
    EXPECT_EQ(t.value(1, 2), 16384 / 32767.0f);
    EXPECT_EQ(t.value(1, 3), -1.0f);
}

TEST(Accessor, NormalizedByteWeights) {
    std::vector<std::uint8_t> bin;
    put(bin, 0, 0.5f);
    const std::uint8_t w[2] = {255, 51};
    put(bin, 4, w[0]);
    put(bin, 5, w[1]);
    Json j = baseJson();
    j["nodes"][0]["mesh"] = 0;
    j["meshes"] = Json::array(
            {Json{{"primitives", Json::array({Json{{"attributes", Json::object()},
                                                   {"targets", Json::array({Json::object(), Json::object()})}}})}}});
    j["animations"][0]["channels"][0]["target"]["path"] = "weights";
    j["animations"][0]["samplers"][0]["interpolation"] = "STEP";
    j["bufferViews"] = Json::array(
            {Json{{"buffer", 0}, {"byteLength", 4}}, Json{{"buffer", 0}, {"byteOffset", 4}, {"byteLength", 2}}});
    j["accessors"] = Json::array(
            {Json{{"bufferView", 0}, {"componentType", 5126}, {"count", 1}, {"type", "SCALAR"}},
             Json{{"bufferView", 1}, {"componentType", 5121}, {"normalized", true}, {"count", 2}, {"type", "SCALAR"}}});
    j["buffers"] = Json::array({Json{{"byteLength", bin.size()}}});
    const Document doc = Document::fromParts(j, {bin}, "weights.gltf");
    const Track& t = doc.channel(0, 0)->track;
    EXPECT_EQ(t.components, 2);
    EXPECT_EQ(t.value(0, 0), 1.0f);
    EXPECT_EQ(t.value(0, 1), 51 / 255.0f);
}

TEST(Accessor, SparseValuesReplaceTheBase) {
    std::vector<std::uint8_t> bin;
    for (int i = 0; i < 3; ++i) put(bin, 4 * i, float(i));  // times 0 1 2
    // Translation: 3 keys of zeros (no bufferView), key 1 replaced sparsely by (1, 2, 3).
    put(bin, 12, std::uint16_t(1));
    put(bin, 16, 1.0f), put(bin, 20, 2.0f), put(bin, 24, 3.0f);
    Json j = baseJson();
    j["animations"][0]["channels"][0]["target"]["path"] = "translation";
    j["bufferViews"] = Json::array({Json{{"buffer", 0}, {"byteLength", 12}},
                                    Json{{"buffer", 0}, {"byteOffset", 12}, {"byteLength", 2}},
                                    Json{{"buffer", 0}, {"byteOffset", 16}, {"byteLength", 12}}});
    j["accessors"] = Json::array({Json{{"bufferView", 0}, {"componentType", 5126}, {"count", 3}, {"type", "SCALAR"}},
                                  Json{{"componentType", 5126},
                                       {"count", 3},
                                       {"type", "VEC3"},
                                       {"sparse",
                                        {{"count", 1},
                                         {"indices", {{"bufferView", 1}, {"componentType", 5123}}},
                                         {"values", {{"bufferView", 2}}}}}}});
    j["buffers"] = Json::array({Json{{"byteLength", bin.size()}}});
    const Document doc = Document::fromParts(j, {bin}, "sparse.gltf");
    const Track& t = doc.channel(0, 0)->track;
    EXPECT_EQ(t.value(0, 0), 0.0f);
    EXPECT_EQ(t.value(1, 0), 1.0f);
    EXPECT_EQ(t.value(1, 2), 3.0f);
    EXPECT_EQ(t.value(2, 1), 0.0f);

    j["accessors"][1]["sparse"]["count"] = 4;  // more substitutions than elements
    EXPECT_THROW(Document::fromParts(j, {bin}, "sparse.gltf"), FileError);
    put(bin, 12, std::uint16_t(7));  // an index outside the accessor
    j["accessors"][1]["sparse"]["count"] = 1;
    try {
        Document::fromParts(j, {bin}, "sparse.gltf");
        FAIL();
    } catch (const FileError& e) {
        EXPECT_NE(std::string(e.what()).find("/accessors/1/sparse/indices: index 7"), std::string::npos) << e.what();
    }
}
