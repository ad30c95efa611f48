// File > Compare With…: the other file's matching channels drawn as reference curves and the
// figures of the comparison in the Comparison panel, against a pair with a known difference.
#include <QLabel>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include "../core/test_support.h"  // expectKhronosValid
#include "comparisonpanel.h"
#include "curveview.h"
#include "mainwindow.h"
#include "tangent/builder.h"
#include "trackedits.h"

using namespace tangent;
using namespace tangent::editing;
using namespace tangent::render;
using namespace tangent::ui;

namespace {

// "ball" moves x 0 -> 1 over a second; with `shift`, key 1's x is 1.25 instead (the largest
// difference, 0.25 units at t = 1), and a second node "extra" is animated too.
Document pair(bool shift) {
    DocumentBuilder b;
    const int anim = b.addAnimation("move");
    Track t;
    t.interpolation = Interpolation::Linear;
    t.path = TargetPath::Translation;
    t.components = 3;
    t.resize(2);
    t.times = {0, 1};
    t.values = {0, 0, 0, shift ? 1.25f : 1.0f, 0, 0};
    b.addChannel(anim, b.addNode("ball"), t);
    if (shift) b.addChannel(anim, b.addNode("extra"), t);
    return b.build("pair.gltf");
}

}  // namespace

TEST(CompareWith, DrawsTheOtherFilesChannelsAndListsTheirDifferences) {
    QTemporaryDir dir;
    const std::string otherPath = dir.filePath(QStringLiteral("other.gltf")).toStdString();
    save(pair(true), otherPath);
    expectKhronosValid(otherPath);

    MainWindow w;
    w.resize(1200, 800);
    w.show();
    w.model()->setDocument(pair(false), QString(), QStringLiteral("pair.gltf"));
    w.viewState()->setShownChannels({{0, 0}});
    const QImage before = w.curveView()->grab().toImage();
    ASSERT_TRUE(w.compareWith(QString::fromStdString(otherPath)));
    EXPECT_NE(w.curveView()->grab().toImage(), before) << "the other file's curve is drawn";

    // The reference curve is the other file's "ball" translation.
    const auto& refs = w.curveView()->referenceCurves();
    ASSERT_EQ(refs.size(), 1u);
    EXPECT_EQ(refs.at({0, 0})->values, (std::vector<float>{0, 0, 0, 1.25f, 0, 0}));

    // One pair, 0.25 units apart at t = 1, over the default tolerance; "extra" only there.
    QTableWidget* table = w.comparisonPanel()->table();
    ASSERT_EQ(table->rowCount(), 2);
    EXPECT_EQ(table->item(0, 0)->text(), QStringLiteral("ball · translation"));
    EXPECT_EQ(table->item(0, 1)->text(), QStringLiteral("0.25 units"));
    EXPECT_EQ(table->item(0, 2)->text(), QStringLiteral("1.0000 s"));
    EXPECT_TRUE(table->item(0, 5)->text().startsWith(QStringLiteral("over")))
            << table->item(0, 5)->text().toStdString();
    EXPECT_EQ(table->item(1, 0)->text(), QStringLiteral("extra · translation"));
    EXPECT_EQ(table->item(1, 1)->text(), QStringLiteral("only in the other file"));
    // This file has no node "extra" to read a rest value from: not compared, and that fails.
    EXPECT_EQ(table->item(1, 5)->text(),
              QStringLiteral("not compared: A has no such channel, and A has no node named 'extra'"));
    EXPECT_TRUE(w.comparisonPanel()->findChild<QLabel*>()->text().contains(QStringLiteral(": FAIL —")));

    // Enter on the pair's row shows the channel with the playhead at the largest difference.
    w.viewState()->setShownChannels({});
    w.viewState()->setCurrentTime(0.3);
    table->setFocus();
    table->setCurrentCell(0, 0);
    QTest::keyClick(table, Qt::Key_Return);
    EXPECT_EQ(w.viewState()->shownChannels(), (std::vector<ChannelId>{{0, 0}}));
    EXPECT_DOUBLE_EQ(w.viewState()->currentTime(), 1.0);

    // Another document: the comparison was for the old one and goes.
    w.model()->setDocument(pair(false), QString(), QStringLiteral("again.gltf"));
    EXPECT_TRUE(w.curveView()->referenceCurves().empty());
    EXPECT_EQ(table->rowCount(), 0);
}

TEST(CompareWith, AFileThatCannotBeReadIsNamedInTheStatusBar) {
    MainWindow w;
    w.model()->setDocument(pair(false), QString(), QStringLiteral("pair.gltf"));
    EXPECT_FALSE(w.compareWith(QStringLiteral("/nonexistent/missing.glb")));
    EXPECT_TRUE(w.statusBar()->currentMessage().contains(QStringLiteral("missing.glb")))
            << w.statusBar()->currentMessage().toStdString();
    EXPECT_TRUE(w.curveView()->referenceCurves().empty());
}

