// `tangent diff` as a gate: it never passes when it compared nothing. Channels one file lacks
// are compared with that file's rest value; a file whose node names are missing pairs by node
// index; an input whose buffer cannot be read exits 2. On crafted files and on what gltfpack and
// glTF-Transform write at test time; the weights difference is checked against an evaluation
// written here, from the files' bytes.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>

#include <nlohmann/json.hpp>

#include "cli_support.h"

using namespace clitest;
using nlohmann::json;
using tangent::DocumentBuilder;
using tangent::Interpolation;
using tangent::TargetPath;
using tangent::Track;

namespace {

struct Workspace {
    QTemporaryDir dir;
    std::string path(const std::string& name) const { return dir.filePath(q(name)).toStdString(); }
    std::string save(const tangent::Document& doc, const std::string& name) const {
        tangent::save(doc, path(name));
        expectKhronosValid(path(name));
        return path(name);
    }
    std::string write(const std::string& name, const json& gltf) const {
        writeBytes(path(name), QByteArray::fromStdString(gltf.dump(1)));
        expectKhronosValid(path(name));
        return path(name);
    }
};

void gltfpack(const std::string& in, const std::string& out) {
    const Result r = runProgram("gltfpack", {"-i", q(in), "-o", q(out)});
    ASSERT_EQ(r.status, 0) << "gltfpack:\n" << r.out << r.err;
    expectKhronosValid(out);
}

// ------------------------------------------------------------- a .glb read here, not by Tangent

// An accessor's values as numbers: floats as they are, normalized integers decoded as the spec
// says (c / 255, c / 65535, max(c / 127, -1), max(c / 32767, -1)). Tightly packed views only.
std::vector<double> accessorValues(const Glb& glb, int index) {
    const json& a = glb.root["accessors"][index];
    const json& view = glb.root["bufferViews"][a["bufferView"].get<int>()];
    EXPECT_FALSE(view.contains("byteStride")) << "a strided view";
    const int offset = view.value("byteOffset", 0) + a.value("byteOffset", 0);
    const std::map<std::string, int> components = {{"SCALAR", 1}, {"VEC2", 2}, {"VEC3", 3}, {"VEC4", 4}};
    const int count = a["count"].get<int>() * components.at(a["type"].get<std::string>());
    const int type = a["componentType"];
    std::vector<double> out;
    const char* at = glb.bin.constData() + offset;
    for (int i = 0; i < count; ++i) {
        switch (type) {
            case 5126: {
                float f;
                std::memcpy(&f, at + 4 * i, 4);
                out.push_back(f);
                break;
            }
            case 5121:
                out.push_back(std::uint8_t(at[i]) / 255.0);
                break;
            case 5120:
                out.push_back(std::max(std::int8_t(at[i]) / 127.0, -1.0));
                break;
            case 5123: {
                std::uint16_t u;
                std::memcpy(&u, at + 2 * i, 2);
                out.push_back(u / 65535.0);
                break;
            }
            case 5122: {
                std::int16_t s;
                std::memcpy(&s, at + 2 * i, 2);
                out.push_back(std::max(s / 32767.0, -1.0));
                break;
            }
            default:
                ADD_FAILURE() << "component type " << type;
        }
    }
    return out;
}

// A sampler evaluated as the spec's Appendix C says: LINEAR lerp, CUBICSPLINE Hermite
// (in-tangent, value, out-tangent per key), clamped outside its keys. Scalars per key: `n`.
struct Sampler {
    std::vector<double> times, output;
    std::string interpolation;
    int n = 1;
    std::vector<double> at(double t) const {
        const bool cubic = interpolation == "CUBICSPLINE";
        auto value = [&](std::size_t k, int c) { return output[(cubic ? 3 * k + 1 : k) * n + std::size_t(c)]; };
        std::vector<double> out(static_cast<std::size_t>(n));
        const std::size_t last = times.size() - 1;
        if (t <= times.front() || t >= times[last]) {
            for (int c = 0; c < n; ++c) out[std::size_t(c)] = value(t <= times.front() ? 0 : last, c);
            return out;
        }
        const std::size_t k = std::size_t(std::upper_bound(times.begin(), times.end(), t) - times.begin()) - 1;
        const double dt = times[k + 1] - times[k], s = (t - times[k]) / dt;
        for (int c = 0; c < n; ++c) {
            if (!cubic) {
                out[std::size_t(c)] = value(k, c) * (1 - s) + value(k + 1, c) * s;
                continue;
            }
            const double b = output[(3 * k + 2) * n + std::size_t(c)];
            const double a = output[(3 * (k + 1)) * n + std::size_t(c)];
            out[std::size_t(c)] = (2 * s * s * s - 3 * s * s + 1) * value(k, c) + dt * (s * s * s - 2 * s * s + s) * b +
                                  (-2 * s * s * s + 3 * s * s) * value(k + 1, c) + dt * (s * s * s - s * s) * a;
        }
        return out;
    }
};

Sampler samplerOf(const Glb& glb, int animation, int channel, int n) {
    const json& anim = glb.root["animations"][animation];
    const json& s = anim["samplers"][anim["channels"][channel]["sampler"].get<int>()];
    return {accessorValues(glb, s["input"]), accessorValues(glb, s["output"]), s.value("interpolation", "LINEAR"), n};
}

double largestComponentDifference(const Sampler& a, const Sampler& b, double t) {
    const std::vector<double> va = a.at(t), vb = b.at(t);
    double worst = 0;
    for (std::size_t c = 0; c < va.size(); ++c) worst = std::max(worst, std::abs(va[c] - vb[c]));
    return worst;
}

// ------------------------------------------------------------------- crafted pointer files

// One node "Lamp" and a material "Glow" whose emissiveFactor is `rest`; with `keys` (two
// emissiveFactor values, at 0 and 1 s) an animation plays it by KHR_animation_pointer.
json lamp(const std::vector<float>& rest, const std::vector<float>& keys) {
    json gltf = {{"asset", {{"version", "2.0"}}},
                 {"scene", 0},
                 {"scenes", {{{"nodes", {0}}}}},
                 {"nodes", {{{"name", "Lamp"}}}},
                 {"materials", {{{"name", "Glow"}, {"emissiveFactor", rest}}}}};
    if (keys.empty()) return gltf;
    std::vector<float> data = {0.0f, 1.0f};
    data.insert(data.end(), keys.begin(), keys.end());
    const QByteArray bytes(reinterpret_cast<const char*>(data.data()), int(data.size() * sizeof(float)));
    gltf["extensionsUsed"] = {"KHR_animation_pointer"};
    gltf["buffers"] = {{{"byteLength", bytes.size()},
                        {"uri", "data:application/octet-stream;base64," + bytes.toBase64().toStdString()}}};
    gltf["bufferViews"] = {{{"buffer", 0}, {"byteLength", 8}}, {{"buffer", 0}, {"byteOffset", 8}, {"byteLength", 24}}};
    gltf["accessors"] = {
            {{"bufferView", 0}, {"componentType", 5126}, {"count", 2}, {"type", "SCALAR"}, {"min", {0}}, {"max", {1}}},
            {{"bufferView", 1}, {"componentType", 5126}, {"count", 2}, {"type", "VEC3"}}};
    gltf["animations"] = {
            {{"name", "glow"},
             {"samplers", {{{"input", 0}, {"output", 1}}}},
             {"channels",
              {{{"sampler", 0},
                {"target",
                 {{"path", "pointer"},
                  {"extensions", {{"KHR_animation_pointer", {{"pointer", "/materials/0/emissiveFactor"}}}}}}}}}}}};
    return gltf;
}

}  // namespace

