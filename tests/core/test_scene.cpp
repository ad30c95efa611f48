// Scene evaluation: hierarchies, matrices, skins and morph targets written here by hand, with
// every expected number worked out on paper (the comments show how), and hostile meshes whose
// problems must be one exact sentence each.
#include <cmath>
#include <cstring>

#include <gtest/gtest.h>

#include "tangent/document.h"
#include "tangent/scene.h"

using namespace tangent;

namespace {

constexpr int kFloat = 5126, kUnsignedByte = 5121, kUnsignedShort = 5123;
constexpr double kHalfSqrt2 = 0.70710678118654752;  // sin 45°, cos 45°

// A glTF asset in memory: JSON written by the test, every accessor's bytes in one buffer.
class Asset {
public:
    explicit Asset(const char* json) : json_(Json::parse(json)) {
        for (const char* key : {"accessors", "bufferViews"})
            if (!json_.contains(key)) json_[key] = Json::array();
    }
    Json& json() { return json_; }

    int floats(const std::vector<float>& values, const char* type, int count = -1) {
        const int components = std::strcmp(type, "SCALAR") == 0 ? 1
                               : std::strcmp(type, "VEC2") == 0 ? 2
                               : std::strcmp(type, "VEC3") == 0 ? 3
                               : std::strcmp(type, "VEC4") == 0 ? 4
                                                                : 16;
        const int view = addView(values.data(), values.size() * 4);
        return addAccessor(view, kFloat, type, count >= 0 ? count : int(values.size()) / components);
    }
    int unsignedBytes(const std::vector<std::uint8_t>& values, const char* type, int components) {
        const int view = addView(values.data(), values.size());
        return addAccessor(view, kUnsignedByte, type, int(values.size()) / components);
    }
    int unsignedShorts(const std::vector<std::uint16_t>& values, const char* type, int components) {
        const int view = addView(values.data(), values.size() * 2);
        return addAccessor(view, kUnsignedShort, type, int(values.size()) / components);
    }

    Document build(const char* name = "scene.gltf") {
        Json j = json_;
        j["buffers"] = Json::array({Json{{"byteLength", std::max<std::size_t>(bin_.size(), 4)}}});
        std::vector<std::uint8_t> bin = bin_;
        bin.resize(std::max<std::size_t>(bin.size(), 4));
        return Document::fromParts(j, {bin}, name, LoadMode::Lenient);
    }

private:
    int addView(const void* data, std::size_t bytes) {
        while (bin_.size() % 4) bin_.push_back(0);
        const std::size_t offset = bin_.size();
        bin_.resize(offset + bytes);
        std::memcpy(bin_.data() + offset, data, bytes);
        json_["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", offset}, {"byteLength", bytes}});
        return int(json_["bufferViews"].size()) - 1;
    }
    int addAccessor(int view, int componentType, const char* type, int count) {
        json_["accessors"].push_back(
                {{"bufferView", view}, {"componentType", componentType}, {"type", type}, {"count", count}});
        return int(json_["accessors"].size()) - 1;
    }
    Json json_;
    std::vector<std::uint8_t> bin_;
};

void expectMatrix(const glm::dmat4& m, const std::vector<double>& columnMajor, double tolerance = 1e-12) {
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r)
            EXPECT_NEAR(m[c][r], columnMajor[std::size_t(c * 4 + r)], tolerance) << "column " << c << " row " << r;
}

void expectVec(const glm::vec3& v, double x, double y, double z, double tolerance = 1e-6) {
    EXPECT_NEAR(v.x, x, tolerance);
    EXPECT_NEAR(v.y, y, tolerance);
    EXPECT_NEAR(v.z, z, tolerance);
}

