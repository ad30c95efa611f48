// A save that replaces a channel's data keeps none of the old bytes: accessors the edit left
// unreferenced are reused or emptied, bufferViews nothing names are removed and their bytes
// cut out of the buffer. Checked on files gltfpack and glTF-Transform write at test time,
// against the Khronos validator's report (no UNUSED_OBJECT) and glTF-Transform's decoding of
// every accessor the edit did not touch.
#include <algorithm>
#include <map>
#include <set>

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "tangent/document.h"
#include "tangent/simplify.h"
#include "test_support.h"

using namespace tangent;

namespace {

// Runs a program; on failure returns why (a missing tool is a failure, never a skip).
std::string run(const QString& program, const QStringList& args, QByteArray* out = nullptr) {
    QProcess p;
    p.start(program, args);
    if (!p.waitForStarted(30000)) return program.toStdString() + " cannot be started";
    if (!p.waitForFinished(300000)) return program.toStdString() + " did not finish";
    const QByteArray stdoutText = p.readAllStandardOutput();
    if (out) *out = stdoutText;
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return program.toStdString() + " " + args.join(' ').toStdString() + " failed:\n" +
               p.readAllStandardError().toStdString() + stdoutText.toStdString();
    return {};
}

// A file a pinned tool made from a Blender fixture, in `dir`.
std::string made(const QTemporaryDir& dir, const QString& name, const QString& program, QStringList args) {
    const QString out = dir.filePath(name);
    args.replaceInStrings("IN", QString::fromStdString(fixture("smooth_trs_1.glb")));
    args.replaceInStrings("OUT", out);
    const std::string e = run(program, args);
    EXPECT_EQ(e, "");
    return e.empty() ? out.toStdString() : std::string();
}

// gltfpack's 30 Hz LINEAR bake: one time accessor shared by the node's three samplers.
std::string bake(const QTemporaryDir& dir) {
    return made(dir, "bake30.glb", "gltfpack", {"-i", "IN", "-o", "OUT", "-af", "30", "-noq"});
}

// The Khronos validator's messages; a file with errors fails the test.
nlohmann::json validatorMessages(const std::string& path) {
    const QByteArray script = qgetenv("TANGENT_VALIDATOR");
    if (script.isEmpty()) {
        ADD_FAILURE() << "TANGENT_VALIDATOR is not set: run the tests through ./dev.sh test";
        return nlohmann::json::array();
    }
    QByteArray out;
    EXPECT_EQ(run("node", {QString::fromLocal8Bit(script), "--json", QString::fromStdString(path)}, &out), "");
    const nlohmann::json report = nlohmann::json::parse(out.toStdString(), nullptr, false);
    if (!report.is_array() || report.empty() || !report[0].contains("issues")) {
        ADD_FAILURE() << "no validator report for " << path << ":\n" << out.toStdString();
        return nlohmann::json::array();
    }
    EXPECT_EQ(report[0]["issues"]["numErrors"], 0) << report[0]["issues"].dump(1);
    return report[0]["issues"]["messages"];
}

// The validator passes and finds no accessor or bufferView nothing uses.
void expectValidWithNothingUnused(const std::string& path) {
    for (const auto& m : validatorMessages(path)) {
        const std::string pointer = m.value("pointer", "");
        EXPECT_FALSE(m["code"] == "UNUSED_OBJECT" &&
                     (pointer.rfind("/accessors/", 0) == 0 || pointer.rfind("/bufferViews/", 0) == 0))
                << path << ": " << m.dump();
    }
}

// Every accessor's values as glTF-Transform decodes them.
nlohmann::json dumped(const std::string& path) {
    QByteArray out;
    EXPECT_EQ(run("node", {TANGENT_DUMP_ACCESSORS, QString::fromStdString(path)}, &out), "");
    const nlohmann::json j = nlohmann::json::parse(out.toStdString(), nullptr, false);
    return j.is_object() && j.contains("accessors") ? j["accessors"] : nlohmann::json::array();
}

// The keys 0, n, 2n, ... and the last, as LINEAR keys.
Track everyNthKey(const Track& t, int n) {
    Track out = t;
    out.times.clear(), out.values.clear(), out.inTangents.clear(), out.outTangents.clear(), out.modes.clear();
    for (int k = 0; k < t.keyCount(); ++k) {
        if (k % n != 0 && k != t.keyCount() - 1) continue;
        out.times.push_back(t.times[std::size_t(k)]);
        for (int c = 0; c < t.components; ++c) out.values.push_back(t.value(k, c));
    }
    out.resize(out.keyCount());  // tangents and modes to match
    out.interpolation = Interpolation::Linear;
    return out;
}

void expectSameTrack(const Track& a, const Track& b, const std::string& what) {
    EXPECT_EQ(a.times, b.times) << what;
    EXPECT_EQ(a.values, b.values) << what;
    EXPECT_EQ(a.interpolation, b.interpolation) << what;
    if (a.interpolation == Interpolation::CubicSpline) {
        EXPECT_EQ(a.inTangents, b.inTangents) << what;
        EXPECT_EQ(a.outTangents, b.outTangents) << what;
    }
}

// The bytes an accessor's data takes (tightly packed, as these tools write them).
std::uint64_t accessorBytes(const Json& a) {
    static const std::map<std::string, int> kComponents = {{"SCALAR", 1}, {"VEC2", 2}, {"VEC3", 3}, {"VEC4", 4}};
    const int type = a["componentType"];
    const int size = type == 5126 || type == 5125 ? 4 : type == 5122 || type == 5123 ? 2 : 1;
    return std::uint64_t(a["count"].get<int>()) * std::uint64_t(kComponents.at(a["type"])) * std::uint64_t(size);
}

// The bytes an edit writes: each distinct new time array once, each channel's output, as floats.
std::uint64_t newBytes(const std::vector<Track>& tracks) {
    std::set<std::vector<float>> times;
    std::uint64_t n = 0;
    for (const Track& t : tracks) {
        if (times.insert(t.times).second) n += 4 * t.times.size();
        n += floatBytes(t) - 4 * t.times.size();
    }
    return n;
}

// Sets `tracks` on the document's channels of animation 0, in order.
void setAll(Document& doc, const std::vector<Track>& tracks) {
    for (std::size_t c = 0; c < tracks.size(); ++c) doc.setTrack(0, int(c), tracks[c]);
}

// Every accessor index of the file but the `edited` ones.
std::set<int> accessorsBesides(const Json& json, const std::set<int>& edited) {
    std::set<int> out;
    for (std::size_t a = 0; a < json["accessors"].size(); ++a)
        if (!edited.count(int(a))) out.insert(int(a));
    return out;
}

void expectSameValues(const nlohmann::json& before, const nlohmann::json& after, const std::set<int>& accessors) {
    for (int a : accessors) {
        ASSERT_LT(std::size_t(a), after.size());
        EXPECT_EQ(before[a], after[a]) << "accessor " << a;
    }
}

std::uint64_t fileSize(const std::string& path) {
    return std::uint64_t(QFileInfo(QString::fromStdString(path)).size());
}

}  // namespace

