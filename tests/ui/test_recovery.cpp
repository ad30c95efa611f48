// Nothing lost: the recovery copy of unsaved edits and its round trip after a "crash", failed
// saves that keep everything as it was, and Key inspector input that would make the file invalid.
#include <cmath>
#include <functional>

#include <QAction>
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <gtest/gtest.h>

#include "documentmodel.h"
#include "keyinspector.h"
#include "mainwindow.h"
#include "numberfield.h"
#include "recovery.h"
#include "tangent/edit.h"
#include "ui_support.h"

using namespace tangent;
using namespace tangent::editing;
using namespace tangent::render;
using namespace tangent::ui;
using namespace tangent::ui::test;

namespace {

// Answers every message box that shows with the button whose text is `button` (or accepts it),
// keeping the boxes' texts.
class BoxAnswerer {
public:
    explicit BoxAnswerer(QString button) : button_(std::move(button)) {
        timer_.setInterval(5);
        QObject::connect(&timer_, &QTimer::timeout, [this] {
            for (QWidget* top : QApplication::topLevelWidgets()) {
                auto* box = qobject_cast<QMessageBox*>(top);
                if (!box || !box->isVisible()) continue;
                texts.push_back(box->text() + QStringLiteral("\n") + box->informativeText());
                QAbstractButton* chosen = nullptr;
                for (QAbstractButton* b : box->buttons())
                    if (b->text().remove(QLatin1Char('&')) == button_) chosen = b;
                if (chosen)
                    chosen->click();
                else
                    box->accept();
            }
        });
        timer_.start();
    }
    QStringList texts;

private:
    QString button_;
    QTimer timer_;
};

class RecoveryTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(tmp.isValid());
        recoveryDir = tmp.filePath(QStringLiteral("recovery"));
        qputenv("TANGENT_RECOVERY_DIR", recoveryDir.toLocal8Bit());
        original = tmp.filePath(QStringLiteral("anim.glb"));
        ASSERT_TRUE(QFile::copy(QString::fromStdString(fixture("blender/broken_trs_1.glb")), original));
        originalBytes = readAll(original);
    }
    void TearDown() override { qunsetenv("TANGENT_RECOVERY_DIR"); }

    static QByteArray readAll(const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    QStringList copies() const {
        return QDir(recoveryDir).entryList({QStringLiteral("*.glb"), QStringLiteral("*.json")}, QDir::Files);
    }
    // Two edits through the undo stack: a value and a key time.
    static void edit(MainWindow& w) {
        DocumentModel* m = w.model();
        Track t = m->document().channel(0, 0)->track;
        Track before = t;
        setValue(t, 1, 1, 2.5);
        m->pushEdit(QStringLiteral("Set key value"), {{0, 0, before, t}});
        before = t;
        moveKeysInTime(t, {2}, 0.01);
        m->pushEdit(QStringLiteral("Set key time"), {{0, 0, before, t}});
    }
    static std::vector<Track> tracks(const Document& doc) {
        std::vector<Track> out;
        for (const Animation& a : doc.animations())
            for (const Channel& c : a.channels) out.push_back(c.track);
        return out;
    }
    static QAction* action(MainWindow& w, const QString& text) {
        for (QAction* a : w.findChildren<QAction*>())
            if (a->text() == text) return a;
        return nullptr;
    }

    QTemporaryDir tmp;
    QString recoveryDir, original;
    QByteArray originalBytes;
};

