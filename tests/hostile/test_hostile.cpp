// Hostile files made in the tests: each one aims at a way a file could crash Tangent, make it
// allocate without bound, read or write outside the asset's folder, or evaluate to NaN.
#include <cmath>
#include <limits>
#include <string>

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QUrl>

#include <gtest/gtest.h>

#include "hostile_support.h"
#include "tangent/checks.h"
#include "tangent/document.h"
#include "tangent/edit.h"
#include "tangent/scene.h"

using namespace tangent;
using namespace hostile;

namespace {

std::string loadError(const Bytes& bytes, LoadMode mode = LoadMode::Strict) {
    try {
        Document::fromBytes(bytes, "hostile.glb", "", mode);
    } catch (const FileError& e) {
        return e.what();
    }
    return {};
}

}  // namespace

// Found by fuzz_load: an accessor without a bufferView (all zeros, or sparse) was allocated at
// its declared count, up to 2^31 floats (8 GB), before anything was checked.
TEST(HostileAccessor, HugeCountWithoutBufferViewIsRefusedBeforeAllocating) {
    for (std::uint64_t count : {700000000ull, 2000000000ull}) {
        Small s = smallAnimation();
        s.json["accessors"][1].erase("bufferView");
        s.json["accessors"][1]["count"] = count;
        const std::string e = loadError(glb(s.json, s.bin));
        EXPECT_NE(e.find("/accessors/1/count"), std::string::npos) << e;
        s.json["accessors"][1]["sparse"] = {{"count", 1},
                                            {"indices", {{"bufferView", 0}, {"componentType", 5125}}},
                                            {"values", {{"bufferView", 1}}}};
        const std::string sparse = loadError(glb(s.json, s.bin));
        EXPECT_NE(sparse.find("/accessors/1/count"), std::string::npos) << sparse;
    }
}

// Found by fuzz_save: a GLB save merges every buffer into one and re-points the bufferViews;
// a view that no accessor uses (so the loader never checked it) naming a missing buffer read
// past the end of a vector, and malformed views threw JSON type errors instead of saving.
TEST(HostileSave, UncheckedBufferViewsDoNotBreakMergingBuffers) {
    Small s = smallAnimation();
    Json j = s.json;
    j["buffers"][0]["uri"] =
            "data:application/octet-stream;base64," +
            QByteArray(reinterpret_cast<const char*>(s.bin.data()), qsizetype(s.bin.size())).toBase64().toStdString();
    j["buffers"].push_back(Json{{"byteLength", 4}, {"uri", "data:application/octet-stream;base64,AAECAw=="}});
    j["bufferViews"].push_back(Json{{"buffer", 1}, {"byteLength", 4}});
    j["bufferViews"].push_back(Json{{"buffer", 7}, {"byteLength", 4}});
    j["bufferViews"].push_back(Json{{"buffer", 1}, {"byteOffset", "x"}, {"byteLength", 4}});
    j["bufferViews"].push_back(5);
    const Document doc = Document::fromBytes(text(j), "views.gltf", "");
    for (FileFormat f : {FileFormat::Glb, FileFormat::Gltf}) {
        const Document again = Document::fromBytes(saveToBytes(doc, f), "again", "");
        EXPECT_TRUE(again.channel(0, 0)->track.sameCurve(doc.channel(0, 0)->track));
    }
    const Document glb = Document::fromBytes(saveToBytes(doc, FileFormat::Glb), "again.glb", "");
    EXPECT_EQ(glb.json()["bufferViews"][2]["buffer"], 0);  // buffer 1 now follows buffer 0's 32 bytes
    EXPECT_EQ(glb.json()["bufferViews"][2]["byteOffset"], 32);
    EXPECT_EQ(glb.json()["bufferViews"][3]["buffer"], 7);  // left as it was
}

// An edited channel whose accessors have no bufferView, in a file whose "bufferViews" is not an
// array: the writer appends its own views to a fresh array instead of throwing a JSON error.
TEST(HostileSave, EditedChannelWithMalformedBufferViews) {
    Json j = Json{
            {"asset", {{"version", "2.0"}}},
            {"nodes", Json::array({Json::object()})},
            {"bufferViews", {{"not", "an array"}}},
            {"accessors", Json::array({Json{{"componentType", 5126}, {"count", 1}, {"type", "SCALAR"}},
                                       Json{{"componentType", 5126}, {"count", 1}, {"type", "VEC3"}}})},
            {"animations",
             Json::array({Json{
                     {"channels", Json::array({Json{{"sampler", 0}, {"target", {{"node", 0}, {"path", "scale"}}}}})},
                     {"samplers", Json::array({Json{{"input", 0}, {"output", 1}}})}}})}};
    Document doc = Document::fromBytes(text(j), "views.gltf", "");
    Track t = doc.channel(0, 0)->track;
    t.values = {1, 2, 3};
    doc.setTrack(0, 0, t);
    for (FileFormat f : {FileFormat::Glb, FileFormat::Gltf}) {
        const Document again = Document::fromBytes(saveToBytes(doc, f), "again", "");
        EXPECT_TRUE(again.channel(0, 0)->track.sameCurve(t));
    }
}