// tangent simplify's case: 71 LINEAR keys a channel, sharing one time accessor, become a few
// CUBICSPLINE keys; the file shrinks by the bytes the keys lost.
TEST(SaveCompact, SimplifiedBakeIsSmallerByTheKeysItLost) {
    QTemporaryDir dir;
    const std::string in = bake(dir);
    ASSERT_FALSE(in.empty());
    Document doc = Document::load(in);
    ASSERT_EQ(doc.animations().size(), 1u);
    ASSERT_EQ(doc.animations()[0].channels.size(), 3u);
    expectValidWithNothingUnused(in);

    std::vector<Track> tracks;
    std::set<int> oldAccessors;
    std::uint64_t removed = 0;
    for (const Channel& c : doc.animations()[0].channels) {
        ASSERT_EQ(c.track.keyCount(), 71);
        for (int a : {c.inputAccessor, c.outputAccessor})
            if (oldAccessors.insert(a).second) removed += accessorBytes(doc.json()["accessors"][a]);
        tracks.push_back(simplify(c.track).track);
        ASSERT_LT(tracks.back().keyCount(), 71);
    }
    EXPECT_EQ(oldAccessors.size(), 4u);  // one shared input, three outputs
    const std::uint64_t added = newBytes(tracks);
    ASSERT_GT(removed, added);
    setAll(doc, tracks);
    const std::string out = dir.filePath("simplified.glb").toStdString();
    save(doc, out);

    std::printf("[ compact ] animation data %llu -> %llu bytes; file %llu -> %llu bytes\n", (unsigned long long)removed,
                (unsigned long long)added, (unsigned long long)fileSize(in), (unsigned long long)fileSize(out));
    expectValidWithNothingUnused(out);
    const Document again = Document::load(out);
    // The binary data loses exactly the replaced keys' bytes and gains the new ones (gltfpack
    // packs its views end to end, every length a multiple of 4). The JSON grows a little (new
    // accessors, "interpolation"), far less than that.
    EXPECT_EQ(again.json()["buffers"][0]["byteLength"].get<std::uint64_t>(),
              doc.json()["buffers"][0]["byteLength"].get<std::uint64_t>() - removed + added);
    EXPECT_LT(fileSize(out), fileSize(in));
    for (std::size_t c = 0; c < tracks.size(); ++c)
        expectSameTrack(again.channel(0, int(c))->track, tracks[c], "channel " + std::to_string(c));
    std::set<int> editedAccessors = oldAccessors;
    for (const Channel& c : again.animations()[0].channels)
        editedAccessors.insert(c.inputAccessor), editedAccessors.insert(c.outputAccessor);
    expectSameValues(dumped(in), dumped(out), accessorsBesides(again.json(), editedAccessors));
}

