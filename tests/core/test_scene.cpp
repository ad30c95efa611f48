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

// ------------------------------------------------------------------------------------------
// What KHR_animation_pointer plays besides a node's TRS: materials, visibility, lights.

namespace {

Json pointerTarget(const std::string& pointer) {
    return {{"path", "pointer"}, {"extensions", {{"KHR_animation_pointer", {{"pointer", pointer}}}}}};
}

// Parent (hidden by animation) -> Child, a Lamp with light 0, a material with a base colour
// texture and every extension the preview plays, and a plain material of defaults.
Asset pointerScene() {
    return Asset(R"({
      "asset": {"version": "2.0"},
      "extensionsUsed": ["KHR_animation_pointer", "KHR_lights_punctual", "KHR_materials_emissive_strength",
                         "KHR_texture_transform", "KHR_node_visibility"],
      "scene": 0, "scenes": [{"nodes": [0, 2]}],
      "nodes": [
        {"name": "Parent", "children": [1], "extensions": {"KHR_node_visibility": {"visible": true}}},
        {"name": "Child"},
        {"name": "Lamp", "extensions": {"KHR_lights_punctual": {"light": 0}}}
      ],
      "materials": [
        {"name": "Paint", "emissiveFactor": [0.5, 0.25, 0],
         "pbrMetallicRoughness": {"baseColorFactor": [1, 0, 0, 1], "baseColorTexture": {"index": 0, "texCoord": 0,
           "extensions": {"KHR_texture_transform": {"offset": [0.1, 0.2], "rotation": 0.3, "scale": [2, 3],
                                                    "texCoord": 1}}}},
         "extensions": {"KHR_materials_emissive_strength": {"emissiveStrength": 2}}},
        {"name": "Plain"}
      ],
      "textures": [{"source": 0}],
      "images": [{"uri": "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="}],
      "extensions": {"KHR_lights_punctual": {"lights": [
        {"name": "Key", "type": "spot", "color": [1, 0.5, 0.25], "intensity": 40, "spot": {}},
        {"type": "directional"}
      ]}}
    })");
}

// A STEP channel whose output is unsigned bytes (a bool target's accessor).
void addByteChannel(Asset& a, const Json& target, const std::vector<float>& times,
                    const std::vector<std::uint8_t>& values) {
    addChannel(a, target, times, std::vector<float>(values.size()), "SCALAR", "STEP");
    Json& anim = a.json()["animations"][0];
    anim["samplers"].back()["output"] = a.unsignedBytes(values, "SCALAR", 1);
}

}  // namespace