// A channel the other file lacks is compared with the other file's rest value: one that holds
// it (scale 1, the default) is no error; one that moves away (x 0 -> 1 from rest 0) is dropped.
TEST(CompareWith, ChannelsTheOtherFileLacksAreJudgedAgainstItsRestPose) {
    auto document = [](bool all) {
        DocumentBuilder b;
        const int anim = b.addAnimation("move");
        const int ball = b.addNode("ball");
        Track t;
        t.interpolation = Interpolation::Linear;
        t.path = TargetPath::Translation;
        t.components = 3;
        t.resize(2);
        t.times = {0, 1};
        t.values = {0, 0, 0, 1, 0, 0};
        b.addChannel(anim, ball, t);
        if (all) {
            Track s = t;
            s.path = TargetPath::Scale;
            s.values = {1, 1, 1, 1, 1, 1};
            b.addChannel(anim, ball, s);
            b.addChannel(anim, b.addNode("spinner"), t);
        } else {
            b.addNode("spinner");
        }
        return b.build("rest.gltf");
    };
    QTemporaryDir dir;
    const std::string otherPath = dir.filePath(QStringLiteral("other.gltf")).toStdString();
    save(document(false), otherPath);
    expectKhronosValid(otherPath);
    MainWindow w;
    w.model()->setDocument(document(true), QString(), QStringLiteral("rest.gltf"));
    ASSERT_TRUE(w.compareWith(QString::fromStdString(otherPath)));
    QTableWidget* table = w.comparisonPanel()->table();
    ASSERT_EQ(table->rowCount(), 3);
    EXPECT_EQ(table->item(0, 5)->text(), QStringLiteral("within tolerance"));
    EXPECT_EQ(table->item(1, 0)->text(), QStringLiteral("ball · scale"));
    EXPECT_EQ(table->item(1, 1)->text(), QStringLiteral("0 (relative)"));
    EXPECT_EQ(table->item(1, 5)->text(),
              QStringLiteral("only in this file; stays at the other file's rest value (not an error)"));
    EXPECT_EQ(table->item(2, 0)->text(), QStringLiteral("spinner · translation"));
    EXPECT_EQ(table->item(2, 1)->text(), QStringLiteral("1 units"));
    EXPECT_EQ(table->item(2, 2)->text(), QStringLiteral("1.0000 s"));
    EXPECT_EQ(table->item(2, 5)->text(),
              QStringLiteral(
                      "only in this file; dropped: moves away from the other file's rest value, over 0.0001 units"));
    EXPECT_NE(table->item(2, 5)->foreground().color(), table->item(1, 5)->foreground().color());
    EXPECT_TRUE(w.comparisonPanel()->findChild<QLabel*>()->text().contains(
            QStringLiteral("FAIL — 3 channel(s), 3 compared, 1 failing (0 over tolerance, 1 dropped")))
            << w.comparisonPanel()->findChild<QLabel*>()->text().toStdString();
}

TEST(CompareWith, ThePanelFollowsEditsAndUndo) {
    QTemporaryDir dir;
    const std::string otherPath = dir.filePath(QStringLiteral("other.gltf")).toStdString();
    save(pair(true), otherPath);

    MainWindow w;
    w.resize(1200, 800);
    w.show();
    w.model()->setDocument(pair(false), QString(), QStringLiteral("pair.gltf"));
    ASSERT_TRUE(w.compareWith(QString::fromStdString(otherPath)));
    QTableWidget* table = w.comparisonPanel()->table();
    ASSERT_EQ(table->item(0, 0)->text(), QStringLiteral("ball · translation"));
    EXPECT_EQ(table->item(0, 1)->text(), QStringLiteral("0.25 units"));
    EXPECT_EQ(table->item(0, 3)->text(), QStringLiteral("2 / 2"));

    // Key 2's x made the other file's 1.25: the pair agrees, and the panel says so once the
    // edit has settled (it recomputes after a pause, as Issues does).
    TrackEdits::of(w.viewState())->apply(QStringLiteral("Move key"), 0, 0, [](int, int, Track& t) {
        t.values[t.at(1, 0)] = 1.25f;
    });
    ASSERT_TRUE(QTest::qWaitFor([&] { return table->item(0, 1)->text() == QStringLiteral("0 units"); }, 3000))
            << table->item(0, 1)->text().toStdString();
    EXPECT_EQ(table->item(0, 5)->text(), QStringLiteral("within tolerance"));

    // One key more in this file: the key counts follow.
    TrackEdits::of(w.viewState())->apply(QStringLiteral("Insert key"), 0, 0, [](int, int, Track& t) {
        t.resize(3);
        t.times[2] = 2;
        for (int c = 0; c < 3; ++c) t.values[t.at(2, c)] = t.values[t.at(1, c)];
    });
    ASSERT_TRUE(QTest::qWaitFor([&] { return table->item(0, 3)->text() == QStringLiteral("3 / 2"); }, 3000))
            << table->item(0, 3)->text().toStdString();

    // Undo both (Ctrl+Z): the figures of the file as it was.
    w.curveView()->setFocus();
    QTest::keyClick(w.curveView(), Qt::Key_Z, Qt::ControlModifier);
    QTest::keyClick(w.curveView(), Qt::Key_Z, Qt::ControlModifier);
    ASSERT_TRUE(QTest::qWaitFor([&] { return table->item(0, 1)->text() == QStringLiteral("0.25 units"); }, 3000))
            << table->item(0, 1)->text().toStdString();
    EXPECT_EQ(table->item(0, 3)->text(), QStringLiteral("2 / 2"));
    EXPECT_TRUE(table->item(0, 5)->text().startsWith(QStringLiteral("over")));
}
