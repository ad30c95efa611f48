// Frames are exact: with time in frames (T, which turns snapping on), every way an animator
// gives a key a time lands it on a frame of the animation's rate, driven as a user drives it
// (key presses, mouse drags and double-clicks, the dialogs in frames) on a Blender export; and
// the frame rate survives Tangent's saves (kept in the animation's extras only where the
// saved keys alone would not tell it), each saved file passing the Khronos validator.
#include <cfloat>
#include <cmath>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

#include "../core/test_support.h"  // expectKhronosValid
#include "curveview.h"
#include "mainwindow.h"
#include "tangent/edit.h"
#include "tangent/timing.h"
#include "ui_support.h"

using namespace tangent;
using namespace tangent::ui;
using tangent::ui::test::drag;
using tangent::ui::test::menuAction;
using tangent::ui::test::triggerAndAnswer;

namespace {

// Every key time of every supported channel of animation 0 on a frame of `fps`, to the float:
// the stored time is the float nearest to frame / fps (what a placed key holds), or within a
// float's rounding of it (what Blender wrote for keys no edit moved).
::testing::AssertionResult everyKeyOnAFrame(const Document& doc, double fps) {
    for (const Channel& c : doc.animations()[0].channels) {
        if (!c.supported) continue;
        for (int k = 0; k < c.track.keyCount(); ++k) {
            const double t = c.track.times[std::size_t(k)];
            const double frame = std::round(t * fps);
            if (std::abs(t - frame / fps) > 2 * FLT_EPSILON * std::max(1.0, t))
                return ::testing::AssertionFailure() << c.label << " " << keyName(k) << " at " << t * fps << " f";
        }
    }
    return ::testing::AssertionSuccess();
}

class FramesTest : public ::testing::Test {
protected:
    void SetUp() override {
        QString error;
        ASSERT_TRUE(w.model()->open(QString::fromStdString(fixture("broken_trs_1.glb")), &error))
                << error.toStdString();
        w.resize(1400, 900);
        w.show();
        w.activateWindow();
        ASSERT_TRUE(QTest::qWaitForWindowActive(&w)) << "the window must be active for its shortcuts";
        fps = w.viewState()->frameRate();
        ASSERT_EQ(fps, w.model()->document().animations()[0].frameRate);
        ASSERT_TRUE(timesFitFrameRate(track().times, fps));
        ASSERT_FALSE(w.viewState()->snapToFrames());
        key(Qt::Key_T);  // View ▸ Time in Frames
        ASSERT_TRUE(w.viewState()->timeInFrames());
        ASSERT_TRUE(w.viewState()->snapToFrames());  // turned on with it
    }
    // A key press where the user works: the curve view has the focus.
    void key(Qt::Key k, Qt::KeyboardModifiers mods = Qt::NoModifier) {
        w.activateWindow();
        w.curveView()->setFocus();
        QTest::keyClick(w.curveView(), k, mods);
    }
    const Track& track() { return w.model()->document().channel(0, 0)->track; }
    const Document& doc() { return w.model()->document(); }
    QPointF pixelOf(int key, int component) {
        return w.curveView()->viewTransform().toWidget(
                QPointF(track().times[std::size_t(key)], track().value(key, component)));
    }

    MainWindow w;
    double fps = 0;
};

}  // namespace