TEST_F(RecoveryTest, ACrashedSessionsEditsAreOfferedAndRestoredBitForBit) {
    std::vector<Track> edited;
    QString copy;
    {
        MainWindow w;
        ASSERT_TRUE(w.openFile(original));
        w.recovery()->setDelay(20);
        edit(w);
        copy = w.recovery()->copyPath();
        EXPECT_TRUE(copy.startsWith(recoveryDir));
        ASSERT_TRUE(QTest::qWaitFor([&] { return QFile::exists(w.recovery()->sidecarPath()); }, 5000));
        EXPECT_TRUE(QFile::exists(copy));
        expectKhronosValid(QFile::encodeName(copy).toStdString());
        edited = tracks(w.model()->document());
        // While the window lives its copy is no leftover (another window would not offer it).
        EXPECT_TRUE(recovery::leftovers().isEmpty());
        // Destroyed without closeEvent: like a crash, nothing cleans up.
    }
    EXPECT_TRUE(QFile::exists(copy));
    EXPECT_EQ(readAll(original), originalBytes);
    const QList<RecoveryEntry> left = recovery::leftovers();
    ASSERT_EQ(left.size(), 1);
    EXPECT_EQ(left.front().originalPath, original);
    EXPECT_EQ(left.front().format, QStringLiteral("glb"));

    MainWindow w2;
    w2.show();
    {
        BoxAnswerer answer(QStringLiteral("Restore"));
        ASSERT_TRUE(w2.offerRecovery());
        ASSERT_EQ(answer.texts.size(), 1);
        EXPECT_TRUE(answer.texts.front().contains(QStringLiteral("anim.glb"))) << answer.texts.front().toStdString();
    }
    ASSERT_TRUE(w2.model()->hasDocument());
    const std::vector<Track> restored = tracks(w2.model()->document());
    ASSERT_EQ(restored.size(), edited.size());
    for (std::size_t i = 0; i < edited.size(); ++i) EXPECT_TRUE(restored[i].sameCurve(edited[i])) << "channel " << i;
    EXPECT_TRUE(w2.model()->isModified());
    EXPECT_TRUE(w2.isWindowModified());
    EXPECT_EQ(w2.model()->filePath(), original);
    EXPECT_TRUE(w2.windowTitle().contains(QStringLiteral("anim.glb")));
    // The old copy is gone, replaced by the new window's own.
    EXPECT_FALSE(QFile::exists(copy));
    EXPECT_TRUE(QFile::exists(w2.recovery()->copyPath()));
    EXPECT_TRUE(recovery::leftovers().isEmpty());

    // Save writes the original file; the copy goes.
    QAction* save = action(w2, QStringLiteral("&Save"));
    ASSERT_NE(save, nullptr);
    save->trigger();
    EXPECT_FALSE(w2.model()->isModified());
    EXPECT_NE(readAll(original), originalBytes);
    expectKhronosValid(QFile::encodeName(original).toStdString());
    const Document reread = Document::load(QFile::encodeName(original).toStdString());
    const std::vector<Track> saved = tracks(reread);
    ASSERT_EQ(saved.size(), edited.size());
    for (std::size_t i = 0; i < edited.size(); ++i) EXPECT_TRUE(saved[i].sameCurve(edited[i])) << "channel " << i;
    EXPECT_TRUE(copies().isEmpty()) << copies().join(QLatin1Char(' ')).toStdString();
}

TEST_F(RecoveryTest, ARestoredGltfSavesBackAsGltfBesideItsBin) {
    const QString gltf = tmp.filePath(QStringLiteral("walk.gltf"));
    save(Document::load(QFile::encodeName(original).toStdString()), QFile::encodeName(gltf).toStdString());
    expectKhronosValid(QFile::encodeName(gltf).toStdString());
    std::vector<Track> edited;
    {
        MainWindow w;
        ASSERT_TRUE(w.openFile(gltf));
        edit(w);
        ASSERT_TRUE(w.recovery()->sync());
        expectKhronosValid(QFile::encodeName(w.recovery()->copyPath()).toStdString());
        edited = tracks(w.model()->document());
    }
    MainWindow w2;
    {
        BoxAnswerer answer(QStringLiteral("Restore"));
        ASSERT_TRUE(w2.offerRecovery());
    }
    EXPECT_EQ(w2.model()->filePath(), gltf);
    ASSERT_TRUE(w2.saveTo(w2.model()->filePath()));
    expectKhronosValid(QFile::encodeName(gltf).toStdString());
    const Document reread = Document::load(QFile::encodeName(gltf).toStdString());
    EXPECT_EQ(reread.format(), FileFormat::Gltf);
    const std::vector<Track> saved = tracks(reread);
    ASSERT_EQ(saved.size(), edited.size());
    for (std::size_t i = 0; i < edited.size(); ++i) EXPECT_TRUE(saved[i].sameCurve(edited[i])) << "channel " << i;
    EXPECT_TRUE(copies().isEmpty());
}

