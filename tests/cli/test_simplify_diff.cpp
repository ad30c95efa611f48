// `tangent diff` and `tangent simplify`, run as a process: crafted pairs with known differences
// (computed here from the floats the files store), files gltfpack and glTF-Transform wrote, and
// simplify's output checked by the Khronos validator, by its own bytes and by `diff`.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>

#include <QFileInfo>

#include <nlohmann/json.hpp>

#include "cli_support.h"

using namespace clitest;
using nlohmann::json;
using tangent::DocumentBuilder;
using tangent::Interpolation;
using tangent::TargetPath;
using tangent::Track;

namespace {

const double kPi = 3.14159265358979323846;

struct Workspace {
    QTemporaryDir dir;
    std::string path(const std::string& name) const { return dir.filePath(q(name)).toStdString(); }
    // Saved by Tangent's writer and checked by the Khronos validator, as every file a test writes.
    std::string save(const tangent::Document& doc, const std::string& name) const {
        tangent::save(doc, path(name));
        expectKhronosValid(path(name));
        return path(name);
    }
};

void gltfpack(const std::string& in, const std::string& out, const QStringList& flags) {
    const Result r = runProgram("gltfpack", QStringList{"-i", q(in), "-o", q(out)} + flags);
    ASSERT_EQ(r.status, 0) << "gltfpack " << flags.join(' ').toStdString() << ":\n" << r.out << r.err;
    expectKhronosValid(out);
}

void gltfTransform(const char* command, const std::string& in, const std::string& out) {
    const Result r = runProgram("node", {TANGENT_GLTF_TRANSFORM, command, q(in), q(out)});
    ASSERT_EQ(r.status, 0) << "gltf-transform " << command << ":\n" << r.out << r.err;
    expectKhronosValid(out);
}

// An accessor's bytes as stored (tightly packed, as these files' animation accessors are).
QByteArray accessorData(const Glb& glb, int accessor) {
    const json& a = glb.root["accessors"][accessor];
    const json& view = glb.root["bufferViews"][a["bufferView"].get<int>()];
    const int offset = view.value("byteOffset", 0) + a.value("byteOffset", 0);
    const std::map<std::string, int> components = {{"SCALAR", 1}, {"VEC3", 3}, {"VEC4", 4}};
    const std::map<int, int> size = {{5120, 1}, {5121, 1}, {5122, 2}, {5123, 2}, {5126, 4}};
    return glb.bin.mid(offset, a["count"].get<int>() * components.at(a["type"].get<std::string>()) *
                                       size.at(a["componentType"].get<int>()));
}

int channelCount(const json& root) {
    int n = 0;
    for (const json& a : root.value("animations", json::array())) n += int(a["channels"].size());
    return n;
}

// One node "Cube" with one animation "Move" and the given tracks.
tangent::Document oneNode(const std::vector<Track>& tracks, const std::string& nodeName = "Cube") {
    DocumentBuilder b;
    const int node = b.addNode(nodeName);
    const int anim = b.addAnimation("Move");
    for (const Track& t : tracks) b.addChannel(anim, node, t);
    return b.build("crafted.glb");
}

// Quaternion product a * b (x y z w), in double.
std::vector<double> multiply(const std::vector<double>& a, const std::vector<double>& b) {
    return {a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
            a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
            a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
            a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]};
}

std::vector<double> axisAngle(double x, double y, double z, double degrees) {
    const double h = degrees * kPi / 360;
    return {x * std::sin(h), y * std::sin(h), z * std::sin(h), std::cos(h)};
}

// A dense LINEAR bake at 60 fps of smooth motion: translation, rotation and scale over 2 s.
tangent::Document denseBake() {
    std::vector<float> times, translation, rotation, scale;
    for (int k = 0; k <= 120; ++k) {
        const double t = k / 60.0;
        times.push_back(float(t));
        translation.insert(translation.end(), {float(std::sin(2 * t)), float(0.5 * t * t), float(std::cos(3 * t))});
        const std::vector<double> q = axisAngle(0, 0.6, 0.8, 90 * std::sin(1.5 * t));
        for (double c : q) rotation.push_back(float(c));
        const float s = float(1 + 0.3 * std::sin(t));
        scale.insert(scale.end(), {s, s, s});
    }
    return oneNode({linear(TargetPath::Translation, 3, times, translation),
                    linear(TargetPath::Rotation, 4, times, rotation), linear(TargetPath::Scale, 3, times, scale)});
}

}  // namespace

// ------------------------------------------------------------------------ diff, crafted pairs

TEST(Diff, TranslationShiftedByAQuarter) {
    Workspace w;
    const std::vector<float> times = {0, 0.5f, 1, 2};
    const std::vector<float> xs = {0.1f, 1.3f, -2.7f, 5.9f};
    std::vector<float> a, b;
    double expected = 0, expectedAt = 0;
    for (std::size_t k = 0; k < xs.size(); ++k) {
        const float shifted = xs[k] + 0.25f;  // what the file stores
        a.insert(a.end(), {xs[k], 2, -1});
        b.insert(b.end(), {shifted, 2, -1});
        const double d = std::abs(double(shifted) - double(xs[k]));
        if (d > expected) expected = d, expectedAt = times[k];
    }
    // Linear against linear on the same key times: the difference is largest at a key.
    const std::string fileA = w.save(oneNode({linear(TargetPath::Translation, 3, times, a)}), "a.glb");
    const std::string fileB = w.save(oneNode({linear(TargetPath::Translation, 3, times, b)}), "b.glb");

    Result r = runTangent({"diff", q(fileA), q(fileB), "--json", "--tolerance-translation", "0.2"});
    EXPECT_EQ(r.status, 1) << r.err;
    json j = parseJson(r);
    ASSERT_EQ(j["channels"].size(), 1u);
    const json& c = j["channels"][0];
    EXPECT_EQ(c["nodeName"], "Cube");
    EXPECT_EQ(c["path"], "translation");
    EXPECT_NEAR(c["maxError"].get<double>(), expected, 1e-12);
    EXPECT_DOUBLE_EQ(c["at"].get<double>(), expectedAt);
    EXPECT_EQ(c["keysA"], 4);
    EXPECT_EQ(c["keysB"], 4);
    EXPECT_EQ(c["bytesA"], 4 * 4 + 4 * 12);  // float times + VEC3 floats, as stored
    EXPECT_TRUE(c["exceeds"].get<bool>());
    EXPECT_EQ(j["a"], fileA);
    EXPECT_EQ(j["b"], fileB);

    r = runTangent({"diff", q(fileA), q(fileB), "--tolerance-translation", "0.3"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out.find("EXCEEDS"), std::string::npos) << r.out;
    // --tolerance sets every path's tolerance; the path's own option overrides it.
    r = runTangent({"diff", q(fileA), q(fileB), "--tolerance", "0.3", "--tolerance-translation", "0.2"});
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.out.find("EXCEEDS"), std::string::npos) << r.out;
    r = runTangent({"diff", q(fileA), q(fileB), "--tolerance", "0.3"});
    EXPECT_EQ(r.status, 0);
}