// Found by fuzz_evaluate: auto tangents are slopes between neighbours; huge (finite) values on
// keys close in time gave a slope beyond float range, stored as infinity, so an ordinary edit
// made the track (and the saved file) invalid. They now stop at the largest float.
TEST(HostileEdit, AutoTangentsOfHugeValuesStayFinite) {
    Track t;
    t.interpolation = Interpolation::CubicSpline;
    t.components = 1;
    t.times = {0.0f, 1e-4f, 2e-4f};
    t.values = {-3e38f, 3e38f, -3e38f};
    t.inTangents = t.outTangents = {0, 0, 0};
    t.modes.assign(3, HandleMode::Auto);
    setValue(t, 1, 0, 3.4e38);
    EXPECT_NO_THROW(checkTrack(t));
    setHandleMode(t, 0, -1, HandleMode::Linear);
    EXPECT_NO_THROW(checkTrack(t));
    for (float v : t.outTangents) EXPECT_TRUE(std::isfinite(v));
    EXPECT_EQ(t.outTangents[0], std::numeric_limits<float>::max());
    EXPECT_EQ(t.inTangents[2], -std::numeric_limits<float>::max());
}

// Found by fuzz_save: a GLB's binary chunk is padded to 4 bytes, so it is often longer than the
// buffer's byteLength; saved as an embedded .gltf, the data URI carried the padding under the
// old byteLength, and Tangent's own loader refused the file it had just written.
TEST(HostileSave, EmbeddedGltfFromPaddedGlbChunkLoadsAgain) {
    Small s = smallAnimation();
    s.bin.push_back(7);  // 33 bytes: the chunk is padded to 36
    s.json["buffers"][0]["byteLength"] = 33;
    const Document doc = Document::fromBytes(glb(s.json, s.bin), "padded.glb", "");
    const Bytes saved = saveToBytes(doc, FileFormat::Gltf);
    const Document again = Document::fromBytes(saved, "padded.gltf", "");
    EXPECT_TRUE(again.channel(0, 0)->track.sameCurve(doc.channel(0, 0)->track));
    EXPECT_EQ(again.json()["buffers"][0]["byteLength"], again.buffers()[0].size());
}

// Found by fuzz_load: a number beyond double range (1e400) makes the JSON parser throw an
// out_of_range exception, not a parse error; it escaped the loader instead of a FileError. Now
// it is read as infinity, as the Khronos validator reads it: VALUE_NOT_IN_RANGE where the
// validator reports it (not in extras, which it does not read), and a strict load refuses it.
TEST(HostileJson, NumberBeyondDoubleRangeIsValueNotInRangeAtItsPointer) {
    const std::string extras = R"({"asset":{"version":"2.0"},"extras":[1, {"a~/b": [2, -1e400]}]})";
    const Document quiet =
            Document::fromBytes(Bytes(extras.begin(), extras.end()), "extras.gltf", "", LoadMode::Lenient);
    EXPECT_TRUE(quiet.loadFindings().empty());
    EXPECT_EQ(quiet.json()["extras"][1]["a~/b"][1].get<double>(), -INFINITY);
    const std::string node = R"({"asset":{"version":"2.0"},"nodes":[{"scale":[1,1e400,1]}, {"translation":[1e999]}]})";
    const Document doc = Document::fromBytes(Bytes(node.begin(), node.end()), "overflow.gltf", "", LoadMode::Lenient);
    ASSERT_EQ(doc.loadFindings().size(), 2u);
    EXPECT_EQ(doc.loadFindings()[0].code, "VALUE_NOT_IN_RANGE");
    EXPECT_EQ(doc.loadFindings()[0].pointer, "/nodes/0/scale/1");
    EXPECT_EQ(doc.loadFindings()[1].pointer, "/nodes/1/translation/0");
    try {
        Document::fromBytes(Bytes(node.begin(), node.end()), "overflow.gltf", "");
        FAIL() << "loaded";
    } catch (const FileError& e) {
        EXPECT_NE(std::string(e.what()).find("overflow.gltf: /nodes/0/scale/1: the number 1e400"), std::string::npos)
                << e.what();
    }
}

