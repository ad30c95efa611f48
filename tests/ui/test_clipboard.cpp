// Copy and paste of keys in the real main window: Ctrl+C, the playhead moved by its keys,
// Ctrl+V / Ctrl+Shift+V as key presses, on Blender exports. The pasted keys' values and tangents
// are the files' own numbers as glTF-Transform decodes them (tools/corpus/dump_accessors.mjs),
// written here as literals; times are the files' key times moved by hand-computed offsets.
#include <QClipboard>
#include <QMimeData>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

#include "../core/test_support.h"  // expectKhronosValid
#include "curveview.h"
#include "keyclipboard.h"
#include "mainwindow.h"
#include "ui_support.h"

using namespace tangent;
using namespace tangent::editing;
using namespace tangent::render;
using namespace tangent::ui;
using namespace tangent::ui::test;

namespace {

using Floats = std::vector<float>;

class ClipboardTest : public ::testing::Test {
protected:
    void SetUp() override { QGuiApplication::clipboard()->clear(); }

    static void open(MainWindow& w, const char* name) {
        w.resize(1200, 800);
        w.show();
        w.activateWindow();
        ASSERT_TRUE(QTest::qWaitForWindowActive(&w)) << "the window must be active for its shortcuts";
        ASSERT_TRUE(w.openFile(QString::fromStdString(tangent::ui::test::fixture(std::string("blender/") + name))));
        w.curveView()->setFocus();
        QApplication::processEvents();
    }
    // A key press where the user works: the curve view has the focus.
    static void key(MainWindow& w, Qt::Key k, Qt::KeyboardModifiers mods = Qt::NoModifier) {
        w.activateWindow();
        ASSERT_TRUE(QTest::qWaitForWindowActive(&w));
        w.curveView()->setFocus();
        QTest::keyClick(w.curveView(), k, mods);
    }
    // A click on key k's component c of channel (a, ch) in the curve view.
    static void clickKey(MainWindow& w, int a, int ch, int k, int c, Qt::KeyboardModifiers mods = Qt::NoModifier) {
        const Track& t = w.model()->document().channel(a, ch)->track;
        const QPointF p = w.curveView()->viewTransform().toWidget(QPointF(t.times[k], t.value(k, c)));
        press(w.curveView(), p, mods);
        release(w.curveView(), p, mods);
    }
    static const Track& track(MainWindow& w, int a, int c) { return w.model()->document().channel(a, c)->track; }
    static QString status(MainWindow& w) { return w.statusBar()->currentMessage(); }

    // Key k's in-tangent, value and out-tangent, as the file stores them, and its components'
    // handle modes (inferred on load: Aligned where in == out, else Free).
    static void expectKey(const Track& t, int k, float time, const Floats& in, const Floats& value, const Floats& out,
                          const std::vector<HandleMode>& modes) {
        ASSERT_LT(k, t.keyCount());
        EXPECT_EQ(t.times[k], time) << "key " << k;
        for (int c = 0; c < t.components; ++c) {
            EXPECT_EQ(t.inTangent(k, c), in[c]) << "key " << k << " component " << c;
            EXPECT_EQ(t.value(k, c), value[c]) << "key " << k << " component " << c;
            EXPECT_EQ(t.outTangent(k, c), out[c]) << "key " << k << " component " << c;
            EXPECT_EQ(t.modes[t.at(k, c)], modes[c]) << "key " << k << " component " << c;
        }
    }
    // Key k of `after` is key j of `before`.
    static void expectSameKey(const Track& after, int k, const Track& before, int j) {
        EXPECT_EQ(after.times[k], before.times[j]);
        for (int c = 0; c < after.components; ++c) {
            EXPECT_EQ(after.value(k, c), before.value(j, c));
            EXPECT_EQ(after.inTangent(k, c), before.inTangent(j, c));
            EXPECT_EQ(after.outTangent(k, c), before.outTangent(j, c));
            EXPECT_EQ(after.modes[after.at(k, c)], before.modes[before.at(j, c)]);
        }
    }
    static void expectSavedFileValid(MainWindow& w) {
        QTemporaryDir dir;
        ASSERT_TRUE(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("pasted.glb"));
        ASSERT_TRUE(w.saveTo(path));
        expectKhronosValid(path.toStdString());
    }
};

}  // namespace