TEST(Diff, RotationTurnedByTwoDegreesAboutZ) {
    Workspace w;
    const std::vector<float> times = {0, 1, 2};
    const std::vector<double> turn = axisAngle(0, 0, 1, 2);
    std::vector<float> a, b;
    for (double degrees : {0.0, 40.0, 100.0}) {
        const std::vector<double> qa = axisAngle(1, 0, 0, degrees);
        const std::vector<double> qb = multiply(turn, qa);
        for (int c = 0; c < 4; ++c) a.push_back(float(qa[c])), b.push_back(float(qb[c]));
    }
    // slerp(r qa0, r qa1) = r slerp(qa0, qa1): 2 degrees apart everywhere, up to float rounding.
    const std::string fileA = w.save(oneNode({linear(TargetPath::Rotation, 4, times, a)}), "a.glb");
    const std::string fileB = w.save(oneNode({linear(TargetPath::Rotation, 4, times, b)}), "b.glb");
    Result r = runTangent({"diff", q(fileA), q(fileB), "--json"});
    EXPECT_EQ(r.status, 1) << r.err;  // over the default 0.1 degrees
    json j = parseJson(r);
    ASSERT_EQ(j["channels"].size(), 1u);
    EXPECT_EQ(j["channels"][0]["path"], "rotation");
    EXPECT_NEAR(j["channels"][0]["maxError"].get<double>(), 2.0, 1e-4);
    EXPECT_EQ(j["channels"][0]["tolerance"], 0.1);
    r = runTangent({"diff", q(fileA), q(fileB), "--tolerance-rotation", "2.01"});
    EXPECT_EQ(r.status, 0) << r.out << r.err;
}

TEST(Diff, IdenticalFilesAgreeEverywhere) {
    Workspace w;
    const std::string file = w.save(cleanDocument(), "clean.glb");
    // The same data in another container (a .gltf with a .bin) is still the same animation.
    const Result converted = runTangent({"convert", q(file), "-o", q(w.path("clean.gltf"))});
    ASSERT_EQ(converted.status, 0) << converted.err;
    expectKhronosValid(w.path("clean.gltf"));
    for (const std::string& other : {file, w.path("clean.gltf")}) {
        const Result r = runTangent({"diff", q(file), q(other), "--json"});
        EXPECT_EQ(r.status, 0) << r.err;
        const json j = parseJson(r);
        ASSERT_EQ(j["channels"].size(), 3u);
        for (const json& c : j["channels"]) {
            EXPECT_EQ(c["maxError"], 0.0) << c.dump();
            EXPECT_FALSE(c["exceeds"].get<bool>());
            EXPECT_EQ(c["bytesA"], c["bytesB"]);
        }
        EXPECT_TRUE(j["onlyInA"].empty());
        EXPECT_TRUE(j["onlyInB"].empty());
    }
}

// A channel one file lacks is compared with that file's rest value: B's Cube rests at scale 1,
// A's grows to 2, so it is dropped: 0.5 apart (relative to the larger magnitude) at 1 s.
TEST(Diff, AChannelOnlyInA) {
    Workspace w;
    const Track move = linear(TargetPath::Translation, 3, {0, 1}, {0, 0, 0, 1, 2, 3});
    const Track grow = linear(TargetPath::Scale, 3, {0, 1}, {1, 1, 1, 2, 2, 2});
    const std::string fileA = w.save(oneNode({move, grow}), "a.glb");
    const std::string fileB = w.save(oneNode({move}), "b.glb");
    Result r = runTangent({"diff", q(fileA), q(fileB), "--json"});
    EXPECT_EQ(r.status, 1) << r.err;
    json j = parseJson(r);
    ASSERT_EQ(j["channels"].size(), 2u);
    EXPECT_EQ(j["channels"][1]["comparedWith"], "restPose");
    EXPECT_EQ(j["channels"][1]["verdict"], "dropped");
    EXPECT_EQ(j["channels"][1]["rest"], json::array({1.0, 1.0, 1.0}));
    EXPECT_DOUBLE_EQ(j["channels"][1]["maxError"].get<double>(), 0.5);
    EXPECT_DOUBLE_EQ(j["channels"][1]["at"].get<double>(), 1.0);
    ASSERT_EQ(j["onlyInA"].size(), 1u);
    EXPECT_EQ(j["onlyInA"][0]["nodeName"], "Cube");
    EXPECT_EQ(j["onlyInA"][0]["path"], "scale");
    EXPECT_EQ(j["onlyInA"][0]["animation"], "Move");
    EXPECT_TRUE(j["onlyInB"].empty());
    r = runTangent({"diff", q(fileB), q(fileA), "--json"});
    EXPECT_EQ(r.status, 1);
    j = parseJson(r);
    EXPECT_TRUE(j["onlyInA"].empty());
    ASSERT_EQ(j["onlyInB"].size(), 1u);
    EXPECT_EQ(j["onlyInB"][0]["path"], "scale");
    r = runTangent({"diff", q(fileA), q(fileB)});
    EXPECT_NE(r.out.find("only in A, against B's rest value (1, 1, 1); DROPPED"), std::string::npos) << r.out;
    r = runTangent({"diff", q(fileA), q(fileB), "--allow", "dropped"});
    EXPECT_EQ(r.status, 0) << r.out;
}