// Three samplers share one time accessor and all three get new times: the four old accessors
// are reused, nothing is left over, and the buffer holds the mesh and the new keys only.
TEST(SaveCompact, SharedInputEditedEverywhereLeavesNoOrphan) {
    QTemporaryDir dir;
    const std::string in = bake(dir);
    ASSERT_FALSE(in.empty());
    for (const bool sameTimes : {true, false}) {
        SCOPED_TRACE(sameTimes ? "the same new times" : "different new times");
        Document doc = Document::load(in);
        const std::size_t accessorCount = doc.json()["accessors"].size();
        std::uint64_t keptBytes = 0;  // the mesh's views
        for (const Json& v : doc.json()["bufferViews"])
            if (v.contains("target")) keptBytes += v["byteLength"].get<std::uint64_t>();
        ASSERT_EQ(keptBytes, 648u);  // two VEC3 attributes of 24 vertices, 36 short indices
        std::vector<Track> tracks;
        for (const Channel& c : doc.animations()[0].channels)
            tracks.push_back(everyNthKey(c.track, sameTimes ? 5 : 3 + c.index));
        setAll(doc, tracks);
        const std::string out = dir.filePath(sameTimes ? "same.glb" : "different.glb").toStdString();
        save(doc, out);

        expectValidWithNothingUnused(out);
        const Document again = Document::load(out);
        // Same times: one input and three outputs take the four old indices. Different: three
        // inputs and three outputs, two of them new.
        EXPECT_EQ(again.json()["accessors"].size(), accessorCount + (sameTimes ? 0 : 2));
        EXPECT_EQ(again.json()["buffers"][0]["byteLength"].get<std::uint64_t>(), keptBytes + newBytes(tracks));
        for (std::size_t c = 0; c < tracks.size(); ++c)
            expectSameTrack(again.channel(0, int(c))->track, tracks[c], "channel " + std::to_string(c));
        expectSameValues(dumped(in), dumped(out), {0, 1, 2});  // the mesh
    }
}

// What a LINEAR or STEP replacement may leave out: tangents and modes.
Track withoutTangents(Track t) {
    t.inTangents.clear(), t.outTangents.clear(), t.modes.clear();
    return t;
}

std::vector<std::uint8_t> fileBytes(const std::string& path) {
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QByteArray b = f.readAll();
    return {b.begin(), b.end()};
}