// The Khronos validator reports each pair of channels with the same target, so that n of them
// give n (n - 1) / 2 findings (on 4,000 it runs out of memory; Tangent took 157 s and 19 GB).
// Tangent lists a target's first 64 pairs in the validator's order and counts the rest in one.
TEST(HostileAnimation, ChannelsOfOneTargetGiveABoundedListOfTheirPairs) {
    const auto duplicates = [](int sameTarget, int otherTarget) {
        Json gltf = Json::parse(R"({"asset": {"version": "2.0"}, "nodes": [{}, {}],
            "buffers": [{"byteLength": 8, "uri": "data:application/octet-stream;base64,AAAAAAAAgD8="}],
            "bufferViews": [{"buffer": 0, "byteLength": 8}],
            "accessors": [{"bufferView": 0, "componentType": 5126, "count": 2, "type": "SCALAR", "min": [0], "max": [1]}],
            "animations": [{"samplers": [{"input": 0, "output": 0}], "channels": []}]})");
        for (int i = 0; i < sameTarget + otherTarget; ++i)
            gltf["animations"][0]["channels"].push_back(
                    {{"sampler", 0}, {"target", {{"node", i < sameTarget ? 0 : 1}, {"path", "translation"}}}});
        const std::string text = gltf.dump();
        Findings found;
        for (Finding& f :
             checkDocument(Document::fromBytes(Bytes(text.begin(), text.end()), "same.gltf", "", LoadMode::Lenient)))
            if (f.code == "ANIMATION_DUPLICATE_TARGETS") found.push_back(std::move(f));
        return found;
    };
    // Three channels: the validator's three pairs, at the earlier channel of each.
    const Findings three = duplicates(3, 0);
    ASSERT_EQ(three.size(), 3u);
    EXPECT_EQ(three[0].pointer, "/animations/0/channels/0/target");
    EXPECT_EQ(three[1].pointer, "/animations/0/channels/0/target");
    EXPECT_EQ(three[2].pointer, "/animations/0/channels/1/target");
    EXPECT_NE(three[2].message.find("as channel 2 does too"), std::string::npos) << three[2].message;
    // A thousand on one target and two on another: 64 pairs named, one finding for the other
    // 499,436 (1000 * 999 / 2 - 64), and the other target's pair still named.
    const Findings many = duplicates(1000, 2);
    ASSERT_EQ(many.size(), 66u);
    for (std::size_t i = 0; i < 64; ++i) {
        EXPECT_EQ(many[i].count, 1);
        EXPECT_NE(many[i].message.find("as channel " + std::to_string(i + 1) + " does too"), std::string::npos);
    }
    EXPECT_EQ(many[64].pointer, "/animations/0/channels/0/target");
    EXPECT_EQ(many[64].count, 1000 * 999 / 2 - 64);
    EXPECT_NE(many[64].message.find("channels 65 to 999"), std::string::npos) << many[64].message;
    EXPECT_EQ(many[65].pointer, "/animations/0/channels/1000/target");
    EXPECT_NE(many[65].message.find("as channel 1001 does too"), std::string::npos) << many[65].message;
}

// A node graph deep enough that walking each node's parents (n^2 / 2 steps: 7.6 s for 100,000
// nodes) would stall: a chain of 30,000 nodes whose last three form a loop, and a second loop
// of two beside it. Exactly the five nodes on the loops are NODE_LOOP.
TEST(HostileNodes, ALongChainIntoALoopFindsExactlyTheLoopsNodes) {
    constexpr int kChain = 30000;
    Json gltf = Json::parse(R"({"asset": {"version": "2.0"}, "nodes": []})");
    for (int i = 0; i < kChain; ++i) gltf["nodes"].push_back({{"children", {i + 1 < kChain ? i + 1 : kChain - 3}}});
    gltf["nodes"].push_back({{"children", {kChain + 1}}});
    gltf["nodes"].push_back({{"children", {kChain}}});
    const std::string text = gltf.dump();
    std::vector<std::string> loops;
    for (const Finding& f :
         checkDocument(Document::fromBytes(Bytes(text.begin(), text.end()), "chain.gltf", "", LoadMode::Lenient)))
        if (f.code == "NODE_LOOP") loops.push_back(f.pointer);
    EXPECT_EQ(loops,
              (std::vector<std::string>{"/nodes/" + std::to_string(kChain - 3), "/nodes/" + std::to_string(kChain - 2),
                                        "/nodes/" + std::to_string(kChain - 1), "/nodes/" + std::to_string(kChain),
                                        "/nodes/" + std::to_string(kChain + 1)}));
}

// --- GLB framing --------------------------------------------------------------------------

TEST(HostileGlb, ChunkLengthsThatOverflowAreRefused) {
    const Small s = smallAnimation();
    for (auto [jsonLength, binLength] : {std::pair<std::int64_t, std::int64_t>{0xFFFFFFF8, -1},
                                         {0xFFFFFFFF, -1},
                                         {-1, 0xFFFFFFFC},
                                         {-1, 0xFFFFFFF9}}) {
        const std::string e = loadError(glb(s.json, s.bin, jsonLength, binLength));
        // A JSON chunk running past the file is read as far as it goes, the binary chunk too:
        // not UTF-8 text (the Khronos validator's INVALID_JSON).
        EXPECT_NE(e.find(jsonLength >= 0 ? "the JSON chunk is not UTF-8 text" : "runs past the end of the file"),
                  std::string::npos)
                << e;
    }
    Bytes b = glb(s.json, s.bin);
    const std::uint32_t huge = 0xFFFFFFFF;
    std::memcpy(&b[8], &huge, 4);  // the header's total length (GLB_LENGTH_MISMATCH at the chunks' end)
    EXPECT_NE(loadError(b).find("the GLB is truncated or padded"), std::string::npos) << loadError(b);
    b.resize(12);
    const std::uint32_t twelve = 12;
    std::memcpy(&b[8], &twelve, 4);
    EXPECT_NE(loadError(b).find("truncated"), std::string::npos);
}