TEST_F(FramesTest, EveryEditInFramesModeLeavesEveryKeyOnAFrame) {
    editing::ViewState* state = w.viewState();
    QUndoStack* undo = w.model()->undoStack();
    CurveView* view = w.curveView();
    const int keys = track().keyCount();
    ASSERT_GE(keys, 5);

    // A key dragged by a distance that is no whole number of frames lands on a frame.
    state->setSelection({{0, 0, 2, 0}});
    const QPointF from = pixelOf(2, 0);
    const double pxPerFrame = view->viewTransform().scaleX() / fps;
    ASSERT_GT(pxPerFrame, 3);
    drag(view, from, from + QPointF(2.4 * pxPerFrame, 0));
    ASSERT_EQ(undo->count(), 1) << "the drag made no edit";
    EXPECT_TRUE(everyKeyOnAFrame(doc(), fps));

    // Scale Keys… by a factor that takes keys between frames, its pivot typed in frames.
    key(Qt::Key_A, Qt::ControlModifier);
    ASSERT_GT(state->selection().size(), 3u);
    ASSERT_TRUE(triggerAndAnswer(menuAction(w, QStringLiteral("&Key"), QStringLiteral("&Scale Keys…")), [](QDialog* d) {
        EXPECT_EQ(d->findChild<QDoubleSpinBox*>(QStringLiteral("pivotTime"))->suffix(), QStringLiteral(" f"));
        d->findChild<QDoubleSpinBox*>(QStringLiteral("timeFactor"))->setValue(1.37);
    }));
    ASSERT_EQ(undo->count(), 2) << "Scale Keys made no edit";
    EXPECT_TRUE(everyKeyOnAFrame(doc(), fps));

    // Retime… in frames: the range the dialog proposes is the keys' in whole frames, and every
    // key in it is stretched (none left out by a rounded bound), the last to the new end exactly.
    state->setSelection({});
    state->setShownChannels({{0, 0}});
    const double lastFrame = std::round(track().endTime() * fps);
    const Track beforeRetime = track();
    ASSERT_TRUE(
            triggerAndAnswer(menuAction(w, QStringLiteral("&Channel"), QStringLiteral("&Retime…")), [&](QDialog* d) {
                auto* end = d->findChild<QDoubleSpinBox*>(QStringLiteral("end"));
                EXPECT_EQ(end->suffix(), QStringLiteral(" f"));
                EXPECT_EQ(end->value(), lastFrame);
                d->findChild<QDoubleSpinBox*>(QStringLiteral("newEnd"))->setValue(lastFrame + 7);
            }));
    ASSERT_EQ(undo->count(), 3) << "Retime made no edit";
    EXPECT_EQ(track().times.back(), float((lastFrame + 7) / fps));
    EXPECT_EQ(track().times.front(), beforeRetime.times.front());
    // Every key but the first is stretched: a CUBICSPLINE key's tangents are divided by the factor.
    if (track().interpolation == Interpolation::CubicSpline)
        for (int k = 1; k < keys; ++k)
            if (beforeRetime.outTangent(k, 0) != 0) {
                EXPECT_NE(track().outTangent(k, 0), beforeRetime.outTangent(k, 0)) << k;
            }
    EXPECT_TRUE(everyKeyOnAFrame(doc(), fps));

    // A double-click on the curve between frames inserts the key on the nearest frame.
    const double midFrame = std::floor((track().times[0] + track().times[1]) / 2 * fps) + 0.4;
    if (midFrame / fps > track().times[0] + 1.0 / fps && midFrame / fps < track().times[1] - 1.0 / fps) {
        std::vector<double> all(std::size_t(track().components));
        evaluateRaw(track(), midFrame / fps, all.data());
        const QPointF at = view->viewTransform().toWidget(QPointF(midFrame / fps, all[0]));
        const int before = track().keyCount();
        QTest::mouseDClick(view, Qt::LeftButton, Qt::NoModifier, at.toPoint());
        EXPECT_EQ(track().keyCount(), before + 1) << "no key inserted";
    }
    EXPECT_TRUE(everyKeyOnAFrame(doc(), fps));

    // Copy two keys and paste them (Edit ▸ Copy Keys, Paste Keys) at a playhead between frames
    // (set from the outside, as a script or Compare's marker can).
    state->setSelection({{0, 0, 1, 0}, {0, 0, 2, 0}});
    menuAction(w, QStringLiteral("&Edit"), QStringLiteral("&Copy Keys"))->trigger();
    state->setCurrentTime((std::round(track().times[3] * fps) + 0.3) / fps);
    const int undoBeforePaste = undo->count();
    QStringList said;
    QObject::connect(w.statusBar(), &QStatusBar::messageChanged, [&](const QString& m) { said << m; });
    menuAction(w, QStringLiteral("&Edit"), QStringLiteral("&Paste Keys"))->trigger();
    EXPECT_EQ(undo->count(), undoBeforePaste + 1) << said.join(" | ").toStdString();
    EXPECT_TRUE(everyKeyOnAFrame(doc(), fps));

    // Trim to Range… in frames, from frame 3 and moved to start at frame 0.
    ASSERT_TRUE(triggerAndAnswer(menuAction(w, QStringLiteral("&Channel"), QStringLiteral("&Trim to Range…")),
                                 [&](QDialog* d) {
                                     d->findChild<QDoubleSpinBox*>(QStringLiteral("start"))->setValue(3);
                                     d->findChild<QDoubleSpinBox*>(QStringLiteral("end"))->setValue(lastFrame);
                                 }));
    EXPECT_EQ(track().times.front(), 0.0f);
    EXPECT_TRUE(everyKeyOnAFrame(doc(), fps));
}

