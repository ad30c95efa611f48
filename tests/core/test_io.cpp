#include <cmath>
#include <cstring>
#include <fstream>
#include <set>

#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "tangent/checks.h"
#include "tangent/document.h"
#include "tangent/edit.h"
#include "test_support.h"

using namespace tangent;

namespace {

std::vector<std::uint8_t> readBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

void writeBytes(const std::string& path, const std::vector<std::uint8_t>& bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

// A GLB split into its JSON and binary chunk, to make broken files from real ones.
struct Glb {
    Json json;
    std::vector<std::uint8_t> bin;
};

Glb splitGlb(const std::vector<std::uint8_t>& b) {
    std::uint32_t jsonLength, binLength;
    std::memcpy(&jsonLength, &b[12], 4);
    std::memcpy(&binLength, &b[20 + jsonLength], 4);
    Glb g;
    g.json = Json::parse(b.begin() + 20, b.begin() + 20 + jsonLength);
    g.bin.assign(b.begin() + 28 + jsonLength, b.begin() + 28 + jsonLength + binLength);
    return g;
}

std::vector<std::uint8_t> joinGlb(const Glb& g) {
    return glbOf(g.json, g.bin);
}

void expectSameTracks(const Document& a, const Document& b) {
    ASSERT_EQ(a.animations().size(), b.animations().size());
    for (std::size_t i = 0; i < a.animations().size(); ++i) {
        const auto& ca = a.animations()[i].channels;
        const auto& cb = b.animations()[i].channels;
        ASSERT_EQ(ca.size(), cb.size());
        for (std::size_t c = 0; c < ca.size(); ++c) {
            EXPECT_EQ(ca[c].nodeName, cb[c].nodeName);
            EXPECT_EQ(ca[c].pathName, cb[c].pathName);
            EXPECT_TRUE(ca[c].track.sameCurve(cb[c].track)) << "animation " << i << " channel " << c;
        }
    }
}

// Everything but the buffer and view layout that a save may legitimately change.
Json withoutLayout(Json j) {
    for (const char* key : {"buffers", "bufferViews", "accessors", "animations"}) j.erase(key);
    return j;
}

// Loads a GLB changed by `mutate` and returns the load error (empty when it loaded).
std::string loadError(const std::function<void(Glb&)>& mutate, const std::string& name = "broken.glb") {
    Glb g = splitGlb(readBytes(fixture("broken_trs_1.glb")));
    mutate(g);
    try {
        Document::fromBytes(joinGlb(g), name, "");
    } catch (const FileError& e) {
        return e.what();
    }
    return {};
}

class RoundTrip : public ::testing::TestWithParam<std::tuple<const char*, const char*>> {};

}  // namespace

TEST_P(RoundTrip, LoadSaveLoadKeepsEverything) {
    const auto [name, ext] = GetParam();
    QTemporaryDir dir;
    const Document original = Document::load(fixture(std::string(name) + ".glb"));
    const std::string out = dir.filePath(QString("out.") + ext).toStdString();
    save(original, out);
    const Document again = Document::load(out);
    expectSameTracks(original, again);
    EXPECT_EQ(withoutLayout(original.json()), withoutLayout(again.json()));
    EXPECT_EQ(original.json()["accessors"].size(), again.json()["accessors"].size());
    expectKhronosValid(out);
}

INSTANTIATE_TEST_SUITE_P(Fixtures, RoundTrip,
                         ::testing::Combine(::testing::Values("smooth_trs_1", "broken_trs_1", "morph_weights_1",
                                                              "multi_object_1"),
                                            ::testing::Values("glb", "gltf")));

TEST(Save, EmbeddedGltfIsSelfContained) {
    QTemporaryDir dir;
    const Document original = Document::load(fixture("multi_object_1.glb"));
    const std::string out = dir.filePath("embedded.gltf").toStdString();
    save(original, out, {SaveOptions::Format::Gltf, true});
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files).size(), 1);
    const Document again = Document::load(out);
    expectSameTracks(original, again);
    expectKhronosValid(out);
}

TEST(Save, UneditedGlbKeepsItsBinaryChunkBitForBit) {
    QTemporaryDir dir;
    const std::string out = dir.filePath("same.glb").toStdString();
    save(Document::load(fixture("broken_trs_1.glb")), out);
    const Glb a = splitGlb(readBytes(fixture("broken_trs_1.glb")));
    const Glb b = splitGlb(readBytes(out));
    EXPECT_EQ(a.bin, b.bin);
    EXPECT_EQ(a.json, b.json);
}