// --- Counts and sizes are checked against the data before allocating -----------------------

TEST(HostileAccessor, HugeCountWithATinyBufferIsRefused) {
    for (std::uint64_t count : {2147483647ull, 536870912ull, 4294967297ull, 100ull}) {
        Small s = smallAnimation();
        s.json["accessors"][1]["count"] = count;
        s.json["accessors"][1]["type"] = "MAT4";
        const std::string e = loadError(glb(s.json, s.bin));
        EXPECT_NE(e.find("hostile.glb: /accessors/1"), std::string::npos) << e;
    }
}

TEST(HostileAccessor, ByteStrideAndOffsetsThatOverflowAreRefused) {
    Small s = smallAnimation();
    // A byteStride outside the schema's 4..252 is read as absent (as the Khronos validator reads
    // it); a strided view too small for its elements is refused.
    s.json["bufferViews"][1]["byteStride"] = 0xFFFFFFFFFFFFFFF0ull;
    EXPECT_NO_THROW(Document::fromBytes(glb(s.json, s.bin), "hostile.glb", "", LoadMode::Lenient));
    s.json["bufferViews"][1]["byteStride"] = 252;
    EXPECT_NE(loadError(glb(s.json, s.bin)).find("/accessors/1"), std::string::npos);
    s = smallAnimation();
    s.json["accessors"][1]["byteOffset"] = 0xFFFFFFFFFFFFFFFCull;
    EXPECT_NE(loadError(glb(s.json, s.bin)).find("/accessors/1"), std::string::npos);
    s = smallAnimation();
    s.json["bufferViews"][1]["byteOffset"] = 0xFFFFFFFFFFFFFFFFull;
    EXPECT_NE(loadError(glb(s.json, s.bin)).find("/bufferViews/1"), std::string::npos);
    s = smallAnimation();
    s.json["accessors"][1]["count"] = -2;
    EXPECT_NE(loadError(glb(s.json, s.bin)).find("/accessors/1/count: must be a non-negative integer"),
              std::string::npos);
}

// --- Data URIs ------------------------------------------------------------------------------

TEST(HostileDataUri, SizeMustMatchByteLength) {
    const Small s = smallAnimation();
    const std::string base64 =
            QByteArray(reinterpret_cast<const char*>(s.bin.data()), qsizetype(s.bin.size())).toBase64().toStdString();
    Json j = s.json;
    j["buffers"][0]["uri"] = "data:application/octet-stream;base64," + base64;
    EXPECT_NO_THROW(Document::fromBytes(text(j), "ok.gltf", ""));
    j["buffers"][0]["byteLength"] = 4;  // the URI holds 32 bytes: the buffer is its first 4
    EXPECT_NE(loadError(text(j)).find("does not fit buffer 0 (4 bytes)"), std::string::npos) << loadError(text(j));
    j["buffers"][0]["byteLength"] = 4096;  // the URI holds less: the Khronos validator's BUFFER_BYTE_LENGTH_MISMATCH
    EXPECT_NE(loadError(text(j)).find("/buffers/0: the buffer holds 32 bytes, less than its byteLength 4096"),
              std::string::npos);
    const Document lenient = Document::fromBytes(text(j), "short.gltf", "", LoadMode::Lenient);
    ASSERT_FALSE(lenient.loadFindings().empty());
    EXPECT_EQ(lenient.loadFindings()[0].code, "BUFFER_BYTE_LENGTH_MISMATCH");
    j["buffers"][0]["byteLength"] = 32;
    j["buffers"][0]["uri"] = "data:application/octet-stream;base64,@@@@" + base64.substr(4);
    EXPECT_NE(loadError(text(j)).find("/buffers/0/uri: the data URI is not valid base64"), std::string::npos)
            << loadError(text(j));
    j["buffers"][0]["uri"] = "data:text/plain,hello";
    EXPECT_NE(loadError(text(j)).find("only base64 data URIs"), std::string::npos);
}

// --- Evaluation stays finite on data the loader would refuse --------------------------------