TEST(Diff, MatchByNameOrByIndexOnRenamedNodes) {
    Workspace w;
    const Track arm = linear(TargetPath::Translation, 3, {0, 1}, {0, 0, 0, 1, 0, 0});
    const Track leg = linear(TargetPath::Translation, 3, {0, 1}, {0, 0, 0, 0, 1, 0});
    auto twoNodes = [&](const char* first, const char* second) {
        DocumentBuilder b;
        const int n0 = b.addNode(first), n1 = b.addNode(second);
        const int anim = b.addAnimation("Move");
        b.addChannel(anim, n0, arm);
        b.addChannel(anim, n1, leg);
        return b.build("two.glb");
    };
    const std::string fileA = w.save(twoNodes("Arm", "Leg"), "a.glb");
    const std::string fileB = w.save(twoNodes("ArmR", "LegR"), "b.glb");
    // By name nothing pairs, and neither file has the other's nodes: every channel is absent.
    Result byName = runTangent({"diff", q(fileA), q(fileB), "--json"});
    EXPECT_EQ(byName.status, 1);
    json j = parseJson(byName);
    ASSERT_EQ(j["channels"].size(), 4u);
    for (const json& c : j["channels"]) EXPECT_EQ(c["verdict"], "absent") << c.dump();
    EXPECT_EQ(j["onlyInA"].size(), 2u);
    EXPECT_EQ(j["onlyInB"].size(), 2u);
    const Result r = runTangent({"diff", q(fileA), q(fileB), "--json", "--match", "index"});
    EXPECT_EQ(r.status, 0) << r.err;
    j = parseJson(r);
    ASSERT_EQ(j["channels"].size(), 2u);
    EXPECT_EQ(j["channels"][0]["nodeName"], "Arm");
    EXPECT_EQ(j["channels"][1]["nodeName"], "Leg");
    for (const json& c : j["channels"]) EXPECT_EQ(c["maxError"], 0.0);
    EXPECT_TRUE(j["onlyInA"].empty());
    const Result bad = runTangent({"diff", q(fileA), q(fileB), "--match", "order"});
    EXPECT_EQ(bad.status, 64);
    expectOneErrorLine(bad, "--match");
}

TEST(Diff, DuplicateNodeNamesPairInIndexOrder) {
    Workspace w;
    const Track first = linear(TargetPath::Translation, 3, {0, 1}, {0, 0, 0, 1, 0, 0});
    const Track second = linear(TargetPath::Translation, 3, {0, 1}, {0, 0, 0, 0, 1, 0});
    Track moved = second;
    for (float& v : moved.values) v += 0.5f;  // exact in float: the distance is 0.5 * sqrt(3)
    auto bones = [&](const Track& two) {
        DocumentBuilder b;
        const int n0 = b.addNode("Bone"), n1 = b.addNode("Bone");
        const int anim = b.addAnimation("Move");
        b.addChannel(anim, n0, first);
        b.addChannel(anim, n1, two);
        return b.build("bones.glb");
    };
    const std::string fileA = w.save(bones(second), "a.glb");
    const std::string fileB = w.save(bones(moved), "b.glb");
    const json j = parseJson(runTangent({"diff", q(fileA), q(fileB), "--json"}));
    ASSERT_EQ(j["channels"].size(), 2u);
    EXPECT_EQ(j["channels"][0]["maxError"], 0.0);
    EXPECT_NEAR(j["channels"][1]["maxError"].get<double>(), 0.5 * std::sqrt(3.0), 1e-12);
    EXPECT_EQ(j["channels"][1]["a"]["channel"], 1);
    EXPECT_EQ(j["channels"][1]["b"]["channel"], 1);
}

TEST(Diff, DifferentTimeRangesClampOutsideEach) {
    Workspace w;
    // A ends at 1 s holding x = 1; B goes on back to x = 0 at 3 s: 1 apart at 3 s, which a
    // comparison over A's range alone would miss.
    const std::string fileA =
            w.save(oneNode({linear(TargetPath::Translation, 3, {0, 1}, {0, 0, 0, 1, 0, 0})}), "a.glb");
    const std::string fileB =
            w.save(oneNode({linear(TargetPath::Translation, 3, {0, 1, 3}, {0, 0, 0, 1, 0, 0, 0, 0, 0})}), "b.glb");
    const json j = parseJson(runTangent({"diff", q(fileA), q(fileB), "--json"}));
    ASSERT_EQ(j["channels"].size(), 1u);
    EXPECT_NEAR(j["channels"][0]["maxError"].get<double>(), 1.0, 1e-9);
    EXPECT_NEAR(j["channels"][0]["at"].get<double>(), 3.0, 1e-6);
    EXPECT_EQ(j["channels"][0]["keysA"], 2);
    EXPECT_EQ(j["channels"][0]["keysB"], 3);
}

// Channels the loader cannot decode (a missing sampler, a missing node, a weights output of
// the wrong type) are paired and listed, not compared: the gate fails unless they are allowed.
TEST(Diff, UndecodedChannelsAreListedNotCompared) {
    const std::string file = std::string(TANGENT_FUZZ_CORPUS) + "/channel_oddities.gltf";
    EXPECT_EQ(runTangent({"diff", q(file), q(file)}).status, 1);
    const Result r = runTangent({"diff", q(file), q(file), "--json", "--allow", "undecoded"});
    EXPECT_EQ(r.status, 0) << r.err;
    const json j = parseJson(r);
    ASSERT_EQ(j["channels"].size(), 6u);
    int compared = 0;
    for (const json& c : j["channels"]) {
        if (c["compared"].get<bool>()) {
            ++compared;
            EXPECT_EQ(c["maxError"], 0.0);
        } else {
            EXPECT_EQ(c["notCompared"], "neither side was decoded");
            EXPECT_EQ(c["verdict"], "undecoded");
            EXPECT_TRUE(c["maxError"].is_null());
            EXPECT_FALSE(c["exceeds"].get<bool>());
        }
    }
    EXPECT_EQ(compared, 3);
}