// An animation with one LINEAR (or STEP) sampler on `target`.
void addChannel(Asset& a, const Json& target, const std::vector<float>& times, const std::vector<float>& values,
                const char* type, const char* interpolation = "LINEAR") {
    Json& j = a.json();
    if (!j.contains("animations"))
        j["animations"] = Json::array({Json{{"channels", Json::array()}, {"samplers", Json::array()}}});
    Json& anim = j["animations"][0];
    const int input = a.floats(times, "SCALAR");
    const int output = a.floats(values, type);
    // Inputs need min and max for the loader's checks, as the spec requires.
    j["accessors"][std::size_t(input)]["min"] = {times.front()};
    j["accessors"][std::size_t(input)]["max"] = {times.back()};
    anim["samplers"].push_back({{"input", input}, {"output", output}, {"interpolation", interpolation}});
    anim["channels"].push_back({{"sampler", int(anim["samplers"].size()) - 1}, {"target", target}});
}

// Root -> Arm -> Hand, TRS chosen so that each world matrix is easy to work out by hand.
Asset chain() {
    return Asset(R"({
      "asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}],
      "nodes": [
        {"name": "Root", "translation": [1, 0, 0], "children": [1]},
        {"name": "Arm", "translation": [0, 0, 3], "rotation": [0, 0, 0.70710678118654752, 0.70710678118654752],
         "children": [2]},
        {"name": "Hand", "translation": [0, 2, 0], "scale": [2, 2, 2]}
      ]})");
}

}  // namespace

TEST(Scene, ThreeNodeChainWorldMatrices) {
    Asset a = chain();
    const Document doc = a.build();
    const Scene scene = loadScene(doc);
    ASSERT_TRUE(scene.problems.empty()) << scene.problems.front();
    ASSERT_EQ(scene.nodes.size(), 3u);
    EXPECT_EQ(scene.roots, std::vector<int>{0});
    EXPECT_EQ(scene.nodes[2].parent, 1);
    EXPECT_EQ(scene.nodes[0].children, std::vector<int>{1});
    const Pose pose = restPose(scene);
    // Root: T(1,0,0).
    expectMatrix(pose.world[0], {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1});
    // Arm: T(1,0,0) T(0,0,3) Rz(90°): x -> y, y -> -x.
    expectMatrix(pose.world[1], {0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 3, 1});
    // Hand: Arm * T(0,2,0) S(2): axes Rz(90°) * 2, origin (1,0,3) + Rz(90°)(0,2,0) = (-1,0,3).
    expectMatrix(pose.world[2], {0, 2, 0, 0, -2, 0, 0, 0, 0, 0, 2, 0, -1, 0, 3, 1});
}

TEST(Scene, AnimatedTranslationClampsOutsideItsKeys) {
    Asset a = chain();
    addChannel(a, {{"node", 0}, {"path", "translation"}}, {1, 2}, {1, 0, 0, 3, 0, 0}, "VEC3");
    const Document doc = a.build();
    const Scene scene = loadScene(doc);
    Pose pose;
    // Between the keys: Root at (2,0,0), so Hand's origin is (-1,0,3) + (1,0,0).
    evaluatePose(scene, doc, 0, 1.5, pose);
    EXPECT_DOUBLE_EQ(pose.local[0].translation.x, 2.0);
    expectMatrix(pose.world[2], {0, 2, 0, 0, -2, 0, 0, 0, 0, 0, 2, 0, 0, 0, 3, 1});
    // Before the first key: the first key's value, which is the rest (1,0,0).
    evaluatePose(scene, doc, 0, -4.0, pose);
    expectMatrix(pose.world[2], {0, 2, 0, 0, -2, 0, 0, 0, 0, 0, 2, 0, -1, 0, 3, 1});
    // After the last: (3,0,0), Hand's origin (1,0,3).
    evaluatePose(scene, doc, 0, 9.0, pose);
    expectMatrix(pose.world[2], {0, 2, 0, 0, -2, 0, 0, 0, 0, 0, 2, 0, 1, 0, 3, 1});
    // Untouched nodes keep their rest TRS; the storage is reused.
    EXPECT_DOUBLE_EQ(pose.local[2].scale.y, 2.0);
    EXPECT_EQ(pose.local.size(), 3u);
    // No animation: the rest pose.
    evaluatePose(scene, doc, -1, 1.5, pose);
    EXPECT_DOUBLE_EQ(pose.local[0].translation.x, 1.0);
}

