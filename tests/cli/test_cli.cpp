// The `tangent` command line, run as a process: output, stderr's one sentence, exit status.
#include <cmath>
#include <fstream>
#include <map>
#include <set>

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <nlohmann/json.hpp>

#include "cli_support.h"
#include "tangent/checks.h"

using namespace clitest;
using nlohmann::json;
using tangent::Document;
using tangent::Track;

namespace {

const char* const kFixtures[] = {"smooth_trs_1.glb", "broken_trs_1.glb", "morph_weights_1.glb", "multi_object_1.glb"};

// Largest difference between two tracks over dense samples (rotations up to sign).
double maxDifference(const Track& a, const Track& b) {
    double worst = 0;
    const double t0 = std::min(a.startTime(), b.startTime()), t1 = std::max(a.endTime(), b.endTime());
    std::vector<double> va(a.components), vb(b.components);
    for (int i = 0; i <= 4000; ++i) {
        const double t = t0 + (t1 - t0) * i / 4000;
        tangent::evaluate(a, t, va.data());
        tangent::evaluate(b, t, vb.data());
        double same = 0, opposite = 0;
        for (int c = 0; c < a.components; ++c) {
            same = std::max(same, std::abs(va[c] - vb[c]));
            opposite = std::max(opposite, std::abs(va[c] + vb[c]));
        }
        worst = std::max(worst, a.path == tangent::TargetPath::Rotation ? std::min(same, opposite) : same);
    }
    return worst;
}

// A temporary folder with a document saved into it by Tangent's own writer.
struct Workspace {
    QTemporaryDir dir;
    std::string path(const std::string& name) const { return dir.filePath(q(name)).toStdString(); }
    std::string save(const Document& doc, const std::string& name) const {
        tangent::save(doc, path(name));
        return path(name);
    }
    std::string write(const std::string& name, const QByteArray& bytes) const {
        writeBytes(path(name), bytes);
        return path(name);
    }
};

// The clean document as .gltf text with the binary embedded (easy to break by editing).
std::string cleanGltfText() {
    const std::vector<std::uint8_t> bytes = tangent::saveToBytes(cleanDocument(), tangent::FileFormat::Gltf);
    return std::string(bytes.begin(), bytes.end());
}

}  // namespace

// ---------------------------------------------------------------------------------- usage

TEST(Usage, TopLevelHelpListsEverySubcommand) {
    const Result r = runTangent({"--help"});
    EXPECT_EQ(r.status, 0);
    for (const char* s : {"inspect", "validate", "sample", "convert", "fix", "render"})
        EXPECT_NE(r.out.find(s), std::string::npos) << s;
}

TEST(Usage, EverySubcommandHasHelp) {
    for (const char* s : {"inspect", "validate", "sample", "convert", "fix", "render"}) {
        const Result r = runTangent({s, "--help"});
        EXPECT_EQ(r.status, 0) << s;
        EXPECT_EQ(r.out.rfind(std::string("Usage: tangent ") + s, 0), 0u) << r.out;
        EXPECT_TRUE(r.err.empty()) << r.err;
    }
}

TEST(Usage, MistakesExit64WithOneSentence) {
    Result r = runTangent({"inspect", "--bogus", q(fixture("smooth_trs_1.glb"))});
    EXPECT_EQ(r.status, 64);
    expectOneErrorLine(r, "--help");
    r = runTangent({"inspect"});
    EXPECT_EQ(r.status, 64);
    expectOneErrorLine(r, "FILE");
    r = runTangent({"sample", q(fixture("smooth_trs_1.glb")), "--channel", "zero", "--times", "0"});
    EXPECT_EQ(r.status, 64);
    expectOneErrorLine(r, "--channel");
    r = runTangent({"sample", q(fixture("smooth_trs_1.glb")), "--channel", "0:0", "--times", "0", "--per-key", "2"});
    EXPECT_EQ(r.status, 64);
    r = runTangent({"convert", q(fixture("smooth_trs_1.glb"))});
    EXPECT_EQ(r.status, 64);
    expectOneErrorLine(r, "-o");
    r = runTangent({"convert", q(fixture("smooth_trs_1.glb")), "-o", "/tmp/x.glb", "--to", "bezier"});
    EXPECT_EQ(r.status, 64);
    expectOneErrorLine(r, "bezier");
}

// -------------------------------------------------------------------------------- inspect

