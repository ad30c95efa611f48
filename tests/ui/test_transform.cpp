// Transforming the selection as a user does it: real mouse drags on the edges of the
// box around a multi-key selection (exact scaled times and values for a known drag distance
// through the view transform), Escape and a right-click cancel, one undo step that restores
// exactly; Key ▸ Scale Keys…, Channel ▸ Retime… and Channel ▸ Trim to Range… through their
// dialogs, the trimmed file checked by the Khronos validator.
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

#include "../core/test_support.h"  // expectKhronosValid
#include "curveview.h"
#include "mainwindow.h"
#include "tangent/builder.h"
#include "tangent/edit.h"
#include "ui_support.h"

using namespace tangent;
using namespace tangent::editing;
using namespace tangent::render;
using namespace tangent::ui;
using tangent::ui::test::drag;
using tangent::ui::test::menuAction;
using tangent::ui::test::moveHeld;
using tangent::ui::test::press;
using tangent::ui::test::sendMouse;
using tangent::ui::test::triggerAndAnswer;

namespace {

// A translation with keys at 0..4 s; x = 0, 1, 3, 2, 4 with tangents 2, -1, 0.5, 1, 3 (in =
// out, y and z far away and hidden); every component's tangent scaled by the time scale.
Document fiveKeys() {
    DocumentBuilder b;
    const int anim = b.addAnimation("move");
    Track t;
    t.interpolation = Interpolation::CubicSpline;
    t.path = TargetPath::Translation;
    t.components = 3;
    t.resize(5);
    const float x[] = {0, 1, 3, 2, 4}, slope[] = {2, -1, 0.25f, 1, 3};  // key 2's x slope is no mode's (Auto: 0.5)
    for (int k = 0; k < 5; ++k) {
        t.times[k] = float(k);
        t.values[t.at(k, 0)] = x[k];
        t.values[t.at(k, 1)] = 100;
        t.values[t.at(k, 2)] = -100;
        for (int c = 0; c < 3; ++c) t.inTangents[t.at(k, c)] = t.outTangents[t.at(k, c)] = slope[k] * float(c + 1);
    }
    b.addChannel(anim, b.addNode("mover"), t);
    return b.build("five.gltf");
}

class SelectionBoxTest : public ::testing::Test {
protected:
    void SetUp() override {
        model.setDocument(fiveKeys(), QString(), QStringLiteral("five.gltf"));
        state.setShownChannels({{0, 0}});
        state.setHidden({0, 0, 1}, true);
        state.setHidden({0, 0, 2}, true);
        view.resize(1000, 600);
        view.show();
        // 100 px per second, 50 px per unit: t = 1 s at x = 150, value 3 at y = 100.
        view.setViewTransform(ViewTransform(QSizeF(1000, 600), -0.5, 5, 100, 50));
        state.setSelection({{0, 0, 1, 0}, {0, 0, 2, 0}, {0, 0, 3, 0}});
        before = track();
    }
    const Track& track() const { return model.document().channel(0, 0)->track; }

    DocumentModel model;
    ViewState state{&model};
    CurveView view{&state};
    Track before;
};

}  // namespace

TEST_F(SelectionBoxTest, TheBoxFramesTheSelectedKeysWithEdgesToGrab) {
    const auto box = view.selectionBox();
    ASSERT_TRUE(box);
    // Keys 1..3: t 1..3 s -> x 150..350; values 1..3 -> y 200..100; drawn 10 px outside.
    EXPECT_EQ(box->keys, QRectF(QPointF(150, 100), QPointF(350, 200)));
    EXPECT_EQ(box->drawn(), QRectF(QPointF(140, 90), QPointF(360, 210)));
    EXPECT_EQ(box->edgeAt({360, 150}), BoxEdge::Right);
    EXPECT_EQ(box->edgeAt({141, 180}), BoxEdge::Left);
    EXPECT_EQ(box->edgeAt({250, 93}), BoxEdge::Top);
    EXPECT_EQ(box->edgeAt({300, 210}), BoxEdge::Bottom);
    EXPECT_EQ(box->edgeAt({250, 150}), BoxEdge::None);
    EXPECT_EQ(box->edgeAt({380, 150}), BoxEdge::None);
    state.setSelection({{0, 0, 2, 0}});  // one key: no box
    EXPECT_FALSE(view.selectionBox());
}