TEST(ScenePointer, MaterialsNodesAndLightsAreRead) {
    Asset a = pointerScene();
    const Scene scene = loadScene(a.build());
    ASSERT_TRUE(scene.problems.empty()) << scene.problems.front();
    ASSERT_EQ(scene.materials.size(), 2u);
    const SceneMaterial& paint = scene.materials[0];
    EXPECT_EQ(paint.emissiveFactor, glm::dvec3(0.5, 0.25, 0));
    EXPECT_EQ(paint.emissiveStrength, 2.0);
    EXPECT_EQ(paint.baseColorTransform.offset, glm::dvec2(0.1, 0.2));
    EXPECT_EQ(paint.baseColorTransform.rotation, 0.3);
    EXPECT_EQ(paint.baseColorTransform.scale, glm::dvec2(2, 3));
    EXPECT_EQ(paint.baseColorTexCoord, 1);  // the transform's texCoord overrides the textureInfo's 0
    const SceneMaterial& plain = scene.materials[1];
    EXPECT_EQ(plain.emissiveFactor, glm::dvec3(0.0));
    EXPECT_EQ(plain.emissiveStrength, 1.0);
    EXPECT_EQ(plain.baseColorTransform.offset, glm::dvec2(0.0));
    EXPECT_EQ(plain.baseColorTransform.rotation, 0.0);
    EXPECT_EQ(plain.baseColorTransform.scale, glm::dvec2(1.0));
    ASSERT_EQ(scene.lights.size(), 2u);
    EXPECT_EQ(scene.lights[0].name, "Key");
    EXPECT_EQ(scene.lights[0].type, SceneLight::Type::Spot);
    EXPECT_EQ(scene.lights[0].color, glm::dvec3(1, 0.5, 0.25));
    EXPECT_EQ(scene.lights[0].intensity, 40.0);
    EXPECT_EQ(scene.lights[1].type, SceneLight::Type::Directional);
    EXPECT_EQ(scene.lights[1].color, glm::dvec3(1.0));
    EXPECT_EQ(scene.lights[1].intensity, 1.0);
    EXPECT_TRUE(scene.nodes[0].visible);
    EXPECT_TRUE(scene.nodes[1].visible);
    EXPECT_EQ(scene.nodes[0].light, -1);
    EXPECT_EQ(scene.nodes[2].light, 0);

    const Pose rest = restPose(scene);
    ASSERT_EQ(rest.materials.size(), 2u);
    EXPECT_EQ(rest.materials[0].baseColorFactor, glm::dvec4(1, 0, 0, 1));
    EXPECT_EQ(rest.materials[0].emission(), glm::dvec3(1, 0.5, 0));
    ASSERT_EQ(rest.lights.size(), 2u);
    EXPECT_EQ(rest.lights[0].intensity, 40.0);
    EXPECT_TRUE(nodeShown(rest, 0) && nodeShown(rest, 1) && nodeShown(rest, 2));
    EXPECT_FALSE(nodeShown(rest, 3));
    EXPECT_FALSE(nodeShown(rest, -1));
}

// The spec's example: offset [0, 1], rotation 90°, scale 0.5 uses the image's lower-left
// quadrant (u in [0, 0.5], v in [0.5, 1], v down), turned: u' = 0.5 v, v' = 1 - 0.5 u.
TEST(ScenePointer, TextureTransformIsTheExtensionsMatrix) {
    TextureTransform t;
    t.offset = {0, 1};
    t.rotation = 1.5707963267948966;
    t.scale = {0.5, 0.5};
    const std::pair<glm::dvec2, glm::dvec2> corners[] = {
            {{0, 0}, {0, 1}}, {{1, 0}, {0, 0.5}}, {{0, 1}, {0.5, 1}}, {{1, 1}, {0.5, 0.5}}};
    for (const auto& [uv, expected] : corners) {
        const glm::dvec2 seen = t.apply(uv);
        EXPECT_NEAR(seen.x, expected.x, 1e-12) << uv.x << " " << uv.y;
        EXPECT_NEAR(seen.y, expected.y, 1e-12) << uv.x << " " << uv.y;
    }
    // Rotation alone, 30°: (1, 0) -> (cos, -sin), (0, 1) -> (sin, cos); then scale before it.
    TextureTransform r;
    r.rotation = 0.5235987755982988;
    r.scale = {2, 4};
    r.offset = {0.25, -0.5};
    const glm::dvec2 u = r.apply({1, 0}), v = r.apply({0, 1});
    EXPECT_NEAR(u.x, 0.25 + 2 * 0.8660254037844386, 1e-12);
    EXPECT_NEAR(u.y, -0.5 - 2 * 0.5, 1e-12);
    EXPECT_NEAR(v.x, 0.25 + 4 * 0.5, 1e-12);
    EXPECT_NEAR(v.y, -0.5 + 4 * 0.8660254037844386, 1e-12);
}

