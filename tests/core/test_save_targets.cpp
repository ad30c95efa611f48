// Where a .gltf save puts its files: buffers named after the output, never a file another asset
// uses, in place the file's own buffer. The assets come from glTF-Transform (tools/corpus), which
// names a .gltf's buffer after it: two of them saved as scene.gltf both hold "scene.bin".
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "tangent/document.h"
#include "tangent/edit.h"
#include "test_support.h"

using namespace tangent;

namespace {

QByteArray readFile(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeFile(const QString& path, const QByteArray& bytes) {
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly)) << path.toStdString();
    f.write(bytes);
}

// `gltf-transform copy IN OUT`: OUT as glTF-Transform writes it (a .gltf gets OUT_NAME.bin).
void gltfTransformCopy(const std::string& in, const QString& out) {
    QDir().mkpath(QFileInfo(out).path());
    QProcess p;
    p.start(TANGENT_GLTF_TRANSFORM, {"copy", QString::fromStdString(in), out});
    ASSERT_TRUE(p.waitForStarted(30000)) << "glTF-Transform cannot be started (./dev.sh setup installs it)";
    ASSERT_TRUE(p.waitForFinished(120000));
    ASSERT_EQ(p.exitCode(), 0) << p.readAllStandardError().toStdString();
}

// Every file in `dir` (recursively) with its bytes.
std::map<QString, QByteArray> filesIn(const QString& dir) {
    std::map<QString, QByteArray> files;
    const QDir root(dir);
    std::function<void(const QString&)> walk = [&](const QString& sub) {
        for (const QFileInfo& e :
             QDir(sub).entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden))
            e.isDir() ? walk(e.filePath()) : void(files[root.relativeFilePath(e.filePath())] = readFile(e.filePath()));
    };
    walk(dir);
    return files;
}

std::vector<std::string> bufferUris(const Document& doc) {
    std::vector<std::string> uris;
    for (const Json& b : doc.json()["buffers"]) uris.push_back(b.value("uri", ""));
    return uris;
}

void expectSameTracks(const Document& a, const Document& b) {
    ASSERT_EQ(a.animations().size(), b.animations().size());
    for (std::size_t i = 0; i < a.animations().size(); ++i) {
        ASSERT_EQ(a.animations()[i].channels.size(), b.animations()[i].channels.size());
        for (std::size_t c = 0; c < a.animations()[i].channels.size(); ++c)
            EXPECT_TRUE(a.animations()[i].channels[c].track.sameCurve(b.animations()[i].channels[c].track))
                    << "animation " << i << " channel " << c;
    }
}

// The first channel with a key inserted halfway: the save appends bytes to the buffer.
void insertAKey(Document& doc) {
    Track t = doc.channel(0, 0)->track;
    insertKey(t, (t.startTime() + t.endTime()) / 2 + 0.013);
    doc.setTrack(0, 0, t);
}

}  // namespace