// Two clips on different nodes, and a third on the same node as the first, played side by side
// (engines do): each is held at its own ends, and the later one in the list wins a property both move.
TEST(Scene, AnimationsPlayedSideBySide) {
    Asset a = chain();
    addChannel(a, {{"node", 0}, {"path", "translation"}}, {0, 1}, {1, 0, 0, 3, 0, 0}, "VEC3");
    addChannel(a, {{"node", 2}, {"path", "scale"}}, {0, 4}, {2, 2, 2, 6, 6, 6}, "VEC3");
    addChannel(a, {{"node", 0}, {"path", "translation"}}, {0, 2}, {0, 5, 0, 0, 7, 0}, "VEC3");
    // Move the second and third channels, each with its sampler, into animations of their own.
    Json& animations = a.json()["animations"];
    for (int i : {1, 2}) {
        Json clip{{"channels", Json::array()}, {"samplers", Json::array({animations[0]["samplers"][i]})}};
        Json channel = animations[0]["channels"][i];
        channel["sampler"] = 0;
        clip["channels"].push_back(channel);
        animations.push_back(clip);
    }
    for (const char* key : {"channels", "samplers"}) {
        animations[0][key].erase(2);
        animations[0][key].erase(1);
    }
    const Document doc = a.build();
    ASSERT_EQ(doc.animations().size(), 3u);
    const Scene scene = loadScene(doc);
    Pose pose;
    // t = 3: clip 0 ended at 1 s, held at (3,0,0); clip 1 is 3/4 through: scale 2 + 0.75 * 4 = 5.
    evaluatePose(scene, doc, std::vector<int>{0, 1}, 3.0, pose);
    EXPECT_DOUBLE_EQ(pose.local[0].translation.x, 3.0);
    EXPECT_DOUBLE_EQ(pose.local[2].scale.y, 5.0);
    // Hand's origin: Root (3,0,0) + Arm's (0,0,3) + Rz(90°)(0,2,0) = (1,0,3), its axes Rz(90°) * 5.
    expectMatrix(pose.world[2], {0, 5, 0, 0, -5, 0, 0, 0, 0, 0, 5, 0, 1, 0, 3, 1});
    // t = 0.5: clip 2 also moves Root; listed after clip 0, its (0, 5 + 0.25 * 2, 0) wins over (2,0,0).
    evaluatePose(scene, doc, std::vector<int>{0, 2}, 0.5, pose);
    EXPECT_DOUBLE_EQ(pose.local[0].translation.x, 0.0);
    EXPECT_DOUBLE_EQ(pose.local[0].translation.y, 5.5);
    evaluatePose(scene, doc, std::vector<int>{2, 0}, 0.5, pose);
    EXPECT_DOUBLE_EQ(pose.local[0].translation.x, 2.0);
    EXPECT_DOUBLE_EQ(pose.local[0].translation.y, 0.0);
    // Indices that are no animation are skipped; none at all is the rest pose.
    evaluatePose(scene, doc, std::vector<int>{-1, 7, 1}, 4.0, pose);
    EXPECT_DOUBLE_EQ(pose.local[0].translation.x, 1.0);
    EXPECT_DOUBLE_EQ(pose.local[2].scale.z, 6.0);
    evaluatePose(scene, doc, std::vector<int>{}, 4.0, pose);
    EXPECT_DOUBLE_EQ(pose.local[2].scale.z, 2.0);
}

TEST(Scene, RotationChannelIsNormalized) {
    Asset a = chain();
    // Half-way between identity and Rz(180°) written unnormalized: LINEAR lerps, then normalizes
    // to Rz(90°).
    addChannel(a, {{"node", 2}, {"path", "rotation"}}, {0, 1}, {0, 0, 0, 1, 0, 0, 1, 0}, "VEC4");
    const Document doc = a.build();
    const Scene scene = loadScene(doc);
    Pose pose;
    evaluatePose(scene, doc, 0, 0.5, pose);
    EXPECT_NEAR(pose.local[2].rotation.z, kHalfSqrt2, 1e-7);
    EXPECT_NEAR(pose.local[2].rotation.w, kHalfSqrt2, 1e-7);
    // Hand: Arm * T(0,2,0) Rz(90°) S(2): axes Rz(180°) * 2.
    expectMatrix(pose.world[2], {-2, 0, 0, 0, 0, -2, 0, 0, 0, 0, 2, 0, -1, 0, 3, 1}, 1e-6);
}