TEST(ScenePointer, PointerChannelsPlayMaterialsVisibilityAndLights) {
    Asset a = pointerScene();
    addChannel(a, pointerTarget("/materials/0/pbrMetallicRoughness/baseColorFactor"), {0, 2},
               {1, 0, 0, 1, 0, 0, 1, 0.5f}, "VEC4");
    addChannel(a, pointerTarget("/materials/0/emissiveFactor"), {0, 1}, {0, 0, 0, 1, 0.5f, 0.25f}, "VEC3");
    addChannel(a, pointerTarget("/materials/0/extensions/KHR_materials_emissive_strength/emissiveStrength"), {0, 1},
               {1, 3}, "SCALAR");
    const std::string transform =
            "/materials/0/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/";
    addChannel(a, pointerTarget(transform + "offset"), {0, 1}, {0, 0, 0.5f, -1}, "VEC2");
    addChannel(a, pointerTarget(transform + "rotation"), {0, 1}, {0, 1.5f}, "SCALAR");
    addChannel(a, pointerTarget(transform + "scale"), {0, 1}, {1, 1, 3, 5}, "VEC2");
    addByteChannel(a, pointerTarget("/nodes/0/extensions/KHR_node_visibility/visible"), {0, 1, 2}, {1, 0, 1});
    addChannel(a, pointerTarget("/extensions/KHR_lights_punctual/lights/0/color"), {0, 1}, {1, 1, 1, 0, 0.5f, 1},
               "VEC3");
    addChannel(a, pointerTarget("/extensions/KHR_lights_punctual/lights/0/intensity"), {0, 4}, {0, 100}, "SCALAR");
    const Document doc = a.build();
    for (const Channel& ch : doc.animations()[0].channels) ASSERT_TRUE(ch.supported) << ch.targetPointer;
    const Scene scene = loadScene(doc);
    ASSERT_TRUE(scene.problems.empty()) << scene.problems.front();

    Pose pose;
    // t = 0.5: a quarter of the way along baseColorFactor's two seconds, half along the others'
    // one second, an eighth along intensity's four.
    evaluatePose(scene, doc, 0, 0.5, pose);
    const MaterialPose& m = pose.materials[0];
    EXPECT_NEAR(m.baseColorFactor.r, 0.75, 1e-6);
    EXPECT_NEAR(m.baseColorFactor.g, 0.0, 1e-6);
    EXPECT_NEAR(m.baseColorFactor.b, 0.25, 1e-6);
    EXPECT_NEAR(m.baseColorFactor.a, 0.875, 1e-6);
    EXPECT_NEAR(m.emissiveFactor.r, 0.5, 1e-6);
    EXPECT_NEAR(m.emissiveFactor.g, 0.25, 1e-6);
    EXPECT_NEAR(m.emissiveFactor.b, 0.125, 1e-6);
    EXPECT_NEAR(m.emissiveStrength, 2.0, 1e-6);
    EXPECT_NEAR(m.emission().r, 1.0, 1e-6);  // (0.5, 0.25, 0.125) x 2
    EXPECT_NEAR(m.emission().g, 0.5, 1e-6);
    EXPECT_NEAR(m.emission().b, 0.25, 1e-6);
    EXPECT_NEAR(m.baseColorTransform.offset.x, 0.25, 1e-6);
    EXPECT_NEAR(m.baseColorTransform.offset.y, -0.5, 1e-6);
    EXPECT_NEAR(m.baseColorTransform.rotation, 0.75, 1e-6);
    EXPECT_NEAR(m.baseColorTransform.scale.x, 2.0, 1e-6);
    EXPECT_NEAR(m.baseColorTransform.scale.y, 3.0, 1e-6);
    EXPECT_NEAR(pose.lights[0].color.r, 0.5, 1e-6);
    EXPECT_NEAR(pose.lights[0].color.g, 0.75, 1e-6);
    EXPECT_NEAR(pose.lights[0].color.b, 1.0, 1e-6);
    EXPECT_NEAR(pose.lights[0].intensity, 12.5, 1e-5);
    EXPECT_EQ(pose.lights[1].intensity, 1.0);  // not animated: the file's
    EXPECT_EQ(pose.materials[1].baseColorFactor, glm::dvec4(1.0));
    EXPECT_TRUE(pose.visible[0]);
    EXPECT_TRUE(nodeShown(pose, 0));
    EXPECT_TRUE(nodeShown(pose, 1));

    // t = 1.5: the STEP key at 1 hides Parent, and Child with it (its own value stays true).
    evaluatePose(scene, doc, 0, 1.5, pose);
    EXPECT_FALSE(pose.visible[0]);
    EXPECT_TRUE(pose.visible[1]);
    EXPECT_FALSE(nodeShown(pose, 0));
    EXPECT_FALSE(nodeShown(pose, 1));
    EXPECT_TRUE(nodeShown(pose, 2));  // Lamp is not under Parent
    EXPECT_NEAR(pose.materials[0].baseColorFactor.r, 0.25, 1e-6);
    EXPECT_NEAR(pose.materials[0].baseColorFactor.b, 0.75, 1e-6);
    EXPECT_NEAR(pose.materials[0].emissiveStrength, 3.0, 1e-6);  // held after the last key
    EXPECT_NEAR(pose.lights[0].intensity, 37.5, 1e-5);

    // t = 2.5: shown again (the last key); before the first key the first values hold.
    evaluatePose(scene, doc, 0, 2.5, pose);
    EXPECT_TRUE(nodeShown(pose, 1));
    EXPECT_NEAR(pose.materials[0].baseColorFactor.b, 1.0, 1e-6);
    EXPECT_NEAR(pose.materials[0].baseColorFactor.a, 0.5, 1e-6);
    evaluatePose(scene, doc, 0, -1.0, pose);
    EXPECT_NEAR(pose.materials[0].baseColorFactor.r, 1.0, 1e-6);
    EXPECT_NEAR(pose.materials[0].baseColorTransform.scale.y, 1.0, 1e-6);
    EXPECT_NEAR(pose.lights[0].intensity, 0.0, 1e-6);

    // The rest pose (animation -1) is the file's, whatever was played before into the same pose.
    evaluatePose(scene, doc, -1, 0.5, pose);
    EXPECT_EQ(pose.materials[0].baseColorFactor, glm::dvec4(1, 0, 0, 1));
    EXPECT_EQ(pose.materials[0].baseColorTransform.rotation, 0.3);
    EXPECT_EQ(pose.lights[0].intensity, 40.0);
    EXPECT_TRUE(nodeShown(pose, 1));
}

