// Hostile files made in the tests: each one aims at a way a file could crash Tangent, make it
// allocate without bound, read or write outside the asset's folder, or evaluate to NaN.
#include <gtest/gtest.h>

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QUrl>

#include <cmath>
#include <limits>
#include <string>

#include "hostile_support.h"
#include "tangent/document.h"
#include "tangent/edit.h"

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
    j["buffers"][0]["uri"] = "data:application/octet-stream;base64," +
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
    Json j = Json{{"asset", {{"version", "2.0"}}},
                  {"nodes", Json::array({Json::object()})},
                  {"bufferViews", {{"not", "an array"}}},
                  {"accessors", Json::array({Json{{"componentType", 5126}, {"count", 1}, {"type", "SCALAR"}},
                                             Json{{"componentType", 5126}, {"count", 1}, {"type", "VEC3"}}})},
                  {"animations", Json::array({Json{
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
// out_of_range exception, not a parse error; it escaped the loader instead of a FileError.
TEST(HostileJson, NumberBeyondDoubleRangeIsAFileError) {
    const std::string json = R"({"asset":{"version":"2.0"},"extras":[1e400]})";
    try {
        Document::fromBytes(Bytes(json.begin(), json.end()), "overflow.gltf", "");
        FAIL() << "loaded";
    } catch (const FileError& e) {
        EXPECT_NE(std::string(e.what()).find("overflow.gltf: malformed JSON"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("1e400"), std::string::npos) << e.what();
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
std::string writeSceneWithBin(const QString& dir, const Json& extra = Json::object(), const std::string& binUri = "scene.bin") {
    Small s = smallAnimation();
    writeFile(dir + "/" + QUrl::fromPercentEncoding(QByteArray::fromStdString(binUri)), s.bin);
    s.json["buffers"][0]["uri"] = binUri;
    for (auto it = extra.begin(); it != extra.end(); ++it) s.json[it.key()] = it.value();
    writeFile(dir + "/scene.gltf", text(s.json));
    return (dir + "/scene.gltf").toStdString();
}

}  // namespace

// Saving next to the original keeps an external buffer's URI; saving to another folder copies
// the file under the name its (percent-encoded) URI means.
TEST(HostileSave, PercentEncodedBufferUriIsCopiedUnderItsRealName) {
    QTemporaryDir root;
    QDir(root.path()).mkpath("asset");
    QDir(root.path()).mkpath("out");
    const Document doc = Document::load(writeSceneWithBin(root.filePath("asset"), Json::object(), "my%20data.bin"));
    save(doc, root.filePath("out/copy.gltf").toStdString());
    EXPECT_TRUE(QFile::exists(root.filePath("out/my data.bin")));
    const Document again = Document::load(root.filePath("out/copy.gltf").toStdString());
    EXPECT_TRUE(again.channel(0, 0)->track.sameCurve(doc.channel(0, 0)->track));
}