TEST(Diff, UnreadableInputsAndUsage) {
    Workspace w;
    const std::string good = w.save(cleanDocument(), "clean.glb");
    Result r = runTangent({"diff", q(good), q(w.path("missing.glb"))});
    EXPECT_EQ(r.status, 2);
    expectOneErrorLine(r, "missing.glb");
    writeBytes(w.path("text.gltf"), "this is not json");
    r = runTangent({"diff", q(w.path("text.gltf")), q(good)});
    EXPECT_EQ(r.status, 2);
    expectOneErrorLine(r, "text.gltf");
    r = runTangent({"diff", q(good)});
    EXPECT_EQ(r.status, 64);
    expectOneErrorLine(r, "two files");
    r = runTangent({"diff", q(good), q(good), "--tolerance", "-1"});
    EXPECT_EQ(r.status, 64);
    expectOneErrorLine(r, "--tolerance");
}

// ------------------------------------------------------------------ diff, what optimizers write

// The largest error a compressed gltfpack file may add to gltfpack's plain output of the same
// source (the same keys, resampled alike), per channel, from how the compressed file stores the
// output (pair: an entry of diff's JSON with the plain file as A). Unfiltered data (-c) is
// lossless: 0. The filters of -cc keep fewer bits (the bounds test_meshopt derives): EXPONENTIAL
// 16-bit mantissas sharing the element's exponent, 2^-15 of the largest |value| per component;
// QUATERNION 12 bits, 2/2047 per component once renormalized. The plain file's own rounding
// (floats: 2^-24 of |value|; normalized shorts: 1.5/32767 renormalized) adds to it. A rotation
// off by b per component is off by |dq| <= 2b, an angle of 4 asin(b).
double addedByCompression(const Glb& plain, const Glb& compressed, const json& pair) {
    auto output = [](const Glb& g, const json& side) -> const json& {
        const json& anim = g.root["animations"][side["animation"].get<int>()];
        const int sampler = anim["channels"][side["channel"].get<int>()]["sampler"];
        return g.root["accessors"][anim["samplers"][sampler]["output"].get<int>()];
    };
    const json& stored = output(compressed, pair["b"]);
    const json& view = compressed.root["bufferViews"][stored["bufferView"].get<int>()];
    const std::string filter = view.contains("extensions") && view["extensions"].contains("EXT_meshopt_compression")
                                       ? view["extensions"]["EXT_meshopt_compression"].value("filter", "NONE")
                                       : "NONE";
    if (filter == "NONE") return 0;
    const json& plainOutput = output(plain, pair["a"]);
    double largest = 0;  // |value|, from the plain file's bounds or its floats
    const std::string path = pair["path"];
    if (plainOutput["componentType"] == 5126) {
        const json& anim = plain.root["animations"][pair["a"]["animation"].get<int>()];
        const int sampler = anim["channels"][pair["a"]["channel"].get<int>()]["sampler"];
        for (float v : [&] {
                 const QByteArray bytes = accessorData(plain, anim["samplers"][sampler]["output"].get<int>());
                 std::vector<float> out(std::size_t(bytes.size()) / 4);
                 std::memcpy(out.data(), bytes.constData(), out.size() * 4);
                 return out;
             }())
            largest = std::max(largest, double(std::abs(v)));
    }
    if (filter == "EXPONENTIAL" && path != "rotation") {
        const double component = std::ldexp(largest, -15) + std::ldexp(largest, -24) + 2e-6;
        return path == "translation" ? std::sqrt(3.0) * component : component;
    }
    if (filter == "QUATERNION" && path == "rotation") return 4 * std::asin(2.0 / 2047 + 1.5 / 32767 + 2e-6) * 180 / kPi;
    ADD_FAILURE() << path << " with filter " << filter << ": no bound for it here";
    return 0;
}

// gltfpack resamples (30 fps) and quantizes; -c adds EXT_meshopt_compression. Every channel of
// the Blender export is found again, and each differs (resampled CUBICSPLINE, quantized keys).
// Against gltfpack's plain output, -c adds nothing and -cc no more than its filters' bits allow;
// so the error against the source moves by no more than that either.
TEST(DiffOptimizers, GltfpackOutputOfFixtures) {
    Workspace w;
    for (const char* name : {"smooth_trs_1.glb", "multi_object_1.glb"}) {
        const std::string source = fixture(name);
        const int channels = channelCount(readGlb(source).root);
        std::map<std::string, double> plainError;  // nodeName path -> diff of source and plain output
        std::string plain;
        for (const QStringList& flags : {QStringList{}, QStringList{"-c"}, QStringList{"-cc"}}) {
            SCOPED_TRACE(std::string(name) + " gltfpack " + flags.join(' ').toStdString());
            const std::string packed = w.path("packed" + flags.join("").toStdString() + ".glb");
            gltfpack(source, packed, flags);
            const Result r = runTangent({"diff", q(source), q(packed), "--json"});
            EXPECT_TRUE(r.status == 0 || r.status == 1) << r.err;
            EXPECT_TRUE(r.err.empty()) << r.err;
            const json j = parseJson(r);
            EXPECT_EQ(int(j["channels"].size()), channels);
            EXPECT_TRUE(j["onlyInA"].empty()) << j["onlyInA"].dump();
            EXPECT_TRUE(j["onlyInB"].empty()) << j["onlyInB"].dump();
            for (const json& c : j["channels"]) {
                EXPECT_TRUE(c["compared"].get<bool>()) << c.dump();
                EXPECT_GT(c["maxError"].get<double>(), 0) << c.dump();
                EXPECT_GT(c["keysB"].get<int>(), c["keysA"].get<int>()) << c.dump();  // resampled at 30 fps
            }
            if (flags.isEmpty()) {
                plain = packed;
                for (const json& c : j["channels"])
                    plainError[c["nodeName"].get<std::string>() + " " + c["path"].get<std::string>()] = c["maxError"];
                continue;
            }
            const json added = parseJson(runTangent({"diff", q(plain), q(packed), "--json"}));
            EXPECT_EQ(int(added["channels"].size()), channels);
            std::map<std::string, double> bound;
            for (const json& c : added["channels"]) {
                SCOPED_TRACE(c.dump());
                const std::string key = c["nodeName"].get<std::string>() + " " + c["path"].get<std::string>();
                bound[key] = addedByCompression(readGlb(plain), readGlb(packed), c);
                EXPECT_TRUE(c["compared"].get<bool>());
                EXPECT_LE(c["maxError"].get<double>(), bound[key]);
            }
            for (const json& c : j["channels"]) {
                SCOPED_TRACE(c.dump());
                const std::string key = c["nodeName"].get<std::string>() + " " + c["path"].get<std::string>();
                ASSERT_TRUE(plainError.count(key) && bound.count(key)) << key;
                EXPECT_NEAR(c["maxError"].get<double>(), plainError[key], bound[key] + 1e-9);
            }
        }
    }
}

