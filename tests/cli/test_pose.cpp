// `tangent pose`: usage mistakes, the JSON shape on a file written here by hand (world
// matrices worked out on paper), and the Blender fixtures' world matrices against a second
// implementation, three.js's GLTFLoader + AnimationMixer (tests/cli/three_pose.mjs, the npm
// `three` pinned in tools/corpus).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <tuple>

#include "cli_support.h"

using namespace clitest;
using tangent::Json;

namespace {

// Two nodes (a parent at T(1,0,0), a child at T(0,2,0) S(3)) and a matrix node, with a LINEAR
// translation of the parent from (1,0,0) at t=0 to (1,0,4) at t=2.
const char* kSmallGltf = R"({
  "asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0, 2]}],
  "nodes": [
    {"name": "Parent", "translation": [1, 0, 0], "children": [1]},
    {"name": "Child", "translation": [0, 2, 0], "scale": [3, 3, 3]},
    {"name": "Sheared", "matrix": [1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 5, 0, 0, 1]}
  ],
  "animations": [{"name": "Lift", "channels": [{"sampler": 0, "target": {"node": 0, "path": "translation"}}],
                  "samplers": [{"input": 0, "output": 1}]}],
  "accessors": [
    {"bufferView": 0, "componentType": 5126, "count": 2, "type": "SCALAR", "min": [0], "max": [2]},
    {"bufferView": 0, "byteOffset": 8, "componentType": 5126, "count": 2, "type": "VEC3"}
  ],
  "bufferViews": [{"buffer": 0, "byteLength": 32}],
  "buffers": [{"byteLength": 32,
    "uri": "data:application/octet-stream;base64,AAAAAAAAAEAAAIA/AAAAAAAAAAAAAIA/AAAAAAAAgEA="}]
})";

std::string writeSmallFile(const QTemporaryDir& dir) {
    const std::string path = dir.filePath("small.gltf").toStdString();
    writeBytes(path, QByteArray(kSmallGltf));
    return path;
}

std::vector<double> numbers(const Json& array) {
    std::vector<double> out;
    for (const Json& v : array) out.push_back(v.get<double>());
    return out;
}

}  // namespace

TEST(Pose, UsageMistakes) {
    const std::string file = fixture("smooth_trs_1.glb");
    Result r = runTangent({"pose", q(file)});
    EXPECT_EQ(r.status, 64);
    expectOneErrorLine(r, "--times");
    r = runTangent({"pose", q(file), "--times", "0,soon"});
    EXPECT_EQ(r.status, 64);
    expectOneErrorLine(r, "--times 'soon' is not a number.");
    r = runTangent({"pose", "--times", "0"});
    EXPECT_EQ(r.status, 64);
    expectOneErrorLine(r, "FILE");
    r = runTangent({"pose", q(file), "--times", "0", "--animation", "Nope"});
    EXPECT_EQ(r.status, 1);
    expectOneErrorLine(r, file + ": /animations: there is no animation 'Nope' (1 animation, named by index or name).");
    r = runTangent({"pose", q(file), "--times", "0", "--animation", "3"});
    EXPECT_EQ(r.status, 1);
    r = runTangent({"pose", "--help"});
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out.rfind("Usage: tangent pose", 0), 0u) << r.out;
    r = runTangent({"--help"});
    EXPECT_NE(r.out.find("pose"), std::string::npos);
}