TEST_F(SelectionBoxTest, DraggingTheRightEdgeScalesTimeAboutTheLeftOneAsOneUndoStep) {
    // 50 px right = 0.5 s: the last key from 3 to 3.5 s about the first at 1 s, factor 2.5 / 2.
    drag(&view, {360, 150}, {410, 150});
    const double f = 1.25;
    EXPECT_EQ(track().times, (std::vector<float>{0, 1, 2.25f, 3.5f, 4}));
    for (int k = 0; k < 5; ++k)
        for (int c = 0; c < 3; ++c) {
            const bool scaled = k >= 1 && k <= 3;  // every component of a scaled key
            const float expectedIn = scaled ? float(before.inTangent(k, c) / f) : before.inTangent(k, c);
            EXPECT_EQ(track().inTangent(k, c), expectedIn) << k << " " << c;
            EXPECT_EQ(track().outTangent(k, c), expectedIn) << k << " " << c;
        }
    EXPECT_EQ(track().values, before.values);
    QUndoStack* undo = model.undoStack();
    ASSERT_EQ(undo->count(), 1);
    EXPECT_EQ(undo->text(0), QStringLiteral("Scale 3 keys"));
    const Track after = track();
    undo->undo();
    EXPECT_TRUE(track().sameCurve(before));
    undo->redo();
    EXPECT_TRUE(track().sameCurve(after));
}

TEST_F(SelectionBoxTest, ShiftScalesAboutTheCentreAndKeysNeverCross) {
    // The left edge 50 px right with Shift: the first key from 1 to 1.5 s about 2 s, factor 0.5.
    drag(&view, {140, 150}, {190, 150}, Qt::ShiftModifier);
    EXPECT_EQ(track().times, (std::vector<float>{0, 1.5f, 2, 2.5f, 4}));
    EXPECT_EQ(track().inTangent(2, 0), 0.5f);  // 0.25 / 0.5
    model.undoStack()->undo();
    // Far right: the last key stops short of key 4 by the minimum spacing.
    drag(&view, {360, 150}, {760, 150});
    const double f = (4 - kMinKeySpacing - 1) / 2;
    EXPECT_EQ(track().times[3], float(1 + 2 * f));
    EXPECT_EQ(track().times[2], float(1 + 1 * f));
    model.undoStack()->undo();
    // Past the left edge: the keys close up to the minimum spacing and keep their order.
    drag(&view, {360, 150}, {60, 150});
    EXPECT_EQ(track().times[1], 1.0f);
    EXPECT_EQ(track().times[2], float(1 + kMinKeySpacing));
    EXPECT_EQ(track().times[3], float(1 + 2 * kMinKeySpacing));
    EXPECT_NO_THROW(checkTrack(track()));
}

TEST_F(SelectionBoxTest, DraggingTheTopEdgeScalesValuesAboutTheBottomOne) {
    // 50 px up: the box's height 100 -> 150 px, factor 1.5 about the bottom edge (value 1).
    drag(&view, {250, 90}, {250, 40});
    const float x[] = {0, 1, 4, 2.5f, 4};
    for (int k = 0; k < 5; ++k) EXPECT_EQ(track().value(k, 0), x[k]) << k;
    EXPECT_EQ(track().inTangent(2, 0), 0.375f);                    // 0.25 × 1.5
    EXPECT_EQ(track().outTangent(3, 0), 1.5f);                     // 1 × 1.5
    EXPECT_EQ(track().outTangent(3, 1), before.outTangent(3, 1));  // y is not selected
    EXPECT_EQ(track().times, before.times);
    EXPECT_EQ(model.undoStack()->count(), 1);
    model.undoStack()->undo();
    EXPECT_TRUE(track().sameCurve(before));
}