TEST(Save, EditingOneChannelCopiesTheSharedInputOnWrite) {
    QTemporaryDir dir;
    Document doc = Document::load(fixture("broken_trs_1.glb"));
    const Json& samplers = doc.json()["animations"][0]["samplers"];
    const int sharedInput = samplers[0]["input"].get<int>();
    ASSERT_EQ(samplers[1]["input"].get<int>(), sharedInput);  // Blender shares one input

    Track t = doc.channel(0, 0)->track;
    const double applied = moveKeysInTime(t, {1}, 0.05);
    ASSERT_NE(applied, 0);
    doc.setTrack(0, 0, t);
    const std::string out = dir.filePath("moved.glb").toStdString();
    save(doc, out);

    const Document again = Document::load(out);
    EXPECT_TRUE(again.channel(0, 0)->track.sameCurve(t));
    for (int c = 1; c < 3; ++c) {
        EXPECT_TRUE(again.channel(0, c)->track.sameCurve(doc.channel(0, c)->track));
        EXPECT_EQ(again.json()["animations"][0]["samplers"][c]["input"].get<int>(), sharedInput);
    }
    const int newInput = again.json()["animations"][0]["samplers"][0]["input"].get<int>();
    EXPECT_NE(newInput, sharedInput);
    const Json& accessor = again.json()["accessors"][newInput];
    EXPECT_EQ(accessor["min"][0].get<double>(), double(t.times.front()));
    EXPECT_EQ(accessor["max"][0].get<double>(), double(t.times.back()));
    expectKhronosValid(out);
}

TEST(Save, ValueEditsGoBackInPlace) {
    QTemporaryDir dir;
    Document doc = Document::load(fixture("smooth_trs_1.glb"));
    Track t = doc.channel(0, 2)->track;
    setValue(t, 2, 1, 1.75);
    setTangent(t, 2, 1, Handle::Out, -0.5);
    doc.setTrack(0, 2, t);
    const std::string out = dir.filePath("values.glb").toStdString();
    save(doc, out);
    const Document again = Document::load(out);
    EXPECT_TRUE(again.channel(0, 2)->track.sameCurve(t));
    EXPECT_EQ(again.buffers()[0].size(), doc.buffers()[0].size());  // nothing appended
    EXPECT_EQ(again.json()["accessors"].size(), doc.json()["accessors"].size());
    expectKhronosValid(out);
}

TEST(Save, InsertedKeysAndSavedAgainStayValid) {
    QTemporaryDir dir;
    Document doc = Document::load(fixture("multi_object_1.glb"));
    for (const Animation& a : doc.animations())
        for (const Channel& c : a.channels) {
            Track t = c.track;
            insertKey(t, (t.startTime() + t.endTime()) / 2 + 0.01);
            doc.setTrack(a.index, c.index, t);
        }
    const std::string first = dir.filePath("inserted.gltf").toStdString();
    save(doc, first);
    expectKhronosValid(first);
    const Document again = Document::load(first);
    expectSameTracks(doc, again);
    const std::string second = dir.filePath("again.glb").toStdString();
    save(again, second);
    expectSameTracks(doc, Document::load(second));
    expectKhronosValid(second);
}

TEST(Save, ExternalBuffersComeAlongToAnotherFolder) {
    QTemporaryDir dir;
    QDir(dir.path()).mkpath("a");
    QDir(dir.path()).mkpath("b/deeper");
    const Document original = Document::load(fixture("morph_weights_1.glb"));
    const std::string a = dir.filePath("a/scene.gltf").toStdString();
    save(original, a);
    EXPECT_TRUE(QFile::exists(dir.filePath("a/scene.bin")));
    const Document fromA = Document::load(a);
    const std::string b = dir.filePath("b/deeper/copy.gltf").toStdString();
    save(fromA, b);
    EXPECT_TRUE(QFile::exists(dir.filePath("b/deeper/copy.bin")));  // named after the output
    EXPECT_FALSE(QFile::exists(dir.filePath("b/deeper/scene.bin")));
    expectSameTracks(original, Document::load(b));
    expectKhronosValid(b);
}

TEST(Save, FailedSaveLeavesTheTargetUntouched) {
    QTemporaryDir dir;
    const Document doc = Document::load(fixture("smooth_trs_1.glb"));
    const std::string blocker = dir.filePath("not-a-folder").toStdString();
    writeBytes(blocker, {1, 2, 3});
    EXPECT_THROW(save(doc, blocker + "/x.glb"), FileError);
    EXPECT_EQ(readBytes(blocker), (std::vector<std::uint8_t>{1, 2, 3}));
    try {
        save(doc, dir.filePath("missing/x.glb").toStdString());
        FAIL() << "saved into a folder that does not exist";
    } catch (const FileError& e) {
        EXPECT_NE(std::string(e.what()).find("missing/x.glb"), std::string::npos) << e.what();
    }
}

TEST(Load, MalformedJsonNamesTheByte) {
    QTemporaryDir dir;
    const std::string path = dir.filePath("bad.gltf").toStdString();
    writeBytes(path, {'{', '"', 'a', 's', 's', 'e', 't', '"', ':', ' ', '}'});
    try {
        Document::load(path);
        FAIL();
    } catch (const FileError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("bad.gltf"), std::string::npos) << what;
        EXPECT_NE(what.find("byte"), std::string::npos) << what;
        EXPECT_NE(what.find("malformed JSON"), std::string::npos) << what;
    }
}