TEST_F(RecoveryTest, LaterKeepsTheCopyAndDiscardDeletesIt) {
    {
        MainWindow w;
        ASSERT_TRUE(w.openFile(original));
        edit(w);
        ASSERT_TRUE(w.recovery()->sync());
    }
    MainWindow w2;
    {
        BoxAnswerer answer(QStringLiteral("Later"));
        EXPECT_FALSE(w2.offerRecovery());
    }
    EXPECT_EQ(recovery::leftovers().size(), 1);
    {
        BoxAnswerer answer(QStringLiteral("Discard"));
        EXPECT_FALSE(w2.offerRecovery());
    }
    EXPECT_TRUE(recovery::leftovers().isEmpty());
    EXPECT_TRUE(copies().isEmpty());
}

TEST_F(RecoveryTest, ACleanSaveOrAnUndoToTheSavedStateRemovesTheCopy) {
    MainWindow w;
    ASSERT_TRUE(w.openFile(original));
    w.recovery()->setDelay(20);
    edit(w);
    ASSERT_TRUE(QTest::qWaitFor([&] { return QFile::exists(w.recovery()->copyPath()); }, 5000));
    w.model()->undoStack()->undo();
    w.model()->undoStack()->undo();
    EXPECT_FALSE(w.model()->isModified());
    EXPECT_TRUE(copies().isEmpty());

    edit(w);
    ASSERT_TRUE(QTest::qWaitFor([&] { return QFile::exists(w.recovery()->copyPath()); }, 5000));
    const QString other = tmp.filePath(QStringLiteral("saved.glb"));
    ASSERT_TRUE(w.saveTo(other));
    expectKhronosValid(QFile::encodeName(other).toStdString());
    EXPECT_TRUE(copies().isEmpty());
    QTest::qWait(60);  // no late write brings it back
    EXPECT_TRUE(copies().isEmpty());
}

TEST_F(RecoveryTest, AClosedWindowWithDiscardedEditsLeavesNoCopy) {
    auto* w = new MainWindow;
    w->show();
    ASSERT_TRUE(w->openFile(original));
    edit(*w);
    ASSERT_TRUE(w->recovery()->sync());
    {
        BoxAnswerer answer(QStringLiteral("Discard"));
        EXPECT_TRUE(w->close());
    }
    delete w;
    EXPECT_TRUE(copies().isEmpty());
    EXPECT_EQ(readAll(original), originalBytes);
}

TEST_F(RecoveryTest, AFailingRecoveryWriteIsAStatusMessageNotACrash) {
    const QString file = tmp.filePath(QStringLiteral("plain-file"));
    {
        QFile f(file);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("x");
    }
    qputenv("TANGENT_RECOVERY_DIR", (file + QStringLiteral("/recovery")).toLocal8Bit());
    MainWindow w;
    ASSERT_TRUE(w.openFile(original));
    edit(w);
    EXPECT_FALSE(w.recovery()->sync());
    EXPECT_TRUE(w.statusBar()->currentMessage().contains(QStringLiteral("recovery copy")))
            << w.statusBar()->currentMessage().toStdString();
    EXPECT_TRUE(w.model()->isModified());
}

TEST_F(RecoveryTest, ASaveIntoAPathUnderARegularFileFailsAndKeepsEverything) {
    MainWindow w;
    ASSERT_TRUE(w.openFile(original));
    edit(w);
    const std::vector<Track> edited = tracks(w.model()->document());
    const int index = w.model()->undoStack()->index();
    {
        BoxAnswerer answer(QStringLiteral("OK"));
        EXPECT_FALSE(w.saveTo(original + QStringLiteral("/inside.glb")));
        ASSERT_EQ(answer.texts.size(), 1);
        EXPECT_TRUE(answer.texts.front().contains(QStringLiteral("cannot write")))
                << answer.texts.front().toStdString();
    }
    EXPECT_TRUE(w.model()->isModified());
    EXPECT_EQ(w.model()->filePath(), original);
    EXPECT_EQ(w.model()->undoStack()->index(), index);
    EXPECT_EQ(w.model()->undoStack()->count(), index);
    EXPECT_EQ(readAll(original), originalBytes);
    const std::vector<Track> after = tracks(w.model()->document());
    for (std::size_t i = 0; i < edited.size(); ++i) EXPECT_TRUE(after[i].sameCurve(edited[i]));
    EXPECT_TRUE(QDir(tmp.path()).entryList({QStringLiteral("*.glb")}, QDir::Files) ==
                QStringList{QStringLiteral("anim.glb")});
}