TEST_F(SelectionBoxTest, EscapeAndARightClickCancelTheDrag) {
    drag(&view, {360, 150}, {410, 150}, Qt::NoModifier, /*doRelease=*/false);
    ASSERT_EQ(view.interaction(), CurveView::Interaction::ScalingSelection);
    EXPECT_EQ(track().times[3], 3.5f);  // live while dragging
    QTest::keyClick(&view, Qt::Key_Escape);
    EXPECT_EQ(view.interaction(), CurveView::Interaction::Idle);
    EXPECT_TRUE(track().sameCurve(before));
    drag(&view, {250, 90}, {250, 40}, Qt::NoModifier, /*doRelease=*/false);
    ASSERT_EQ(view.interaction(), CurveView::Interaction::ScalingSelection);
    sendMouse(&view, QEvent::MouseButtonPress, {250, 40}, Qt::RightButton, Qt::LeftButton | Qt::RightButton);
    EXPECT_EQ(view.interaction(), CurveView::Interaction::Idle);
    EXPECT_TRUE(track().sameCurve(before));
    EXPECT_EQ(model.undoStack()->count(), 0);
    EXPECT_EQ(state.selection().size(), 3u);  // the selection stays
}

namespace {

class TransformMenuTest : public ::testing::Test {
protected:
    void SetUp() override {
        w.resize(1200, 800);
        w.show();
        w.model()->setDocument(fiveKeys(), QString(), QStringLiteral("five.gltf"));
        w.viewState()->setShownChannels({{0, 0}});
        before = track();
    }
    const Track& track() { return w.model()->document().channel(0, 0)->track; }
    template <typename T>
    static void set(QDialog* d, const char* name, double v) {
        d->findChild<T*>(QString::fromLatin1(name))->setValue(v);
    }

    MainWindow w;
    Track before;
};

}  // namespace

TEST_F(TransformMenuTest, ScaleKeysAboutThePlayheadInTimeAndACustomValue) {
    ViewState* state = w.viewState();
    state->setSelection({{0, 0, 2, 0}, {0, 0, 3, 0}});
    state->setCurrentTime(1.5);
    QAction* scale = menuAction(w, QStringLiteral("&Key"), QStringLiteral("&Scale Keys…"));
    ASSERT_TRUE(scale);
    EXPECT_EQ(scale->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_T));
    ASSERT_TRUE(triggerAndAnswer(scale, [](QDialog* d) {
        set<QDoubleSpinBox>(d, "timeFactor", 2);
        auto* pivot = d->findChild<QComboBox*>(QStringLiteral("timePivot"));
        pivot->setCurrentIndex(pivot->findText(QStringLiteral("Playhead")));
        set<QDoubleSpinBox>(d, "valueFactor", 3);
        auto* valuePivot = d->findChild<QComboBox*>(QStringLiteral("valuePivot"));
        valuePivot->setCurrentIndex(valuePivot->findText(QStringLiteral("Value below")));
        set<QDoubleSpinBox>(d, "pivotValue", 1);
    }));
    // Time about 1.5 s by 2 would take key 3 to 4.5 s, past key 4: refused, nothing changed.
    EXPECT_TRUE(track().sameCurve(before));
    EXPECT_EQ(w.model()->undoStack()->count(), 0);
    state->setCurrentTime(2.5);  // about 2.5 s: key 2 -> 1.5 s, key 3 -> 3.5 s
    ASSERT_TRUE(triggerAndAnswer(scale, [](QDialog* d) {
        set<QDoubleSpinBox>(d, "timeFactor", 2);
        auto* pivot = d->findChild<QComboBox*>(QStringLiteral("timePivot"));
        pivot->setCurrentIndex(pivot->findText(QStringLiteral("Playhead")));
        set<QDoubleSpinBox>(d, "valueFactor", 3);
        auto* valuePivot = d->findChild<QComboBox*>(QStringLiteral("valuePivot"));
        valuePivot->setCurrentIndex(valuePivot->findText(QStringLiteral("Value below")));
        set<QDoubleSpinBox>(d, "pivotValue", 1);
    }));
    EXPECT_EQ(track().times, (std::vector<float>{0, 1, 1.5f, 3.5f, 4}));
    EXPECT_EQ(track().value(2, 0), 7.0f);        // 1 + (3 - 1)·3
    EXPECT_EQ(track().value(3, 0), 4.0f);        // 1 + (2 - 1)·3
    EXPECT_EQ(track().inTangent(2, 0), 0.375f);  // 0.25 / 2 × 3
    EXPECT_EQ(track().inTangent(3, 1), 1.0f);    // y: 2 / 2, not scaled in value
    EXPECT_EQ(w.model()->undoStack()->count(), 1);
    w.model()->undoStack()->undo();
    EXPECT_TRUE(track().sameCurve(before));
}