// A file named .gltf that is not JSON at all says so, at the line and column where it begins,
// instead of the parser's "invalid literal".
TEST(Load, TextFileIsNotGltf) {
    QTemporaryDir dir;
    const auto message = [&](const std::string& name, const std::string& bytes) {
        const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
        writeBytes(path, std::vector<std::uint8_t>(bytes.begin(), bytes.end()));
        try {
            Document::load(path);
        } catch (const FileError& e) {
            return std::string(e.what());
        }
        return std::string("loaded");
    };
    const auto file = [&](const char* name) { return dir.filePath(QString::fromLatin1(name)).toStdString(); };
    EXPECT_EQ(message("notes.gltf", "This is a text file, not glTF.\n"),
              file("notes.gltf") + ": line 1, column 1: not a glTF file: it is not JSON (it begins with 'T').");
    EXPECT_EQ(message("indented.gltf", "\xEF\xBB\xBF\n\n  \tTangent"),
              file("indented.gltf") + ": line 3, column 4: not a glTF file: it is not JSON (it begins with 'T').");
    EXPECT_EQ(message("empty.gltf", ""),
              file("empty.gltf") + ": line 1, column 1: not a glTF file: it is empty, not JSON.");
    EXPECT_EQ(message("blank.gltf", " \n "),
              file("blank.gltf") + ": line 2, column 2: not a glTF file: it is empty, not JSON.");
    EXPECT_EQ(message("image.gltf", "\x89PNG\r\n"),
              file("image.gltf") + ": line 1, column 1: not a glTF file: it is not JSON (it begins with byte 0x89).");
    // JSON that goes wrong later is still malformed JSON, at its byte.
    EXPECT_EQ(message("cut.gltf", "{\"asset\": "),
              file("cut.gltf") +
                      ": byte 11: malformed JSON (syntax error while parsing value - unexpected end of input; "
                      "expected '[', '{', or a literal).");
}

TEST(Load, TruncatedGlb) {
    std::vector<std::uint8_t> bytes = readBytes(fixture("broken_trs_1.glb"));
    bytes.resize(bytes.size() - 100);
    try {
        Document::fromBytes(bytes, "cut.glb", "");
        FAIL();
    } catch (const FileError& e) {
        // GLB_UNEXPECTED_END_OF_CHUNK_DATA, at the file's end (as the Khronos validator reports it).
        EXPECT_NE(std::string(e.what()).find("cut.glb: byte " + std::to_string(bytes.size()) + ": "), std::string::npos)
                << e.what();
        EXPECT_NE(std::string(e.what()).find("the GLB is truncated"), std::string::npos) << e.what();
    }
    bytes.resize(15);
    EXPECT_THROW(Document::fromBytes(bytes, "cut.glb", ""), FileError);
}

// A GLB of the given chunks (type, bytes), its header's length the chunks' total unless given.
std::vector<std::uint8_t> glbOf(const std::vector<std::pair<std::uint32_t, std::string>>& chunks,
                                std::int64_t declaredLength = -1) {
    std::vector<std::uint8_t> out;
    const auto u32 = [&](std::uint32_t v) {
        for (int i = 0; i < 4; ++i) out.push_back(std::uint8_t(v >> (8 * i)));
    };
    std::uint32_t total = 12;
    for (const auto& [type, bytes] : chunks) total += 8 + std::uint32_t(bytes.size());
    u32(0x46546C67);
    u32(2);
    u32(declaredLength >= 0 ? std::uint32_t(declaredLength) : total);
    for (const auto& [type, bytes] : chunks) {
        u32(std::uint32_t(bytes.size()));
        u32(type);
        out.insert(out.end(), bytes.begin(), bytes.end());
    }
    return out;
}