TEST(HostileEvaluate, ZeroLengthSegmentsAndZeroQuaternionsStayFinite) {
    std::vector<Track> tracks;
    for (Interpolation interp : {Interpolation::Step, Interpolation::Linear, Interpolation::CubicSpline}) {
        Track t;  // a rotation of zero quaternions with a zero-length segment in the middle
        t.path = TargetPath::Rotation;
        t.components = 4;
        t.interpolation = interp;
        t.resize(4);
        t.times = {0.0f, 1.0f, 1.0f, 2.0f};
        tracks.push_back(t);
        Track v = t;  // a translation with a zero-length segment and huge tangents
        v.path = TargetPath::Translation;
        v.components = 3;
        v.resize(4);
        v.values = {0, 0, 0, 1, 1, 1, 2, 2, 2, 3e38f, -3e38f, 3e38f};
        v.inTangents.assign(12, 3e38f);
        v.outTangents.assign(12, -3e38f);
        tracks.push_back(v);
    }
    const double inf = std::numeric_limits<double>::infinity();
    for (const Track& t : tracks) {
        std::vector<double> times = {std::nan(""), -inf, inf, 0, 0.5, 1, std::nextafter(1.0, 2.0), 1.5, 2, 3, 1e300};
        std::vector<double> out(4), many(times.size() * 4);
        for (double time : times) {
            evaluate(t, time, out.data());
            for (int c = 0; c < t.components; ++c)
                EXPECT_TRUE(std::isfinite(out[c])) << toString(t.interpolation) << " t=" << time;
        }
        evaluateSorted(t, times.data(), times.size(), many.data());
        for (std::size_t i = 0; i < times.size() * std::size_t(t.components); ++i) EXPECT_TRUE(std::isfinite(many[i]));
        for (double time : {0.5, 1.0, 1.5})
            EXPECT_TRUE(std::isfinite(slopeAt(t, time, 0))) << toString(t.interpolation) << " t=" << time;
    }
    // Cubic rotation through zero length normalizes to a unit quaternion, not NaN.
    double q[4];
    evaluate(tracks[4], 0.5, q);
    EXPECT_DOUBLE_EQ(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3], 1.0);
}

TEST(HostileEvaluate, LoadReportsZeroLengthSegmentsAndKeepsOtherChannels) {
    Small s = smallAnimation();
    const float one = 1.0f;
    std::memcpy(&s.bin[0], &one, 4);  // times {1, 1}
    const Document doc = Document::fromBytes(glb(s.json, s.bin), "zero.glb", "", LoadMode::Lenient);
    ASSERT_EQ(doc.loadFindings().size(), 1u);
    EXPECT_EQ(doc.loadFindings()[0].code, "TANGENT_CHANNEL_UNSUPPORTED");
    EXPECT_NE(doc.loadFindings()[0].message.find("is not greater than the previous key"), std::string::npos);
    EXPECT_FALSE(doc.channel(0, 0)->supported);
    EXPECT_THROW(Document::fromBytes(glb(s.json, s.bin), "zero.glb", ""), FileError);
}

// --- Hostile sparse accessors ---------------------------------------------------------------

namespace {

// The output accessor (VEC3, 2 elements) with a sparse part: indices (uint32) in bufferView 2,
// values in bufferView 3, both appended to the binary chunk.
Small sparseOutput(std::vector<std::uint32_t> indices, std::int64_t sparseCount = -1) {
    Small s = smallAnimation();
    const std::size_t indexAt = s.bin.size();
    for (std::uint32_t i : indices) put(s.bin, i);
    const std::size_t valueAt = s.bin.size();
    for (std::size_t i = 0; i < indices.size() * 3; ++i) put(s.bin, 7.0f);
    s.json["buffers"][0]["byteLength"] = s.bin.size();
    s.json["bufferViews"].push_back(Json{{"buffer", 0}, {"byteOffset", indexAt}, {"byteLength", valueAt - indexAt}});
    s.json["bufferViews"].push_back(
            Json{{"buffer", 0}, {"byteOffset", valueAt}, {"byteLength", s.bin.size() - valueAt}});
    s.json["accessors"][1]["sparse"] = {{"count", sparseCount < 0 ? std::int64_t(indices.size()) : sparseCount},
                                        {"indices", {{"bufferView", 2}, {"componentType", 5125}}},
                                        {"values", {{"bufferView", 3}}}};
    return s;
}

}  // namespace

TEST(HostileSparse, IndicesAndCountsAreChecked) {
    {
        const Small s = sparseOutput({1});
        const Document doc = Document::fromBytes(glb(s.json, s.bin), "sparse.glb", "");
        EXPECT_EQ(doc.channel(0, 0)->track.value(1, 2), 7.0f);
    }
    struct Case {
        Small file;
        const char* expected;
    };
    std::vector<Case> cases;
    cases.push_back({sparseOutput({2}), "/accessors/1/sparse/indices: index 2 at element 0 is outside the accessor"});
    cases.push_back({sparseOutput({0, 4000000000u}), "index 4000000000 at element 1 is outside the accessor"});
    cases.push_back({sparseOutput({0, 1, 0}), "/accessors/1/sparse/count"});  // 3 > count 2
    cases.push_back({sparseOutput({0}, 2), "/accessors/1/sparse/indices"});   // count past its views
    cases.push_back({sparseOutput({0}, 0), "/accessors/1/sparse/count"});
    Small floatIndices = sparseOutput({0});
    floatIndices.json["accessors"][1]["sparse"]["indices"]["componentType"] = 5126;
    cases.push_back({floatIndices, "/accessors/1/sparse/indices/componentType"});
    Small missingValues = sparseOutput({0});
    missingValues.json["accessors"][1]["sparse"].erase("values");
    cases.push_back({missingValues, "/accessors/1/sparse: 'indices' and 'values' are required"});
    Small viewMissing = sparseOutput({0});
    viewMissing.json["accessors"][1]["sparse"]["values"]["bufferView"] = 99;
    cases.push_back({viewMissing, "/accessors/1/sparse/values/bufferView"});
    Small offsetPast = sparseOutput({0});
    offsetPast.json["accessors"][1]["sparse"]["values"]["byteOffset"] = 8;
    cases.push_back({offsetPast, "/accessors/1/sparse/values"});
    for (const Case& c : cases) {
        const std::string e = loadError(glb(c.file.json, c.file.bin));
        EXPECT_NE(e.find(c.expected), std::string::npos) << e;
        const Document lenient = Document::fromBytes(glb(c.file.json, c.file.bin), "sparse.glb", "", LoadMode::Lenient);
        EXPECT_FALSE(lenient.channel(0, 0)->supported);
        EXPECT_EQ(lenient.loadFindings().size(), 1u);
    }
}