// Two assets whose buffers are both "scene.bin", saved into one folder that already holds a
// third asset's scene.bin: each output gets a buffer of its own name, nothing else changes.
TEST(SaveTargets, TwoAssetsWithTheSameBufferNameIntoOneFolder) {
    QTemporaryDir dir;
    gltfTransformCopy(fixture("smooth_trs_1.glb"), dir.filePath("a/scene.gltf"));
    gltfTransformCopy(fixture("morph_weights_1.glb"), dir.filePath("b/scene.gltf"));
    gltfTransformCopy(fixture("multi_object_1.glb"), dir.filePath("out/scene.gltf"));
    ASSERT_TRUE(QFile::rename(dir.filePath("out/scene.gltf"), dir.filePath("out/third.gltf")));
    for (const char* asset : {"a", "b"}) {
        const Document source = Document::load(dir.filePath(QString(asset) + "/scene.gltf").toStdString());
        ASSERT_EQ(bufferUris(source), std::vector<std::string>{"scene.bin"}) << "glTF-Transform changed its naming";
    }
    const std::map<QString, QByteArray> third = filesIn(dir.filePath("out"));  // third.gltf, scene.bin

    Document a = Document::load(dir.filePath("a/scene.gltf").toStdString());
    insertAKey(a);
    const std::string hero = dir.filePath("out/hero.gltf").toStdString();
    save(a, hero);
    const QByteArray heroJson = readFile(dir.filePath("out/hero.gltf")),
                     heroBin = readFile(dir.filePath("out/hero.bin"));
    ASSERT_FALSE(heroBin.isEmpty());

    const Document b = Document::load(dir.filePath("b/scene.gltf").toStdString());  // unedited
    const std::string villain = dir.filePath("out/villain.gltf").toStdString();
    save(b, villain);

    std::map<QString, QByteArray> after = filesIn(dir.filePath("out"));
    for (const auto& [name, bytes] : third) EXPECT_EQ(after[name], bytes) << name.toStdString() << " changed";
    EXPECT_EQ(after["hero.gltf"], heroJson);
    EXPECT_EQ(after["hero.bin"], heroBin);
    EXPECT_EQ(after.size(), third.size() + 4) << "files besides hero.gltf/.bin and villain.gltf/.bin";
    EXPECT_EQ(after["villain.bin"], readFile(dir.filePath("b/scene.bin")));  // unedited: the same bytes

    const Document heroAgain = Document::load(hero), villainAgain = Document::load(villain);
    EXPECT_EQ(bufferUris(heroAgain), std::vector<std::string>{"hero.bin"});
    EXPECT_EQ(bufferUris(villainAgain), std::vector<std::string>{"villain.bin"});
    expectSameTracks(a, heroAgain);
    expectSameTracks(b, villainAgain);
    for (const char* f : {"out/hero.gltf", "out/villain.gltf", "out/third.gltf"})
        expectKhronosValid(dir.filePath(f).toStdString());

    // Saving hero again replaces its own files under the same names: no hero_1.bin.
    save(a, hero);
    EXPECT_EQ(filesIn(dir.filePath("out")), after);
}

// A file of the name a buffer would get that the output does not own is left alone: the buffers
// take the next free names, hero_1.bin and hero_2.bin.
TEST(SaveTargets, ATakenBufferNameGoesToTheNextFreeOne) {
    QTemporaryDir dir;
    gltfTransformCopy(fixture("broken_trs_1.glb"), dir.filePath("src/scene.gltf"));
    // A second buffer: the odd views move to a copy of the bytes in "second.bin".
    Json j = Json::parse(readFile(dir.filePath("src/scene.gltf")).toStdString());
    const QByteArray bin = readFile(dir.filePath("src/scene.bin"));
    writeFile(dir.filePath("src/second.bin"), bin);
    j["buffers"].push_back(Json{{"uri", "second.bin"}, {"byteLength", bin.size()}});
    for (std::size_t v = 1; v < j["bufferViews"].size(); v += 2) j["bufferViews"][v]["buffer"] = 1;
    writeFile(dir.filePath("src/scene.gltf"), QByteArray::fromStdString(j.dump(1)));
    expectKhronosValid(dir.filePath("src/scene.gltf").toStdString());

    const QByteArray unrelated("not hero's buffer");
    writeFile(dir.filePath("out/hero.bin"), unrelated);
    const Document doc = Document::load(dir.filePath("src/scene.gltf").toStdString());
    const std::string out = dir.filePath("out/hero.gltf").toStdString();
    save(doc, out);
    EXPECT_EQ(readFile(dir.filePath("out/hero.bin")), unrelated);
    const Document again = Document::load(out);
    EXPECT_EQ(bufferUris(again), (std::vector<std::string>{"hero_1.bin", "hero_2.bin"}));
    EXPECT_EQ(filesIn(dir.filePath("out")).size(), 4u);
    expectSameTracks(doc, again);
    expectKhronosValid(out);
}