// The Khronos validator reads the JSON chunk as a stream: an empty chunk is read (as empty,
// not JSON) only when bytes follow it; a chunk cut short by the file's end is read as far as it
// goes, and its first bytes decide whether it is INVALID_JSON or a truncated file. A BIN chunk
// may pad the buffer to 4 bytes, no more; a byte order mark makes the JSON invalid. Each file
// here was given to the validator, which reported the same codes at the same places.
TEST(Load, GlbChunksAndTheJsonInThemAsTheValidatorReadsThem) {
    constexpr std::uint32_t kJson = 0x4E4F534A, kBin = 0x004E4942;
    QTemporaryDir dir;
    const auto codesOf = [&](const std::string& name, const std::vector<std::uint8_t>& bytes) {
        const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
        writeBytes(path, bytes);
        std::vector<std::string> out;
        for (const Finding& f : checkFile(path))
            out.push_back(f.code + "@" + (f.offset >= 0 ? std::to_string(f.offset) : f.pointer));
        return out;
    };
    using Codes = std::vector<std::string>;
    EXPECT_EQ(codesOf("one_empty.glb", glbOf({{kJson, ""}})), Codes{"GLB_EMPTY_CHUNK@12"});
    EXPECT_EQ(codesOf("two_empty.glb", glbOf({{kJson, ""}, {kJson, ""}})),
              (Codes{"GLB_EMPTY_CHUNK@12", "GLB_EMPTY_CHUNK@20", "GLB_DUPLICATE_CHUNK@20", "INVALID_JSON@"}));

    const std::string json = R"({"asset":{"version":"2.0"}})";
    // The JSON chunk says it is far longer than the file. After the JSON text: bytes that are
    // not UTF-8, or nothing.
    std::vector<std::uint8_t> overflow = glbOf({{kJson, json + " \xFF\xFE"}});
    overflow[12] = 0xF8, overflow[13] = overflow[14] = overflow[15] = 0xFF;
    EXPECT_EQ(codesOf("overflow_binary.glb", overflow), (Codes{"GLB_CHUNK_TOO_BIG@12", "INVALID_JSON@"}));
    std::vector<std::uint8_t> cut = glbOf({{kJson, json.substr(0, 20)}});
    cut[12] = 0xF8, cut[13] = cut[14] = cut[15] = 0xFF;
    EXPECT_EQ(codesOf("overflow_text.glb", cut),
              (Codes{"GLB_CHUNK_TOO_BIG@12", "GLB_UNEXPECTED_END_OF_CHUNK_DATA@" + std::to_string(cut.size())}));

    std::string buffer = R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":3}]})";
    buffer.resize((buffer.size() + 3) / 4 * 4, ' ');
    EXPECT_EQ(codesOf("padded.glb", glbOf({{kJson, buffer}, {kBin, std::string(4, '\0')}})),
              Codes{"UNUSED_OBJECT@/buffers/0"});
    EXPECT_EQ(codesOf("too_big.glb", glbOf({{kJson, buffer}, {kBin, std::string(12, '\0')}})),
              (Codes{"UNUSED_OBJECT@/buffers/0", "BUFFER_GLB_CHUNK_TOO_BIG@/buffers/0"}));

    const std::string bom = "\xEF\xBB\xBF" + json;
    EXPECT_EQ(codesOf("bom.gltf", std::vector<std::uint8_t>(bom.begin(), bom.end())), Codes{"INVALID_JSON@"});
}

// Every accessor and view is checked, not only those animations read: where its bytes lie (a
// matrix of bytes has padded columns: this one's 14 bytes fit), a view of indices with a stride,
// and the declared bounds of integer data against its values. The validator reported the same.
TEST(Load, EveryAccessorAndViewIsChecked) {
    // 32 bytes: zeros, then the unsigned shorts 1, 2, 3, 4 at byte 16.
    const std::string file = R"({"asset": {"version": "2.0"},
        "buffers": [{"byteLength": 32,
                     "uri": "data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAAAAAAEAAgADAAQAAAAAAAAAAAA="}],
        "bufferViews": [{"buffer": 0, "byteLength": 16},
                        {"buffer": 0, "byteOffset": 16, "byteLength": 8, "target": 34963},
                        {"buffer": 0, "byteOffset": 40, "byteLength": 4},
                        {"buffer": 0, "byteOffset": 24, "byteLength": 8, "byteStride": 4, "target": 34963}],
        "accessors": [{"bufferView": 0, "byteOffset": 2, "componentType": 5121, "count": 2, "type": "MAT2"},
                      {"bufferView": 1, "componentType": 5123, "count": 4, "type": "SCALAR", "min": [0], "max": [9]},
                      {"bufferView": 0, "byteOffset": 20, "componentType": 5126, "count": 1, "type": "VEC3"}]})";
    QTemporaryDir dir;
    const std::string path = dir.filePath("accessors.gltf").toStdString();
    writeBytes(path, std::vector<std::uint8_t>(file.begin(), file.end()));
    std::set<std::string> found;
    for (const Finding& f : checkFile(path))
        if (f.code != "UNUSED_OBJECT") found.insert(f.code + "@" + f.pointer + "@" + toString(f.severity));
    EXPECT_EQ(found, (std::set<std::string>{"ACCESSOR_MATRIX_ALIGNMENT@/accessors/0/byteOffset@error",
                                            "ACCESSOR_TOO_LONG@/accessors/2/byteOffset@error",
                                            "BUFFER_VIEW_TOO_LONG@/bufferViews/2/byteOffset@error",
                                            "BUFFER_VIEW_INVALID_BYTE_STRIDE@/bufferViews/3/byteStride@error",
                                            "ACCESSOR_MIN_MISMATCH@/accessors/1/min/0@error",
                                            "ACCESSOR_MAX_MISMATCH@/accessors/1/max/0@error"}));
}

TEST(Load, AccessorPastItsBuffer) {
    const std::string e = loadError([](Glb& g) { g.json["bufferViews"][5]["byteLength"] = 100000; });
    EXPECT_NE(e.find("broken.glb: /bufferViews/5: bufferView"), std::string::npos) << e;
    const std::string e2 = loadError([](Glb& g) { g.json["accessors"][5]["count"] = 28; });
    EXPECT_NE(e2.find("/accessors/5"), std::string::npos) << e2;
    EXPECT_NE(e2.find("does not fit"), std::string::npos) << e2;
    const std::string e3 = loadError([](Glb& g) { g.json["accessors"][5]["count"] = 4000000000u; });
    EXPECT_NE(e3.find("/accessors/5/count"), std::string::npos) << e3;
}