// saveReplacing (what convert saves with) writes what setTrack and save write, byte for byte,
// from LINEAR replacements without tangents, on every shape of shared times: all channels new
// and the same, all new and different, one new beside two that keep the shared input, and
// times off the animation's frames (whose rate the save must then write down). The document
// itself is left as it was.
TEST(SaveCompact, ReplacementsWriteWhatEditsWrite) {
    QTemporaryDir dir;
    const std::string in = bake(dir);
    ASSERT_FALSE(in.empty());
    struct Case {
        const char* name;
        std::vector<int> channels;
        int (*every)(int channel);
        float timeScale;
    };
    const Case cases[] = {
            {"same new times", {0, 1, 2}, [](int) { return 5; }, 1.0f},
            {"different new times", {0, 1, 2}, [](int c) { return 3 + c; }, 1.0f},
            {"the rotation alone", {1}, [](int) { return 4; }, 1.0f},
            {"times off the frames", {0, 2}, [](int) { return 2; }, 1.01f},
    };
    for (const Case& k : cases) {
        SCOPED_TRACE(k.name);
        Document edited = Document::load(in);
        const Document replaced = Document::load(in);
        std::vector<Track> expected;
        std::vector<TrackReplacement> replacements;
        for (int c : k.channels) {
            Track t = everyNthKey(replaced.channel(0, c)->track, k.every(c));
            for (float& time : t.times) time *= k.timeScale;
            edited.setTrack(0, c, t);
            replacements.push_back({0, c, withoutTangents(t)});
            expected.push_back(std::move(t));
        }
        const std::string viaEdits = dir.filePath("edits.glb").toStdString();
        const std::string viaReplacements = dir.filePath("replacements.glb").toStdString();
        save(edited, viaEdits);
        saveReplacing(replaced, viaReplacements, std::move(replacements));

        EXPECT_TRUE(fileBytes(viaReplacements) == fileBytes(viaEdits)) << "the two saves differ";
        EXPECT_FALSE(replaced.modified());
        for (int c = 0; c < 3; ++c)
            expectSameTrack(replaced.channel(0, c)->track, Document::load(in).channel(0, c)->track, "untouched");
        expectValidWithNothingUnused(viaReplacements);
        const Document again = Document::load(viaReplacements);
        for (std::size_t i = 0; i < k.channels.size(); ++i)
            expectSameTrack(again.channel(0, k.channels[i])->track, expected[i], "replaced");
        EXPECT_EQ(again.animations()[0].frameRate, 30.0);
    }
}

// A replacement must fit its channel, and a CUBICSPLINE one needs its tangents.
TEST(SaveCompact, AReplacementThatDoesNotFitItsChannelIsRefused) {
    QTemporaryDir dir;
    const std::string in = bake(dir);
    ASSERT_FALSE(in.empty());
    const Document doc = Document::load(in);
    const std::string out = dir.filePath("out.glb").toStdString();
    Track cubic = doc.channel(0, 0)->track;
    cubic.interpolation = Interpolation::CubicSpline;
    Track short_ = withoutTangents(doc.channel(0, 0)->track);
    short_.values.pop_back();
    for (const TrackReplacement& r : {TrackReplacement{0, 0, withoutTangents(cubic)}, TrackReplacement{0, 0, short_},
                                      TrackReplacement{0, 1, withoutTangents(doc.channel(0, 0)->track)},
                                      TrackReplacement{0, 7, withoutTangents(doc.channel(0, 0)->track)}})
        EXPECT_THROW(saveReplacing(doc, out, {r}), std::logic_error);
    EXPECT_FALSE(QFileInfo::exists(QString::fromStdString(out)));
    saveReplacing(doc, out, {TrackReplacement{0, 0, cubic}});  // with its (zero) tangents it fits
    EXPECT_EQ(Document::load(out).channel(0, 0)->track.interpolation, Interpolation::CubicSpline);
}

// Only the rotation gets new times: the shared time accessor stays, bytes and all, for the
// translation and the scale.
TEST(SaveCompact, SharedInputEditedOnceStaysForTheOthers) {
    QTemporaryDir dir;
    const std::string in = bake(dir);
    ASSERT_FALSE(in.empty());
    Document doc = Document::load(in);
    const Channel& rotation = doc.animations()[0].channels[1];
    ASSERT_EQ(rotation.pathName, "rotation");
    const int shared = rotation.inputAccessor, oldOutput = rotation.outputAccessor;
    const Json sharedBefore = doc.json()["accessors"][shared];
    const std::uint64_t removed = accessorBytes(doc.json()["accessors"][oldOutput]);
    const std::uint64_t bufferBefore = doc.json()["buffers"][0]["byteLength"];
    const Track t = everyNthKey(rotation.track, 4);
    doc.setTrack(0, 1, t);
    const std::string out = dir.filePath("one.glb").toStdString();
    save(doc, out);

    expectValidWithNothingUnused(out);
    const Document again = Document::load(out);
    EXPECT_EQ(again.json()["accessors"][shared], sharedBefore);
    for (int c : {0, 2}) EXPECT_EQ(again.channel(0, c)->inputAccessor, shared);
    EXPECT_NE(again.channel(0, 1)->inputAccessor, shared);
    EXPECT_EQ(again.channel(0, 1)->outputAccessor, oldOutput);  // the new values took its index
    EXPECT_EQ(again.json()["accessors"].size(), doc.json()["accessors"].size() + 1);
    EXPECT_EQ(again.json()["buffers"][0]["byteLength"].get<std::uint64_t>(), bufferBefore - removed + newBytes({t}));
    expectSameTrack(again.channel(0, 1)->track, t, "rotation");
    for (int c : {0, 2}) expectSameTrack(again.channel(0, c)->track, doc.channel(0, c)->track, "unedited");
    std::set<int> edited = {oldOutput, again.channel(0, 1)->inputAccessor};
    expectSameValues(dumped(in), dumped(out), accessorsBesides(again.json(), edited));
}