// --- Saving: unwritable targets and URIs that try to leave the folder -----------------------

namespace {

Bytes readFile(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QByteArray b = f.readAll();
    return {b.begin(), b.end()};
}

void writeFile(const QString& path, const Bytes& bytes) {
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly)) << path.toStdString();
    f.write(reinterpret_cast<const char*>(bytes.data()), qint64(bytes.size()));
}

// A .gltf in `dir` whose buffer is the file scene.bin beside it, plus any extra JSON.
std::string writeSceneWithBin(const QString& dir, const Json& extra = Json::object(),
                              const std::string& binUri = "scene.bin") {
    Small s = smallAnimation();
    writeFile(dir + "/" + QUrl::fromPercentEncoding(QByteArray::fromStdString(binUri)), s.bin);
    s.json["buffers"][0]["uri"] = binUri;
    for (auto it = extra.begin(); it != extra.end(); ++it) s.json[it.key()] = it.value();
    writeFile(dir + "/scene.gltf", text(s.json));
    return (dir + "/scene.gltf").toStdString();
}

}  // namespace

// Tests run as root in CI, so permissions stop nothing: the targets here are impossible for
// everyone (inside /proc, under a regular file, over a folder).
TEST(HostileSave, UnwritableTargetsFailWithAReasonAndChangeNothing) {
    QTemporaryDir dir;
    Document doc = Document::load(writeSceneWithBin(dir.path()));
    Track t = doc.channel(0, 0)->track;
    setValue(t, 1, 0, 5.0);
    doc.setTrack(0, 0, t);
    const QString file = dir.filePath("file");
    writeFile(file, {1, 2, 3});
    QDir(dir.path()).mkpath("folder.glb");
    for (const QString& target : {QString("/proc/tangent-hostile.glb"), QString("/proc/self/tangent.gltf"),
                                  file + "/under-a-file.glb", file + "/deeper/x.gltf", dir.filePath("folder.glb")}) {
        try {
            save(doc, target.toStdString());
            ADD_FAILURE() << "saved to " << target.toStdString();
        } catch (const FileError& e) {
            EXPECT_NE(std::string(e.what()).find("cannot"), std::string::npos) << e.what();
        }
    }
    EXPECT_EQ(readFile(file), (Bytes{1, 2, 3}));
    EXPECT_TRUE(QFileInfo(dir.filePath("folder.glb")).isDir());
    EXPECT_TRUE(doc.modified());  // the open document keeps its edit
    EXPECT_TRUE(doc.channel(0, 0)->track.sameCurve(t));
}

// A .gltf save writes several files; if one of them cannot be written, none is replaced.
TEST(HostileSave, MultiFileSaveIsAllOrNothing) {
    QTemporaryDir dir;
    QDir(dir.path()).mkpath("textures");
    writeFile(dir.filePath("textures/dot.png"), {1, 2, 3});
    Document doc = Document::load(
            writeSceneWithBin(dir.path(), Json{{"images", Json::array({Json{{"uri", "textures/dot.png"}}})}}));
    const Bytes gltfBefore = readFile(dir.filePath("scene.gltf"));
    const Bytes binBefore = readFile(dir.filePath("scene.bin"));
    Track t = doc.channel(0, 0)->track;
    setValue(t, 1, 0, 5.0);
    doc.setTrack(0, 0, t);
    QDir(dir.path()).mkpath("out");
    writeFile(dir.filePath("out/edited.gltf"), {9});
    writeFile(dir.filePath("out/textures"), {7});  // the image's folder is taken by a file
    // The buffer is written first (edited.bin), then the image fails.
    EXPECT_THROW(save(doc, dir.filePath("out/edited.gltf").toStdString()), FileError);
    EXPECT_EQ(readFile(dir.filePath("out/edited.gltf")), Bytes{9});
    EXPECT_EQ(readFile(dir.filePath("out/textures")), Bytes{7});
    EXPECT_EQ(QDir(dir.filePath("out")).entryList(QDir::Files | QDir::Hidden).size(), 2);  // no temp files left
    EXPECT_EQ(readFile(dir.filePath("scene.gltf")), gltfBefore);
    EXPECT_EQ(readFile(dir.filePath("scene.bin")), binBefore);
}