TEST_F(TransformMenuTest, RetimeStretchesTheShownChannels) {
    QAction* retime = menuAction(w, QStringLiteral("&Channel"), QStringLiteral("&Retime…"));
    ASSERT_TRUE(retime);
    ASSERT_TRUE(triggerAndAnswer(retime, [](QDialog* d) {
        EXPECT_EQ(d->findChild<QDoubleSpinBox*>(QStringLiteral("end"))->value(), 4);  // the channel's keys
        set<QDoubleSpinBox>(d, "start", 1);
        set<QDoubleSpinBox>(d, "end", 2);
        set<QDoubleSpinBox>(d, "newEnd", 1.5);
    }));
    EXPECT_EQ(track().times, (std::vector<float>{0, 1, 1.5f, 2.5f, 3.5f}));
    EXPECT_EQ(track().inTangent(1, 0), -2.0f);  // a key at the range's start is stretched too: -1 / 0.5
    EXPECT_EQ(track().inTangent(2, 0), 0.5f);   // 0.25 / 0.5
    EXPECT_EQ(track().inTangent(3, 0), 1.0f);   // after the range: moved, not scaled
    ASSERT_TRUE(triggerAndAnswer(retime, [](QDialog* d) {
        d->findChild<QComboBox*>(QStringLiteral("mode"))->setCurrentIndex(1);
        set<QDoubleSpinBox>(d, "start", 2);
        set<QDoubleSpinBox>(d, "shiftBy", 0.5);
    }));
    EXPECT_EQ(track().times, (std::vector<float>{0, 1, 1.5f, 3, 4}));
    EXPECT_EQ(w.model()->undoStack()->count(), 2);
}

TEST_F(TransformMenuTest, TrimKeepsTheMotionInsideAndSavesAValidFile) {
    QString error;
    ASSERT_TRUE(w.model()->open(QString::fromStdString(tangent::ui::test::fixture("blender/broken_trs_1.glb")), &error))
            << error.toStdString();
    const Document original = w.model()->document();
    w.viewState()->setSelection({{0, 0, 1, 0}});
    QAction* trim = menuAction(w, QStringLiteral("&Channel"), QStringLiteral("&Trim to Range…"));
    ASSERT_TRUE(trim);
    ASSERT_TRUE(triggerAndAnswer(trim, [](QDialog* d) {
        set<QDoubleSpinBox>(d, "start", 0.5);
        set<QDoubleSpinBox>(d, "end", 2.2);
        EXPECT_TRUE(d->findChild<QCheckBox*>(QStringLiteral("startAtZero"))->isChecked());
    }));
    EXPECT_TRUE(w.viewState()->selection().empty());
    ASSERT_EQ(w.model()->undoStack()->count(), 1);
    int channels = 0;
    for (const Animation& a : w.model()->document().animations())
        for (const Channel& c : a.channels) {
            const Track& was = original.channel(a.index, c.index)->track;
            EXPECT_EQ(c.track.times.front(), 0.0f);
            EXPECT_FLOAT_EQ(c.track.times.back(), 1.7f);
            // Translation and scale: everywhere inside. Rotation: the key inserted at each cut
            // is made a unit quaternion (the file must hold them), which changes the raw cubic
            // beside it, so the played rotation is kept at the cuts and the keys only.
            std::vector<double> times;
            if (c.track.path == TargetPath::Rotation) {
                times = {0.5, 2.2};
                for (float k : was.times)
                    if (k > 0.5 && k < 2.2) times.push_back(k);
            } else {
                for (double t = 0.5; t <= 2.2; t += 0.05) times.push_back(t);
            }
            for (double t : times) {
                std::vector<double> now(c.track.components), then(c.track.components);
                evaluate(c.track, t - double(0.5f), now.data());
                evaluate(was, t, then.data());
                for (int k = 0; k < c.track.components; ++k) EXPECT_NEAR(now[k], then[k], 2e-6) << t;
            }
            ++channels;
        }
    EXPECT_GT(channels, 1);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("trimmed.glb"));
    ASSERT_TRUE(w.model()->saveAs(path, &error)) << error.toStdString();
    expectKhronosValid(path.toStdString());
    w.model()->undoStack()->undo();
    for (const Animation& a : w.model()->document().animations())
        for (const Channel& c : a.channels) EXPECT_TRUE(c.track.sameCurve(original.channel(a.index, c.index)->track));
}