TEST(Scene, AnimationPointerTranslationMovesTheNode) {
    Asset a = chain();
    a.json()["extensionsUsed"] = {"KHR_animation_pointer"};
    addChannel(
            a,
            {{"path", "pointer"}, {"extensions", {{"KHR_animation_pointer", {{"pointer", "/nodes/1/translation"}}}}}},
            {0, 1}, {0, 5, 0, 0, 5, 0}, "VEC3");
    const Document doc = a.build();
    ASSERT_TRUE(doc.animations()[0].channels[0].supported);
    // The channel has no target.node; the node it moves is the pointer's.
    EXPECT_EQ(doc.animations()[0].channels[0].node, -1);
    EXPECT_EQ(doc.animations()[0].channels[0].targetNode(), 1);
    const Scene scene = loadScene(doc);
    Pose pose;
    evaluatePose(scene, doc, 0, 0.25, pose);
    // Arm at (1,0,0) + (0,5,0); Hand's origin (1,5,0) + Rz(90°)(0,2,0) = (-1,5,0).
    expectMatrix(pose.world[1], {0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 1, 5, 0, 1});
    expectMatrix(pose.world[2], {0, 2, 0, 0, -2, 0, 0, 0, 0, 0, 2, 0, -1, 5, 0, 1});
}

TEST(Scene, MatrixNodeDecomposes) {
    // T(1,2,3) Rz(90°) S(2,3,4): columns Rz(90°)(2,0,0) = (0,2,0), Rz(90°)(0,3,0) = (-3,0,0), (0,0,4).
    Asset a(R"({"asset": {"version": "2.0"}, "nodes": [
        {"name": "M", "matrix": [0, 2, 0, 0, -3, 0, 0, 0, 0, 0, 4, 0, 1, 2, 3, 1], "children": [1]},
        {"name": "Sheared", "matrix": [1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]}]})");
    const Document doc = a.build();
    const Scene scene = loadScene(doc);
    ASSERT_TRUE(scene.problems.empty()) << scene.problems.front();
    const SceneNode& m = scene.nodes[0];
    EXPECT_TRUE(m.hasMatrix);
    EXPECT_TRUE(m.decomposable);
    EXPECT_NEAR(m.rest.translation.x, 1, 1e-12);
    EXPECT_NEAR(m.rest.translation.y, 2, 1e-12);
    EXPECT_NEAR(m.rest.translation.z, 3, 1e-12);
    EXPECT_NEAR(m.rest.rotation.x, 0, 1e-12);
    EXPECT_NEAR(m.rest.rotation.y, 0, 1e-12);
    EXPECT_NEAR(std::abs(m.rest.rotation.z), kHalfSqrt2, 1e-12);
    EXPECT_NEAR(std::abs(m.rest.rotation.w), kHalfSqrt2, 1e-12);
    EXPECT_GT(m.rest.rotation.z * m.rest.rotation.w, 0);  // +90°, not -90°
    EXPECT_NEAR(m.rest.scale.x, 2, 1e-12);
    EXPECT_NEAR(m.rest.scale.y, 3, 1e-12);
    EXPECT_NEAR(m.rest.scale.z, 4, 1e-12);
    EXPECT_FALSE(scene.nodes[1].decomposable);
    EXPECT_EQ(scene.roots, std::vector<int>{0});  // no scenes: every parentless node
    const Pose pose = restPose(scene);
    expectMatrix(pose.world[0], {0, 2, 0, 0, -3, 0, 0, 0, 0, 0, 4, 0, 1, 2, 3, 1});
    // The sheared child as written under M: M * [x, x+y, z]: columns M(1,0,0), M(1,1,0), M(0,0,1), M's origin.
    expectMatrix(pose.world[1], {0, 2, 0, 0, -3, 2, 0, 0, 0, 0, 4, 0, 1, 2, 3, 1});
}