// Saving in place (Ctrl+S) writes the file's own buffer, under its own URI, and no other file:
// the .gltf is "walk.gltf", its buffer "scene.bin", and no "walk.bin" appears.
TEST(SaveTargets, InPlaceKeepsTheBufferUriAndLeavesNoOrphan) {
    QTemporaryDir dir;
    gltfTransformCopy(fixture("smooth_trs_1.glb"), dir.filePath("asset/scene.gltf"));
    ASSERT_TRUE(QFile::rename(dir.filePath("asset/scene.gltf"), dir.filePath("asset/walk.gltf")));
    const std::string path = dir.filePath("asset/walk.gltf").toStdString();
    const QByteArray binBefore = readFile(dir.filePath("asset/scene.bin"));

    Document doc = Document::load(path);
    insertAKey(doc);
    save(doc, path);
    const std::map<QString, QByteArray> files = filesIn(dir.filePath("asset"));
    EXPECT_EQ(files.size(), 2u) << "a file besides walk.gltf and scene.bin";
    EXPECT_NE(files.at("scene.bin"), binBefore);  // the key went into the file's own buffer
    Document again = Document::load(path);
    EXPECT_EQ(bufferUris(again), std::vector<std::string>{"scene.bin"});
    expectSameTracks(doc, again);
    expectKhronosValid(path);

    // Unedited, a save in place rewrites the same JSON (the same values: an integral float such
    // as 1.0 reads as the integer 1, as the validator reads it) and leaves the buffer as it is.
    const QDateTime written = QFileInfo(dir.filePath("asset/scene.bin")).lastModified();
    save(again, path);
    const std::map<QString, QByteArray> resaved = filesIn(dir.filePath("asset"));
    ASSERT_EQ(resaved.size(), 2u);
    EXPECT_EQ(resaved.at("scene.bin"), files.at("scene.bin"));
    EXPECT_EQ(Json::parse(resaved.at("walk.gltf").toStdString()), Json::parse(files.at("walk.gltf").toStdString()));
    EXPECT_EQ(QFileInfo(dir.filePath("asset/scene.bin")).lastModified(), written);
}

// An image copied along keeps its URI where that name is free or already holds its bytes; over
// another file of the same name it takes the next free name.
TEST(SaveTargets, ImagesNeverReplaceAnotherFile) {
    QTemporaryDir dir;
    // A .gltf with an external image, as glTF-Transform writes it.
    Document made = Document::load(fixture("smooth_trs_1.glb"));
    QDir(dir.path()).mkpath("made");
    save(made, dir.filePath("made/scene.gltf").toStdString());
    Json j = Json::parse(readFile(dir.filePath("made/scene.gltf")).toStdString());
    writeFile(dir.filePath("made/textures/dot.png"),
              QByteArray(reinterpret_cast<const char*>(kTinyPng.data()), qsizetype(kTinyPng.size())));
    j["images"] = Json::array({Json{{"uri", "textures/dot.png"}}});
    j["textures"] = Json::array({Json{{"source", 0}}});
    j["materials"] = Json::array({Json{{"pbrMetallicRoughness", {{"baseColorTexture", {{"index", 0}}}}}}});
    j["meshes"][0]["primitives"][0]["material"] = 0;
    writeFile(dir.filePath("made/scene.gltf"), QByteArray::fromStdString(j.dump()));
    gltfTransformCopy(dir.filePath("made/scene.gltf").toStdString(), dir.filePath("src/scene.gltf"));
    const Document doc = Document::load(dir.filePath("src/scene.gltf").toStdString());
    ASSERT_EQ(doc.json()["images"][0]["uri"], "textures/dot.png") << "glTF-Transform changed its naming";
    const QByteArray png = readFile(dir.filePath("src/textures/dot.png"));

    const QByteArray unrelated("another asset's texture");
    writeFile(dir.filePath("out/textures/dot.png"), unrelated);
    const std::string out = dir.filePath("out/hero.gltf").toStdString();
    save(doc, out);
    EXPECT_EQ(readFile(dir.filePath("out/textures/dot.png")), unrelated);
    EXPECT_EQ(readFile(dir.filePath("out/textures/dot_1.png")), png);
    EXPECT_EQ(Document::load(out).json()["images"][0]["uri"], "textures/dot_1.png");
    expectKhronosValid(out);

    // Where the same bytes are already there, the image uses them: nothing new is written.
    const std::map<QString, QByteArray> before = filesIn(dir.filePath("out"));
    const std::string second = dir.filePath("out/second.gltf").toStdString();
    save(doc, second);
    std::map<QString, QByteArray> after = filesIn(dir.filePath("out"));
    EXPECT_EQ(after.size(), before.size() + 2);  // second.gltf, second.bin
    EXPECT_EQ(Document::load(second).json()["images"][0]["uri"], "textures/dot_1.png");
    expectKhronosValid(second);
}