// On a LINEAR bake at 60 fps, gltfpack -af 60 keeps the keys (times within a float step, 2^-22
// below 2 s) and stores each value as its output accessor's type says; the bound comes from that
// type, read here from the packed file:
// - FLOAT (translation, scale): the float's rounding, 2^-24 of the largest |value| per component,
//   plus the time's step times the fastest change between keys;
// - normalized SHORT (rotation): half a step, 0.5/32767 per component, 1.5/32767 once the key is
//   renormalized (the norm moves by at most 1/32767): |dq| <= 3/32767, an angle of at most
//   4 asin(|dq| / 2).
// Between keys both are straight (slerp for rotations), so the keys' bound holds there too.
TEST(DiffOptimizers, GltfpackQuantizationOfALinearBake) {
    Workspace w;
    const tangent::Document source = denseBake();
    const std::string bake = w.save(source, "bake.glb");
    const std::string packed = w.path("packed.glb");
    gltfpack(bake, packed, {"-af", "60"});
    const Glb glb = readGlb(packed);
    const json j = parseJson(runTangent({"diff", q(bake), q(packed), "--json"}));
    ASSERT_EQ(j["channels"].size(), 3u);
    for (const json& c : j["channels"]) {
        SCOPED_TRACE(c.dump());
        const int ai = c["a"]["animation"], ci = c["a"]["channel"], bi = c["b"]["channel"];
        const Track& t = source.channel(ai, ci)->track;
        double largest = 0, fastest = 0;  // |value| and the change per second of a component
        for (int k = 0; k < t.keyCount(); ++k)
            for (int i = 0; i < t.components; ++i) {
                largest = std::max(largest, double(std::abs(t.value(k, i))));
                if (k > 0)
                    fastest = std::max(fastest, std::abs(double(t.value(k, i)) - t.value(k - 1, i)) /
                                                        (double(t.times[k]) - t.times[k - 1]));
            }
        const json& anim = glb.root["animations"][0];
        const json& output =
                glb.root["accessors"]
                        [anim["samplers"][anim["channels"][bi]["sampler"].get<int>()]["output"].get<int>()];
        const int type = output["componentType"];
        const bool normalized = output.value("normalized", false);
        double bound = 0;
        const std::string path = c["path"];
        if (path == "rotation" && type == 5122 && normalized) {
            bound = 4 * std::asin(1.5 / 32767) * 180 / kPi;
        } else if (type == 5126 && !normalized) {
            const double component = std::ldexp(largest, -24) + std::ldexp(fastest, -22);
            bound = path == "translation" ? std::sqrt(3.0) * component : component;  // scale: relative to >= 1
        } else {
            ADD_FAILURE() << path << " stored as componentType " << type << (normalized ? " normalized" : "")
                          << ": no bound for it here";
        }
        EXPECT_EQ(c["keysB"], 121);
        EXPECT_GT(c["maxError"].get<double>(), 0);
        EXPECT_LE(c["maxError"].get<double>(), bound);
        std::printf("[ diff ] gltfpack -af 60 %-11s max error %.3g, %.3f of its bound\n", path.c_str(),
                    c["maxError"].get<double>(), c["maxError"].get<double>() / bound);
    }
}

// An accessor's floats, read here from the file's bytes.
std::vector<float> floatsOf(const Glb& glb, int accessor) {
    EXPECT_EQ(glb.root["accessors"][accessor]["componentType"], 5126);
    const QByteArray bytes = accessorData(glb, accessor);
    std::vector<float> out(std::size_t(bytes.size()) / 4);
    std::memcpy(out.data(), bytes.constData(), out.size() * 4);
    return out;
}

// The largest error of channel c of `reduced` (LINEAR, its key times a subset of the source's)
// against the LINEAR `source`, computed here from the two files' floats: both are straight
// between the source's keys, so the largest difference is at one of them. Translation as a
// distance, scale relative to the larger magnitude (at least 1).
double linearSubsetError(const Glb& source, const Glb& reduced, int c, bool relative) {
    auto samplerOf = [c](const Glb& g) {
        const json& anim = g.root["animations"][0];
        return anim["samplers"][anim["channels"][c]["sampler"].get<int>()];
    };
    const json sa = samplerOf(source), sb = samplerOf(reduced);
    const std::vector<float> ta = floatsOf(source, sa["input"]), va = floatsOf(source, sa["output"]);
    const std::vector<float> tb = floatsOf(reduced, sb["input"]), vb = floatsOf(reduced, sb["output"]);
    double worst = 0;
    std::size_t segment = 0;
    for (std::size_t k = 0; k < ta.size(); ++k) {
        while (segment + 2 < tb.size() && tb[segment + 1] <= ta[k]) ++segment;
        const double s = std::clamp((double(ta[k]) - tb[segment]) / (double(tb[segment + 1]) - tb[segment]), 0.0, 1.0);
        double distance = 0, largest = 0;
        for (int i = 0; i < 3; ++i) {
            const double played =
                    vb[segment * 3 + std::size_t(i)] * (1 - s) + vb[(segment + 1) * 3 + std::size_t(i)] * s;
            const double d = played - va[k * 3 + std::size_t(i)];
            distance += d * d;
            largest = std::max(largest, std::abs(d) / std::max({1.0, std::abs(played),
                                                                double(std::abs(va[k * 3 + std::size_t(i)]))}));
        }
        worst = std::max(worst, relative ? largest : std::sqrt(distance));
    }
    return worst;
}