// EXT_meshopt_compression (gltfpack -c, glTF-Transform meshopt), translation edited: the
// compressed data stays byte for byte where it was (as test_meshopt wants of every save, the
// edited channel's own compressed view included), the new keys are appended as floats, no
// accessor is left unused, and the other channels decode as before.
TEST(SaveCompact, CompressedFileKeepsItsCompressedBytesAndNoUnusedAccessor) {
    QTemporaryDir dir;
    const std::string gltfpack = made(dir, "packed.glb", "gltfpack", {"-i", "IN", "-o", "OUT", "-c"});
    const std::string transform = made(dir, "transform.glb", TANGENT_GLTF_TRANSFORM, {"meshopt", "IN", "OUT"});
    for (const std::string& in : {gltfpack, transform}) {
        ASSERT_FALSE(in.empty());
        SCOPED_TRACE(in);
        Document doc = Document::load(in);
        const Channel& ch = doc.animations()[0].channels[0];
        ASSERT_EQ(ch.pathName, "translation");
        const Json& views = doc.json()["bufferViews"];
        const Json& oldView = views[doc.json()["accessors"][ch.outputAccessor]["bufferView"].get<std::size_t>()];
        ASSERT_TRUE(oldView.contains("extensions"));
        const Json& compressed = oldView["extensions"]["EXT_meshopt_compression"];
        ASSERT_EQ(compressed["buffer"], 0);
        const std::vector<std::uint8_t> binBefore = doc.buffers()[0];
        const std::uint64_t lengthBefore = doc.json()["buffers"][0]["byteLength"];
        const Track t = everyNthKey(ch.track, 4);
        doc.setTrack(0, 0, t);
        const std::string out =
                dir.filePath(QFileInfo(QString::fromStdString(in)).baseName() + "_edited.glb").toStdString();
        save(doc, out);

        for (const auto& m : validatorMessages(out))
            EXPECT_FALSE(m["code"] == "UNUSED_OBJECT" && m.value("pointer", "").rfind("/accessors/", 0) == 0)
                    << m.dump();
        const Document again = Document::load(out);
        expectSameTrack(again.channel(0, 0)->track, t, "edited");
        for (std::size_t c = 1; c < doc.animations()[0].channels.size(); ++c)
            expectSameTrack(again.channel(0, int(c))->track, doc.channel(0, int(c))->track, "unedited");
        std::set<int> edited = {ch.inputAccessor, ch.outputAccessor, again.channel(0, 0)->inputAccessor,
                                again.channel(0, 0)->outputAccessor};
        expectSameValues(dumped(in), dumped(out), accessorsBesides(again.json(), edited));
        // Both tools share one time accessor: the new times are a new accessor; the new values
        // take the old output's index. Each is a new plain view at the end of buffer 0.
        EXPECT_EQ(again.json()["accessors"].size(), doc.json()["accessors"].size() + 1);
        EXPECT_EQ(again.channel(0, 0)->outputAccessor, ch.outputAccessor);
        EXPECT_EQ(again.json()["bufferViews"].size(), views.size() + 2);
        ASSERT_EQ(lengthBefore % 4, 0u);
        EXPECT_EQ(again.json()["buffers"][0]["byteLength"].get<std::uint64_t>(), lengthBefore + newBytes({t}));
        EXPECT_TRUE(std::equal(binBefore.begin(), binBefore.begin() + std::ptrdiff_t(lengthBefore),
                               again.buffers()[0].begin()));
    }
}