// Images are not read on load; saving to another folder copies them along, and embedding
// (GLB, self-contained .gltf) reads them. A URI leaving the asset's folder must be refused
// there too, and nothing may be read from or written outside the folders involved.
TEST(HostileSave, ImageUrisThatEscapeAreRefusedWhenSaving) {
    QTemporaryDir root;
    QDir(root.path()).mkpath("asset/sub");
    QDir(root.path()).mkpath("out");
    writeFile(root.filePath("secret.png"), {'s', 'e', 'c', 'r', 'e', 't'});
    for (const char* uri : {"../secret.png", "sub/../../secret.png", "%2E%2E/secret.png", "sub%2F..%2F..%2Fsecret.png",
                            "..\\secret.png", "/etc/hostname", "file:///etc/hostname", "http://example.com/x.png"}) {
        const Json images = Json::array({Json{{"uri", uri}}});
        const Document doc = Document::load(writeSceneWithBin(root.filePath("asset"), Json{{"images", images}}));
        for (const char* target : {"out/copy.gltf", "out/packed.glb"}) {
            try {
                save(doc, root.filePath(target).toStdString());
                ADD_FAILURE() << uri << " saved to " << target;
            } catch (const FileError& e) {
                EXPECT_NE(std::string(e.what()).find(uri), std::string::npos) << e.what();
            }
        }
        try {
            save(doc, root.filePath("out/embedded.gltf").toStdString(), {SaveOptions::Format::Gltf, true});
            ADD_FAILURE() << uri << " embedded";
        } catch (const FileError&) {
        }
        EXPECT_EQ(QDir(root.filePath("out")).entryList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot).size(), 0)
                << uri;
        EXPECT_EQ(QDir(root.path()).entryList(QDir::Files).size(), 1) << uri;  // only secret.png
    }
}

// A buffer's URI means the file its percent-decoding names: a save in place rewrites that file
// (and makes no "my%20data.bin"); a save elsewhere reads it and names the copy after the output.
TEST(HostileSave, PercentEncodedBufferUriIsTheFileItsDecodingNames) {
    QTemporaryDir root;
    QDir(root.path()).mkpath("asset");
    QDir(root.path()).mkpath("out");
    const std::string path = writeSceneWithBin(root.filePath("asset"), Json::object(), "my%20data.bin");
    Document doc = Document::load(path);
    Track t = doc.channel(0, 0)->track;
    setValue(t, 1, 0, 5.0);
    doc.setTrack(0, 0, t);
    save(doc, path);
    EXPECT_EQ(QDir(root.filePath("asset")).entryList(QDir::Files), (QStringList{"my data.bin", "scene.gltf"}));
    const Document inPlace = Document::load(path);
    EXPECT_EQ(inPlace.json()["buffers"][0]["uri"], "my%20data.bin");
    EXPECT_TRUE(inPlace.channel(0, 0)->track.sameCurve(t));

    save(inPlace, root.filePath("out/copy.gltf").toStdString());
    EXPECT_EQ(QDir(root.filePath("out")).entryList(QDir::Files), (QStringList{"copy.bin", "copy.gltf"}));
    const Document again = Document::load(root.filePath("out/copy.gltf").toStdString());
    EXPECT_TRUE(again.channel(0, 0)->track.sameCurve(t));
}

// Every channel holds its own copy of its keys. 600 channels sharing one accessor of 65536 keys
// made a 1 MB file decode into 1.7 GB (3000 channels: 8 GB); the tracks' memory is now bounded
// by the file's size, and the channels past the bound are reported.
TEST(HostileAccessor, ChannelsSharingOneHugeAccessorCannotMultiplyMemory) {
    constexpr int keys = 65536, channels = 600;
    Small s = smallAnimation();
    s.bin.clear();
    for (int k = 0; k < keys; ++k) put(s.bin, float(k) * 0.01f);
    for (int i = 0; i < keys * 3; ++i) put(s.bin, 0.0f);
    s.json["buffers"][0]["byteLength"] = s.bin.size();
    s.json["bufferViews"] = Json::array({Json{{"buffer", 0}, {"byteLength", keys * 4}},
                                         Json{{"buffer", 0}, {"byteOffset", keys * 4}, {"byteLength", keys * 12}}});
    s.json["accessors"][0]["count"] = keys;
    s.json["accessors"][0]["max"] = {float(keys - 1) * 0.01f};
    s.json["accessors"][1]["count"] = keys;
    Json& list = s.json["animations"][0]["channels"];
    for (int c = 1; c < channels; ++c) list.push_back(list[0]);
    const Bytes file = glb(s.json, s.bin);
    const Document doc = Document::fromBytes(file, "shared.glb", "", LoadMode::Lenient);
    std::uint64_t trackBytes = 0;
    int supported = 0;
    for (const Channel& ch : doc.animations()[0].channels)
        if (ch.supported) {
            ++supported;
            trackBytes += ch.track.times.size() * 4 + ch.track.values.size() * 13;
        }
    EXPECT_GT(supported, 10);
    EXPECT_LT(supported, channels);
    EXPECT_LT(trackBytes, std::uint64_t(512) << 20);
    ASSERT_FALSE(doc.loadFindings().empty());
    EXPECT_EQ(doc.loadFindings().back().code, "TANGENT_FILE_TOO_LARGE");
    EXPECT_THROW(Document::fromBytes(file, "shared.glb", ""), FileError);
}