TEST(Scene, SkinDeformsByJointsAndInverseBindMatrices) {
    Asset a(R"({"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0, 1, 2]}],
      "nodes": [
        {"name": "Body", "mesh": 0, "skin": 0, "translation": [100, 0, 0]},
        {"name": "Upper", "translation": [1, 0, 0]},
        {"name": "Lower", "translation": [0, 1, 0]}],
      "skins": [{"joints": [1, 2]}]})");
    const int positions = a.floats({2, 0, 0, 1, 2, 0, 2, 1, 0}, "VEC3");
    const int normals = a.floats({1, 0, 0, 1, 0, 0, 1, 0, 0}, "VEC3");
    const int joints = a.unsignedBytes({0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0}, "VEC4", 4);
    const int weights = a.floats({1, 0, 0, 0, 1, 0, 0, 0, 0.5f, 0.5f, 0, 0}, "VEC4");
    // Inverse binds: the joints' bind worlds are T(1,0,0) and T(0,1,0).
    const int ibm = a.floats({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -1, 0,  0, 1,  //
                              1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0,  -1, 0, 1},
                             "MAT4");
    a.json()["skins"][0]["inverseBindMatrices"] = ibm;
    a.json()["meshes"] = Json::parse(R"([{"primitives": [{"attributes": {}}]}])");
    a.json()["meshes"][0]["primitives"][0]["attributes"] = {
            {"POSITION", positions}, {"NORMAL", normals}, {"JOINTS_0", joints}, {"WEIGHTS_0", weights}};
    // Upper turns 90° about z (STEP, one key).
    addChannel(a, {{"node", 1}, {"path", "rotation"}}, {0}, {0, 0, float(kHalfSqrt2), float(kHalfSqrt2)}, "VEC4",
               "STEP");
    const Document doc = a.build();
    const Scene scene = loadScene(doc);
    ASSERT_TRUE(scene.problems.empty()) << scene.problems.front();
    ASSERT_EQ(scene.meshes[0].primitives.size(), 1u);
    Pose pose;
    evaluatePose(scene, doc, 0, 0.0, pose);
    // Upper: T(1,0,0) Rz(90°) T(-1,0,0): p -> Rz(90°)p + (1,-1,0). Lower: T(0,1,0) T(0,-1,0) = I.
    const std::vector<glm::mat4> m = jointMatrices(scene, pose, 0);
    ASSERT_EQ(m.size(), 2u);
    expectMatrix(glm::dmat4(m[0]), {0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 1, -1, 0, 1}, 1e-6);
    expectMatrix(glm::dmat4(m[1]), {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, 1e-6);
    DeformedPrimitive out;
    deformPrimitive(scene, pose, 0, scene.meshes[0].primitives[0], out);
    ASSERT_EQ(out.positions.size(), 3u);
    // (2,0,0) on Upper: Rz(90°)(2,0,0) = (0,2,0), + (1,-1,0). The node's T(100,0,0) is ignored.
    expectVec(out.positions[0], 1, 1, 0);
    // (1,2,0) on Lower: unmoved.
    expectVec(out.positions[1], 1, 2, 0);
    // (2,1,0) half each: ((-1,2,0) + (1,-1,0) + (2,1,0)) / 2 = (1,1,0).
    expectVec(out.positions[2], 1, 1, 0);
    // Normals: Rz(90°)(1,0,0) = (0,1,0); unmoved; the blend 0.5 (I + Rz(90°)) is a 45° turn
    // scaled by 1/sqrt 2, whose inverse transpose turns (1,0,0) by 45° too.
    expectVec(out.normals[0], 0, 1, 0);
    expectVec(out.normals[1], 1, 0, 0);
    expectVec(out.normals[2], kHalfSqrt2, kHalfSqrt2, 0);
    glm::dvec3 lo, hi;
    ASSERT_TRUE(sceneBounds(scene, pose, &lo, &hi));
    // Vertices span (1,1,0)-(1,2,0); node origins (100,0,0), (1,0,0), (0,1,0).
    EXPECT_NEAR(lo.x, 0, 1e-6);
    EXPECT_NEAR(lo.y, 0, 1e-6);
    EXPECT_NEAR(hi.x, 100, 1e-6);
    EXPECT_NEAR(hi.y, 2, 1e-6);
}

