// Findings a person can read at any size: one finding per channel and code for Tangent's own
// per-key checks (a report that grows with channels, not keys), `sample`'s row limit, and the
// loader's findings the Khronos glTF-Validator also reports (numbers beyond a double's range,
// GLB container problems), compared with the validator run here on the same bytes.
#include <cmath>
#include <cstdint>
#include <map>
#include <set>
#include <tuple>

#include <nlohmann/json.hpp>

#include "cli_support.h"

using namespace tangent;
using namespace clitest;
using json = nlohmann::json;

namespace {

// The Khronos validator's report of one file (validate.mjs --json).
json khronosReport(const std::string& path) {
    const QByteArray script = qgetenv("TANGENT_VALIDATOR");
    if (script.isEmpty()) {
        ADD_FAILURE() << "TANGENT_VALIDATOR is not set: run the tests through ./dev.sh test";
        return {};
    }
    QProcess node;
    node.start("node", {QString::fromLocal8Bit(script), "--json", q(path)});
    if (!node.waitForFinished(120000)) {
        ADD_FAILURE() << "the validator did not finish on " << path;
        return {};
    }
    const json reports = parseJson(node.readAllStandardOutput().toStdString());
    if (!reports.is_array() || reports.size() != 1) {
        ADD_FAILURE() << "the validator gave no report for " << path;
        return {};
    }
    return reports[0];
}

// (code, place) of every finding: the place is the JSON pointer, or the byte offset of a GLB
// container finding.
using Places = std::multiset<std::pair<std::string, std::string>>;

Places khronosPlaces(const json& report, const std::string& prefix) {
    Places out;
    for (const json& m : report["issues"]["messages"]) {
        const std::string code = m["code"];
        if (code.rfind(prefix, 0) != 0) continue;
        out.insert({code, m.contains("offset") ? "byte " + std::to_string(m["offset"].get<long long>())
                                               : m.value("pointer", std::string())});
    }
    return out;
}

Places tangentPlaces(const json& file, const std::string& prefix) {
    Places out;
    for (const json& f : file["findings"]) {
        const std::string code = f["code"];
        if (code.rfind(prefix, 0) != 0) continue;
        out.insert({code, f.contains("offset") ? "byte " + std::to_string(f["offset"].get<long long>())
                                               : f["pointer"].get<std::string>()});
    }
    return out;
}

std::string describe(const Places& places) {
    std::string s;
    for (const auto& [code, place] : places) s += "  " + code + " at " + place + "\n";
    return s.empty() ? "  (none)\n" : s;
}

// A pseudo-random number in [0, 1) from two integers (no generator state to keep in sync).
double unit(int a, int b) {
    unsigned x = unsigned(a) * 73856093u ^ unsigned(b) * 19349663u;
    x ^= x >> 13;
    x *= 0x5bd1e995u;
    x ^= x >> 15;
    return (x & 0xffffff) / double(0x1000000);
}

// A valid file with `channels` CUBICSPLINE translation channels of `keys` keys each, every
// interior key's in- and out-tangents different random slopes far steeper than the curve: every
// interior key broken, most segments overshooting.
std::string writeManyKeyFile(const QTemporaryDir& dir, int channels, int keys) {
    DocumentBuilder b;
    const int anim = b.addAnimation("A");
    for (int c = 0; c < channels; ++c) {
        const int node = b.addNode("N" + std::to_string(c));
        Track t;
        t.path = TargetPath::Translation;
        t.interpolation = Interpolation::CubicSpline;
        t.components = 3;
        t.times.resize(std::size_t(keys));
        for (int k = 0; k < keys; ++k) t.times[std::size_t(k)] = float(k) / 30;
        t.resize(keys);
        for (int k = 0; k < keys; ++k)
            for (int i = 0; i < 3; ++i) {
                t.values[t.at(k, i)] = float(std::sin(0.1 * k + i));
                t.inTangents[t.at(k, i)] = k == 0 ? 0.0f : float(2000 * (unit(k, 2 * i + 6 * c) - 0.5));
                t.outTangents[t.at(k, i)] = k == keys - 1 ? 0.0f : float(2000 * (unit(k, 2 * i + 1 + 6 * c) - 0.5));
            }
        b.addChannel(anim, node, t, c);
    }
    const std::string path = dir.filePath("many_keys.glb").toStdString();
    save(b.build("many_keys.glb"), path);
    return path;
}

}  // namespace