// A buffer held in a data URI stays in one: a .gltf save adds no .bin for it.
TEST(SaveTargets, ADataUriBufferStaysEmbedded) {
    QTemporaryDir dir;
    const std::string embedded = dir.filePath("embedded.gltf").toStdString();
    save(Document::load(fixture("smooth_trs_1.glb")), embedded, {SaveOptions::Format::Gltf, true});
    Document doc = Document::load(embedded);
    insertAKey(doc);
    save(doc, embedded);
    const std::string copy = dir.filePath("copy.gltf").toStdString();
    save(doc, copy);
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files), (QStringList{"copy.gltf", "embedded.gltf"}));
    for (const std::string& path : {embedded, copy}) {
        const Document again = Document::load(path);
        EXPECT_EQ(bufferUris(again)[0].rfind("data:application/octet-stream;base64,", 0), 0u);
        expectSameTracks(doc, again);
        expectKhronosValid(path);
    }
}

// A file without buffers (a scene of empty nodes) saves as one: no "buffers" member appears.
TEST(SaveTargets, AFileWithoutBuffersGetsNone) {
    QTemporaryDir dir;
    const QString source = dir.filePath("empty.gltf");
    writeFile(source, R"({"asset": {"version": "2.0"}, "nodes": [{"name": "A"}], "scenes": [{"nodes": [0]}]})");
    const std::string copy = dir.filePath("copy.gltf").toStdString();
    save(Document::load(source.toStdString()), copy);
    const Json saved = Json::parse(readFile(QString::fromStdString(copy)).toStdString());
    EXPECT_FALSE(saved.contains("buffers")) << saved.dump();
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files), (QStringList{"copy.gltf", "empty.gltf"}));
    expectKhronosValid(copy);
}

// The format comes from the options or the extension; any other extension is refused, not guessed.
TEST(SaveTargets, AnUnknownExtensionIsRefusedUnlessAFormatIsGiven) {
    QTemporaryDir dir;
    const Document doc = Document::load(fixture("smooth_trs_1.glb"));
    EXPECT_EQ(saveFormat("a/HERO.GLTF"), FileFormat::Gltf);
    EXPECT_EQ(saveFormat("hero.glb"), FileFormat::Glb);
    EXPECT_EQ(saveFormat("hero.obj"), std::nullopt);
    EXPECT_EQ(saveFormat("hero"), std::nullopt);
    EXPECT_EQ(saveFormat("hero.obj", {SaveOptions::Format::Glb}), FileFormat::Glb);
    const std::string obj = dir.filePath("x.obj").toStdString();
    try {
        save(doc, obj);
        ADD_FAILURE() << "wrote glTF into x.obj";
    } catch (const FileError& e) {
        EXPECT_NE(std::string(e.what()).find("x.obj: cannot save"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(QDir(dir.path()).isEmpty());

    const std::string bin3 = dir.filePath("x.bin3").toStdString();
    save(doc, bin3, {SaveOptions::Format::Glb});
    EXPECT_EQ(readFile(QString::fromStdString(bin3)).left(4), "glTF");
    expectSameTracks(doc, Document::load(bin3));
    expectKhronosValid(bin3);
}