TEST(Load, CubicOutputCountMustBeThreeTimesInput) {
    const std::string e = loadError([](Glb& g) {
        g.json["accessors"][5]["count"] = 26;
        g.json["bufferViews"][5]["byteLength"] = 26 * 12;
    });
    EXPECT_NE(e.find("/accessors/5: the output has 26 elements; CUBICSPLINE with 9 keys needs 27."), std::string::npos)
            << e;
}

TEST(Load, NonIncreasingTimesAndNaN) {
    auto setFloat = [](Glb& g, int accessor, int element, float value) {
        const Json& a = g.json["accessors"][accessor];
        const Json& v = g.json["bufferViews"][a["bufferView"].get<int>()];
        const std::size_t at = v.value("byteOffset", 0u) + a.value("byteOffset", 0u) + element * 4;
        std::memcpy(&g.bin[at], &value, 4);
    };
    const std::string e = loadError([&](Glb& g) { setFloat(g, 4, 3, 0.0f); });
    // Element 3 is the fourth key: sentences number keys from 1.
    EXPECT_NE(e.find("/accessors/4: key 4 time"), std::string::npos) << e;
    EXPECT_NE(e.find("is not greater than the previous key"), std::string::npos) << e;
    const std::string n = loadError([&](Glb& g) { setFloat(g, 5, 9 + 4, std::nanf("")); });
    EXPECT_NE(n.find("/accessors/5: key 2 holds a value that is not a finite number."), std::string::npos) << n;
}

TEST(Load, LenientModeLeavesBadChannelsUnsupportedAndTheChecksSayWhy) {
    Glb g = splitGlb(readBytes(fixture("broken_trs_1.glb")));
    g.json["accessors"][6]["count"] = 20;
    const Document doc = Document::fromBytes(joinGlb(g), "lenient.glb", "", LoadMode::Lenient);
    // The loader says what it means for the channel; the rule itself is reported by the
    // checks where the Khronos validator reports it (the channel's sampler).
    ASSERT_EQ(doc.loadFindings().size(), 1u);
    EXPECT_EQ(doc.loadFindings()[0].code, "TANGENT_CHANNEL_UNSUPPORTED");
    EXPECT_EQ(doc.loadFindings()[0].severity, Severity::Info);
    EXPECT_EQ(doc.loadFindings()[0].pointer, "/animations/0/channels/1");
    EXPECT_NE(doc.loadFindings()[0].message.find("/accessors/6: the output has 20 elements"), std::string::npos);
    EXPECT_TRUE(doc.channel(0, 0)->supported);
    EXPECT_FALSE(doc.channel(0, 1)->supported);
    int counts = 0;
    for (const Finding& f : checkDocument(doc))
        if (f.code == "ANIMATION_SAMPLER_OUTPUT_ACCESSOR_INVALID_COUNT") {
            ++counts;
            EXPECT_EQ(f.pointer, "/animations/0/channels/1/sampler");
            EXPECT_EQ(f.channel, 1);
        }
    EXPECT_EQ(counts, 1);
}

TEST(Load, BuffersThatAreNoArrayStopAStrictLoadOnlyALenientOneReadsNoBuffers) {
    const std::string e = loadError([](Glb& g) { g.json["buffers"] = Json::object(); });
    EXPECT_NE(e.find("broken.glb: /buffers: must be an array."), std::string::npos) << e;
    // Lenient, as the validator reads it: the mismatch, and every view's buffer unresolved.
    Glb g = splitGlb(readBytes(fixture("broken_trs_1.glb")));
    g.json["buffers"] = Json::object();
    const std::size_t views = g.json["bufferViews"].size();
    const Document doc = Document::fromBytes(joinGlb(g), "lenient.glb", "", LoadMode::Lenient);
    const Findings findings = checkDocument(doc);
    std::set<std::string> unresolved;
    bool mismatch = false;
    for (const Finding& f : findings) {
        mismatch |= f.code == "TYPE_MISMATCH" && f.pointer == "/buffers";
        if (f.code == "UNRESOLVED_REFERENCE") unresolved.insert(f.pointer);
    }
    EXPECT_TRUE(mismatch);
    EXPECT_EQ(unresolved.size(), views);
    EXPECT_TRUE(unresolved.count("/bufferViews/0/buffer"));
}