TEST_F(RecoveryTest, WhenSaveInTheUnsavedChangesQuestionFailsTheWindowStaysOpen) {
    const QString dir = tmp.filePath(QStringLiteral("sub"));
    ASSERT_TRUE(QDir().mkpath(dir));
    const QString path = dir + QStringLiteral("/anim.glb");
    ASSERT_TRUE(QFile::copy(original, path));
    MainWindow w;
    w.show();
    ASSERT_TRUE(w.openFile(path));
    edit(w);
    // The file became a folder: nothing can replace it (even for root).
    ASSERT_TRUE(QFile::remove(path));
    ASSERT_TRUE(QDir().mkpath(path));
    {
        // "Save" in the question, then OK on the failure's message.
        BoxAnswerer answer(QStringLiteral("Save"));
        EXPECT_FALSE(w.close());
        ASSERT_EQ(answer.texts.size(), 2) << answer.texts.join(QStringLiteral(" | ")).toStdString();
    }
    EXPECT_TRUE(w.isVisible());
    EXPECT_TRUE(w.model()->isModified());
}

TEST_F(RecoveryTest, TheKeyInspectorRefusesNaNAndATimeCrossingANeighbour) {
    MainWindow w;
    w.resize(1200, 800);
    w.show();
    QApplication::setActiveWindow(&w);
    ASSERT_TRUE(w.openFile(original));
    const Track before = w.model()->document().channel(0, 0)->track;
    w.viewState()->setSelection({{0, 0, 2, 1}});
    KeyInspector* inspector = w.keyInspector();
    ASSERT_EQ(inspector->key(), 2);
    auto boxes = inspector->findChildren<NumberField*>();
    ASSERT_GE(boxes.size(), 4);
    NumberField* time = boxes.front();
    NumberField* value = nullptr;
    for (NumberField* b : boxes)
        if (b != time && std::abs(b->value() - double(before.value(2, 1))) < 1e-6) value = b;
    ASSERT_NE(value, nullptr);

    // NaN typed: the spin box refuses the text, says why, and nothing changes.
    QString refusal;
    QObject::connect(inspector, &KeyInspector::refused, [&](const QString& m) { refusal = m; });
    value->setFocus();
    ASSERT_TRUE(QTest::qWaitFor([&] { return value->hasFocus(); }, 2000));
    value->selectAll();
    QTest::keyClicks(value, QStringLiteral("nan"));
    QTest::keyClick(value, Qt::Key_Return);
    EXPECT_TRUE(refusal.contains(QStringLiteral("finite"))) << refusal.toStdString();
    EXPECT_TRUE(w.statusBar()->currentMessage().contains(QStringLiteral("finite")));
    EXPECT_TRUE(w.model()->document().channel(0, 0)->track.sameCurve(before));
    EXPECT_EQ(w.model()->undoStack()->count(), 0);
    EXPECT_FALSE(w.model()->isModified());

    // A time past the next key: refused, not clamped.
    refusal.clear();
    time->setValue(double(before.times[3]) + 0.5);
    emit time->editingFinished();
    EXPECT_TRUE(refusal.contains(QStringLiteral("Refused time"))) << refusal.toStdString();
    EXPECT_TRUE(w.model()->document().channel(0, 0)->track.sameCurve(before));
    EXPECT_EQ(w.model()->undoStack()->count(), 0);
    EXPECT_NEAR(time->value(), double(before.times[2]), 1e-6);  // shows the model's time again

    // A time between the neighbours is taken.
    time->setValue((double(before.times[2]) + double(before.times[3])) / 2);
    emit time->editingFinished();
    EXPECT_EQ(w.model()->undoStack()->count(), 1);
    EXPECT_FLOAT_EQ(w.model()->document().channel(0, 0)->track.times[2], float(time->value()));
}

}  // namespace