// glTF-Transform: resample drops a LINEAR key when it is within 1e-4 per component of the
// line from the last kept key to the next source key; a dropped key is not checked again, so
// the result can drift past 1e-4 (the greedy test): diff reports the drift, and it equals what
// this test computes from the files. quantize leaves animation alone; meshopt stores rotations
// as 16-bit normalized components (each within 1/32767: 2 asin(2/32767) degrees at most).
TEST(DiffOptimizers, GltfTransformOutputOfALinearBake) {
    Workspace w;
    const std::string bake = w.save(denseBake(), "bake.glb");
    const Glb source = readGlb(bake);
    const int channels = channelCount(source.root);
    for (const char* command : {"resample", "quantize", "meshopt"}) {
        SCOPED_TRACE(command);
        const std::string out = w.path(std::string(command) + ".glb");
        gltfTransform(command, bake, out);
        const Result r = runTangent({"diff", q(bake), q(out), "--json"});
        EXPECT_TRUE(r.err.empty()) << r.err;
        const json j = parseJson(r);
        ASSERT_EQ(int(j["channels"].size()), channels);
        int keysBefore = 0, keysAfter = 0;
        for (const json& c : j["channels"]) {
            SCOPED_TRACE(c.dump());
            const std::string path = c["path"];
            const double error = c["maxError"].get<double>();
            keysBefore += c["keysA"].get<int>();
            keysAfter += c["keysB"].get<int>();
            if (std::string(command) == "resample") {
                if (path != "rotation") {
                    const double expected = linearSubsetError(source, readGlb(out), c["a"]["channel"], path == "scale");
                    EXPECT_NEAR(error, expected, 1e-9);
                }
                if (c["keysB"] < c["keysA"]) {
                    EXPECT_GT(error, 0);
                }
            } else if (std::string(command) == "quantize") {
                EXPECT_EQ(error, 0);
                EXPECT_EQ(c["bytesA"], c["bytesB"]);
            } else {
                EXPECT_EQ(c["keysB"], c["keysA"]);
                if (path == "rotation") {
                    EXPECT_GT(error, 0);
                    EXPECT_LE(error, 2 * std::asin(2.0 / 32767) * 180 / kPi);
                }
            }
        }
        if (std::string(command) == "resample") {
            EXPECT_LT(keysAfter, keysBefore);
        }
    }
}

// glTF-Transform on the Blender exports (CUBICSPLINE): resample and quantize leave the
// animation as it was; meshopt stores rotation outputs as normalized shorts, which cannot hold
// a CUBICSPLINE tangent component beyond [-1, 1] (the exports have them, read here from the
// file): diff finds those rotations damaged, far over tolerance.
TEST(DiffOptimizers, GltfTransformOutputOfFixtures) {
    Workspace w;
    for (const char* name : {"smooth_trs_1.glb", "multi_object_1.glb"}) {
        const std::string source = fixture(name);
        const Glb original = readGlb(source);
        for (const char* command : {"resample", "quantize", "meshopt"}) {
            SCOPED_TRACE(std::string(name) + " " + command);
            const std::string out = w.path(std::string(command) + ".glb");
            gltfTransform(command, source, out);
            const Result r = runTangent({"diff", q(source), q(out), "--json"});
            EXPECT_TRUE(r.err.empty()) << r.err;
            const json j = parseJson(r);
            ASSERT_EQ(int(j["channels"].size()), channelCount(original.root));
            const Glb written = readGlb(out);
            for (const json& c : j["channels"]) {
                SCOPED_TRACE(c.dump());
                EXPECT_TRUE(c["compared"].get<bool>());
                if (std::string(command) != "meshopt") {
                    EXPECT_EQ(c["maxError"], 0.0);
                    continue;
                }
                if (c["path"] != "rotation") continue;
                const json& anim = original.root["animations"][c["a"]["animation"].get<int>()];
                const int output = anim["samplers"]
                                       [anim["channels"][c["a"]["channel"].get<int>()]["sampler"].get<int>()]["output"];
                float largest = 0;
                for (float v : floatsOf(original, output)) largest = std::max(largest, std::abs(v));
                const json& animB = written.root["animations"][c["b"]["animation"].get<int>()];
                const json& accessorB =
                        written.root["accessors"]
                                    [animB["samplers"][animB["channels"][c["b"]["channel"].get<int>()]["sampler"]
                                                               .get<int>()]["output"]
                                             .get<int>()];
                ASSERT_GT(largest, 1.0f);
                ASSERT_EQ(accessorB["componentType"], 5122);
                ASSERT_TRUE(accessorB.value("normalized", false));
                EXPECT_TRUE(c["exceeds"].get<bool>());
                EXPECT_GT(c["maxError"].get<double>(), 10.0);
            }
            EXPECT_EQ(r.status, std::string(command) == "meshopt" ? 1 : 0);
        }
    }
}

// ------------------------------------------------------------------------------- simplify