// ------------------------------------------------------------------------ report size

TEST(Findings, ReportOfAManyKeyFileGrowsWithChannelsNotKeys) {
    QTemporaryDir dir;
    const int channels = 3, keys = 20000;
    const std::string file = writeManyKeyFile(dir, channels, keys);
    expectKhronosValid(file);
    const Result r = runTangent({"validate", "--json", "--severity", "info", q(file)});
    ASSERT_EQ(r.status, 0) << r.err;
    const json j = parseJson(r.out);
    const json& findings = j["files"][0]["findings"];
    // At most one finding per channel and code.
    std::set<std::pair<int, std::string>> seen;
    for (const json& f : findings) {
        if (!f["channel"].is_number()) {  // about the file, not a channel: the Khronos validator's
            EXPECT_NE(f["code"].get<std::string>().rfind("TANGENT_", 0), 0u) << f;
            continue;
        }
        EXPECT_TRUE(seen.insert({f["channel"].get<int>(), f["code"].get<std::string>()}).second)
                << "two " << f["code"] << " findings on channel " << f["channel"];
        EXPECT_LE(f["keys"].size(), kListedKeys);
    }
    EXPECT_LE(findings.size(), std::size_t(channels) * 8);
    // Every interior key is broken (the tangents are independent random numbers).
    int brokenChannels = 0;
    for (const json& f : findings)
        if (f["code"] == "TANGENT_BROKEN_TANGENT") {
            ++brokenChannels;
            EXPECT_EQ(f["count"], keys - 2);
            EXPECT_EQ(f["keys"], json({1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));
            EXPECT_EQ(f["key"], 1);
            EXPECT_EQ(f["severity"], "info");
        } else if (f["code"] == "TANGENT_OVERSHOOT") {
            EXPECT_GT(f["count"].get<int>(), (keys - 1) / 2) << "most segments overshoot";
            EXPECT_EQ(f["severity"], "info");
        }
    EXPECT_EQ(brokenChannels, channels);
    EXPECT_LT(r.out.size(), 20000u) << "the report grew with the keys";
    // inspect lists the first broken keys and counts them all.
    const json inspect = parseJson(runTangent({"inspect", "--json", q(file)}).out);
    const json& channel = inspect["animations"][0]["channels"][0];
    EXPECT_EQ(channel["brokenCount"], keys - 2);
    EXPECT_EQ(channel["brokenKeys"].size(), kListedKeys);
}

// The JSON reports are written to stdout as they are serialized (printJson), not built as one
// string first: the bytes are still exactly what nlohmann's dump(2) gives for the same document
// (the key order kept), for validate's and inspect's reports.
TEST(Findings, JsonReportsAreDumpsOwnBytes) {
    QTemporaryDir dir;
    const std::string file = writeManyKeyFile(dir, 3, 500);
    for (const QStringList& args :
         {QStringList{"validate", "--json", "--severity", "info", q(file), q(fixture("broken_trs_1.glb"))},
          QStringList{"inspect", "--json", q(file)},
          QStringList{"inspect", "--json", q(fixture("multi_object_1.glb"))}}) {
        const Result r = runTangent(args);
        ASSERT_EQ(r.status, 0) << r.err;
        const nlohmann::ordered_json parsed = nlohmann::ordered_json::parse(r.out);
        EXPECT_GT(r.out.size(), 1000u);
        EXPECT_EQ(r.out, parsed.dump(2) + "\n") << args.join(' ').toStdString();
    }
}

// validate decodes and checks channels on every thread, each channel on the thread that read it
// (Document::scan with a KeyCheck): its report is the same bytes as with everything on one
// thread (TANGENT_THREADS=1, the plain reference), on many-key random curves and on Blender
// exports; inspect (the same scan) too.
TEST(Findings, ChannelsCheckedOnSeveralThreadsGiveTheOneThreadReport) {
    QTemporaryDir dir;
    const std::vector<std::string> files = {writeManyKeyFile(dir, 12, 3000), fixture("broken_trs_1.glb"),
                                            fixture("multi_object_1.glb"), fixture("smooth_trs_1.glb")};
    for (const std::string& file : files) {
        SCOPED_TRACE(file);
        std::string validate[2], inspect[2];
        for (int threads : {1, 3}) {
            qputenv("TANGENT_THREADS", QByteArray::number(threads));
            const Result v = runTangent({"validate", "--json", "--severity", "info", q(file)});
            const Result i = runTangent({"inspect", "--json", q(file)});
            ASSERT_LE(v.status, 1) << v.err;
            ASSERT_EQ(i.status, 0) << i.err;
            validate[threads == 3] = v.out;
            inspect[threads == 3] = i.out;
        }
        qunsetenv("TANGENT_THREADS");
        EXPECT_GT(parseJson(validate[0])["files"][0]["findings"].size(), 0u);
        EXPECT_EQ(validate[0], validate[1]);
        EXPECT_EQ(inspect[0], inspect[1]);
    }
}

// ------------------------------------------------------------------------------ sample

TEST(Findings, SampleRefusesMoreRowsThanItsLimitWithOneSentence) {
    const Result r = runTangent({"sample", q(fixture("smooth_trs_1.glb")), "-c", "0:0", "--per-key", "100000000"});
    EXPECT_EQ(r.status, 64);
    EXPECT_TRUE(r.out.empty()) << "printed before refusing";
    expectOneErrorLine(r, "the limit of 10000000 rows");
    // Just under the limit by the same rule: (keys - 1) x N + 1 rows, streamed.
    const Result ok = runTangent({"sample", q(fixture("smooth_trs_1.glb")), "-c", "0:0", "--per-key", "3", "--json"});
    ASSERT_EQ(ok.status, 0) << ok.err;
    const json j = parseJson(ok.out);
    const json inspect = parseJson(runTangent({"inspect", "--json", q(fixture("smooth_trs_1.glb"))}).out);
    EXPECT_EQ(j["samples"].size(), std::size_t(inspect["animations"][0]["channels"][0]["keys"].get<int>() - 1) * 3 + 1);
}

// ---------------------------------------------------- numbers beyond a double's range

TEST(Findings, NumbersBeyondDoubleRangeAreValueNotInRangeWhereKhronosReportsThem) {
    QTemporaryDir dir;
    std::string text(reinterpret_cast<const char*>(saveToBytes(cleanDocument(), FileFormat::Gltf).data()),
                     saveToBytes(cleanDocument(), FileFormat::Gltf).size());
    json gltf = json::parse(text);
    // Placeholders of the same kind (floats), replaced in the text by numbers JSON can hold
    // but a double cannot.
    gltf["accessors"][0]["max"][0] = 123456.5;
    gltf["nodes"][0]["translation"] = {0.0, 654321.5, 0.0};
    gltf["asset"]["extras"] = {{"note", 111111.5}};
    std::string broken = gltf.dump();
    for (const auto& [from, to] :
         {std::pair<std::string, std::string>{"123456.5", "1e400"}, {"654321.5", "-2.5E+999"}, {"111111.5", "1e309"}}) {
        const auto at = broken.find(from);
        ASSERT_NE(at, std::string::npos) << from;
        broken.replace(at, from.size(), to);
    }
    const std::string file = dir.filePath("overflow.gltf").toStdString();
    writeBytes(file, QByteArray::fromStdString(broken));
    const json khronos = khronosReport(file);
    const Result r = runTangent({"validate", "--json", "--severity", "info", q(file)});
    EXPECT_EQ(r.status, 1) << r.err;  // errors found, not an unreadable file
    const json j = parseJson(r.out);
    const Places expected = khronosPlaces(khronos, "VALUE_NOT_IN_RANGE");
    EXPECT_EQ(expected,
              (Places{{"VALUE_NOT_IN_RANGE", "/accessors/0/max/0"}, {"VALUE_NOT_IN_RANGE", "/nodes/0/translation/1"}}))
            << "the validator's own report changed:\n"
            << describe(expected);
    EXPECT_EQ(tangentPlaces(j["files"][0], "VALUE_NOT_IN_RANGE"), expected)
            << "Tangent:\n"
            << describe(tangentPlaces(j["files"][0], "VALUE_NOT_IN_RANGE")) << "Khronos:\n"
            << describe(expected);
    // The input's max is unusable: both report the input without bounds.
    EXPECT_EQ(tangentPlaces(j["files"][0], "ANIMATION_SAMPLER_INPUT_ACCESSOR_WITHOUT_BOUNDS"),
              khronosPlaces(khronos, "ANIMATION_SAMPLER_INPUT_ACCESSOR_WITHOUT_BOUNDS"));
    // A strict load (convert's, the editor's) refuses it with one sentence naming the place.
    const Result convert = runTangent({"convert", q(file), "-o", dir.filePath("out.glb")});
    EXPECT_EQ(convert.status, 2);
    expectOneErrorLine(convert, "/accessors/0/max/0");
    EXPECT_FALSE(QFile::exists(dir.filePath("out.glb")));
}

// ----------------------------------------------------------------------- GLB container

namespace {

void putU32(QByteArray& b, int at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) b[at + i] = char((v >> (8 * i)) & 0xff);
}

QByteArray chunk(std::uint32_t type, const QByteArray& data) {
    QByteArray c(8, '\0');
    putU32(c, 0, std::uint32_t(data.size()));
    putU32(c, 4, type);
    return c + data;
}

QByteArray glbOf(const QByteArray& chunks, int declaredExtra = 0) {
    QByteArray h(12, '\0');
    putU32(h, 0, 0x46546C67);
    putU32(h, 4, 2);
    putU32(h, 8, std::uint32_t(12 + chunks.size() + declaredExtra));
    return h + chunks;
}

}  // namespace

