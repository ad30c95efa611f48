// File > Save (Ctrl+S) and Save As (Ctrl+Shift+S) as key presses, on a .gltf glTF-Transform wrote
// with its buffer beside it: in place the file's own buffer is rewritten and nothing else is
// written; Save As proposes the document's format and names the buffer after the new file.
#include <map>

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <gtest/gtest.h>

#include "../core/test_support.h"  // expectKhronosValid
#include "documentmodel.h"
#include "mainwindow.h"
#include "tangent/edit.h"
#include "ui_support.h"

using namespace tangent;
using namespace tangent::editing;
using namespace tangent::render;
using namespace tangent::ui;

namespace {

QByteArray readFile(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

std::map<QString, QByteArray> filesIn(const QString& dir) {
    std::map<QString, QByteArray> files;
    for (const QString& name : QDir(dir).entryList(QDir::Files | QDir::Hidden))
        files[name] = readFile(dir + '/' + name);
    return files;
}

// `gltf-transform copy` of a Blender fixture as DIR/scene.gltf + DIR/scene.bin, renamed to
// DIR/NAME: a .gltf whose buffer is not named after it.
QString gltfTransformAsset(const QString& dir, const QString& name) {
    QDir().mkpath(dir);
    QProcess p;
    p.start(TANGENT_GLTF_TRANSFORM,
            {"copy", QString::fromStdString(test::fixture("blender/smooth_trs_1.glb")), dir + "/scene.gltf"});
    EXPECT_TRUE(p.waitForStarted(30000)) << "glTF-Transform cannot be started (./dev.sh setup installs it)";
    EXPECT_TRUE(p.waitForFinished(120000));
    EXPECT_EQ(p.exitCode(), 0) << p.readAllStandardError().toStdString();
    EXPECT_TRUE(QFile::rename(dir + "/scene.gltf", dir + '/' + name));
    return dir + '/' + name;
}

// While `keys` run, answers the save dialog that opens: records its selected filter, then
// selects `path` and accepts (an empty path cancels).
QString answerSaveDialog(const QString& path, const std::function<void()>& keys) {
    QString filter;
    QTimer timer;
    timer.setInterval(5);
    QObject::connect(&timer, &QTimer::timeout, [&] {
        auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
        if (!dialog || !dialog->isVisible() || !filter.isNull()) return;
        filter = dialog->selectedNameFilter();
        if (path.isEmpty()) return dialog->reject();
        dialog->selectFile(path);
        static_cast<QDialog*>(dialog)->accept();  // QFileDialog::accept, which reads the name
    });
    timer.start();
    keys();
    return filter;
}

class SaveKeysTest : public ::testing::Test {
protected:
    void open(const QString& path) {
        window.resize(1200, 800);
        window.show();
        window.activateWindow();
        ASSERT_TRUE(QTest::qWaitForWindowActive(&window)) << "the window must be active for its shortcuts";
        ASSERT_TRUE(window.openFile(path));
        QApplication::processEvents();
    }
    // A key inserted into channel 0 through the undo stack, `after` seconds past its middle: the
    // buffer grows.
    void edit(double after = 0.013) {
        DocumentModel* m = window.model();
        const Track before = m->document().channel(0, 0)->track;
        Track t = before;
        insertKey(t, (t.startTime() + t.endTime()) / 2 + after);
        m->pushEdit(QStringLiteral("Insert key"), {{0, 0, before, t}});
        ASSERT_TRUE(m->isModified());
    }
    // A key press on the window, active again after a dialog closed (its shortcuts need that).
    void key(int k, Qt::KeyboardModifiers mods) {
        window.activateWindow();
        ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
        QTest::keyClick(&window, Qt::Key(k), mods);
    }

    QTemporaryDir dir;
    MainWindow window;
};

}  // namespace

TEST_F(SaveKeysTest, CtrlSRewritesTheFilesOwnBufferAndNothingElse) {
    const QString path = gltfTransformAsset(dir.filePath("asset"), "walk.gltf");
    const QByteArray binBefore = readFile(dir.filePath("asset/scene.bin"));
    open(path);
    edit();
    const Track edited = window.model()->document().channel(0, 0)->track;
    key(Qt::Key_S, Qt::ControlModifier);
    EXPECT_FALSE(window.model()->isModified());
    const std::map<QString, QByteArray> files = filesIn(dir.filePath("asset"));
    EXPECT_EQ(files.size(), 2u) << "a file besides walk.gltf and scene.bin (walk.bin?)";
    EXPECT_NE(files.at("scene.bin"), binBefore);
    const Document again = Document::load(path.toStdString());
    EXPECT_EQ(again.json()["buffers"][0]["uri"], "scene.bin");
    EXPECT_TRUE(again.channel(0, 0)->track.sameCurve(edited));
    expectKhronosValid(path.toStdString());
}

TEST_F(SaveKeysTest, CtrlShiftSProposesTheFormatAndNamesTheBufferAfterTheNewFile) {
    const QString path = gltfTransformAsset(dir.filePath("asset"), "walk.gltf");
    const std::map<QString, QByteArray> asset = filesIn(dir.filePath("asset"));
    QDir(dir.path()).mkpath("out");
    QFile unrelated(dir.filePath("out/scene.bin"));  // another asset's buffer
    ASSERT_TRUE(unrelated.open(QIODevice::WriteOnly));
    unrelated.write("another asset's buffer");
    unrelated.close();
    open(path);
    edit();
    const Track edited = window.model()->document().channel(0, 0)->track;

    const QString hero = dir.filePath("out/hero.gltf");
    EXPECT_EQ(answerSaveDialog(hero, [&] { key(Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier); }),
              QStringLiteral("glTF (*.gltf)"));
    EXPECT_EQ(QFileInfo(window.model()->filePath()).canonicalFilePath(), QFileInfo(hero).canonicalFilePath());
    EXPECT_FALSE(window.model()->isModified());
    EXPECT_EQ(filesIn(dir.filePath("asset")), asset);  // the source is as it was
    std::map<QString, QByteArray> out = filesIn(dir.filePath("out"));
    EXPECT_EQ(out.size(), 3u);
    EXPECT_EQ(out["scene.bin"], QByteArray("another asset's buffer"));
    const Document saved = Document::load(hero.toStdString());
    EXPECT_EQ(saved.json()["buffers"][0]["uri"], "hero.bin");
    EXPECT_TRUE(saved.channel(0, 0)->track.sameCurve(edited));
    expectKhronosValid(hero.toStdString());

    // Ctrl+S now writes hero.gltf and its own hero.bin again: no new file.
    edit(0.027);
    key(Qt::Key_S, Qt::ControlModifier);
    EXPECT_FALSE(window.model()->isModified());
    const std::map<QString, QByteArray> again = filesIn(dir.filePath("out"));
    EXPECT_EQ(again.size(), 3u);
    EXPECT_NE(again.at("hero.bin"), out["hero.bin"]);
    EXPECT_EQ(Document::load(hero.toStdString()).json()["buffers"][0]["uri"], "hero.bin");
    expectKhronosValid(hero.toStdString());
}

TEST_F(SaveKeysTest, SaveAsProposesGlbForAGlb) {
    open(QString::fromStdString(test::fixture("blender/broken_trs_1.glb")));
    EXPECT_EQ(answerSaveDialog({}, [&] { key(Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier); }),
              QStringLiteral("glTF binary (*.glb)"));
    // Cancelled: nothing written, the document still the fixture.
    EXPECT_EQ(QFileInfo(window.model()->filePath()).canonicalFilePath(),
              QFileInfo(QString::fromStdString(test::fixture("blender/broken_trs_1.glb"))).canonicalFilePath());
    EXPECT_TRUE(QDir(dir.path()).isEmpty());
}