TEST_F(FramesTest, TheBoxEdgeStopsOnTheLastFrameBesideAnUnselectedKey) {
    // Keys 1 and 2 selected; dragging the box's right edge far right stops key 2 one frame
    // before key 3 (not a hair before it, off every frame).
    w.viewState()->setShownChannels({{0, 0}});
    w.viewState()->setSelection({{0, 0, 1, 0}, {0, 0, 2, 0}});
    const auto box = w.curveView()->selectionBox();
    ASSERT_TRUE(box);
    const QPointF edge(box->drawn().right(), box->drawn().center().y());
    const double next = track().times[3];
    drag(w.curveView(), edge, QPointF(w.curveView()->width() - 5, edge.y()));
    EXPECT_EQ(track().times[2], float((std::round(next * fps) - 1) / fps));
    EXPECT_TRUE(everyKeyOnAFrame(doc(), fps));
}

TEST(FrameRateSave, AnEditedAnimationKeepsItsFrameRateAndAnUneditedFileStaysAsItWas) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    Document doc = Document::load(fixture("broken_trs_1.glb"));
    const double fps = doc.animations()[0].frameRate;
    ASSERT_NE(fps, kDefaultFrameRate) << "the fixture should be at a rate other than the default";

    // Unedited: the JSON is the file's, no frame rate written.
    const std::string same = dir.filePath(QStringLiteral("same.glb")).toStdString();
    save(doc, same);
    EXPECT_EQ(Document::load(same).json(), doc.json());

    // A key moved off every frame (snapping off): the keys alone no longer tell the rate, so
    // the save keeps it in extras, and the file reopens at it.
    Track t = doc.channel(0, 0)->track;
    moveKeysInTime(t, {1}, 0.37 / fps);
    ASSERT_FALSE(timesFitFrameRate(t.times, fps));
    doc.setTrack(0, 0, t);
    const std::string edited = dir.filePath(QStringLiteral("edited.gltf")).toStdString();
    save(doc, edited);
    const Document reopened = Document::load(edited);
    EXPECT_EQ(reopened.animations()[0].frameRate, fps);
    EXPECT_EQ(reopened.json()["animations"][0]["extras"][kFrameRateExtra].get<double>(), fps);
    expectKhronosValid(edited);

    // A rate chosen by the user is the one kept.
    Document chosen = reopened;
    chosen.animations()[0].frameRate = 25;
    chosen.setTrack(0, 0, t);
    const std::string rechosen = dir.filePath(QStringLiteral("chosen.glb")).toStdString();
    save(chosen, rechosen);
    EXPECT_EQ(Document::load(rechosen).animations()[0].frameRate, 25);
    expectKhronosValid(rechosen);
}

// A rate chosen on its own, with no key edited: the document is modified (closing would ask),
// the save keeps the rate, the file reopens at it and stays valid; undo takes it back.
TEST(FrameRateSave, ARateChosenAloneIsSavedAndUndone) {
    MainWindow w;
    QString error;
    ASSERT_TRUE(w.model()->open(QString::fromStdString(fixture("broken_trs_1.glb")), &error));
    w.resize(1400, 900);
    w.show();
    const double detected = w.viewState()->frameRate();
    ASSERT_NE(detected, 25);
    QAction* rate25 = menuAction(w, QStringLiteral("Frame &Rate"), QStringLiteral("25 fps"));
    ASSERT_NE(rate25, nullptr);
    rate25->trigger();
    EXPECT_TRUE(w.model()->isModified());
    EXPECT_EQ(w.model()->undoStack()->undoText(), QStringLiteral("Frame Rate 25 fps"));
    EXPECT_TRUE(rate25->isChecked());

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("rate.gltf"));
    ASSERT_TRUE(w.model()->saveAs(path, &error)) << error.toStdString();
    expectKhronosValid(path.toStdString());
    const Document reopened = Document::load(path.toStdString());
    EXPECT_EQ(reopened.animations()[0].frameRate, 25);
    EXPECT_EQ(reopened.json()["animations"][0]["extras"][kFrameRateExtra].get<double>(), 25);

    w.model()->undoStack()->undo();
    EXPECT_EQ(w.viewState()->frameRate(), detected);
    EXPECT_FALSE(rate25->isChecked());
    EXPECT_TRUE(w.model()->isModified()) << "the saved file holds 25 fps";
    // Saved back at the detected rate, the animation's JSON is the original file's again.
    const QString back = dir.filePath(QStringLiteral("back.glb"));
    ASSERT_TRUE(w.model()->saveAs(back, &error)) << error.toStdString();
    EXPECT_EQ(Document::load(back.toStdString()).json()["animations"][0],
              Document::load(fixture("broken_trs_1.glb")).json()["animations"][0]);
}