TEST(Findings, GlbContainerProblemsGetKhronosCodesAtKhronosOffsets) {
    constexpr std::uint32_t kJson = 0x4E4F534A, kBin = 0x004E4942;
    const std::vector<std::uint8_t> clean = saveToBytes(cleanDocument(), FileFormat::Glb);
    const QByteArray valid(reinterpret_cast<const char*>(clean.data()), int(clean.size()));
    const std::uint32_t jsonLength =
            std::uint32_t(std::uint8_t(valid[12])) | std::uint32_t(std::uint8_t(valid[13])) << 8 |
            std::uint32_t(std::uint8_t(valid[14])) << 16 | std::uint32_t(std::uint8_t(valid[15])) << 24;
    const QByteArray jsonText = valid.mid(20, int(jsonLength));
    const QByteArray binChunk = valid.mid(20 + int(jsonLength));
    QTemporaryDir dir;
    std::map<std::string, QByteArray> cases;
    cases["empty"] = QByteArray();
    cases["short_header"] = valid.left(7);
    cases["bad_magic"] = QByteArray(12, '\0');
    QByteArray v = valid;
    putU32(v, 4, 1);
    cases["version_1"] = v.left(12);
    cases["length_too_small"] = glbOf(QByteArray(), 0).left(12);
    cases["truncated_chunk_header"] = valid.left(15);
    cases["truncated_chunk_data"] = valid.left(valid.size() - 8);
    cases["declared_longer"] = glbOf(chunk(kJson, jsonText) + binChunk, 8);
    cases["extra_data"] = valid + QByteArray(4, '\0');
    cases["unknown_chunk"] = glbOf(chunk(kJson, jsonText) + binChunk + chunk(0x12345678, QByteArray(4, 'x')));
    cases["bin_first"] = glbOf(chunk(kBin, QByteArray(4, '\0')) + chunk(kJson, jsonText));
    cases["unaligned_json"] = glbOf(chunk(kJson, jsonText + " ").left(8 + int(jsonLength) + 1) + binChunk);
    cases["empty_json_chunk"] = glbOf(chunk(kJson, QByteArray()));
    int compared = 0;
    for (const auto& [name, bytes] : cases) {
        const std::string file = dir.filePath(q(name + ".glb")).toStdString();
        writeBytes(file, bytes);
        const Places expected = khronosPlaces(khronosReport(file), "GLB_");
        const Result r = runTangent({"validate", "--json", "--severity", "info", q(file)});
        const json j = parseJson(r.out);
        const Places found = tangentPlaces(j["files"][0], "GLB_");
        EXPECT_EQ(found, expected) << name << ": Tangent\n" << describe(found) << "Khronos\n" << describe(expected);
        EXPECT_FALSE(expected.empty()) << name << ": the case breaks nothing the validator sees";
        if (name != "unknown_chunk" && name != "extra_data") {  // warnings only there
            EXPECT_NE(r.status, 0) << name;
        }
        ++compared;
    }
    EXPECT_EQ(compared, 13);
}