// A .gltf whose buffer is a .bin beside it (glTF-Transform's layout): the new .bin is the old
// one less the replaced keys, plus the new ones.
TEST(SaveCompact, ExternalBinShrinksToo) {
    QTemporaryDir dir;
    const std::string glb = bake(dir);
    ASSERT_FALSE(glb.empty());
    const QString in = dir.filePath("external.gltf");
    ASSERT_EQ(run(TANGENT_GLTF_TRANSFORM, {"copy", QString::fromStdString(glb), in}), "");
    Document doc = Document::load(in.toStdString());
    ASSERT_EQ(doc.json()["buffers"].size(), 1u);
    const std::string binBefore = dir.filePath(QString::fromStdString(doc.json()["buffers"][0]["uri"])).toStdString();
    std::vector<Track> tracks;
    std::set<int> oldAccessors;
    std::uint64_t removed = 0;
    for (const Channel& c : doc.animations()[0].channels) {
        for (int a : {c.inputAccessor, c.outputAccessor})
            if (oldAccessors.insert(a).second) removed += accessorBytes(doc.json()["accessors"][a]);
        tracks.push_back(everyNthKey(c.track, 6));
    }
    setAll(doc, tracks);
    const std::string out = dir.filePath("edited.gltf").toStdString();
    save(doc, out);

    expectValidWithNothingUnused(out);
    const Document again = Document::load(out);
    const std::string binAfter = dir.filePath(QString::fromStdString(again.json()["buffers"][0]["uri"])).toStdString();
    EXPECT_NE(binAfter, binBefore);
    EXPECT_EQ(fileSize(binAfter), fileSize(binBefore) - removed + newBytes(tracks));
    for (std::size_t c = 0; c < tracks.size(); ++c)
        expectSameTrack(again.channel(0, int(c))->track, tracks[c], "channel " + std::to_string(c));
    expectSameValues(dumped(in.toStdString()), dumped(out), {0, 1, 2});
}

// Two animations of Blender's multi-object export (own time accessors 17 and 20) get the same
// new times: they share one new accessor, which takes index 17; 20, needed by nothing, stays
// as an accessor without bytes (no renumbering) and its bufferView goes.
TEST(SaveCompact, AnOrphanNoNewDataNeedsKeepsItsIndexButNoBytes) {
    QTemporaryDir dir;
    const std::string in = fixture("multi_object_1.glb");
    Document doc = Document::load(in);
    ASSERT_EQ(doc.json()["accessors"].size(), 27u);
    ASSERT_EQ(doc.json()["bufferViews"].size(), 27u);
    ASSERT_EQ(doc.animations()[1].channels[0].inputAccessor, 17);
    ASSERT_EQ(doc.animations()[2].channels[0].inputAccessor, 20);
    std::vector<Track> tracks;
    for (int a : {1, 2})
        for (const Channel& c : doc.animations()[std::size_t(a)].channels) {
            Track t = c.track;
            t.times = {0.0f, 0.5f, 1.0f};
            t.values.resize(3 * std::size_t(t.components));
            t.resize(3);
            t.interpolation = Interpolation::Linear;
            doc.setTrack(a, c.index, t);
            tracks.push_back(t);
        }
    const std::string out = dir.filePath("orphan.glb").toStdString();
    save(doc, out);

    int unused = 0;
    for (const auto& m : validatorMessages(out))
        if (m["code"] == "UNUSED_OBJECT" && m.value("pointer", "").rfind("/meshes/", 0) != 0) {  // unused UVs
            EXPECT_EQ(m["pointer"], "/accessors/20");
            ++unused;
        }
    EXPECT_EQ(unused, 1);
    const Document again = Document::load(out);
    EXPECT_EQ(again.json()["accessors"].size(), 27u);
    EXPECT_FALSE(again.json()["accessors"][20].contains("bufferView"));
    EXPECT_EQ(again.json()["bufferViews"].size(), 27u - 6 + 5);  // 6 views replaced by 1 input and 4 outputs
    std::size_t k = 0;
    for (int a : {1, 2})
        for (const Channel& c : again.animations()[std::size_t(a)].channels) {
            EXPECT_EQ(c.inputAccessor, 17);
            expectSameTrack(c.track, tracks[k++], c.pointer());
        }
    std::set<int> unedited;
    for (int i = 0; i < 27; ++i)
        if (i < 17 || i > 22) unedited.insert(i);
    expectSameValues(dumped(in), dumped(out), unedited);
}