TEST(ScenePointer, ChannelsOutsideTheSceneOrOfAnotherCountAreIgnored) {
    Asset a = pointerScene();
    // Objects the file does not have: the loader keeps such channels (their curves can be fixed).
    addChannel(a, pointerTarget("/materials/7/emissiveFactor"), {0, 1}, {1, 1, 1, 1, 1, 1}, "VEC3");
    addChannel(a, pointerTarget("/extensions/KHR_lights_punctual/lights/5/intensity"), {0, 1}, {9, 9}, "SCALAR");
    addByteChannel(a, pointerTarget("/nodes/9/extensions/KHR_node_visibility/visible"), {0, 1}, {0, 0});
    // A wrong output type: the loader does not play it.
    addChannel(a, pointerTarget("/materials/0/pbrMetallicRoughness/baseColorFactor"), {0, 1}, {0, 1, 0, 0, 1, 0},
               "VEC3");
    // A good channel whose track is then given another component count (as an edit might).
    addChannel(a, pointerTarget("/materials/0/emissiveFactor"), {0, 1}, {1, 1, 1, 1, 1, 1}, "VEC3");
    // A property the preview does not play.
    addChannel(a, pointerTarget("/materials/0/pbrMetallicRoughness/metallicFactor"), {0, 1}, {0, 1}, "SCALAR");
    Document doc = a.build();
    const auto& channels = doc.animations()[0].channels;
    EXPECT_TRUE(channels[0].supported);
    EXPECT_TRUE(channels[1].supported);
    EXPECT_TRUE(channels[2].supported);
    EXPECT_FALSE(channels[3].supported);
    ASSERT_TRUE(channels[4].supported);
    EXPECT_TRUE(channels[5].supported);
    doc.animations()[0].channels[4].track.components = 2;
    const Scene scene = loadScene(doc);
    Pose pose;
    evaluatePose(scene, doc, 0, 0.5, pose);
    EXPECT_EQ(pose.materials.size(), 2u);
    EXPECT_EQ(pose.lights.size(), 2u);
    EXPECT_EQ(pose.visible.size(), 3u);
    EXPECT_EQ(pose.materials[0].baseColorFactor, glm::dvec4(1, 0, 0, 1));
    EXPECT_EQ(pose.materials[0].emissiveFactor, glm::dvec3(0.5, 0.25, 0));
    EXPECT_EQ(pose.lights[0].intensity, 40.0);
    EXPECT_EQ(pose.lights[1].intensity, 1.0);
    EXPECT_TRUE(nodeShown(pose, 0) && nodeShown(pose, 1) && nodeShown(pose, 2));
}