TEST(Simplify, ADenseLinearBakeGetsFewerKeysAndBytesWithinTolerance) {
    Workspace w;
    const std::string bake = w.save(denseBake(), "bake.glb");
    const std::string out = w.path("simple.glb");
    const Result r = runTangent({"simplify", q(bake), "-o", q(out), "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    expectKhronosValid(out);
    const json j = parseJson(r);
    EXPECT_EQ(j["file"], bake);
    EXPECT_EQ(j["output"], out);
    ASSERT_EQ(j["channels"].size(), 3u);
    const tangent::Document source = tangent::Document::load(bake);
    const tangent::Document result = tangent::Document::load(out);
    // The documented defaults: 1e-4 scene units, 0.1 degrees, 1e-3 relative.
    const std::map<TargetPath, double> tolerance = {
            {TargetPath::Translation, 1e-4}, {TargetPath::Rotation, 0.1}, {TargetPath::Scale, 1e-3}};
    for (const json& c : j["channels"]) {
        SCOPED_TRACE(c.dump());
        EXPECT_EQ(c["before"]["interpolation"], "LINEAR");
        EXPECT_EQ(c["before"]["keys"], 121);
        EXPECT_EQ(c["before"]["bytes"], 121 * 4 + 121 * 4 * (c["path"] == "rotation" ? 4 : 3));
        EXPECT_LT(c["after"]["keys"].get<int>(), 121);
        EXPECT_LT(c["after"]["bytes"].get<int>(), c["before"]["bytes"].get<int>());
        // The report's error, at the source's keys, computed here from the two files.
        const int ch = c["channel"];
        const Track& a = source.animations()[0].channels[std::size_t(ch)].track;
        const Track& b = result.animations()[0].channels[std::size_t(ch)].track;
        EXPECT_EQ(b.keyCount(), c["after"]["keys"].get<int>());
        double worst = 0;
        for (int k = 0; k < a.keyCount(); ++k) {
            double va[4], vb[4];
            tangent::evaluate(a, a.times[std::size_t(k)], va);
            tangent::evaluate(b, a.times[std::size_t(k)], vb);
            double e = 0;
            if (a.path == TargetPath::Rotation) {
                // Played rotations are normalized; acos near 1 needs both exactly unit.
                double dot = 0, na = 0, nb = 0;
                for (int i = 0; i < 4; ++i) dot += va[i] * vb[i], na += va[i] * va[i], nb += vb[i] * vb[i];
                dot /= std::sqrt(na * nb);
                e = 2 * std::acos(std::min(1.0, std::abs(dot))) * 180 / kPi;
            } else if (a.path == TargetPath::Translation) {
                for (int i = 0; i < 3; ++i) e += (va[i] - vb[i]) * (va[i] - vb[i]);
                e = std::sqrt(e);
            } else {
                for (int i = 0; i < 3; ++i)
                    e = std::max(e, std::abs(va[i] - vb[i]) / std::max({1.0, std::abs(va[i]), std::abs(vb[i])}));
            }
            worst = std::max(worst, e);
        }
        EXPECT_LE(worst, tolerance.at(a.path));
        EXPECT_NEAR(c["maxError"].get<double>(), worst, 1e-9 + 1e-6 * worst);
        EXPECT_GE(c["maxErrorAnywhere"].get<double>(), c["maxError"].get<double>() - 1e-12);
    }
    // What the file stores, measured on the written file: inputs shared by the three channels
    // count once before (the builder shares one input of 121 times).
    EXPECT_EQ(j["bytes"]["before"], 121 * 4 + 121 * 4 * 10);
    EXPECT_LT(j["bytes"]["after"].get<int>(), j["bytes"]["before"].get<int>());
    EXPECT_EQ(j["bytes"]["fileBefore"], QFileInfo(q(bake)).size());
    EXPECT_EQ(j["bytes"]["fileAfter"], QFileInfo(q(out)).size());
}

TEST(Simplify, StrictKeepsEveryChannelWithinToleranceEverywhereAsDiffMeasures) {
    Workspace w;
    const std::string bake = w.save(denseBake(), "bake.glb");
    const std::string out = w.path("strict.glb");
    const Result r = runTangent({"simplify", q(bake), "-o", q(out), "--strict"});
    ASSERT_EQ(r.status, 0) << r.err;
    expectKhronosValid(out);
    const Result d = runTangent({"diff", q(bake), q(out)});
    EXPECT_EQ(d.status, 0) << d.out;
}

TEST(Simplify, UnselectedChannelsKeepTheirBytes) {
    Workspace w;
    const std::string bake = w.save(denseBake(), "bake.glb");
    const std::string out = w.path("one.glb");
    const Result r = runTangent({"simplify", q(bake), "-o", q(out), "--channel", "0:0", "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    expectKhronosValid(out);
    const json j = parseJson(r);
    ASSERT_EQ(j["channels"].size(), 1u);
    EXPECT_EQ(j["channels"][0]["channel"], 0);
    const Glb before = readGlb(bake), after = readGlb(out);
    for (int c : {1, 2}) {
        const json& samplerA = before.root["animations"][0]["samplers"]
                                          [before.root["animations"][0]["channels"][c]["sampler"].get<int>()];
        const json& samplerB = after.root["animations"][0]["samplers"]
                                         [after.root["animations"][0]["channels"][c]["sampler"].get<int>()];
        EXPECT_EQ(accessorData(before, samplerA["input"]), accessorData(after, samplerB["input"])) << c;
        EXPECT_EQ(accessorData(before, samplerA["output"]), accessorData(after, samplerB["output"])) << c;
        EXPECT_EQ(samplerA["interpolation"], samplerB["interpolation"]);
    }
}

// Channels sharing one input accessor: rewriting one alone leaves the shared times in the file,
// so its fit must be smaller than its values alone. Translation: 0.01 a key up to key 25 (0.25,
// a straight line: LINEAR drops the 24 inside), then 0.23 and 0.25 in turn (nothing to drop at
// 1e-4): 97 LINEAR keys, 1552 B, less than the channel's 121 times and values (1936 B) but more
// than its values alone (1452 B). Rotation and scale stay (not selected).
TEST(Simplify, AFitThatSavesOnlySharedTimesIsKept) {
    tangent::Document doc = denseBake();
    Track translation = doc.animations()[0].channels[0].track;
    ASSERT_EQ(translation.keyCount(), 121);
    for (int k = 0; k < 121; ++k)
        for (int c = 0; c < 3; ++c)
            translation.values[translation.at(k, c)] = k < 25 ? float(0.01 * k) : (k % 2 ? 0.25f : 0.23f);
    doc.setTrack(0, 0, translation);
    Workspace w;
    const std::string bake = w.save(doc, "bake.glb");
    const Glb source = readGlb(bake);
    const json& samplers = source.root["animations"][0]["samplers"];
    ASSERT_EQ(samplers[0]["input"], samplers[1]["input"]);  // the builder shares the times
    const std::string out = w.path("out.glb");
    const Result r = runTangent({"simplify", q(bake), "-o", q(out), "--channel", "0:0", "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    expectKhronosValid(out);
    const json j = parseJson(r);
    ASSERT_EQ(j["channels"].size(), 1u);
    const json& c = j["channels"][0];
    EXPECT_EQ(c["before"]["bytes"], 121 * 4 + 121 * 12);
    EXPECT_FALSE(c["changed"].get<bool>()) << c.dump();
    EXPECT_NE(c["kept"].get<std::string>().find("shared"), std::string::npos) << c.dump();
    EXPECT_EQ(j["bytes"]["after"], j["bytes"]["before"]);
    // With every channel simplified the shared times leave the file: the fit is kept then.
    const Result all = runTangent({"simplify", q(bake), "-o", q(out), "--json"});
    ASSERT_EQ(all.status, 0) << all.err;
    expectKhronosValid(out);
    const json every = parseJson(all);
    EXPECT_TRUE(every["channels"][0]["changed"].get<bool>()) << every["channels"][0].dump();
    EXPECT_EQ(every["channels"][0]["after"]["keys"], 97);
    EXPECT_LT(every["bytes"]["after"].get<int>(), every["bytes"]["before"].get<int>());
}

TEST(Simplify, ToLinearGivesLinear) {
    Workspace w;
    const std::string bake = w.save(denseBake(), "bake.glb");
    const std::string out = w.path("linear.gltf");
    const Result r = runTangent({"simplify", q(bake), "-o", q(out), "--to", "linear", "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    expectKhronosValid(out);
    const json j = parseJson(r);
    int reduced = 0;
    for (const json& c : j["channels"]) {
        EXPECT_EQ(c["after"]["interpolation"], "LINEAR") << c.dump();
        reduced += c["after"]["keys"].get<int>() < 121 ? 1 : 0;
    }
    EXPECT_GT(reduced, 0);
    const json file = json::parse(readBytes(out).toStdString());
    for (const json& s : file["animations"][0]["samplers"]) EXPECT_EQ(s.value("interpolation", "LINEAR"), "LINEAR");
    const Result text = runTangent({"simplify", q(bake), "-o", q(w.path("t.glb")), "--to", "linear"});
    expectKhronosValid(w.path("t.glb"));
    EXPECT_NE(text.out.find("channel(s) simplified; animation data"), std::string::npos) << text.out;
}

// simplify and convert fit their channels on every core: the files and reports they write are the
// same bytes as with one thread (TANGENT_THREADS=1, the plain reference), on a dense bake and on a
// Blender export of twelve channels in four animations.
TEST(Simplify, ChannelsFittedOnSeveralThreadsGiveTheOneThreadBytes) {
    Workspace w;
    const std::string bake = w.save(denseBake(), "bake.glb");
    const std::string multi = fixture("multi_object_1.glb");
    struct Run {
        std::string name;
        QStringList arguments;
    };
    const std::vector<Run> runs = {
            {"simplify.glb", {"simplify", q(bake), "--json"}},
            {"simplify_multi.glb", {"simplify", q(multi), "--to", "linear", "--json"}},
            {"convert_multi.glb", {"convert", q(multi), "--to", "linear", "--tolerance", "1e-3"}},
    };
    for (const Run& run : runs) {
        SCOPED_TRACE(run.name);
        std::string outputs[2], reports[2];
        for (int threads : {1, 4}) {
            qputenv("TANGENT_THREADS", QByteArray::number(threads));
            const std::string out = w.path(std::to_string(threads) + "_" + run.name);
            const Result r = runTangent(QStringList(run.arguments) << "-o" << q(out));
            ASSERT_EQ(r.status, 0) << r.err;
            outputs[threads == 4] = readBytes(out).toStdString();
            // The report names the output: the same text once the file name is taken out.
            std::string report = r.out;
            for (std::size_t at; (at = report.find(out)) != std::string::npos;) report.erase(at, out.size());
            reports[threads == 4] = report;
            if (threads == 4) expectKhronosValid(out);
        }
        qunsetenv("TANGENT_THREADS");
        EXPECT_FALSE(outputs[0].empty());
        EXPECT_TRUE(outputs[0] == outputs[1]) << "the files differ";
        EXPECT_EQ(reports[0], reports[1]);
    }
}

TEST(Simplify, BadInputExitsWithOneSentence) {
    Workspace w;
    const std::string good = w.save(cleanDocument(), "clean.glb");
    Result r = runTangent({"simplify", q(w.path("missing.glb")), "-o", q(w.path("o.glb"))});
    EXPECT_EQ(r.status, 2);
    expectOneErrorLine(r, "missing.glb");
    writeBytes(w.path("text.gltf"), "this is not json");
    r = runTangent({"simplify", q(w.path("text.gltf")), "-o", q(w.path("o.glb"))});
    EXPECT_EQ(r.status, 2);
    expectOneErrorLine(r, "text.gltf");
    r = runTangent({"simplify", q(good), "-o", q(w.path("o.glb")), "--channel", "first"});
    EXPECT_EQ(r.status, 64);
    expectOneErrorLine(r, "--channel 'first'");
    r = runTangent({"simplify", q(good), "-o", q(w.path("o.glb")), "--channel", "0:9"});
    EXPECT_EQ(r.status, 1);
    expectOneErrorLine(r, "/animations/0/channels/9");
    r = runTangent({"simplify", q(good), "-o", q(w.path("o.glb")), "--to", "step"});
    EXPECT_EQ(r.status, 64);
    expectOneErrorLine(r, "--to 'step'");
    r = runTangent({"simplify", q(good)});
    EXPECT_EQ(r.status, 64);
    expectOneErrorLine(r, "-o OUT");
    r = runTangent({"simplify", q(good), "-o", q(w.path("no/such/folder/o.glb"))});
    EXPECT_EQ(r.status, 2);
    expectOneErrorLine(r, "o.glb");
    EXPECT_FALSE(QFileInfo::exists(q(w.path("o.glb"))));
}