TEST(Load, UrisStayInsideTheAssetFolder) {
    QTemporaryDir dir;
    QDir(dir.path()).mkpath("inner");
    const Document doc = Document::load(fixture("smooth_trs_1.glb"));
    save(doc, dir.filePath("inner/ok.gltf").toStdString());
    Json j = Json::parse(readBytes(dir.filePath("inner/ok.gltf").toStdString()));
    for (const char* uri : {"../ok.bin", "/etc/passwd", "http://example.com/x.bin", "sub/../../ok.bin", "C:/x.bin"}) {
        j["buffers"][0]["uri"] = uri;
        const std::string text = j.dump();
        const std::string path = dir.filePath("inner/escape.gltf").toStdString();
        writeBytes(path, {text.begin(), text.end()});
        try {
            Document::load(path);
            FAIL() << uri;
        } catch (const FileError& e) {
            EXPECT_NE(std::string(e.what()).find("/buffers/0/uri"), std::string::npos) << e.what();
        }
    }
}

TEST(Load, DeepJsonIsRefused) {
    std::string text = "{\"asset\":{\"version\":\"2.0\"},\"extras\":";
    text += std::string(100000, '[') + std::string(100000, ']') + "}";
    try {
        Document::fromBytes({text.begin(), text.end()}, "deep.gltf", "");
        FAIL();
    } catch (const FileError& e) {
        EXPECT_NE(std::string(e.what()).find("nests deeper"), std::string::npos);
    }
}

// The loader builds its DOM itself (without the copies nlohmann's ordered DOM parser makes as
// an object grows): it must read every file as nlohmann's own parser does, key order, repeated
// keys (first place, last value), empty and nested containers, escapes and all. Numbers compare
// by value (the loader reads an integral float such as 2.0 as the integer 2, as the validator).
TEST(Load, TheJsonIsTheDomNlohmannBuilds) {
    const std::string crafted = R"({"asset": {"version": "2.0", "generator": "tab\there \u00e9 \ud83d\ude00"},
        "extras": {"b": 1, "a": [], "b": {"deep": [[], {}, [1, 2.5, -3, 2.0, true, null, "x"]]}, "": {},
                   "c": [{"k": 1, "k": 2, "j": 3}], "many": {"m0": 0, "m1": 1, "m2": 2, "m3": 3, "m4": 4,
                   "m5": 5, "m6": 6, "m7": 7, "m8": 8, "m9": 9, "m3": "again", "m10": 10}},
        "nodes": [{"name": "n", "translation": [0.5, 1e-7, -2.25]}]})";
    const Document doc = Document::fromBytes({crafted.begin(), crafted.end()}, "crafted.gltf", "");
    const Json reference = Json::parse(crafted);
    EXPECT_EQ(doc.json(), reference);
    EXPECT_EQ(doc.json()["extras"]["b"]["deep"][2][3].get<std::int64_t>(), 2);  // 2.0 read as an integer
    // Order: "b" keeps its first place, before "a", and holds its last value.
    std::vector<std::string> keys;
    for (const auto& [key, value] : doc.json()["extras"].items()) keys.push_back(key);
    EXPECT_EQ(keys, (std::vector<std::string>{"b", "a", "", "c", "many"}));
    EXPECT_EQ(doc.json()["extras"]["c"][0], Json::parse(R"({"k": 2, "j": 3})"));
    EXPECT_EQ(doc.json()["extras"]["many"]["m3"], "again");
    EXPECT_EQ(doc.json()["extras"]["many"].size(), 11u);
    // A big object (its repeated keys found through an index, not a scan): 20,000 members, every
    // hundredth written twice, the second time with another value.
    std::string big = R"({"asset": {"version": "2.0"}, "extras": {)";
    for (int i = 0; i < 20000; ++i) {
        big += (i ? ", \"k" : "\"k") + std::to_string(i) + "\": " + std::to_string(i);
        if (i % 100 == 0) big += ", \"k" + std::to_string(i) + "\": \"again\"";
    }
    big += "}}";
    const Json bigDom = Document::fromBytes({big.begin(), big.end()}, "big.gltf", "").json();
    EXPECT_EQ(bigDom, Json::parse(big));
    ASSERT_EQ(bigDom["extras"].size(), 20000u);
    EXPECT_EQ(bigDom["extras"]["k300"], "again");
    EXPECT_EQ(bigDom["extras"]["k301"], 301);
    const auto& bigMembers = bigDom["extras"].get_ref<const Json::object_t&>();
    EXPECT_EQ(bigMembers.front().first, "k0");
    EXPECT_EQ(bigMembers.back().first, "k19999");
    for (const char* name : {"smooth_trs_1", "broken_trs_1", "morph_weights_1", "multi_object_1"}) {
        const std::vector<std::uint8_t> bytes = readBytes(fixture(std::string(name) + ".glb"));
        EXPECT_EQ(Document::fromBytes(bytes, name, "").json(), splitGlb(bytes).json) << name;
    }
}