TEST(Pose, JsonShapeAndValues) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const std::string file = writeSmallFile(dir);
    // The file itself is valid glTF, as every file a test writes must be.
    expectKhronosValid(file);
    const Result r = runTangent({"pose", q(file), "--animation", "Lift", "--times", "1,-1,3", "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(r.err.empty()) << r.err;
    const Json out = Json::parse(r.out);
    EXPECT_EQ(out["file"], file);
    EXPECT_EQ(out["animation"], 0);
    EXPECT_EQ(out["problems"], Json::array());
    ASSERT_EQ(out["poses"].size(), 3u);
    const Json& at1 = out["poses"][0];
    EXPECT_EQ(at1["t"], 1.0);
    ASSERT_EQ(at1["nodes"].size(), 3u);
    const Json& parent = at1["nodes"][0];
    EXPECT_EQ(parent["index"], 0);
    EXPECT_EQ(parent["name"], "Parent");
    EXPECT_EQ(parent["decomposable"], true);
    // Half-way: (1,0,2).
    EXPECT_EQ(numbers(parent["translation"]), (std::vector<double>{1, 0, 2}));
    EXPECT_EQ(numbers(parent["rotation"]), (std::vector<double>{0, 0, 0, 1}));
    EXPECT_EQ(numbers(parent["scale"]), (std::vector<double>{1, 1, 1}));
    EXPECT_EQ(numbers(parent["world"]), (std::vector<double>{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 2, 1}));
    // Child: T(1,0,2) T(0,2,0) S(3).
    const Json& child = at1["nodes"][1];
    EXPECT_EQ(numbers(child["translation"]), (std::vector<double>{0, 2, 0}));
    EXPECT_EQ(numbers(child["world"]), (std::vector<double>{3, 0, 0, 0, 0, 3, 0, 0, 0, 0, 3, 0, 1, 2, 2, 1}));
    const Json& sheared = at1["nodes"][2];
    EXPECT_EQ(sheared["decomposable"], false);
    EXPECT_TRUE(sheared["translation"].is_null());
    EXPECT_EQ(numbers(sheared["world"]), (std::vector<double>{1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 5, 0, 0, 1}));
    // Clamped before and after the keys.
    EXPECT_EQ(numbers(out["poses"][1]["nodes"][1]["world"]),
              (std::vector<double>{3, 0, 0, 0, 0, 3, 0, 0, 0, 0, 3, 0, 1, 2, 0, 1}));
    EXPECT_EQ(numbers(out["poses"][2]["nodes"][1]["world"]),
              (std::vector<double>{3, 0, 0, 0, 0, 3, 0, 0, 0, 0, 3, 0, 1, 2, 4, 1}));

    // Text: a table per time, the shear said in words.
    const Result text = runTangent({"pose", q(file), "--times", "1"});
    ASSERT_EQ(text.status, 0) << text.err;
    EXPECT_NE(text.out.find("t 1\n"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("Parent"), std::string::npos);
    EXPECT_NE(text.out.find("T 1 0 2  R 0 0 0 1  S 1 1 1"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("no TRS decomposition"), std::string::npos) << text.out;
}

TEST(Pose, ProblemsGoToStderrAndJson) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    Json j = Json::parse(kSmallGltf);
    j["nodes"][1]["children"] = {0};  // a cycle: Parent -> Child -> Parent
    const std::string file = dir.filePath("cycle.gltf").toStdString();
    writeBytes(file, QByteArray::fromStdString(j.dump()));
    const std::string sentence =
            file + ": /nodes/1/children/0: node 0 is an ancestor of node 1; the cycle's link is left out.";
    Result r = runTangent({"pose", q(file), "--times", "0"});
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.err, sentence + "\n");
    r = runTangent({"pose", q(file), "--times", "0", "--json"});
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(Json::parse(r.out)["problems"], Json::array({sentence}));
}

// ------------------------------------------------------------- against three.js

namespace {

struct Poses {
    std::vector<double> times;
    std::vector<std::map<int, std::vector<double>>> worlds;  // per time: node index -> world
};

Poses parsePoses(const Json& out) {
    Poses p;
    for (const Json& pose : out["poses"]) {
        p.times.push_back(pose["t"].get<double>());
        std::map<int, std::vector<double>> worlds;
        for (const Json& node : pose["nodes"]) worlds[node["index"].get<int>()] = numbers(node["world"]);
        p.worlds.push_back(std::move(worlds));
    }
    return p;
}

QString timesArgument(const std::vector<double>& times) {
    QStringList parts;
    for (double t : times) parts << QString::number(t, 'g', 17);
    return parts.join(',');
}

// Before the range, at the first key, between keys, at interior keys, at the last key, after.
std::vector<double> interestingTimes(const tangent::Document& doc, int animation) {
    std::set<double> keys;
    for (const tangent::Channel& ch : doc.animations()[std::size_t(animation)].channels)
        if (ch.supported) keys.insert(ch.track.times.begin(), ch.track.times.end());
    const std::vector<double> sorted(keys.begin(), keys.end());
    std::vector<double> times = {sorted.front() - 0.5, sorted.back() + 1.0};
    const std::size_t step = std::max<std::size_t>(1, sorted.size() / 6);
    for (std::size_t k = 0; k < sorted.size(); k += step) {
        times.push_back(sorted[k]);
        if (k + 1 < sorted.size()) times.push_back(sorted[k] + (sorted[k + 1] - sorted[k]) * 0.37);
    }
    times.push_back(sorted.back());
    return times;
}

}  // namespace

TEST(Pose, WorldMatricesMatchThreeJsAnimationMixer) {
    const char* files[] = {"smooth_trs_1.glb", "broken_trs_1.glb", "morph_weights_1.glb", "multi_object_1.glb"};
    for (const char* name : files) {
        SCOPED_TRACE(name);
        const std::string file = fixture(name);
        const tangent::Document doc = tangent::Document::load(file, tangent::LoadMode::Lenient);
        for (int a = 0; a < int(doc.animations().size()); ++a) {
            const std::vector<double> times = interestingTimes(doc, a);
            QProcess node;
            node.start("node",
                       {QString::fromUtf8(TANGENT_THREE_POSE), q(file), QString::number(a), timesArgument(times)});
            if (!node.waitForStarted(30000))
                FAIL() << "node (Node.js) could not be started: it is needed to compare with three.js ("
                       << node.errorString().toStdString() << ")";
            ASSERT_TRUE(node.waitForFinished(120000)) << "three_pose.mjs did not finish";
            ASSERT_EQ(node.exitCode(), 0) << "three_pose.mjs failed (is npm `three` installed in tools/corpus? run "
                                             "npm ci there):\n"
                                          << node.readAllStandardError().toStdString();
            const Poses three = parsePoses(Json::parse(node.readAllStandardOutput().toStdString()));
            const Result r = runTangent(
                    {"pose", q(file), "--animation", QString::number(a), "--times", timesArgument(times), "--json"});
            ASSERT_EQ(r.status, 0) << r.err;
            const Poses ours = parsePoses(Json::parse(r.out));
            ASSERT_EQ(ours.times.size(), times.size());
            ASSERT_EQ(three.times.size(), times.size());
            for (std::size_t i = 0; i < times.size(); ++i) {
                ASSERT_FALSE(three.worlds[i].empty());
                for (const auto& [index, expected] : three.worlds[i]) {
                    ASSERT_TRUE(ours.worlds[i].count(index)) << "node " << index;
                    const std::vector<double>& got = ours.worlds[i].at(index);
                    ASSERT_EQ(got.size(), 16u);
                    for (int e = 0; e < 16; ++e) {
                        const double tolerance = 1e-5 * std::max(1.0, std::abs(expected[std::size_t(e)]));
                        EXPECT_NEAR(got[std::size_t(e)], expected[std::size_t(e)], tolerance)
                                << "animation " << a << ", t " << times[i] << ", node " << index << ", element " << e;
                    }
                }
            }
        }
    }
}

// ------------------------------------------------- skins and morph targets against three.js

namespace {

// node SCRIPT ARGS... -> stdout, failing the test (never skipping) when node cannot run it.
Json runNodeJson(const QString& script, const QStringList& arguments, const char* what) {
    QProcess node;
    node.start("node", QStringList{script} + arguments);
    if (!node.waitForStarted(30000)) {
        ADD_FAILURE() << "node (Node.js) could not be started: it is needed for " << what << " ("
                      << node.errorString().toStdString() << ")";
        return Json();
    }
    if (!node.waitForFinished(120000)) {
        node.kill();
        ADD_FAILURE() << what << " did not finish";
        return Json();
    }
    if (node.exitStatus() != QProcess::NormalExit || node.exitCode() != 0) {
        ADD_FAILURE() << what << " failed (are the npm tools installed in tools/corpus? run npm ci there):\n"
                      << node.readAllStandardError().toStdString();
        return Json();
    }
    const std::string out = node.readAllStandardOutput().toStdString();
    return out.empty() ? Json::object() : Json::parse(out);
}

// (node, mesh, primitive) -> positions, per pose.
using Key = std::tuple<int, int, int>;
std::vector<std::map<Key, std::vector<std::vector<double>>>> parseMeshes(const Json& out) {
    std::vector<std::map<Key, std::vector<std::vector<double>>>> all;
    for (const Json& pose : out["poses"]) {
        std::map<Key, std::vector<std::vector<double>>> meshes;
        for (const Json& m : pose["meshes"]) {
            std::vector<std::vector<double>> positions;
            for (const Json& p : m["positions"]) positions.push_back(numbers(p));
            meshes[{m["node"].get<int>(), m["mesh"].get<int>(), m["primitive"].get<int>()}] = std::move(positions);
        }
        all.push_back(std::move(meshes));
    }
    return all;
}

}  // namespace

// Files glTF-Transform writes at test time (tests/cli/make_rigs.mjs): a skinned 4-joint chain
// under a transformed parent, drawn by a transformed mesh node (ignored, as the spec says), its
// mesh also morphed (a weights channel: morph targets first, then the skin), and a
// two-primitive mesh with 2 morph targets under a transformed parent; LINEAR and CUBICSPLINE
// animations of each; both again through glTF-Transform's quantize() (KHR_mesh_quantization).
// Every world matrix and every deformed vertex position, at times before, at, between and after
// the keys, against three.js's GLTFLoader + AnimationMixer + Mesh.getVertexPosition
// (three_pose.mjs --vertices explains how three's bind matrices map to the spec's formula).
TEST(Pose, SkinnedAndMorphedVerticesMatchThreeJs) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    runNodeJson(QString::fromUtf8(TANGENT_MAKE_RIGS), {dir.path()}, "make_rigs.mjs (glTF-Transform)");
    ASSERT_FALSE(HasFailure());
    // The quantized files take their node layout from quantize(): compare each by its own indices.
    for (const char* name : {"rig.glb", "rig_quantized.glb", "morph.glb", "morph_quantized.glb"}) {
        SCOPED_TRACE(name);
        const std::string file = dir.filePath(name).toStdString();
        expectKhronosValid(file);
        const tangent::Document doc = tangent::Document::load(file, tangent::LoadMode::Lenient);
        ASSERT_EQ(doc.animations().size(), 2u);
        double largestWorld = 0, largestVertex = 0, largestMotion = 0;
        std::size_t vertices = 0;
        for (int a = 0; a < 2; ++a) {
            const std::vector<double> times = interestingTimes(doc, a);
            const Json threeJson = runNodeJson(QString::fromUtf8(TANGENT_THREE_POSE),
                                               {q(file), QString::number(a), timesArgument(times), "--vertices"},
                                               "three_pose.mjs (three.js)");
            ASSERT_FALSE(HasFailure());
            const Result r = runTangent({"pose", q(file), "--animation", QString::number(a), "--times",
                                         timesArgument(times), "--vertices", "--json"});
            ASSERT_EQ(r.status, 0) << r.err;
            const Json oursJson = Json::parse(r.out);
            EXPECT_EQ(oursJson["problems"], Json::array());
            const Poses three = parsePoses(threeJson), ours = parsePoses(oursJson);
            const auto threeMeshes = parseMeshes(threeJson), ourMeshes = parseMeshes(oursJson);
            ASSERT_EQ(three.times.size(), times.size());
            ASSERT_EQ(ours.times.size(), times.size());
            for (std::size_t i = 0; i < times.size(); ++i) {
                SCOPED_TRACE("animation " + std::to_string(a) + ", t " + std::to_string(times[i]));
                ASSERT_EQ(three.worlds[i].size(), ours.worlds[i].size());
                for (const auto& [index, expected] : three.worlds[i]) {
                    ASSERT_TRUE(ours.worlds[i].count(index)) << "node " << index;
                    const std::vector<double>& got = ours.worlds[i].at(index);
                    ASSERT_EQ(got.size(), 16u);
                    for (std::size_t e = 0; e < 16; ++e) {
                        largestWorld = std::max(largestWorld, std::abs(got[e] - expected[e]));
                        EXPECT_NEAR(got[e], expected[e], 1e-5 * std::max(1.0, std::abs(expected[e])))
                                << "node " << index << ", element " << e;
                    }
                }
                // Every primitive of every mesh node, both ways.
                // Two primitives in each file; the morph files draw their mesh twice.
                ASSERT_EQ(threeMeshes[i].size(), std::string(name).rfind("rig", 0) == 0 ? 2u : 4u);
                ASSERT_EQ(ourMeshes[i].size(), threeMeshes[i].size());
                for (const auto& [key, expected] : threeMeshes[i]) {
                    const auto& [node, mesh, primitive] = key;
                    ASSERT_TRUE(ourMeshes[i].count(key))
                            << "node " << node << " mesh " << mesh << " primitive " << primitive;
                    const auto& got = ourMeshes[i].at(key);
                    const auto& rest = ourMeshes[0].at(key);  // t before the keys: the first key's pose
                    ASSERT_EQ(got.size(), expected.size());
                    for (std::size_t v = 0; v < expected.size(); ++v) {
                        ++vertices;
                        for (std::size_t c = 0; c < 3; ++c) {
                            largestVertex = std::max(largestVertex, std::abs(got[v][c] - expected[v][c]));
                            largestMotion = std::max(largestMotion, std::abs(got[v][c] - rest[v][c]));
                            EXPECT_NEAR(got[v][c], expected[v][c], 1e-5 * std::max(1.0, std::abs(expected[v][c])))
                                    << "node " << node << " primitive " << primitive << ", vertex " << v << ", axis "
                                    << c;
                        }
                    }
                }
            }
        }
        if (std::string(name) == "rig.glb") {
            // Text: a heading per primitive, then one line per vertex.
            const Result text = runTangent({"pose", q(file), "--times", "1", "--vertices"});
            ASSERT_EQ(text.status, 0) << text.err;
            EXPECT_NE(text.out.find("  node 5 mesh 0 primitive 1: 24 vertices in world space\n    0  "),
                      std::string::npos)
                    << text.out;
        }
        // The animations really deform the meshes (a comparison of still meshes would prove little).
        EXPECT_GT(largestMotion, 0.2);
        std::printf(
                "%s: %zu vertex positions, largest difference from three.js %.3g (world matrices %.3g), "
                "largest motion %.3g\n",
                name, vertices, largestVertex, largestWorld, largestMotion);
    }
}