TEST(Inspect, JsonListsChannelsWithNodesPathsAndBytes) {
    const Result r = runTangent({"inspect", q(fixture("smooth_trs_1.glb")), "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    const json j = parseJson(r);
    EXPECT_EQ(j["format"], "glb");
    ASSERT_EQ(j["animations"].size(), 1u);
    const json& a = j["animations"][0];
    EXPECT_EQ(a["name"], "SmoothAction");
    EXPECT_GT(a["duration"].get<double>(), 0);
    ASSERT_EQ(a["channels"].size(), 3u);
    const char* paths[] = {"translation", "rotation", "scale"};
    for (int c = 0; c < 3; ++c) {
        const json& ch = a["channels"][c];
        EXPECT_EQ(ch["index"], c);
        EXPECT_EQ(ch["node"], 0);
        EXPECT_EQ(ch["nodeName"], "Smooth");
        EXPECT_EQ(ch["path"], paths[c]);
        EXPECT_EQ(ch["pointer"], "/animations/0/channels/" + std::to_string(c));
        EXPECT_EQ(ch["interpolation"], "CUBICSPLINE");
        EXPECT_EQ(ch["keys"], 6);
        EXPECT_EQ(ch["components"], c == 1 ? 4 : 3);
        EXPECT_EQ(ch["start"], 0.0);
        EXPECT_TRUE(ch["brokenKeys"].empty());
        // Six float keys: 24 input bytes; three elements per key as CUBICSPLINE, one as LINEAR.
        EXPECT_EQ(ch["bytes"]["input"], 24);
        EXPECT_EQ(ch["bytes"]["output"], 6 * 3 * 4 * (c == 1 ? 4 : 3));
        EXPECT_EQ(ch["bytes"]["linearEquivalent"], 6 * 4 * (c == 1 ? 4 : 3));
    }
    // The samplers share one input accessor: the animation's total counts it once.
    EXPECT_EQ(a["bytes"]["input"], 24);
    EXPECT_TRUE(j["findings"].is_array());
}

TEST(Inspect, BrokenKeysAndText) {
    const json j = parseJson(runTangent({"inspect", q(fixture("broken_trs_1.glb")), "--json"}));
    EXPECT_FALSE(j["animations"][0]["channels"][0]["brokenKeys"].empty());
    const Result r = runTangent({"inspect", q(fixture("multi_object_1.glb"))});
    EXPECT_EQ(r.status, 0);
    EXPECT_NE(r.out.find("Obj3Action"), std::string::npos);
    EXPECT_NE(r.out.find("total bytes"), std::string::npos);
}

TEST(Inspect, UnreadableInputsExit2WithOneSentence) {
    Workspace w;
    Result r = runTangent({"inspect", q(w.path("missing.glb"))});
    EXPECT_EQ(r.status, 2);
    expectOneErrorLine(r, "missing.glb");
    r = runTangent({"inspect", q(w.write("bad.gltf", "{\"asset\": {\"version\": \"2.0\"}, \"nodes\": [}"))});
    EXPECT_EQ(r.status, 2);
    expectOneErrorLine(r, "bad.gltf: byte");
    // An empty name: Tangent's one sentence, without a warning of Qt's before it.
    for (const QStringList& command : {QStringList{"inspect", ""}, QStringList{"fix", "", "-o", q(w.path("o.glb"))},
                                       QStringList{"diff", "", q(fixture("smooth_trs_1.glb"))}}) {
        r = runTangent(command);
        EXPECT_EQ(r.status, 2) << command.front().toStdString();
        expectOneErrorLine(r, "the file name is empty");
    }
    QByteArray glb = readBytes(fixture("smooth_trs_1.glb"));
    r = runTangent({"inspect", q(w.write("truncated.glb", glb.left(glb.size() / 2)))});
    EXPECT_EQ(r.status, 2);
    expectOneErrorLine(r, "truncated.glb");
}

// ------------------------------------------------------------------------------- validate

TEST(Validate, BlenderExportsHaveNoErrors) {
    QStringList args{"validate", "--json"};
    for (const char* f : kFixtures) args << q(fixture(f));
    const Result r = runTangent(args);
    EXPECT_EQ(r.status, 0) << r.out;
    const json j = parseJson(r);
    ASSERT_EQ(j["files"].size(), 4u);
    for (const json& f : j["files"]) {
        EXPECT_EQ(f["errors"], 0) << f["file"];
        for (const json& finding : f["findings"])
            for (const char* key : {"code", "severity", "message", "pointer", "animation", "channel", "key"})
                EXPECT_TRUE(finding.contains(key)) << key;
    }
}

TEST(Validate, SpecErrorsExit1WithCodesAndPlaces) {
    Workspace w;
    const std::string clean = w.save(cleanDocument(), "clean.gltf");
    Document doc = tangent::Document::load(clean);
    // Non-increasing times: key 2 earlier than key 1, written straight into the .bin.
    const int input = doc.channel(0, 0)->inputAccessor;
    const json& acc = doc.json()["accessors"][input];
    const json& view = doc.json()["bufferViews"][acc["bufferView"].get<int>()];
    QByteArray bin = readBytes(w.path("clean.bin"));
    ASSERT_FALSE(bin.isEmpty());
    const float early = 0.25f;
    std::memcpy(bin.data() + view.value("byteOffset", 0) + acc.value("byteOffset", 0) + 8, &early, 4);
    w.write("clean.bin", bin);
    const Result r = runTangent({"validate", "--json", q(clean), q(fixture("smooth_trs_1.glb"))});
    EXPECT_EQ(r.status, 1);
    const json j = parseJson(r);
    ASSERT_EQ(j["files"].size(), 2u);
    EXPECT_GE(j["files"][0]["errors"].get<int>(), 1);
    bool found = false;
    for (const json& f : j["files"][0]["findings"])
        if (f["code"] == "ACCESSOR_ANIMATION_INPUT_NON_INCREASING") {
            found = true;
            EXPECT_EQ(f["animation"], 0);
            EXPECT_EQ(f["key"], 2);
            EXPECT_EQ(f["pointer"], "/animations/0/samplers/0/input");  // as Khronos reports it
            EXPECT_EQ(f["nodeName"], doc.channel(0, 0)->nodeName);
            EXPECT_EQ(f["path"], doc.channel(0, 0)->pathName);
        }
    EXPECT_TRUE(found) << r.out;
    EXPECT_EQ(j["files"][1]["errors"], 0);
}

TEST(Validate, BrokenFilesAreFindingsAndTheNextFileIsChecked) {
    Workspace w;
    std::string text = cleanGltfText();
    // Output count wrong: the scale sampler's output claims one element fewer.
    json j = json::parse(text);
    const int output = j["animations"][0]["samplers"][2]["output"].get<int>();
    j["accessors"][output]["count"] = j["accessors"][output]["count"].get<int>() - 1;
    const std::string badCount = w.write("count.gltf", QByteArray::fromStdString(j.dump()));
    // An accessor past the end of its buffer.
    json past = json::parse(text);
    past["accessors"][output]["byteOffset"] = 1 << 20;
    const std::string pastBuffer = w.write("past.gltf", QByteArray::fromStdString(past.dump()));
    const std::string malformed = w.write("malformed.gltf", "{\"asset\": ");
    const Result r = runTangent(
            {"validate", "--json", q(badCount), q(pastBuffer), q(malformed), q(fixture("smooth_trs_1.glb"))});
    EXPECT_EQ(r.status, 2) << r.err;  // one file is not glTF at all
    const json out = parseJson(r);
    ASSERT_EQ(out["files"].size(), 4u);
    EXPECT_EQ(out["files"][0]["findings"][0]["code"], "ANIMATION_SAMPLER_OUTPUT_ACCESSOR_INVALID_COUNT");
    EXPECT_GE(out["files"][1]["errors"].get<int>(), 1);
    EXPECT_NE(out["files"][1]["findings"][0]["pointer"].get<std::string>().find("/accessors/"), std::string::npos);
    EXPECT_EQ(out["files"][2]["findings"][0]["code"], "INVALID_JSON");
    EXPECT_EQ(out["files"][3]["errors"], 0);
}

TEST(Validate, NaNAndMissingFile) {
    Workspace w;
    json j = json::parse(cleanGltfText());
    // Replace the embedded buffer with one whose scale values hold a NaN: simplest via the core.
    Document doc = cleanDocument();
    Track scale = doc.channel(0, 2)->track;
    scale.values[4] = NAN;
    doc.setTrack(0, 2, scale);
    const std::string nan = w.path("nan.gltf");
    try {
        tangent::save(doc, nan);
    } catch (const std::exception&) {
    }
    Result r = runTangent({"validate", q(nan)});
    if (QFile::exists(q(nan))) {
        EXPECT_EQ(r.status, 1);
        EXPECT_NE(r.out.find("ACCESSOR_INVALID_FLOAT"), std::string::npos) << r.out;
    }
    r = runTangent({"validate", q(w.path("nothing.glb")), q(fixture("smooth_trs_1.glb"))});
    EXPECT_EQ(r.status, 2);
    expectOneErrorLine(r, "nothing.glb");
    EXPECT_NE(r.out.find("smooth_trs_1.glb: 0 errors"), std::string::npos) << r.out;
}

TEST(Validate, SeverityChoosesWhatIsListedAndFailOnWhatFails) {
    // broken_trs_1: no errors; 2 warnings: 3 hemisphere flips and a rotation near zero length, in
    // one channel; 4 infos: 20 broken handles in 3 channels and an overshoot (one finding per
    // channel and code, `count` instances each).
    const QString file = q(fixture("broken_trs_1.glb"));
    auto listed = [](const Result& r, const char* severity) {
        int n = 0;
        const json out = parseJson(r);
        for (const json& f : out["files"][0]["findings"]) n += f["severity"] == severity;
        return n;
    };
    Result r = runTangent({"validate", "--json", file});
    EXPECT_EQ(r.status, 0) << r.err;
    const json counts = parseJson(r)["files"][0];
    EXPECT_EQ(counts["errors"], 0);
    EXPECT_EQ(counts["warnings"], 2);
    // Counted even when not listed: 4 of Tangent's own, and the Khronos validator's UNUSED_OBJECT
    // for the mesh's texture coordinates, which no material reads.
    EXPECT_EQ(counts["infos"], 5);
    EXPECT_EQ(listed(r, "warning"), 2);
    EXPECT_EQ(listed(r, "info"), 0);  // the default lists warnings and errors

    r = runTangent({"validate", "--json", "--severity", "info", file});
    EXPECT_EQ(listed(r, "warning"), 2);
    EXPECT_EQ(listed(r, "info"), 5);
    std::map<std::string, int> instances;
    const json all = parseJson(r);
    for (const json& f : all["files"][0]["findings"]) instances[f["code"]] += f["count"].get<int>();
    EXPECT_EQ(instances["TANGENT_BROKEN_TANGENT"], 20);
    EXPECT_EQ(instances["TANGENT_ROTATION_HEMISPHERE_FLIP"], 3);
    r = runTangent({"validate", "--json", "--severity", "error", file});
    EXPECT_EQ(parseJson(r)["files"][0]["findings"].size(), 0u);

    r = runTangent({"validate", "--fail-on", "warning", file});
    EXPECT_EQ(r.status, 1);
    r = runTangent({"validate", "--fail-on", "warning", q(fixture("morph_weights_1.glb"))});  // infos only
    EXPECT_EQ(r.status, 0) << r.out;

    // Each finding's text line names the node and the path, and the key numbered from 1 (the
    // JSON's index 1).
    r = runTangent({"validate", file});
    EXPECT_NE(r.out.find("(animation 0, channel 1 'Mover' rotation, key 2)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("5 not listed"), std::string::npos) << r.out;

    for (const QStringList& bad : {QStringList{"--severity", "hint"}, QStringList{"--fail-on", "info"}}) {
        r = runTangent(QStringList{"validate"} + bad + QStringList{file});
        EXPECT_EQ(r.status, 64) << bad.join(' ').toStdString();
        expectOneErrorLine(r, bad[0].toStdString());
    }
}

TEST(Validate, AMissingBinLeavesTheStructureChecked) {
    // As the Khronos validator reports it: IO_ERROR where the buffer names its file, and every
    // rule that needs no data still checked (here a byteStride on the input's bufferView).
    Workspace w;
    const std::string clean = w.save(cleanDocument(), "clean.gltf");
    json j = json::parse(readBytes(clean).toStdString());
    const int input = j["animations"][0]["samplers"][0]["input"].get<int>();
    j["bufferViews"][j["accessors"][input]["bufferView"].get<int>()]["byteStride"] = 4;
    const std::string file = w.write("clean.gltf", QByteArray::fromStdString(j.dump()));
    ASSERT_TRUE(QFile::remove(q(w.path("clean.bin"))));
    const Result r = runTangent({"validate", "--json", q(file)});
    EXPECT_EQ(r.status, 2);  // an input could not be read
    std::multiset<std::pair<std::string, std::string>> errors;
    const json out = parseJson(r);
    for (const json& f : out["files"][0]["findings"])
        if (f["severity"] == "error") errors.insert({f["code"].get<std::string>(), f["pointer"].get<std::string>()});
    const std::multiset<std::pair<std::string, std::string>> expected = {
            {"IO_ERROR", "/buffers/0/uri"},
            {"ANIMATION_SAMPLER_ACCESSOR_WITH_BYTESTRIDE", "/animations/0/samplers/0/input"}};
    EXPECT_EQ(errors, expected) << r.out;
    // A strict load (convert, the editor) refuses it, naming the buffer: nothing is lost.
    const Result c = runTangent({"convert", q(file), "-o", q(w.path("out.glb"))});
    EXPECT_EQ(c.status, 2);
    expectOneErrorLine(c, "/buffers/0/uri: cannot read 'clean.bin'");
}

TEST(Validate, ExitStatusIsWhatHelpSays) {
    Workspace w;
    const std::string notGltf = w.write("notes.gltf", "these are not glTF");
    const std::string noAsset = w.write("noasset.gltf", "{\"nodes\": []}");
    const Result help = runTangent({"validate", "--help"});
    EXPECT_EQ(help.status, 0);
    EXPECT_NE(help.out.find("2 a file could not be read or is not a glTF file"), std::string::npos) << help.out;
    EXPECT_EQ(runTangent({"validate", q(fixture("smooth_trs_1.glb"))}).status, 0);
    for (const std::string& f : {notGltf, noAsset, w.path("missing.glb")}) {
        const Result r = runTangent({"validate", q(f), q(fixture("smooth_trs_1.glb"))});
        EXPECT_EQ(r.status, 2) << f;
        EXPECT_NE(r.out.find("smooth_trs_1.glb: 0 errors"), std::string::npos) << r.out;  // still checked
    }
    EXPECT_EQ(runTangent({"validate"}).status, 64);
}

// --------------------------------------------------------------------------------- sample

TEST(Sample, MatchesThreeJsReference) {
    const QByteArray reference = readBytes(fixture("smooth_trs_1.threejs.json"));
    const json ref = json::parse(reference.toStdString());
    for (int c = 0; c < 3; ++c) {
        const json& track = ref["tracks"][c];
        QStringList times;
        for (const json& t : track["times"]) times << QString::number(t.get<double>(), 'g', 17);
        const Result r = runTangent({"sample", q(fixture("smooth_trs_1.glb")), "--channel", "0:" + QString::number(c),
                                     "--times", times.join(','), "--json"});
        ASSERT_EQ(r.status, 0) << r.err;
        const json j = parseJson(r);
        EXPECT_EQ(j["animation"], 0);
        EXPECT_EQ(j["channel"], c);
        EXPECT_EQ(j["nodeName"], "Smooth");
        EXPECT_EQ(j["interpolation"], "CUBICSPLINE");
        ASSERT_EQ(j["samples"].size(), track["times"].size());
        for (std::size_t i = 0; i < track["times"].size(); ++i)
            for (std::size_t k = 0; k < track["values"][i].size(); ++k)
                EXPECT_NEAR(j["samples"][i]["value"][k].get<double>(), track["values"][i][k].get<double>(), 2e-6)
                        << track["name"] << " t=" << track["times"][i];
    }
}

TEST(Sample, FullPrecisionAndCsv) {
    const Document doc = Document::load(fixture("broken_trs_1.glb"));
    const Track& rotation = doc.channel(0, 1)->track;
    const Result r = runTangent({"sample", q(fixture("broken_trs_1.glb")), "-c", "0:1", "--per-key", "3", "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    const json j = parseJson(r);
    ASSERT_EQ(j["samples"].size(), std::size_t((rotation.keyCount() - 1) * 3 + 1));
    double value[4];
    for (const json& s : j["samples"]) {
        tangent::evaluate(rotation, s["t"].get<double>(), value);
        for (int c = 0; c < 4; ++c) EXPECT_EQ(s["value"][c].get<double>(), value[c]);  // bit for bit
    }
    const Result csv =
            runTangent({"sample", q(fixture("morph_weights_1.glb")), "-c", "0:0", "--times", "0,0.1,100", "--csv"});
    ASSERT_EQ(csv.status, 0) << csv.err;
    EXPECT_EQ(csv.out.rfind("t,w0,w1", 0), 0u) << csv.out;
    EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 4);
}

// A material colour and a node's visibility animated by KHR_animation_pointer, and a third
// pointer to a material the file does not have (tests/data/pointer: written by hand, keys at
// 0 and 1 s).
std::string pointerAsset() {
    return std::string(TANGENT_TEST_DATA) + "/pointer/glow_lamp.gltf";
}

TEST(Sample, PointerChannelsByTheirPointer) {
    const std::string file = pointerAsset();
    const Result r =
            runTangent({"sample", q(file), "--channel", "0:/materials/0/emissiveFactor", "--times", "0.5,2", "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    const json j = parseJson(r);
    EXPECT_EQ(j["channel"], 0);
    EXPECT_EQ(j["path"], "pointer");
    EXPECT_EQ(j["node"], nullptr);
    EXPECT_EQ(j["target"], "/materials/0/emissiveFactor");
    EXPECT_EQ(j["label"], "material \"Glow\" \u00b7 emissiveFactor");
    EXPECT_EQ(j["samples"][0]["value"], json({0.5, 0.25, 0.0}));  // halfway, exact in binary
    EXPECT_EQ(j["samples"][1]["value"], json({1.0, 0.5, 0.0}));   // held after the last key

    const Result byIndex = runTangent({"sample", q(file), "-c", "0:1", "--times", "0,0.99,1", "--csv"});
    ASSERT_EQ(byIndex.status, 0) << byIndex.err;
    EXPECT_EQ(byIndex.out, "t,value\n0,1\n0.99,1\n1,0\n");  // a bool steps

    const Result missing = runTangent({"sample", q(file), "-c", "0:/materials/0/alphaCutoff", "--times", "0"});
    EXPECT_EQ(missing.status, 1);
    expectOneErrorLine(missing, "no channel of this animation animates '/materials/0/alphaCutoff'");
}

TEST(Inspect, PointerChannelsNameTheirTarget) {
    Workspace w;
    const std::string file = pointerAsset();
    const Result r = runTangent({"inspect", q(file), "--json"});
    ASSERT_EQ(r.status, 0) << r.err;
    const json j = parseJson(r);
    const json& channels = j["animations"][0]["channels"];
    EXPECT_EQ(channels[0]["target"], "/materials/0/emissiveFactor");
    EXPECT_EQ(channels[0]["supported"], true);
    EXPECT_EQ(channels[0]["components"], 3);
    EXPECT_EQ(channels[1]["label"], "node \"Lamp\" \u00b7 KHR_node_visibility.visible");
    EXPECT_EQ(channels[1]["interpolation"], "STEP");

    const Result v = runTangent({"validate", q(file), "--json"});
    EXPECT_EQ(v.status, 0) << v.out << v.err;  // warnings only
    const json report = parseJson(v);
    int unresolved = 0;
    for (const json& f : report["files"][0]["findings"])
        if (f["code"] == "TANGENT_POINTER_UNRESOLVED") {
            ++unresolved;
            EXPECT_EQ(f["severity"], "warning");
            EXPECT_EQ(f["pointer"], "/animations/1/channels/0/target/extensions/KHR_animation_pointer/pointer");
            EXPECT_EQ(f["path"], "/materials/4/emissiveFactor");
        }
    EXPECT_EQ(unresolved, 1);

    // Converted to CUBICSPLINE, the colour follows and the bool keeps stepping; the file stays valid.
    const std::string out = w.path("cubic.glb");
    const Result c = runTangent({"convert", q(file), "-o", q(out), "--to", "cubicspline"});
    ASSERT_EQ(c.status, 0) << c.err;
    EXPECT_NE(c.out.find("0:1 stays STEP"), std::string::npos) << c.out;
    expectKhronosValid(out);
    const Document back = Document::load(out);
    EXPECT_EQ(back.channel(0, 0)->track.interpolation, tangent::Interpolation::CubicSpline);
    EXPECT_EQ(back.channel(0, 1)->track.interpolation, tangent::Interpolation::Step);
    EXPECT_EQ(back.channel(0, 0)->targetPointer, "/materials/0/emissiveFactor");
}

TEST(Sample, MissingChannelExit1) {
    const Result r = runTangent({"sample", q(fixture("smooth_trs_1.glb")), "--channel", "0:7", "--times", "0"});
    EXPECT_EQ(r.status, 1);
    expectOneErrorLine(r, "/animations/0/channels/7");
}

// -------------------------------------------------------------------------------- convert

TEST(Convert, PlainResaveIsLosslessAndValid) {
    Workspace w;
    for (const char* f : kFixtures) {
        for (const char* ext : {".gltf", ".glb"}) {
            const std::string out = w.path(std::string(f) + ext);
            const Result r = runTangent({"convert", q(fixture(f)), "-o", q(out)});
            ASSERT_EQ(r.status, 0) << r.err;
            expectKhronosValid(out);
            const Document a = Document::load(fixture(f)), b = Document::load(out);
            ASSERT_EQ(a.animations().size(), b.animations().size());
            for (std::size_t i = 0; i < a.animations().size(); ++i)
                for (std::size_t c = 0; c < a.animations()[i].channels.size(); ++c)
                    EXPECT_TRUE(a.animations()[i].channels[c].track.sameCurve(b.animations()[i].channels[c].track));
        }
    }
    const std::string forced = w.path("forced.out");
    ASSERT_EQ(runTangent({"convert", q(fixture("smooth_trs_1.glb")), "-o", q(forced), "--format", "glb"}).status, 0);
    EXPECT_EQ(readBytes(forced).left(4), QByteArray("glTF"));
}

TEST(Convert, ToLinearWithinToleranceWithFewKeys) {
    Workspace w;
    const std::string out = w.path("linear.glb");
    const Result r = runTangent(
            {"convert", q(fixture("smooth_trs_1.glb")), "-o", q(out), "--to", "linear", "--tolerance", "0.01"});
    ASSERT_EQ(r.status, 0) << r.err;
    expectKhronosValid(out);
    const Document a = Document::load(fixture("smooth_trs_1.glb")), b = Document::load(out);
    for (int c = 0; c < 3; ++c) {
        const Track& before = a.channel(0, c)->track;
        const Track& after = b.channel(0, c)->track;
        EXPECT_EQ(after.interpolation, tangent::Interpolation::Linear);
        EXPECT_LE(maxDifference(before, after), 0.01 * 1.5) << "channel " << c;
        // Fewer keys than sampling every key interval at the candidates' density (32); the
        // rotation's tolerance is 0.01 degrees (each path's own unit), far finer.
        if (before.path != tangent::TargetPath::Rotation) {
            EXPECT_LT(after.keyCount(), (before.keyCount() - 1) * 32) << "channel " << c;
        }
    }
}

TEST(Convert, LinearToCubicSplineIsExactAndSelectedChannelsOnly) {
    Workspace w;
    const std::string in = w.save(cleanDocument(), "clean.glb");
    const std::string out = w.path("cubic.glb");
    // Channel 2 is the LINEAR scale.
    const Result r = runTangent({"convert", q(in), "-o", q(out), "--to", "cubicspline", "--channel", "0:2"});
    ASSERT_EQ(r.status, 0) << r.err;
    expectKhronosValid(out);
    const Document a = Document::load(in), b = Document::load(out);
    EXPECT_EQ(b.channel(0, 2)->track.interpolation, tangent::Interpolation::CubicSpline);
    EXPECT_LE(maxDifference(a.channel(0, 2)->track, b.channel(0, 2)->track), 1e-6);
    EXPECT_TRUE(a.channel(0, 0)->track.sameCurve(b.channel(0, 0)->track));
    EXPECT_TRUE(a.channel(0, 1)->track.sameCurve(b.channel(0, 1)->track));
    // And to STEP, keeping the keys.
    const std::string step = w.path("step.gltf");
    ASSERT_EQ(runTangent({"convert", q(in), "-o", q(step), "--to", "step"}).status, 0);
    expectKhronosValid(step);
    EXPECT_EQ(Document::load(step).channel(0, 0)->track.interpolation, tangent::Interpolation::Step);
}

TEST(Convert, UnwritableOutputExit2) {
    const Result r = runTangent({"convert", q(fixture("smooth_trs_1.glb")), "-o", "/nonexistent/folder/out.glb"});
    EXPECT_EQ(r.status, 2);
    expectOneErrorLine(r, "/nonexistent/folder/out.glb");
}

// An output's files are its own: two assets whose buffers are both "scene.bin" (one written by
// glTF-Transform, one by gltfpack) converted into a folder holding a third asset's scene.bin.
TEST(Convert, TwoAssetsWithTheSameBufferNameIntoOneFolder) {
    Workspace w;
    QDir(w.dir.path()).mkpath("a");
    QDir(w.dir.path()).mkpath("b");
    QDir(w.dir.path()).mkpath("out");
    const auto make = [](const QString& program, const QStringList& args) {
        QProcess p;
        p.start(program, args);
        ASSERT_TRUE(p.waitForStarted(30000)) << program.toStdString() << " cannot be started (./dev.sh setup)";
        ASSERT_TRUE(p.waitForFinished(120000));
        ASSERT_EQ(p.exitCode(), 0) << p.readAllStandardError().toStdString();
    };
    make(TANGENT_GLTF_TRANSFORM, {"copy", q(fixture("smooth_trs_1.glb")), q(w.path("a/scene.gltf"))});
    make("gltfpack", {"-i", q(fixture("morph_weights_1.glb")), "-o", q(w.path("b/scene.gltf"))});
    make(TANGENT_GLTF_TRANSFORM, {"copy", q(fixture("multi_object_1.glb")), q(w.path("out/scene.gltf"))});
    ASSERT_TRUE(QFile::rename(q(w.path("out/scene.gltf")), q(w.path("out/third.gltf"))));
    for (const char* asset : {"a/scene.bin", "b/scene.bin", "out/scene.bin"})
        ASSERT_TRUE(QFile::exists(q(w.path(asset)))) << asset;
    const QByteArray third = readBytes(w.path("out/scene.bin")), thirdJson = readBytes(w.path("out/third.gltf"));

    Result r = runTangent({"convert", q(w.path("a/scene.gltf")), "-o", q(w.path("out/hero.gltf")), "--to", "linear"});
    ASSERT_EQ(r.status, 0) << r.err;
    const QByteArray heroJson = readBytes(w.path("out/hero.gltf")), heroBin = readBytes(w.path("out/hero.bin"));
    ASSERT_FALSE(heroBin.isEmpty());
    r = runTangent({"convert", q(w.path("b/scene.gltf")), "-o", q(w.path("out/villain.gltf"))});
    ASSERT_EQ(r.status, 0) << r.err;

    EXPECT_EQ(readBytes(w.path("out/hero.gltf")), heroJson);
    EXPECT_EQ(readBytes(w.path("out/hero.bin")), heroBin);
    EXPECT_EQ(readBytes(w.path("out/scene.bin")), third);
    EXPECT_EQ(readBytes(w.path("out/third.gltf")), thirdJson);
    EXPECT_EQ(QDir(q(w.path("out"))).entryList(QDir::Files),
              (QStringList{"hero.bin", "hero.gltf", "scene.bin", "third.gltf", "villain.bin", "villain.gltf"}));
    for (const char* f : {"out/hero.gltf", "out/villain.gltf", "out/third.gltf"}) expectKhronosValid(w.path(f));
    const Document b = Document::load(w.path("b/scene.gltf")), villain = Document::load(w.path("out/villain.gltf"));
    for (std::size_t c = 0; c < b.animations()[0].channels.size(); ++c)
        EXPECT_TRUE(b.animations()[0].channels[c].track.sameCurve(villain.animations()[0].channels[c].track));
}

// An output whose extension names no format is a usage mistake, unless --format names one.
TEST(Convert, AnUnknownOutputExtensionNeedsFormat) {
    Workspace w;
    for (const char* command : {"convert", "fix", "simplify"}) {
        const Result r = runTangent({command, q(fixture("smooth_trs_1.glb")), "-o", q(w.path("x.obj"))});
        EXPECT_EQ(r.status, 64) << command;
        expectOneErrorLine(r, "the output '" + w.path("x.obj") + "' ends in neither .gltf nor .glb");
        EXPECT_TRUE(QDir(w.dir.path()).isEmpty()) << command << " wrote a file";
    }
    for (const char* command : {"convert", "fix"}) {
        const std::string out = w.path(std::string(command) + ".bin3");
        const Result r = runTangent({command, q(fixture("smooth_trs_1.glb")), "-o", q(out), "--format", "glb"});
        ASSERT_EQ(r.status, 0) << r.err;
        EXPECT_EQ(readBytes(out).left(4), QByteArray("glTF"));
        expectKhronosValid(out);
    }
}

// ------------------------------------------------------------------------------------ fix

TEST(Fix, RepairsWhatValidateFinds) {
    Workspace w;
    for (const char* f : {"smooth_trs_1.glb", "multi_object_1.glb"}) {
        const std::string out = w.path(std::string("fixed_") + f);
        const Result r = runTangent({"fix", q(fixture(f)), "-o", q(out)});
        ASSERT_EQ(r.status, 0) << r.err;
        expectKhronosValid(out);
        for (const tangent::Finding& finding : tangent::checkFile(out)) {
            EXPECT_NE(finding.code, "TANGENT_ROTATION_HEMISPHERE_FLIP") << f;
            EXPECT_NE(finding.code, "TANGENT_UNUSED_TANGENT_NONZERO") << f;
        }
    }
}

TEST(Fix, NormalizesRotationsAndZeroesUnusedTangents) {
    Workspace w;
    tangent::DocumentBuilder b;
    const int node = b.addMeshNode("N");
    const int anim = b.addAnimation("A");
    Track rotation = makeTrack(tangent::TargetPath::Rotation, tangent::Interpolation::CubicSpline, 4, {0, 1},
                               {0, 0, 0, 1.2f, 0, 0, 0.6f, 0.6f});
    rotation.inTangents[3] = 0.5f;  // unused first in-tangent
    b.addChannel(anim, node, rotation);
    const std::string in = w.save(b.build("bad.gltf"), "bad.gltf");
    Result r = runTangent({"validate", q(in)});
    EXPECT_EQ(r.status, 1) << r.out;
    const std::string out = w.path("fixed.gltf");
    r = runTangent({"fix", q(in), "-o", q(out), "--normalize-rotations", "--zero-unused-tangents"});
    ASSERT_EQ(r.status, 0) << r.err;
    expectKhronosValid(out);
    r = runTangent({"validate", "--json", q(out)});
    EXPECT_EQ(r.status, 0) << r.out;
    const Document fixedDoc = Document::load(out);
    const Track& fixed = fixedDoc.channel(0, 0)->track;
    EXPECT_FLOAT_EQ(fixed.value(0, 3), 1.0f);
    EXPECT_EQ(fixed.inTangent(0, 3), 0.0f);
}

// --------------------------------------------------------------------------------- render

TEST(Render, PngAndSvgWithoutADisplay) {
    Workspace w;
    for (const char* name : {"curve.png", "curve.svg"}) {
        const std::string out = w.path(name);
        const Result r = runTangent(
                {"render", q(fixture("broken_trs_1.glb")), "--channel", "0:1", "-o", q(out), "--size", "640x320"});
        ASSERT_EQ(r.status, 0) << r.err;
        const QByteArray bytes = readBytes(out);
        if (std::string(name).find(".png") != std::string::npos)
            EXPECT_EQ(bytes.mid(1, 3), QByteArray("PNG"));
        else
            EXPECT_NE(bytes.indexOf("<svg"), -1);
    }
    const Result bad =
            runTangent({"render", q(fixture("broken_trs_1.glb")), "--channel", "0:1", "-o", q(w.path("x.bmp"))});
    EXPECT_EQ(bad.status, 64);
}

// `tangent` loads QtCore alone, so that a validate in CI starts fast; what draws (render, the
// editor) it hands to tangent-gui beside it, which Render.PngAndSvgWithoutADisplay runs through it.
TEST(Usage, TheCommandLineLinksQtCoreAloneAndHandsDrawingToTangentGui) {
    const Result libraries = runProgram("ldd", {TANGENT_EXE});
    ASSERT_EQ(libraries.status, 0) << libraries.err;
    EXPECT_NE(libraries.out.find("libQt6Core"), std::string::npos) << libraries.out;
    for (const char* drawing : {"libQt6Gui", "libQt6Widgets", "libQt6OpenGL", "libGL", "libEGL", "libfontconfig"})
        EXPECT_EQ(libraries.out.find(drawing), std::string::npos) << drawing << " in\n" << libraries.out;

    // Alone in a folder, it still validates; asked to draw, it says what it cannot start.
    Workspace w;
    const std::string alone = w.path("tangent");
    ASSERT_TRUE(QFile::copy(TANGENT_EXE, q(alone)));
    const Result validated = runProgram(q(alone), {"validate", q(fixture("broken_trs_1.glb"))});
    EXPECT_EQ(validated.status, 0) << validated.err;
    const Result render = runProgram(
            q(alone), {"render", q(fixture("broken_trs_1.glb")), "--channel", "0:1", "-o", q(w.path("x.png"))});
    EXPECT_EQ(render.status, 2);
    expectOneErrorLine(render, "cannot start " + w.path("tangent-gui") + ", which holds the editor and render");
    EXPECT_FALSE(QFileInfo::exists(q(w.path("x.png"))));
}

TEST(Usage, AnUnknownWordIsNeitherASubcommandNorAFile) {
    const Result r = runTangent({"inspekt", "x.glb"});
    EXPECT_EQ(r.status, 64);
    expectOneErrorLine(r, "'inspekt' is neither a subcommand nor a file");
}

TEST(Validate, LoopsChecksEveryAnimationsWrapAndFailsOnWarningWhenAsked) {
    // Blender's sampled curves of broken_trs_1 end elsewhere than they start (its reference).
    std::ifstream in(fixture("broken_trs_1.blender.json"));
    const json blender = json::parse(in);
    for (const json& ch : blender["channels"]) EXPECT_NE(ch["values"].front(), ch["values"].back()) << ch["path"];
    const QString file = q(fixture("broken_trs_1.glb"));
    const Result plain = runTangent({"validate", "--json", file});
    EXPECT_EQ(plain.out.find("TANGENT_LOOP_MISMATCH"), std::string::npos) << "only when asked";
    const Result loops = runTangent({"validate", "--json", "--loops", file});
    EXPECT_EQ(loops.status, 0) << "warnings do not fail by default";
    const json j = parseJson(loops);
    std::set<int> channels;
    for (const json& f : j["files"][0]["findings"])
        if (f["code"] == "TANGENT_LOOP_MISMATCH") {
            EXPECT_EQ(f["severity"], "warning");
            EXPECT_EQ(f["pointer"], "/animations/0/channels/" + std::to_string(f["channel"].get<int>()));
            channels.insert(f["channel"].get<int>());
        }
    EXPECT_EQ(channels, (std::set<int>{0, 1, 2})) << "translation, rotation and scale";
    EXPECT_EQ(runTangent({"validate", "--loops", "--fail-on", "warning", file}).status, 1);
}