TEST(Scene, MorphWeightsFromTheMeshTheNodeAndTheAnimation) {
    Asset a(R"({"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0, 1]}],
      "nodes": [{"name": "A", "mesh": 0, "translation": [0, 0, 10]}, {"name": "B", "mesh": 0, "weights": [1, 0]}]})");
    const int base = a.floats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
    const int up = a.floats({0, 0, 1, 0, 0, 1, 0, 0, 1}, "VEC3");
    const int side = a.floats({1, 0, 0, 1, 0, 0, 1, 0, 0}, "VEC3");
    a.json()["meshes"] = Json::array({Json{
            {"weights", {0.25, 0.5}},
            {"primitives",
             Json::array({Json{{"attributes", {{"POSITION", base}}},
                               {"targets", Json::array({Json{{"POSITION", up}}, Json{{"POSITION", side}}})}}})}}});
    addChannel(a, {{"node", 0}, {"path", "weights"}}, {0, 1}, {0, 0, 1, 0.5f}, "SCALAR");
    const Document doc = a.build();
    const Scene scene = loadScene(doc);
    ASSERT_TRUE(scene.problems.empty()) << scene.problems.front();
    EXPECT_EQ(scene.nodes[0].weights, (std::vector<double>{0.25, 0.5}));
    EXPECT_EQ(scene.nodes[1].weights, (std::vector<double>{1, 0}));
    const Pose rest = restPose(scene);
    EXPECT_EQ(rest.weights[0], (std::vector<double>{0.25, 0.5}));
    Pose pose;
    evaluatePose(scene, doc, 0, 0.5, pose);
    EXPECT_EQ(pose.weights[0], (std::vector<double>{0.5, 0.25}));
    EXPECT_EQ(pose.weights[1], (std::vector<double>{1, 0}));
    DeformedPrimitive out;
    deformPrimitive(scene, pose, 0, scene.meshes[0].primitives[0], out);
    // base + 0.5 (0,0,1) + 0.25 (1,0,0), then T(0,0,10).
    expectVec(out.positions[0], 0.25, 0, 10.5);
    expectVec(out.positions[1], 1.25, 0, 10.5);
    expectVec(out.positions[2], 0.25, 1, 10.5);
    deformPrimitive(scene, pose, 1, scene.meshes[0].primitives[0], out);
    expectVec(out.positions[1], 1, 0, 1);
}

// --- hostile data: the primitive (or link) is left out with one sentence, the rest stays ---

namespace {

Asset triangleMesh(int vertices = 8) {
    Asset a(R"({"asset": {"version": "2.0"}, "nodes": [{"mesh": 0}]})");
    std::vector<float> p(std::size_t(vertices) * 3, 0.0f);
    const int positions = a.floats(p, "VEC3");
    a.json()["meshes"] =
            Json::array({Json{{"primitives", Json::array({Json{{"attributes", {{"POSITION", positions}}}},
                                                          Json{{"attributes", {{"POSITION", positions}}}}})}}});
    return a;
}

}  // namespace

TEST(SceneHostile, IndexOutsideTheVertices) {
    Asset a = triangleMesh(8);
    a.json()["meshes"][0]["primitives"][1]["indices"] = a.unsignedBytes({0, 1, 9}, "SCALAR", 1);
    const Scene scene = loadScene(a.build("bad.gltf"));
    EXPECT_EQ(scene.problems,
              std::vector<std::string>{"bad.gltf: /meshes/0/primitives/1/indices: index 9 is outside the 8 vertices."});
    ASSERT_EQ(scene.meshes[0].primitives.size(), 1u);  // the good one stays
    const Pose pose = restPose(scene);
    DeformedPrimitive out;
    deformPrimitive(scene, pose, 0, scene.meshes[0].primitives[0], out);
    EXPECT_EQ(out.positions.size(), 8u);
}