TEST(Load, PointerChannelsPlayAsTheClassicTargetTheyName) {
    const std::vector<std::uint8_t> original = readBytes(fixture("broken_trs_1.glb"));
    Glb g = splitGlb(original);
    g.json["animations"][0]["channels"][2]["target"] =
            Json{{"path", "pointer"}, {"extensions", {{"KHR_animation_pointer", {{"pointer", "/nodes/0/scale"}}}}}};
    g.json["extensionsUsed"] = Json::array({"KHR_animation_pointer"});
    const Document classic = Document::fromBytes(original, "classic.glb", "");
    Document doc = Document::fromBytes(joinGlb(g), "pointer.glb", "");
    const Channel& ch = *doc.channel(0, 2);
    ASSERT_TRUE(ch.supported);
    EXPECT_EQ(ch.node, -1);  // target.node as written
    EXPECT_EQ(ch.targetPointer, "/nodes/0/scale");
    EXPECT_EQ(ch.nodeName, "Mover");
    EXPECT_EQ(ch.label, "Mover \u00b7 scale");
    EXPECT_EQ(ch.track.path, TargetPath::Scale);
    EXPECT_TRUE(ch.track.sameCurve(classic.channel(0, 2)->track));

    QTemporaryDir dir;
    const std::string out = dir.filePath("pointer.glb").toStdString();
    save(doc, out);
    EXPECT_EQ(Document::load(out).json()["animations"], g.json["animations"]);

    // Edited, it is written anew and stays a pointer channel.
    Track t = ch.track;
    setValue(t, 1, 0, 2.5);
    doc.setTrack(0, 2, t);
    save(doc, out);
    expectKhronosValid(out);
    const Document back = Document::load(out);
    EXPECT_EQ(back.json()["animations"][0]["channels"][2]["target"], g.json["animations"][0]["channels"][2]["target"]);
    EXPECT_TRUE(back.channel(0, 2)->track.sameCurve(t));
}

TEST(Load, LenientModeReportsBrokenAccessorsWithValidatorCodes) {
    Glb g = splitGlb(readBytes(fixture("broken_trs_1.glb")));
    g.json["accessors"][7]["byteOffset"] = 64;  // scale output now runs past its bufferView
    g.json["animations"][0]["samplers"][1]["output"] = 99;
    const Document doc = Document::fromBytes(joinGlb(g), "lenient.glb", "", LoadMode::Lenient);
    ASSERT_EQ(doc.loadFindings().size(), 2u);
    EXPECT_EQ(doc.loadFindings()[0].code, "TANGENT_CHANNEL_UNSUPPORTED");
    EXPECT_EQ(doc.loadFindings()[1].code, "TANGENT_CHANNEL_UNSUPPORTED");
    EXPECT_EQ(doc.loadFindings()[1].channel, 2);
    EXPECT_TRUE(doc.channel(0, 0)->supported);
    EXPECT_FALSE(doc.channel(0, 2)->supported);
    // As the Khronos validator reports them (checked against it by hand): the output that names
    // nothing leaves accessor 6 unused, and no material reads the mesh's texture coordinates.
    std::multiset<std::pair<std::string, std::string>> spec;
    for (const Finding& f : checkDocument(doc))
        if (f.code.rfind("TANGENT_", 0) != 0) spec.insert({f.code, f.pointer});
    const std::multiset<std::pair<std::string, std::string>> expected = {
            {"UNRESOLVED_REFERENCE", "/animations/0/samplers/1/output"},
            {"ACCESSOR_TOO_LONG", "/accessors/7"},
            {"UNUSED_OBJECT", "/accessors/6"},
            {"UNUSED_OBJECT", "/meshes/0/primitives/0/attributes/TEXCOORD_0"}};
    EXPECT_EQ(spec, expected);
}

namespace {

// A .gltf with an external buffer and an external image in a subfolder, made from a fixture.
std::string makeGltfWithImage(const QString& dir) {
    const Document doc = Document::load(fixture("smooth_trs_1.glb"));
    const std::string path = (dir + "/scene.gltf").toStdString();
    save(doc, path);
    Json j = Json::parse(readBytes(path));
    QDir(dir).mkpath("textures");
    writeBytes((dir + "/textures/dot.png").toStdString(), kTinyPng);
    j["images"] = Json::array({Json{{"uri", "textures/dot.png"}}});
    j["samplers"] = Json::array({Json::object()});
    j["textures"] = Json::array({Json{{"source", 0}, {"sampler", 0}}});
    j["materials"] = Json::array({Json{{"pbrMetallicRoughness", {{"baseColorTexture", {{"index", 0}}}}}}});
    j["meshes"][0]["primitives"][0]["material"] = 0;
    const std::string text = j.dump(1);
    writeBytes(path, {text.begin(), text.end()});
    return path;
}

}  // namespace

TEST(Save, ImagesComeAlongOrAreEmbedded) {
    QTemporaryDir dir;
    QDir(dir.path()).mkpath("src");
    QDir(dir.path()).mkpath("dst");
    const std::string source = makeGltfWithImage(dir.filePath("src"));
    expectKhronosValid(source);
    const Document doc = Document::load(source);

    const std::string copy = dir.filePath("dst/copy.gltf").toStdString();
    save(doc, copy);
    EXPECT_EQ(readBytes(dir.filePath("dst/textures/dot.png").toStdString()), kTinyPng);
    expectKhronosValid(copy);

    const std::string glb = dir.filePath("dst/packed.glb").toStdString();
    save(doc, glb);
    const Document packed = Document::load(glb);
    EXPECT_FALSE(packed.json()["images"][0].contains("uri"));
    EXPECT_EQ(packed.json()["images"][0]["mimeType"], "image/png");
    expectSameTracks(doc, packed);
    expectKhronosValid(glb);

    const std::string embedded = dir.filePath("dst/embedded.gltf").toStdString();
    save(doc, embedded, {SaveOptions::Format::Gltf, true});
    EXPECT_EQ(Document::load(embedded).json()["images"][0]["uri"].get<std::string>().rfind("data:image/png;base64,", 0),
              0u);
    expectKhronosValid(embedded);
}