// B has none of A's nodes: nothing can be compared, and the gate says so (it used to pass).
TEST(DiffGate, BWithoutTheNodesOfAFails) {
    Workspace w;
    DocumentBuilder a;
    const int arm = a.addNode("Arm"), leg = a.addNode("Leg");
    const int walk = a.addAnimation("Walk");
    a.addChannel(walk, arm, linear(TargetPath::Translation, 3, {0, 1}, {0, 0, 0, 1, 0, 0}));
    a.addChannel(walk, leg, linear(TargetPath::Scale, 3, {0, 1}, {1, 1, 1, 1, 1, 1}));
    DocumentBuilder b;
    b.addMeshNode("Prop");
    const std::string fileA = w.save(a.build("a.glb"), "a.glb");
    const std::string fileB = w.save(b.build("b.glb"), "b.glb");

    Result r = runTangent({"diff", q(fileA), q(fileB), "--json"});
    EXPECT_EQ(r.status, 1) << r.out << r.err;
    json j = parseJson(r);
    ASSERT_EQ(j["channels"].size(), 2u);
    for (const json& c : j["channels"]) {
        EXPECT_EQ(c["verdict"], "absent") << c.dump();
        EXPECT_EQ(c["comparedWith"], "nothing");
        EXPECT_TRUE(c["fails"].get<bool>());
        EXPECT_NE(c["notCompared"].get<std::string>().find("B has no node named"), std::string::npos) << c.dump();
    }
    EXPECT_EQ(j["summary"]["compared"], 0);
    EXPECT_EQ(j["summary"]["absent"], 2);
    EXPECT_FALSE(j["summary"]["pass"].get<bool>());

    r = runTangent({"diff", q(fileA), q(fileB)});
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.out.find("FAIL (nothing was compared): 2 channel(s)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("B has no node named 'Arm'"), std::string::npos) << r.out;
    // Allowing the absence does not make a pass of a comparison that compared nothing.
    EXPECT_EQ(runTangent({"diff", q(fileA), q(fileB), "--allow", "absent"}).status, 1);
    EXPECT_EQ(runTangent({"diff", q(fileA), q(fileB), "--allow", "absent,empty"}).status, 0);
    // Two files without animation: nothing to compare is not a pass either, unless allowed.
    EXPECT_EQ(runTangent({"diff", q(fileB), q(fileB)}).status, 1);
    EXPECT_EQ(runTangent({"diff", q(fileB), q(fileB), "--allow", "empty"}).status, 0);
    const Result bad = runTangent({"diff", q(fileA), q(fileB), "--allow", "missing"});
    EXPECT_EQ(bad.status, 64);
    expectOneErrorLine(bad, "--allow 'missing'");
}

// gltfpack ignores KHR_animation_pointer channels ("no target node") and, with no animation
// left, merges the four objects into one unnamed mesh node: every pointer channel of A is
// dropped. Obj0's node index 0 finds B's merged node (names are missing in B), whose rest
// pose is not Obj0's motion; Obj1..3 have no node in B.
TEST(DiffGate, GltfpackDropsPointerChannels) {
    Workspace w;
    const std::string pointers = w.path("pointers.gltf");
    const Result made = runProgram("node", {TANGENT_TO_POINTER, q(fixture("multi_object_1.glb")), q(pointers)});
    ASSERT_EQ(made.status, 0) << made.out << made.err;
    expectKhronosValid(pointers);
    const std::string packed = w.path("packed.glb");
    gltfpack(pointers, packed);
    const Glb glb = readGlb(packed);
    ASSERT_FALSE(glb.root.contains("animations")) << "gltfpack kept an animation";

    Result r = runTangent({"diff", q(pointers), q(packed), "--json"});
    EXPECT_EQ(r.status, 1) << r.out << r.err;
    const json j = parseJson(r);
    ASSERT_EQ(j["channels"].size(), 10u);
    for (const json& c : j["channels"]) {
        SCOPED_TRACE(c.dump());
        EXPECT_TRUE(c["b"]["channel"].is_null());
        EXPECT_TRUE(c["pairedBy"].is_null());
        EXPECT_EQ(c["path"].get<std::string>().rfind("/nodes/", 0), 0u);
        if (c["nodeName"] == "Obj0") {
            EXPECT_EQ(c["verdict"], "dropped");
            EXPECT_EQ(c["comparedWith"], "restPose");
            EXPECT_TRUE(c["nodeByIndex"].get<bool>());
            EXPECT_EQ(c["b"]["node"], 0);
        } else {
            EXPECT_EQ(c["verdict"], "absent");
        }
    }
    EXPECT_EQ(j["summary"]["dropped"], 3);
    EXPECT_EQ(j["summary"]["absent"], 7);
    EXPECT_EQ(j["summary"]["inB"], 0);
    ASSERT_EQ(j["notes"].size(), 1u);
    EXPECT_NE(j["notes"][0].get<std::string>().find("node names are missing in B"), std::string::npos);
    // A team that knows its packer drops pointer animation says so.
    r = runTangent({"diff", q(pointers), q(packed), "--allow", "dropped,absent"});
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("PASS: 10 channel(s)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("(allowed: dropped,absent)"), std::string::npos) << r.out;
    EXPECT_EQ(runTangent({"diff", q(pointers), q(packed), "--allow", "absent"}).status, 1);
    // The same file against itself: classic and pointer channels are the same properties.
    r = runTangent({"diff", q(fixture("multi_object_1.glb")), q(pointers), "--json"});
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_EQ(parseJson(r)["summary"]["pairedByName"], 10);
}

// gltfpack strips the name of the mesh node the weights animate (its parent "Blob" keeps it):
// by name nothing pairs; by node index the weights pair, and their largest difference is what an
// evaluation of both files' bytes written here finds (gltfpack resamples at 30 fps and stores the
// weights as normalized bytes).
TEST(DiffGate, GltfpackStrippedNamesPairByNodeIndex) {
    Workspace w;
    const std::string source = fixture("morph_weights_1.glb");
    const std::string packed = w.path("packed.glb");
    gltfpack(source, packed);
    const Glb a = readGlb(source), b = readGlb(packed);
    ASSERT_EQ(b.root["animations"][0]["channels"][0]["target"]["node"], 0);
    ASSERT_FALSE(b.root["nodes"][0].contains("name"));

    const Result r = runTangent({"diff", q(source), q(packed), "--json"});
    EXPECT_EQ(r.status, 1) << r.out << r.err;
    const json j = parseJson(r);
    ASSERT_EQ(j["channels"].size(), 1u);
    const json& c = j["channels"][0];
    EXPECT_EQ(c["pairedBy"], "nodeIndex");
    EXPECT_EQ(c["comparedWith"], "channel");
    EXPECT_EQ(c["verdict"], "over");
    EXPECT_EQ(j["summary"]["pairedByNodeIndex"], 1);
    ASSERT_EQ(j["notes"].size(), 1u);
    EXPECT_NE(j["notes"][0].get<std::string>().find("node names are missing in B"), std::string::npos);

    const int targets = int(a.root["meshes"][0]["primitives"][0]["targets"].size());
    ASSERT_EQ(targets, 2);
    const Sampler sa = samplerOf(a, 0, 0, targets), sb = samplerOf(b, 0, 0, targets);
    ASSERT_EQ(sa.interpolation, "CUBICSPLINE");
    ASSERT_EQ(sb.interpolation, "LINEAR");
    const double maxError = c["maxError"].get<double>(), at = c["at"].get<double>();
    // At the time diff names, the difference is what it says; nowhere on a fine grid is it larger.
    EXPECT_NEAR(largestComponentDifference(sa, sb, at), maxError, 1e-6);
    const double end = std::max(sa.times.back(), sb.times.back());
    double worst = 0;
    for (int i = 0; i <= 20000; ++i) worst = std::max(worst, largestComponentDifference(sa, sb, end * i / 20000));
    for (double t : sa.times) worst = std::max(worst, largestComponentDifference(sa, sb, t));
    for (double t : sb.times) worst = std::max(worst, largestComponentDifference(sa, sb, t));
    EXPECT_LE(worst, maxError + 1e-6);
    EXPECT_GT(worst, 0.05);  // the 0.056 the issue reports, far over the 1e-3 default

    const Result text = runTangent({"diff", q(source), q(packed)});
    EXPECT_NE(text.out.find("paired by node index (a node name is missing); EXCEEDS"), std::string::npos) << text.out;
}

// A channel that holds its node's rest value is no loss when it is dropped: gltfpack removes
// such tracks (they do not change the node). One that moves, dropped, is a failure with its
// difference and where.
TEST(DiffGate, ADroppedChannelAtRestIsNoError) {
    Workspace w;
    DocumentBuilder a;
    const int cube = a.addNode("Cube");
    const int move = a.addAnimation("Move");
    a.addChannel(move, cube, linear(TargetPath::Translation, 3, {0, 1}, {0, 0, 0, 0.5f, 0.25f, 0}));
    a.addChannel(move, cube, linear(TargetPath::Scale, 3, {0, 1}, {1, 1, 1, 1, 1, 1}));  // the default scale
    const std::string fileA = w.save(a.build("a.glb"), "a.glb");

    const std::string packed = w.path("packed.glb");
    gltfpack(fileA, packed);
    const Glb glb = readGlb(packed);
    ASSERT_EQ(glb.root["animations"][0]["channels"].size(), 1u) << "gltfpack kept the constant scale";
    Result r = runTangent({"diff", q(fileA), q(packed), "--json"});
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    json j = parseJson(r);
    ASSERT_EQ(j["channels"].size(), 2u);
    EXPECT_EQ(j["channels"][0]["comparedWith"], "channel");
    EXPECT_EQ(j["channels"][1]["path"], "scale");
    EXPECT_EQ(j["channels"][1]["comparedWith"], "restPose");
    EXPECT_EQ(j["channels"][1]["verdict"], "atRest");
    EXPECT_EQ(j["channels"][1]["rest"], json::array({1.0, 1.0, 1.0}));
    EXPECT_EQ(j["channels"][1]["maxError"], 0.0);
    EXPECT_FALSE(j["channels"][1]["fails"].get<bool>());
    r = runTangent({"diff", q(fileA), q(packed)});
    EXPECT_NE(r.out.find("only in A, against B's rest value (1, 1, 1); stays at the rest value"), std::string::npos)
            << r.out;

    // A material colour by KHR_animation_pointer, constant at the material's emissiveFactor,
    // against a file without the animation: at rest. Moving from it, it is dropped: 0.5 apart
    // in the blue component at 1 s.
    const std::string still = w.write("still.gltf", lamp({0.25f, 0.5f, 0}, {0.25f, 0.5f, 0, 0.25f, 0.5f, 0}));
    const std::string moving = w.write("moving.gltf", lamp({0.25f, 0.5f, 0}, {0.25f, 0.5f, 0, 0.25f, 0.5f, 0.5f}));
    const std::string none = w.write("none.gltf", lamp({0.25f, 0.5f, 0}, {}));
    r = runTangent({"diff", q(still), q(none), "--json"});
    EXPECT_EQ(r.status, 0) << r.out;
    j = parseJson(r);
    ASSERT_EQ(j["channels"].size(), 1u);
    EXPECT_EQ(j["channels"][0]["verdict"], "atRest");
    EXPECT_EQ(j["channels"][0]["rest"], json::array({0.25, 0.5, 0.0}));
    r = runTangent({"diff", q(none), q(moving), "--json"});
    EXPECT_EQ(r.status, 1) << r.out;
    j = parseJson(r);
    ASSERT_EQ(j["channels"].size(), 1u);
    EXPECT_EQ(j["channels"][0]["verdict"], "dropped");
    EXPECT_TRUE(j["channels"][0]["a"]["channel"].is_null());
    EXPECT_EQ(j["channels"][0]["b"]["channel"], 0);
    EXPECT_DOUBLE_EQ(j["channels"][0]["maxError"].get<double>(), 0.5);
    EXPECT_DOUBLE_EQ(j["channels"][0]["at"].get<double>(), 1.0);
    // Without emissiveFactor in the file the schema's default, black, is the rest value.
    json black = lamp({0, 0, 0}, {});
    black["materials"][0].erase("emissiveFactor");
    const std::string defaulted = w.write("default.gltf", black);
    j = parseJson(runTangent({"diff", q(moving), q(defaulted), "--json"}));
    EXPECT_EQ(j["channels"][0]["rest"], json::array({0.0, 0.0, 0.0}));
    EXPECT_DOUBLE_EQ(j["channels"][0]["maxError"].get<double>(), 0.5);
}

// A .gltf whose .bin is gone cannot be compared: exit 2 and one sentence naming the file and
// the buffer (it used to compare nothing and pass).
TEST(DiffGate, AMissingBufferExits2) {
    Workspace w;
    const std::string fileA = w.save(cleanDocument(), "a.gltf");
    const std::string fileB = w.save(cleanDocument(), "b.glb");
    ASSERT_EQ(runTangent({"diff", q(fileA), q(fileB)}).status, 0);
    ASSERT_TRUE(QFile::remove(q(w.path("a.bin"))));
    Result r = runTangent({"diff", q(fileA), q(fileB), "--json"});
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_TRUE(r.out.empty()) << r.out;
    expectOneErrorLine(r, "a.gltf: /buffers/0/uri: cannot read 'a.bin'");
    EXPECT_NE(r.err.find("cannot be compared"), std::string::npos) << r.err;
    r = runTangent({"diff", q(fileB), q(fileA)});
    EXPECT_EQ(r.status, 2);
    expectOneErrorLine(r, "a.gltf: /buffers/0/uri");
}

// B's channel is there but Tangent cannot play it (a VEC2 output for the VEC3 emissiveFactor;
// the Khronos validator does not check pointer targets): paired, not compared, and that fails.
// Allowing undecoded channels still leaves nothing compared.
TEST(DiffGate, AChannelNotDecodedOnOneSideFails) {
    Workspace w;
    const std::string good = w.write("good.gltf", lamp({0, 0, 0}, {0.25f, 0.5f, 0, 0.25f, 0.5f, 0.5f}));
    json odd = lamp({0, 0, 0}, {0.25f, 0.5f, 0, 0.25f, 0.5f, 0.5f});
    odd["accessors"][1]["type"] = "VEC2";
    odd["accessors"][1]["count"] = 3;
    const std::string bad = w.write("bad.gltf", odd);
    Result r = runTangent({"diff", q(good), q(bad), "--json"});
    EXPECT_EQ(r.status, 1) << r.out;
    const json j = parseJson(r);
    ASSERT_EQ(j["channels"].size(), 1u);
    EXPECT_EQ(j["channels"][0]["pairedBy"], "pointer");
    EXPECT_EQ(j["channels"][0]["verdict"], "undecoded");
    EXPECT_EQ(j["channels"][0]["notCompared"], "B's channel was not decoded");
    EXPECT_EQ(j["summary"]["compared"], 0);
    EXPECT_EQ(runTangent({"diff", q(good), q(bad), "--allow", "undecoded"}).status, 1);
    EXPECT_EQ(runTangent({"diff", q(good), q(bad), "--allow", "undecoded,empty"}).status, 0);
    r = runTangent({"diff", q(good), q(bad)});
    EXPECT_NE(r.out.find("paired by pointer; NOT COMPARED: B's channel was not decoded"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("FAIL (nothing was compared)"), std::string::npos) << r.out;
}

// Two STEP channels that differ only in their last key: B holds another value from that key on.
// Once the search looked at no point where a piece starts at the last key, and this passed.
TEST(DiffGate, AChangedLastStepKeyFails) {
    Workspace w;
    auto fileWith = [&](float last, const std::string& name) {
        DocumentBuilder b;
        const int light = b.addNode("Switch");
        const int anim = b.addAnimation("Blink");
        b.addChannel(anim, light,
                     makeTrack(TargetPath::Translation, tangent::Interpolation::Step, 3, {0, 0.5f, 1},
                               {0, 0, 0, 1, 0, 0, last, 0, 0}));
        return w.save(b.build(name), name);
    };
    const std::string fileA = fileWith(0, "a.glb"), fileB = fileWith(0.25f, "b.glb");
    Result r = runTangent({"diff", q(fileA), q(fileB), "--json"});
    EXPECT_EQ(r.status, 1) << r.out << r.err;
    const json j = parseJson(r);
    ASSERT_EQ(j["channels"].size(), 1u);
    EXPECT_EQ(j["channels"][0]["maxError"], 0.25) << j["channels"][0].dump();
    EXPECT_EQ(j["channels"][0]["at"], 1) << j["channels"][0].dump();
    // The same file against itself passes.
    EXPECT_EQ(runTangent({"diff", q(fileA), q(fileA)}).status, 0);
}
