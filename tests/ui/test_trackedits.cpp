// The one edit path (ui/trackedits): locks refused the same way from every menu, and the
// Channel menu's Convert… and Fix Rotations… as one undo step each, driven as a user does
// (menu actions, the dialog's own widgets) and checked against hand-computed values.
#include <functional>

#include <QAction>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>

#include <gtest/gtest.h>

#include "../core/test_support.h"  // expectKhronosValid
#include "editdialogs.h"
#include "mainwindow.h"
#include "tangent/builder.h"
#include "trackedits.h"
#include "ui_support.h"

using namespace tangent;
using namespace tangent::editing;
using namespace tangent::render;
using namespace tangent::ui;
using tangent::ui::test::menuAction;
using tangent::ui::test::triggerAndAnswer;

namespace {

void chooseInterpolation(QDialog* dialog, Interpolation to) {
    auto* box = dialog->findChild<QComboBox*>(QStringLiteral("interpolation"));
    ASSERT_TRUE(box);
    box->setCurrentIndex(box->findData(int(to)));
}

// Channel 0: a CUBICSPLINE rotation whose key 1, (0, 0, 1.2, -1.6), has length 2 and lies in
// the other hemisphere from key 0 (with `unitRotation`: (0, 0, -0.6, 0.8), a valid file);
// channel 1: a LINEAR translation.
Document testDocument(bool unitRotation = false) {
    DocumentBuilder b;
    const int anim = b.addAnimation("turn");
    const int node = b.addNode("box");
    Track rotation;
    rotation.interpolation = Interpolation::CubicSpline;
    rotation.path = TargetPath::Rotation;
    rotation.components = 4;
    rotation.resize(3);
    rotation.times = {0, 1, 2};
    rotation.values = {0, 0, 0, 1, 0, 0, 1.2f, -1.6f, 0, 0, 0.6f, 0.8f};
    rotation.inTangents = {0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0};
    rotation.outTangents = {0, 0, 0, 0, 0, 0, 4, -2, 0, 0, 0, 0};
    if (unitRotation) {
        rotation.values[6] = -0.6f;
        rotation.values[7] = 0.8f;
    }
    b.addChannel(anim, node, rotation);
    Track translation;
    translation.interpolation = Interpolation::Linear;
    translation.path = TargetPath::Translation;
    translation.components = 3;
    translation.resize(3);
    translation.times = {0, 1, 2};
    translation.values = {0, 0, 0, 1, 2, 0, 3, 2, 0};
    b.addChannel(anim, node, translation);
    return b.build("turn.gltf");
}

class TrackEditsTest : public ::testing::Test {
protected:
    void SetUp() override {
        w.resize(1200, 800);
        w.show();
        load(false);
    }
    void load(bool unitRotation) {
        w.model()->setDocument(testDocument(unitRotation), QString(), QStringLiteral("turn.gltf"));
        original = testDocument(unitRotation);
        ASSERT_EQ(track(0).path, TargetPath::Rotation);
        ASSERT_EQ(track(1).path, TargetPath::Translation);
    }
    const Track& track(int channel) { return w.model()->document().channel(0, channel)->track; }
    const Track& originalTrack(int channel) { return original.channel(0, channel)->track; }
    void expectAsLoaded() {
        for (int c : {0, 1}) {
            EXPECT_TRUE(track(c).sameCurve(originalTrack(c))) << "channel " << c;
            EXPECT_EQ(track(c).interpolation, originalTrack(c).interpolation) << "channel " << c;
        }
    }
    void saveAndValidate(const char* name) {
        const QString path = dir.filePath(QString::fromLatin1(name));
        QString error;
        ASSERT_TRUE(w.model()->saveAs(path, &error)) << error.toStdString();
        expectKhronosValid(path.toStdString());
    }

    QTemporaryDir dir;
    MainWindow w;
    Document original;
};

}  // namespace

TEST_F(TrackEditsTest, ALockedChannelRefusesInterpolationHandleModeAndConvert) {
    QSignalSpy refusals(TrackEdits::of(w.viewState()), &TrackEdits::refused);
    w.viewState()->setShownChannels({{0, 1}});
    w.viewState()->setLocked(0, 1, true);

    QAction* cubic = menuAction(w, QStringLiteral("&Interpolation"), QStringLiteral("&Cubic Spline"));
    ASSERT_TRUE(cubic);
    cubic->trigger();
    ASSERT_EQ(refusals.count(), 1);
    EXPECT_TRUE(refusals.last().at(0).toString().contains(QStringLiteral("locked")))
            << refusals.last().at(0).toString().toStdString();
    EXPECT_TRUE(w.statusBar()->currentMessage().contains(QStringLiteral("locked")));

    // The rotation is CUBICSPLINE: a handle mode would change it.
    w.viewState()->setShownChannels({{0, 0}});
    w.viewState()->setLocked(0, 0, true);
    QAction* flat = menuAction(w, QStringLiteral("&Handle Mode"), QStringLiteral("F&lat"));
    ASSERT_TRUE(flat);
    flat->trigger();
    EXPECT_EQ(refusals.count(), 2);

    w.viewState()->setShownChannels({{0, 1}});
    QAction* convert = menuAction(w, QStringLiteral("&Channel"), QStringLiteral("Con&vert…"));
    ASSERT_TRUE(convert);
    EXPECT_TRUE(triggerAndAnswer(convert, [](QDialog* d) { chooseInterpolation(d, Interpolation::CubicSpline); }));
    EXPECT_EQ(refusals.count(), 3);
    EXPECT_TRUE(w.statusBar()->currentMessage().contains(QStringLiteral("locked")));

    EXPECT_EQ(w.model()->undoStack()->count(), 0);
    EXPECT_FALSE(w.model()->isModified());
    expectAsLoaded();

    // Unlocked, the same menu item changes it.
    w.viewState()->setLocked(0, 1, false);
    cubic->trigger();
    EXPECT_EQ(refusals.count(), 3);
    EXPECT_EQ(track(1).interpolation, Interpolation::CubicSpline);
    EXPECT_EQ(w.model()->undoStack()->count(), 1);
}