TEST(SceneHostile, AttributeCountsDiffer) {
    Asset a = triangleMesh(3);
    a.json()["meshes"][0]["primitives"][0]["attributes"]["NORMAL"] = a.floats({0, 0, 1, 0, 0, 1}, "VEC3");
    const Scene scene = loadScene(a.build("bad.gltf"));
    EXPECT_EQ(scene.problems, std::vector<std::string>{"bad.gltf: /meshes/0/primitives/0/attributes/NORMAL: has 2 "
                                                       "elements, not the 3 of POSITION."});
    EXPECT_EQ(scene.meshes[0].primitives.size(), 1u);
}

TEST(SceneHostile, AccessorPastItsBuffer) {
    Asset a = triangleMesh(3);
    // 4 VEC3 floats claimed on a 36-byte view.
    const int big = a.floats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3", 4);
    a.json()["meshes"][0]["primitives"][0]["attributes"]["POSITION"] = big;
    const Scene scene = loadScene(a.build("bad.gltf"));
    ASSERT_EQ(scene.problems.size(), 1u);
    EXPECT_EQ(scene.problems[0],
              "bad.gltf: /meshes/0/primitives/0/attributes/POSITION: /accessors/1: accessor (offset 0, 4 elements) "
              "does not fit its bufferView (36 bytes).");
    EXPECT_EQ(scene.meshes[0].primitives.size(), 1u);
}

TEST(SceneHostile, JointsOutsideTheSkin) {
    Asset a(R"({"asset": {"version": "2.0"}, "nodes": [{"mesh": 0, "skin": 0}, {"name": "J0"}, {"name": "J1"}],
               "skins": [{"joints": [1, 2]}]})");
    const int positions = a.floats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
    const int joints = a.unsignedShorts({0, 0, 0, 0, 5, 0, 0, 0, 1, 0, 0, 0}, "VEC4", 4);
    const int weights = a.floats({1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}, "VEC4");
    a.json()["meshes"] = Json::array(
            {Json{{"primitives",
                   Json::array({Json{{"attributes",
                                      {{"POSITION", positions}, {"JOINTS_0", joints}, {"WEIGHTS_0", weights}}}}})}}});
    addChannel(a, {{"node", 1}, {"path", "translation"}}, {0}, {0, 0, 7}, "VEC3");
    const Document doc = a.build("bad.gltf");
    const Scene scene = loadScene(doc);
    EXPECT_EQ(scene.problems,
              std::vector<std::string>{"bad.gltf: /nodes/0: joint 5 of mesh 0's primitive 0 is outside "
                                       "the 2 joints of skin 0; those vertices stay at their bind position."});
    Pose pose;
    evaluatePose(scene, doc, 0, 0.0, pose);
    DeformedPrimitive out;
    deformPrimitive(scene, pose, 0, scene.meshes[0].primitives[0], out);
    expectVec(out.positions[0], 0, 0, 7);  // J0 moved by (0,0,7), identity inverse bind
    expectVec(out.positions[1], 1, 0, 0);  // joint 5: its bind position
    expectVec(out.positions[2], 0, 1, 0);  // J1 unmoved
}

TEST(SceneHostile, ChildrenCycleAndSecondParent) {
    Asset a(R"({"asset": {"version": "2.0"}, "nodes": [
        {"name": "A", "children": [1]}, {"name": "B", "children": [0, 2]}, {"name": "C", "children": [2]},
        {"name": "D", "children": [2]}]})");
    const Scene scene = loadScene(a.build("cycle.gltf"));
    EXPECT_EQ(scene.problems,
              (std::vector<std::string>{
                      "cycle.gltf: /nodes/1/children/0: node 0 is an ancestor of node 1; the cycle's link is left out.",
                      "cycle.gltf: /nodes/2/children/0: a node cannot be its own child; the link is left out.",
                      "cycle.gltf: /nodes/3/children/0: node 2 is already a child of node 1; this second parent is "
                      "ignored."}));
    EXPECT_EQ(scene.nodes[0].parent, -1);
    EXPECT_EQ(scene.nodes[1].parent, 0);
    EXPECT_EQ(scene.nodes[2].parent, 1);
    EXPECT_EQ(scene.nodes[3].parent, -1);
    EXPECT_EQ(scene.roots, (std::vector<int>{0, 3}));
    const Pose pose = restPose(scene);
    EXPECT_EQ(pose.world.size(), 4u);
}