// broken_trs_1.glb, Mover · translation: keys at frames 0 5 22 25 32 35 47 59 71 of 24 fps.
TEST_F(ClipboardTest, CopyTwoKeysAndPasteThemAtThePlayheadReplacingTheLastKey) {
    MainWindow w;
    open(w, "broken_trs_1.glb");
    ASSERT_EQ(w.viewState()->shownChannels(), (std::vector<ChannelId>{{0, 0}}));
    const Track before = track(w, 0, 0);
    clickKey(w, 0, 0, 2, 0);
    clickKey(w, 0, 0, 3, 0, Qt::ShiftModifier);
    ASSERT_EQ(w.viewState()->selectedKeys(), (std::vector<std::tuple<int, int, int>>{{0, 0, 2}, {0, 0, 3}}));
    key(w, Qt::Key_C, Qt::ControlModifier);
    EXPECT_EQ(status(w), QStringLiteral("Copied 2 keys of Mover · translation."));
    ASSERT_TRUE(QGuiApplication::clipboard()->mimeData()->hasFormat(QString::fromLatin1(KeyClipboard::kMimeType)));

    key(w, Qt::Key_Right, Qt::ShiftModifier);  // the last key, 2.9583332538604736
    ASSERT_EQ(w.viewState()->currentTime(), 2.9583332538604736);
    key(w, Qt::Key_V, Qt::ControlModifier);

    // Keys 2 and 3 (0.9166666865348816 and 1.0416666269302368, 0.12499994039535522 apart) land
    // at the playhead and float(2.9583332538604736 + 0.12499994039535522) = 3.0833332538604736;
    // the last key, in their range, goes.
    const Track& t = track(w, 0, 0);
    ASSERT_EQ(t.keyCount(), 10);
    for (int k = 0; k < 8; ++k) expectSameKey(t, k, before, k);
    expectKey(t, 8, 2.9583332538604736f, {0.9313411116600037f, -2.9774322509765625f, 2.9502360820770264f},
              {-0.07286006212234497f, -2.386636972427368f, 0.16577649116516113f},
              {-1.4659892320632935f, -2.822896957397461f, 0.7844027280807495f},
              std::vector<HandleMode>(3, HandleMode::Free));
    expectKey(t, 9, 3.0833332538604736f, {1.7506542205810547f, -2.421372413635254f, 1.6516799926757812f},
              {2.3599021434783936f, -1.0954221487045288f, 1.5822060108184814f},
              {3.4074153900146484f, -0.9322357177734375f, 1.6516799926757812f},
              {HandleMode::Free, HandleMode::Free, HandleMode::Aligned});
    EXPECT_EQ(status(w), QStringLiteral("Pasted 2 keys into Mover · translation."));
    EXPECT_EQ(w.model()->undoStack()->undoText(), QStringLiteral("Paste 2 keys"));
    KeySelection pasted;
    for (int k : {8, 9})
        for (int c = 0; c < 3; ++c) pasted.insert({0, 0, k, c});
    EXPECT_EQ(w.viewState()->selection(), pasted);
    expectSavedFileValid(w);

    key(w, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_TRUE(track(w, 0, 0).sameCurve(before));
    EXPECT_EQ(track(w, 0, 0).modes, before.modes);
}

// multi_object_1.glb: Obj0 · translation's keys 1 and 2 (0.7083333134651184, 1.4166666269302368)
// merged into Obj1 · translation (keys at 0 0.2916666567325592 0.4166666567325592 1.125 2.125 ...)
// at frame 7 of 24 fps.
TEST_F(ClipboardTest, PasteMergeIntoAnotherChannelOfTheSameKindKeepsTheKeysBetween) {
    MainWindow w;
    open(w, "multi_object_1.glb");
    ViewState* state = w.viewState();
    state->setShownChannels({{0, 0}});
    clickKey(w, 0, 0, 1, 0);
    clickKey(w, 0, 0, 2, 0, Qt::ShiftModifier);
    ASSERT_EQ(state->selectedKeys(), (std::vector<std::tuple<int, int, int>>{{0, 0, 1}, {0, 0, 2}}));
    key(w, Qt::Key_C, Qt::ControlModifier);

    state->setShownChannels({{1, 0}});
    ASSERT_EQ(state->frameRate(), 24);
    for (int i = 0; i < 7; ++i) key(w, Qt::Key_Right);
    ASSERT_EQ(state->currentTime(), 7.0 / 24);
    const Track before = track(w, 1, 0);
    key(w, Qt::Key_V, Qt::ControlModifier | Qt::ShiftModifier);

    // At float(7 / 24) = 0.2916666567325592, on Obj1's key 1 (which goes), and at
    // float(7 / 24 + 0.7083333134651184) = 1.0; Obj1's key 2 at 0.4166666567325592, between
    // the pasted keys, stays.
    const Track& t = track(w, 1, 0);
    ASSERT_EQ(t.keyCount(), 9);
    expectSameKey(t, 0, before, 0);
    expectKey(t, 1, 0.2916666567325592f, {2.22231388092041f, 1.7803115844726562f, -0.41533756256103516f},
              {-1.5107017755508423f, -2.8737919330596924f, -1.2913103103637695f},
              {0.32671451568603516f, 3.3476085662841797f, -1.4054460525512695f},
              std::vector<HandleMode>(3, HandleMode::Free));
    expectKey(t, 2, 0.4166666567325592f, {-0.8116436004638672f, -3.496021270751953f, -0.0024318695068359375f},
              {1.5036749839782715f, -0.022002268582582474f, 2.087481737136841f},
              {-0.8116436004638672f, -3.496021270751953f, -0.0024318695068359375f},
              std::vector<HandleMode>(3, HandleMode::Aligned));
    expectKey(t, 3, 1.0f, {-0.06617259979248047f, 1.8796734809875488f, -0.7243001461029053f},
              {1.4974608421325684f, 0.765159547328949f, 0.2540365755558014f},
              {1.9372844696044922f, -2.616522789001465f, 1.320573091506958f},
              std::vector<HandleMode>(3, HandleMode::Free));
    for (int k = 4; k < 9; ++k) expectSameKey(t, k, before, k - 1);
    EXPECT_EQ(status(w), QStringLiteral("Pasted 2 keys into Obj1 · translation."));
    EXPECT_EQ(w.model()->undoStack()->undoText(), QStringLiteral("Paste and merge 2 keys"));
    expectSavedFileValid(w);

    key(w, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_TRUE(track(w, 1, 0).sameCurve(before));
    EXPECT_EQ(track(w, 1, 0).modes, before.modes);
}

// Every key of broken_trs_1's Mover copied in one window and pasted at 0 in another with
// smooth_trs_1 (node Smooth, keys up to 2.3333332538604736): no node of that name, so the
// channels go in order, translation to translation, rotation to rotation, scale to scale, and
// replace every key there (all before Mover's last key, 2.9583332538604736).
TEST_F(ClipboardTest, PasteIntoAnotherOpenFileMapsTheChannelsInOrder) {
    MainWindow source, target;
    open(source, "broken_trs_1.glb");
    source.viewState()->setShownChannels({{0, 0}, {0, 1}, {0, 2}});
    key(source, Qt::Key_A, Qt::ControlModifier);
    key(source, Qt::Key_C, Qt::ControlModifier);
    EXPECT_EQ(status(source), QStringLiteral("Copied 27 keys of 3 channels."));

    open(target, "smooth_trs_1.glb");
    target.viewState()->setShownChannels({{0, 0}, {0, 1}, {0, 2}});
    ASSERT_EQ(target.viewState()->currentTime(), 0);
    key(target, Qt::Key_V, Qt::ControlModifier);
    for (int c = 0; c < 3; ++c) {
        EXPECT_TRUE(track(target, 0, c).sameCurve(track(source, 0, c))) << "channel " << c;
        EXPECT_EQ(track(target, 0, c).modes, track(source, 0, c).modes) << "channel " << c;
    }
    EXPECT_EQ(status(target), QStringLiteral("Pasted 27 keys into 3 channels."));
    EXPECT_EQ(target.viewState()->selection().size(), std::size_t(9 * (3 + 4 + 3)));
    expectSavedFileValid(target);
    key(target, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(track(target, 0, 0).keyCount(), 6);
}

TEST_F(ClipboardTest, WhatCannotBeDoneIsSaidInTheStatusBar) {
    MainWindow w;
    open(w, "broken_trs_1.glb");
    key(w, Qt::Key_C, Qt::ControlModifier);
    EXPECT_EQ(status(w), QStringLiteral("Nothing to copy: select keys first."));
    key(w, Qt::Key_V, Qt::ControlModifier);
    EXPECT_EQ(status(w), QStringLiteral("Nothing to paste: copy keys first (Ctrl+C)."));
    QGuiApplication::clipboard()->setText(QStringLiteral("hello"));
    key(w, Qt::Key_V, Qt::ControlModifier);
    EXPECT_EQ(status(w), QStringLiteral("The clipboard does not hold keys Tangent can paste: it is not JSON."));

    // Translation keys go into no rotation.
    clickKey(w, 0, 0, 2, 0);
    key(w, Qt::Key_C, Qt::ControlModifier);
    w.viewState()->setShownChannels({{0, 1}});
    const Track before = track(w, 0, 1);
    key(w, Qt::Key_V, Qt::ControlModifier);
    EXPECT_EQ(status(w), QStringLiteral("Keys of Mover · translation (translation, 3 components) cannot be pasted "
                                        "into Mover · rotation (rotation, 4 components)."));
    EXPECT_TRUE(track(w, 0, 1).sameCurve(before));
    EXPECT_EQ(w.model()->undoStack()->count(), 0);

    // A locked channel is left as it is, and said so.
    w.viewState()->setShownChannels({{0, 0}});
    w.viewState()->setLocked(0, 0, true);
    const Track translation = track(w, 0, 0);
    key(w, Qt::Key_V, Qt::ControlModifier);
    EXPECT_TRUE(track(w, 0, 0).sameCurve(translation));
    EXPECT_EQ(status(w), QStringLiteral("Mover · translation is locked: unlock it to edit it."));
}