TEST(Save, ANewBinaryNeverOverwritesAnotherBuffersFile) {
    QTemporaryDir dir;
    // "scene.bin" belongs to other.gltf; saving an edit of another asset as "scene.gltf" beside
    // it names its buffer after itself, but that name is taken: it takes the next free one.
    save(Document::load(fixture("smooth_trs_1.glb")), dir.filePath("scene.gltf").toStdString());
    QFile::rename(dir.filePath("scene.gltf"), dir.filePath("other.gltf"));
    const std::vector<std::uint8_t> before = readBytes(dir.filePath("scene.bin").toStdString());
    Document doc = Document::load(fixture("broken_trs_1.glb"));
    Track t = doc.channel(0, 0)->track;
    setValue(t, 1, 0, 5.0);
    doc.setTrack(0, 0, t);
    save(doc, dir.filePath("scene.gltf").toStdString());
    EXPECT_EQ(readBytes(dir.filePath("scene.bin").toStdString()), before);  // untouched
    const Document again = Document::load(dir.filePath("scene.gltf").toStdString());
    EXPECT_EQ(again.json()["buffers"][0]["uri"], "scene_1.bin");
    EXPECT_TRUE(again.channel(0, 0)->track.sameCurve(t));
    expectKhronosValid(dir.filePath("scene.gltf").toStdString());
    expectKhronosValid(dir.filePath("other.gltf").toStdString());
}

TEST(Load, SymbolicLinksDoNotLeaveTheAssetFolder) {
    QTemporaryDir dir;
    QDir(dir.path()).mkpath("asset");
    save(Document::load(fixture("smooth_trs_1.glb")), dir.filePath("outside.gltf").toStdString());
    QFile::link(dir.filePath("outside.bin"), dir.filePath("asset/linked.bin"));
    Json j = Json::parse(readBytes(dir.filePath("outside.gltf").toStdString()));
    j["buffers"][0]["uri"] = "linked.bin";
    const std::string text = j.dump();
    const std::string path = dir.filePath("asset/scene.gltf").toStdString();
    writeBytes(path, {text.begin(), text.end()});
    try {
        Document::load(path);
        FAIL() << "followed a link out of the folder";
    } catch (const FileError& e) {
        EXPECT_NE(std::string(e.what()).find("/buffers/0/uri: 'linked.bin' leads outside"), std::string::npos)
                << e.what();
    }
    // A linked folder on the way out is caught too; a link that stays inside the folder is followed.
    QDir(dir.path()).mkpath("elsewhere");
    QDir(dir.path()).mkpath("asset/inside");
    QFile::copy(dir.filePath("outside.bin"), dir.filePath("elsewhere/data.bin"));
    QFile::copy(dir.filePath("outside.bin"), dir.filePath("asset/inside/data.bin"));
    QFile::link(dir.filePath("elsewhere"), dir.filePath("asset/out"));
    QFile::link(dir.filePath("asset/inside"), dir.filePath("asset/in"));
    for (const char* uri : {"out/data.bin", "in/data.bin"}) {
        j["buffers"][0]["uri"] = uri;
        const std::string linked = j.dump();
        writeBytes(path, {linked.begin(), linked.end()});
        const bool staysInside = std::string(uri) == "in/data.bin";
        try {
            const Document doc = Document::load(path);
            EXPECT_TRUE(staysInside) << uri << ": followed a link out of the folder";
            EXPECT_TRUE(doc.channel(0, 0)->supported) << uri;
        } catch (const FileError& e) {
            EXPECT_FALSE(staysInside) << uri << ": " << e.what();
            EXPECT_NE(std::string(e.what()).find("leads outside the asset's folder through a symbolic link"),
                      std::string::npos)
                    << e.what();
        }
    }
}

TEST(Load, IndicesBeyondIntAreRefusedNotWrapped) {
    Glb g = splitGlb(readBytes(fixture("broken_trs_1.glb")));
    g.json["animations"][0]["samplers"][0]["output"] = 4294967301ull;  // wraps to 5 as an int
    const Document doc = Document::fromBytes(joinGlb(g), "huge.glb", "", LoadMode::Lenient);
    EXPECT_FALSE(doc.channel(0, 0)->supported);
    ASSERT_FALSE(doc.loadFindings().empty());
    EXPECT_EQ(doc.loadFindings()[0].pointer, "/animations/0/samplers/0");
}