TEST(SceneHostile, BadMaterialLightAndVisibilityValues) {
    Asset a(R"({
      "asset": {"version": "2.0"},
      "nodes": [
        {"name": "A", "extensions": {"KHR_node_visibility": {"visible": 0}, "KHR_lights_punctual": {"light": 3}}}
      ],
      "materials": [
        {"emissiveFactor": [1, 1], "extensions": {"KHR_materials_emissive_strength": {"emissiveStrength": -1}},
         "pbrMetallicRoughness": {"baseColorTexture": {"index": 0,
           "extensions": {"KHR_texture_transform": {"offset": [1], "rotation": "a", "scale": 2, "texCoord": -1}}}}}
      ],
      "textures": [{"source": 0}],
      "images": [{"uri": "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="}],
      "extensions": {"KHR_lights_punctual": {"lights": [{"type": "area", "color": [2, "x", 1], "intensity": -3}]}}
    })");
    const Scene scene = loadScene(a.build("bad.gltf"));
    EXPECT_EQ(scene.problems,
              (std::vector<std::string>{
                      "bad.gltf: /extensions/KHR_lights_punctual/lights/0/type: must be \"directional\", \"point\" or "
                      "\"spot\"; it is shown as a point light.",
                      "bad.gltf: /extensions/KHR_lights_punctual/lights/0/color: must be three numbers; white is used.",
                      "bad.gltf: /extensions/KHR_lights_punctual/lights/0/intensity: must be a number of at least 0; 1 "
                      "is used.",
                      "bad.gltf: /materials/0/emissiveFactor: must be three numbers; black is used.",
                      "bad.gltf: /materials/0/extensions/KHR_materials_emissive_strength/emissiveStrength: must be a "
                      "number of at least 0; 1 is used.",
                      "bad.gltf: /materials/0/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/"
                      "offset: must be two numbers; 0 0 is used.",
                      "bad.gltf: /materials/0/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/"
                      "scale: must be two numbers; 1 1 is used.",
                      "bad.gltf: /materials/0/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/"
                      "rotation: must be a number; 0 is used.",
                      "bad.gltf: /materials/0/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/"
                      "texCoord: must be a texture coordinate set from 0 to 63; it is ignored.",
                      "bad.gltf: /nodes/0/extensions/KHR_node_visibility/visible: must be true or false; the node is "
                      "shown.",
                      "bad.gltf: /nodes/0/extensions/KHR_lights_punctual/light: does not name a light of the file."}));
    ASSERT_EQ(scene.lights.size(), 1u);
    EXPECT_EQ(scene.lights[0].type, SceneLight::Type::Point);
    EXPECT_EQ(scene.lights[0].color, glm::dvec3(1.0));
    EXPECT_EQ(scene.lights[0].intensity, 1.0);
    const SceneMaterial& m = scene.materials[0];
    EXPECT_EQ(m.emissiveFactor, glm::dvec3(0.0));
    EXPECT_EQ(m.emissiveStrength, 1.0);
    EXPECT_EQ(m.baseColorTransform.offset, glm::dvec2(0.0));
    EXPECT_EQ(m.baseColorTransform.scale, glm::dvec2(1.0));
    EXPECT_EQ(m.baseColorTransform.rotation, 0.0);
    EXPECT_EQ(m.baseColorTexCoord, 0);
    EXPECT_TRUE(scene.nodes[0].visible);
    EXPECT_EQ(scene.nodes[0].light, -1);
    const Pose pose = restPose(scene);
    EXPECT_TRUE(nodeShown(pose, 0));
}