// The preview reads base colour images: an image URI that leaves the asset's folder is refused
// with one sentence, as buffer URIs are, and the data URI beside it is read.
TEST(HostileScene, ImageUriOutsideTheFolderIsNotRead) {
    QFile corpus(QString(TANGENT_FUZZ_DIR) + "/corpus/image_uri_escape.gltf");
    ASSERT_TRUE(corpus.open(QIODevice::ReadOnly));
    Json j = Json::parse(corpus.readAll().toStdString());
    j["textures"] = Json::array({Json{{"source", 0}}, Json{{"source", 1}}});
    j["materials"] = Json::array({Json{{"pbrMetallicRoughness", {{"baseColorTexture", {{"index", 0}}}}}},
                                  Json{{"pbrMetallicRoughness", {{"baseColorTexture", {{"index", 1}}}}}}});
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = dir.filePath("escape.gltf");
    QFile out(path);
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(QByteArray::fromStdString(j.dump()));
    out.close();
    const Document doc = Document::load(path.toStdString(), LoadMode::Lenient);
    const Scene scene = loadScene(doc);
    EXPECT_EQ(scene.problems,
              std::vector<std::string>{path.toStdString() + ": /images/0/uri: '../../etc/passwd' points outside the "
                                                            "asset's folder."});
    EXPECT_EQ(scene.materials[0].baseColorImage, -1);
    ASSERT_EQ(scene.materials[1].baseColorImage, 1);
    EXPECT_EQ(scene.images[1].mimeType, "image/png");
    EXPECT_EQ(scene.images[1].bytes, (std::vector<std::uint8_t>{0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'}));
}

// Every fixture-like corpus file through the scene: nothing is left out of a clean export.
TEST(HostileScene, CleanCorpusExportsHaveNoProblems) {
    for (const char* name : {"fixture_smooth_trs_1.glb", "fixture_morph_weights_1.glb", "fixture_multi_object_1.glb",
                             "meshopt_gltfpack_c.glb", "meshopt_gltf_transform.glb"}) {
        const Document doc = Document::load(std::string(TANGENT_FUZZ_DIR) + "/corpus/" + name, LoadMode::Lenient);
        const Scene scene = loadScene(doc);
        EXPECT_TRUE(scene.problems.empty()) << name << ": " << scene.problems.front();
        std::size_t primitives = 0;
        for (const SceneMesh& m : scene.meshes) primitives += m.primitives.size();
        EXPECT_GT(primitives, 0u) << name;
        Pose pose;
        evaluatePose(scene, doc, 0, 0.5, pose);
        glm::dvec3 lo, hi;
        EXPECT_TRUE(sceneBounds(scene, pose, &lo, &hi)) << name;
    }
}

// Many primitives may name one accessor: 300 primitives over one 1 M-vertex POSITION accessor
// (a 12 MB file) would decode to 3.6 GB. The scene stops at its bound, names the first primitive
// left out, and keeps the ones before it.
TEST(HostileScene, PrimitivesSharingOneHugeAccessorCannotMultiplyMemory) {
    constexpr int vertices = 1 << 20, primitives = 300;
    Small s = smallAnimation();
    const std::size_t animationBytes = s.bin.size();
    for (int i = 0; i < vertices * 3; ++i) put(s.bin, float(i % 7));
    s.json["buffers"][0]["byteLength"] = s.bin.size();
    s.json["bufferViews"].push_back(
            Json{{"buffer", 0}, {"byteOffset", animationBytes}, {"byteLength", std::size_t(vertices) * 12}});
    const std::size_t view = s.json["bufferViews"].size() - 1;
    s.json["accessors"].push_back(Json{{"bufferView", view},
                                       {"componentType", 5126},
                                       {"count", vertices},
                                       {"type", "VEC3"},
                                       {"min", {0, 0, 0}},
                                       {"max", {6, 6, 6}}});
    const std::size_t positions = s.json["accessors"].size() - 1;
    Json list = Json::array();
    for (int p = 0; p < primitives; ++p) list.push_back(Json{{"attributes", {{"POSITION", positions}}}, {"mode", 0}});
    s.json["meshes"] = Json::array({Json{{"primitives", list}}});
    s.json["nodes"][0]["mesh"] = 0;
    const Document doc = Document::fromBytes(glb(s.json, s.bin), "shared.glb", "", LoadMode::Lenient);
    const Scene scene = loadScene(doc);
    ASSERT_EQ(scene.problems.size(), 1u);
    const std::size_t kept = scene.meshes[0].primitives.size();
    EXPECT_GT(kept, 10u);
    EXPECT_LT(kept, std::size_t(primitives));
    EXPECT_LT(kept * vertices * 12, std::size_t(512) << 20);
    EXPECT_EQ(scene.problems[0], "shared.glb: /meshes/0/primitives/" + std::to_string(kept) +
                                         ": is left out, with every primitive after it: the meshes would take more "
                                         "than " +
                                         std::to_string((64 + 16 * s.bin.size() / (1 << 20))) +
                                         " MiB, far more than the file holds.");
}
