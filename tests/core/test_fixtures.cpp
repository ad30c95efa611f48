// Evaluation against independent references: Blender's own F-curve evaluation and three.js's
// glTF interpolants, measured outside this project on real Blender exports.
#include <cstring>
#include <fstream>
#include <iterator>

#include <gtest/gtest.h>

#include "tangent/document.h"
#include "test_support.h"

using namespace tangent;

namespace {

nlohmann::json readJson(const std::string& path) {
    std::ifstream in(path);
    return nlohmann::json::parse(in);
}

const Channel* findChannel(const Document& doc, const std::string& node, const std::string& path) {
    for (const Animation& a : doc.animations())
        for (const Channel& c : a.channels)
            if (c.nodeName == node && c.pathName == path) return &c;
    return nullptr;
}

std::string gltfPath(const std::string& threeProperty) {
    if (threeProperty == "position") return "translation";
    if (threeProperty == "quaternion") return "rotation";
    if (threeProperty == "morphTargetInfluences") return "weights";
    return threeProperty;
}

class Fixture : public ::testing::TestWithParam<const char*> {};

}  // namespace

TEST_P(Fixture, MatchesBlenderCurves) {
    const std::string name = GetParam();
    const Document doc = Document::load(fixture(name + ".glb"));
    const nlohmann::json ref = readJson(fixture(name + ".blender.json"));
    int compared = 0;
    for (const auto& ch : ref["channels"]) {
        const Channel* c = findChannel(doc, ch["node"], ch["path"]);
        ASSERT_NE(c, nullptr) << ch["node"] << " " << ch["path"];
        ASSERT_TRUE(c->supported);
        const auto& times = ch["times"];
        const auto& values = ch["values"];
        ASSERT_EQ(c->track.keyCount(), int(ch["keyTimes"].size()));
        for (std::size_t i = 0; i < times.size(); ++i) {
            std::vector<double> out(c->track.components);
            evaluate(c->track, times[i].get<double>(), out.data());
            for (int k = 0; k < c->track.components; ++k) {
                EXPECT_NEAR(out[k], values[i][k].get<double>(), 2e-5)
                        << ch["node"] << " " << ch["path"] << " t=" << times[i];
                ++compared;
            }
        }
    }
    EXPECT_GT(compared, 0);
}

TEST_P(Fixture, MatchesThreeJsInterpolants) {
    const std::string name = GetParam();
    const Document doc = Document::load(fixture(name + ".glb"));
    const nlohmann::json ref = readJson(fixture(name + ".threejs.json"));
    int compared = 0;
    for (const auto& tr : ref["tracks"]) {
        const std::string full = tr["name"];
        const auto dot = full.rfind('.');
        const Channel* c = findChannel(doc, full.substr(0, dot), gltfPath(full.substr(dot + 1)));
        ASSERT_NE(c, nullptr) << full;
        const int n = c->track.components;
        const auto& times = tr["times"];
        const auto& values = tr["values"];
        ASSERT_EQ(values.size(), times.size()) << full;
        for (std::size_t i = 0; i < times.size(); ++i) {
            std::vector<double> out(n);
            evaluate(c->track, times[i].get<double>(), out.data());
            ASSERT_EQ(values[i].size(), std::size_t(n));
            for (int k = 0; k < n; ++k) {
                EXPECT_NEAR(out[k], values[i][k].get<double>(), 2e-6) << full << " t=" << times[i];
                ++compared;
            }
        }
    }
    EXPECT_GT(compared, 0);
}

INSTANTIATE_TEST_SUITE_P(Blender, Fixture,
                         ::testing::Values("smooth_trs_1", "broken_trs_1", "morph_weights_1", "multi_object_1"));

TEST(Fixtures, BrokenKeysAreFound) {
    const Document doc = Document::load(fixture("broken_trs_1.glb"));
    int broken = 0;
    for (const Channel& c : doc.animations()[0].channels)
        for (int k = 0; k < c.track.keyCount(); ++k) broken += c.track.isBroken(k);
    EXPECT_GT(broken, 0);
    const Document smooth = Document::load(fixture("smooth_trs_1.glb"));
    const Channel& t = smooth.animations()[0].channels[0];
    for (int k = 0; k < t.track.keyCount(); ++k) EXPECT_FALSE(t.track.isBroken(k));
}

TEST(Fixtures, MorphWeightsAreNamedByTheMeshsTargetNames) {
    // Blender writes the shape keys' names into the mesh's extras; read here from the JSON chunk.
    std::ifstream in(fixture("morph_weights_1.glb"), std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    uint32_t length = 0;
    std::memcpy(&length, bytes.data() + 12, 4);
    const Json gltf = Json::parse(bytes.substr(20, length));
    const Json& names = gltf["meshes"][0]["extras"]["targetNames"];
    ASSERT_EQ(names.size(), 2u);
    const Document doc = Document::load(fixture("morph_weights_1.glb"));
    const Channel& weights = *doc.channel(0, 0);
    ASSERT_EQ(weights.pathName, "weights");
    for (int c = 0; c < 2; ++c) EXPECT_EQ(componentName(weights, c), names[c].get<std::string>());
    // Without names, w0 w1 as before.
    Channel unnamed = weights;
    unnamed.targetNames.clear();
    EXPECT_EQ(componentName(unnamed, 1), "w1");
}