TEST_F(TrackEditsTest, ConvertIsOneUndoStepWithTheSegmentSlopes) {
    load(true);  // saved below: every key a unit quaternion
    w.viewState()->setShownChannels({{0, 1}});
    QAction* convert = menuAction(w, QStringLiteral("&Channel"), QStringLiteral("Con&vert…"));
    ASSERT_TRUE(convert);
    ASSERT_TRUE(triggerAndAnswer(convert, [](QDialog* d) { chooseInterpolation(d, Interpolation::CubicSpline); }));
    EXPECT_EQ(w.model()->undoStack()->count(), 1);
    const Track& t = track(1);
    ASSERT_EQ(t.interpolation, Interpolation::CubicSpline);
    // Segment slopes: (1, 2, 0) - (0, 0, 0) over 1 s, then (3, 2, 0) - (1, 2, 0) over 1 s.
    EXPECT_EQ(t.values, originalTrack(1).values);
    EXPECT_EQ(t.outTangents, (std::vector<float>{1, 2, 0, 2, 0, 0, 0, 0, 0}));
    EXPECT_EQ(t.inTangents, (std::vector<float>{0, 0, 0, 1, 2, 0, 2, 0, 0}));
    const QString status = w.statusBar()->currentMessage();
    EXPECT_TRUE(status.contains(QStringLiteral("3 -> 3 keys"))) << status.toStdString();
    EXPECT_TRUE(status.contains(QStringLiteral("largest difference 0"))) << status.toStdString();
    EXPECT_TRUE(track(0).sameCurve(originalTrack(0)));  // not shown: not converted
    saveAndValidate("converted.gltf");

    w.model()->undoStack()->undo();
    expectAsLoaded();
    w.model()->undoStack()->redo();
    EXPECT_EQ(track(1).interpolation, Interpolation::CubicSpline);
}

TEST_F(TrackEditsTest, FixRotationsNormalizesAndFlipsAKnownKeyInOneUndoStep) {
    w.viewState()->setShownChannels({{0, 0}, {0, 1}});
    QAction* fix = menuAction(w, QStringLiteral("&Channel"), QStringLiteral("&Fix Rotations…"));
    ASSERT_TRUE(fix);
    ASSERT_TRUE(triggerAndAnswer(fix, [](QDialog*) {}));  // the defaults: normalize, hemisphere
    EXPECT_EQ(w.model()->undoStack()->count(), 1);
    // Key 1: (0, 0, 1.2, -1.6) / 2 = (0, 0, 0.6, -0.8), then -q: (0, 0, -0.6, 0.8); its
    // tangents (0, 0, 2, 0) and (0, 0, 4, -2) the same way.
    const Track& r = track(0);
    EXPECT_EQ(r.values, (std::vector<float>{0, 0, 0, 1, 0, 0, -0.6f, 0.8f, 0, 0, 0.6f, 0.8f}));
    EXPECT_EQ(r.inTangents, (std::vector<float>{0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0}));
    EXPECT_EQ(r.outTangents, (std::vector<float>{0, 0, 0, 0, 0, 0, -2, 1, 0, 0, 0, 0}));
    EXPECT_TRUE(track(1).sameCurve(originalTrack(1)));  // not a rotation
    const QString status = w.statusBar()->currentMessage();
    EXPECT_TRUE(status.contains(QStringLiteral("normalized 1 key(s), flipped 1 key(s)"))) << status.toStdString();
    saveAndValidate("fixed.gltf");

    w.model()->undoStack()->undo();
    expectAsLoaded();
    EXPECT_EQ(w.model()->undoStack()->index(), 0);

    // Again on the fixed curve: nothing left to fix, no undo step.
    w.model()->undoStack()->redo();
    ASSERT_TRUE(triggerAndAnswer(fix, [](QDialog*) {}));
    EXPECT_EQ(w.model()->undoStack()->count(), 1);
    EXPECT_TRUE(w.statusBar()->currentMessage().contains(QStringLiteral("need no fixing")));
}
