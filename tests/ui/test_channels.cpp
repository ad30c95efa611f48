// The Channels list: finding a channel (Ctrl+F, the filter's words), telling curves apart
// (colours per channel, the legend of what is visible), Solo and Lock readable on a selected
// row, lock feedback, the default width and Save As. Real key events; the expectations come
// from the files' data as another tool reads it (counted with glTF-Transform) or from how the
// test rig was written (make_joint_rig.mjs).
#include <cmath>
#include <cstdio>

#include <QApplication>
#include <QDialog>
#include <QDir>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QPaintEvent>
#include <QProcess>
#include <QRegion>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <gtest/gtest.h>

#include "../core/test_support.h"  // expectKhronosValid
#include "channelfilter.h"
#include "channelspanel.h"
#include "curveview.h"
#include "dopesheetview.h"
#include "keyinspector.h"
#include "mainwindow.h"
#include "overlays.h"
#include "theme.h"
#include "ui_support.h"

using namespace tangent;
using namespace tangent::editing;
using namespace tangent::render;
using namespace tangent::ui;
using namespace tangent::ui::test;

namespace {

// The rig of make_joint_rig.mjs, written by glTF-Transform into `dir` and checked by the Khronos
// validator. Fails the test (and returns "") when node or the script cannot make it.
QString makeJointRig(const QTemporaryDir& dir) {
    QProcess node;
    node.start(QStringLiteral("node"),
               {QStringLiteral(TANGENT_UI_TEST_SOURCE) + QStringLiteral("/make_joint_rig.mjs"), dir.path()});
    if (!node.waitForFinished(60000) || node.exitStatus() != QProcess::NormalExit || node.exitCode() != 0) {
        ADD_FAILURE() << "make_joint_rig.mjs did not write the rig (node and tools/corpus are needed): "
                      << node.readAllStandardError().toStdString() << node.errorString().toStdString();
        return QString();
    }
    const QString path = dir.filePath(QStringLiteral("joint_rig.glb"));
    expectKhronosValid(path.toStdString());
    return path;
}

class ChannelsTest : public ::testing::Test {
protected:
    void open(const QString& path) {
        window.resize(1400, 860);
        window.show();
        window.activateWindow();
        ASSERT_TRUE(QTest::qWaitForWindowActive(&window)) << "the window must be active for its shortcuts";
        ASSERT_TRUE(window.openFile(path));
        window.curveView()->setFocus();
        QApplication::processEvents();
    }
    ChannelsPanel* panel() { return window.findChild<ChannelsPanel*>(); }
    ChannelFilterBox* box() { return panel()->filterBox(); }
    // The channel rows a user sees (not hidden, nor under a hidden row), by their names.
    QStringList visibleChannelRows() {
        QStringList rows;
        for (QTreeWidgetItemIterator it(panel(), QTreeWidgetItemIterator::NotHidden); *it; ++it) {
            QTreeWidgetItem* item = *it;
            bool shown = true;
            for (QTreeWidgetItem* up = item->parent(); up; up = up->parent()) shown = shown && !up->isHidden();
            if (shown && !item->text(2).isEmpty()) rows << item->text(0);  // channel rows carry S
        }
        return rows;
    }
    QTreeWidgetItem* channelRow(const QString& name) {
        for (QTreeWidgetItemIterator it(panel()); *it; ++it)
            if ((*it)->text(0) == name && !(*it)->text(2).isEmpty()) return *it;
        return nullptr;
    }
    CurveScene sceneNow() {
        CurveScene scene;
        scene.document = &window.model()->document();
        scene.curves = window.viewState()->visibleCurves();
        scene.channels = window.viewState()->shownChannels();
        return scene;
    }
    MainWindow window;
};

double hueDistance(const QColor& a, const QColor& b) {
    const double d = std::abs(a.hslHueF() - b.hslHueF()) * 360;
    return std::min(d, 360 - d);
}

}  // namespace

TEST_F(ChannelsTest, CtrlFFindsAChannelOfAHundredJointRigAndEscapeClears) {
    QTemporaryDir dir;
    const QString rig = makeJointRig(dir);
    ASSERT_FALSE(rig.isEmpty());
    open(rig);
    EXPECT_EQ(panel()->channelCount(), 300);
    EXPECT_EQ(visibleChannelRows().size(), 300);

    // Ctrl+F where the user works (the curve view) puts the cursor in the box.
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_F, Qt::ControlModifier);
    ASSERT_EQ(QApplication::focusWidget(), box());
    EXPECT_FALSE(box()->placeholderText().isEmpty());
    EXPECT_TRUE(box()->isClearButtonEnabled());

    QElapsedTimer timer;
    timer.start();
    QTest::keyClicks(box(), QStringLiteral("hips rot"));
    QApplication::processEvents();
    const qint64 filterMs = timer.elapsed();
    std::printf("[ measured ] typing \"hips rot\" (8 filter passes over 300 channels, repaint included): %lld ms\n",
                static_cast<long long>(filterMs));
    EXPECT_EQ(visibleChannelRows(), QStringList{QStringLiteral("Hips · rotation")});
    EXPECT_EQ(panel()->topLevelItem(0)->text(1), QStringLiteral("1 of 300 channels"));

    // Words in any order, any case: LeftHand and its 20 finger joints.
    box()->clear();
    QTest::keyClicks(box(), QStringLiteral("ROT hand left"));
    QStringList expected{QStringLiteral("LeftHand · rotation")};
    for (const char* finger : {"Thumb", "Index", "Middle", "Ring", "Pinky"})
        for (int s = 1; s <= 4; ++s)
            expected << QStringLiteral("LeftHand%1%2 · rotation").arg(QLatin1String(finger)).arg(s);
    QStringList found = visibleChannelRows();
    found.sort();
    expected.sort();
    EXPECT_EQ(found, expected);

    // Interpolation and "broken": the rig's rotations are CUBICSPLINE, its scales STEP, and the
    // rotation of every tenth joint (0, 10, ... 90 in the script's naming order) has a broken key.
    box()->clear();
    QTest::keyClicks(box(), QStringLiteral("step"));
    EXPECT_EQ(visibleChannelRows().size(), 100);
    for (const QString& row : visibleChannelRows())
        EXPECT_TRUE(row.endsWith(QStringLiteral(" · scale"))) << row.toStdString();
    box()->clear();
    QTest::keyClicks(box(), QStringLiteral("broken"));
    EXPECT_EQ(visibleChannelRows(), (QStringList{"Hips · rotation", "LeftLeg · rotation", "RightToeBase · rotation",
                                                 "LeftHandMiddle2 · rotation", "LeftHandPinky4 · rotation",
                                                 "RightHandMiddle2 · rotation", "RightHandPinky4 · rotation",
                                                 "Tail10 · rotation", "Tail20 · rotation", "Tail30 · rotation"}));
    box()->clear();
    QTest::keyClicks(box(), QStringLiteral("nothing like this"));
    EXPECT_TRUE(visibleChannelRows().isEmpty());

    // Return shows the first match; Escape clears the box and gives the focus back.
    box()->clear();
    QTest::keyClicks(box(), QStringLiteral("neck trans"));
    QTest::keyClick(box(), Qt::Key_Return);
    const Channel* neck = window.model()->document().channel(0, 3 * 3);  // joint 3, translation
    ASSERT_NE(neck, nullptr);
    EXPECT_EQ(neck->label, "Neck · translation");
    EXPECT_EQ(window.viewState()->shownChannels(), (std::vector<ChannelId>{{0, 9}}));
    QTest::keyClick(box(), Qt::Key_Escape);
    EXPECT_TRUE(box()->text().isEmpty());
    EXPECT_EQ(QApplication::focusWidget(), window.curveView());
    EXPECT_EQ(visibleChannelRows().size(), 300);
}

TEST_F(ChannelsTest, BrokenLeavesExactlyTheChannelsWithBrokenKeysOfABlenderExport) {
    open(QString::fromStdString(test::fixture("blender/multi_object_1.glb")));
    // Counted with glTF-Transform from the sampler outputs: interior keys whose in- and
    // out-tangents differ (by 0.24 or more; the other keys agree to 1e-5) are on Obj0's three
    // channels (3 each) and on Obj2's translation (8) and rotation (9); Obj1 and Obj3 have none.
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_F, Qt::ControlModifier);
    ASSERT_EQ(QApplication::focusWidget(), box());
    QTest::keyClicks(box(), QStringLiteral("broken"));
    EXPECT_EQ(visibleChannelRows(), (QStringList{"Obj0 · translation", "Obj0 · rotation", "Obj0 · scale",
                                                 "Obj2 · translation", "Obj2 · rotation"}));
    EXPECT_EQ(channelRow(QStringLiteral("Obj2 · translation"))->text(1), QStringLiteral("cubic · 11 keys · 8 broken"));
    EXPECT_EQ(channelRow(QStringLiteral("Obj2 · rotation"))->text(1), QStringLiteral("cubic · 11 keys · 9 broken"));
    QTest::keyClicks(box(), QStringLiteral(" obj2 rot"));
    EXPECT_EQ(visibleChannelRows(), QStringList{QStringLiteral("Obj2 · rotation")});
    QTest::keyClick(box(), Qt::Key_Escape);
    EXPECT_EQ(visibleChannelRows().size(), 10);
}

TEST_F(ChannelsTest, SeveralChannelsShownGetTheirOwnHuesAndTheLegendListsWhatIsVisible) {
    open(QString::fromStdString(test::fixture("blender/broken_trs_1.glb")));
    ViewState* state = window.viewState();
    // One channel alone: x red, y green, z blue, as always.
    state->setShownChannels({{0, 0}});
    const Track& translation = window.model()->document().channel(0, 0)->track;
    const Track& rotation = window.model()->document().channel(0, 1)->track;
    CurveColors one(sceneNow());
    EXPECT_EQ(one(translation, {0, 0, 0}), QColor(0xf0, 0x55, 0x4f));
    EXPECT_EQ(one(translation, {0, 0, 2}), QColor(0x4f, 0x8f, 0xf7));

    // Two channels: translation.x and rotation.x far apart in hue; each channel's components
    // told apart by lightness.
    state->setShownChannels({{0, 0}, {0, 1}});
    CurveColors two(sceneNow());
    const QColor tx = two(translation, {0, 0, 0}), rx = two(rotation, {0, 1, 0});
    EXPECT_GE(hueDistance(tx, rx), 90) << tx.name().toStdString() << " " << rx.name().toStdString();
    for (int a = 0; a < 4; ++a)
        for (int b = a + 1; b < 4; ++b)
            EXPECT_GE(std::abs(two(rotation, {0, 1, a}).lightnessF() - two(rotation, {0, 1, b}).lightnessF()) +
                              std::abs(two(rotation, {0, 1, a}).hslSaturationF() -
                                       two(rotation, {0, 1, b}).hslSaturationF()),
                      0.1)
                    << a << " " << b;
    // The swatches in the list follow.
    QTreeWidgetItem* rotationRow = channelRow(QStringLiteral("Mover · rotation"));
    ASSERT_NE(rotationRow, nullptr);
    EXPECT_EQ(rotationRow->child(0)->icon(0).pixmap(12, 12).toImage().pixel(6, 6), rx.rgb());

    // The legend: both channels with their components.
    auto legend = [&] {
        QStringList lines;
        for (const auto& line : legendLines(sceneNow())) {
            QStringList texts;
            for (const LegendItem& item : line) texts << item.text;
            lines << texts.join(QLatin1Char(' '));
        }
        return lines;
    };
    EXPECT_EQ(legend(),
              (QStringList{"Mover · translation  CUBICSPLINE x y z", "Mover · rotation  CUBICSPLINE x y z w"}));
    // Hide rotation.w with its check box: it leaves the legend.
    rotationRow->child(3)->setCheckState(0, Qt::Unchecked);
    EXPECT_EQ(legend(), (QStringList{"Mover · translation  CUBICSPLINE x y z", "Mover · rotation  CUBICSPLINE x y z"}));
    // Solo translation (its S): rotation is not drawn, so not listed.
    emit panel()->itemClicked(channelRow(QStringLiteral("Mover · translation")), 2);
    ASSERT_TRUE(state->isSolo(0, 0));
    EXPECT_EQ(legend(), QStringList{QStringLiteral("Mover · translation  CUBICSPLINE x y z")});
    // One channel visible again: its colours are the plain ones.
    EXPECT_EQ(CurveColors(sceneNow())(translation, {0, 0, 0}), QColor(0xf0, 0x55, 0x4f));
}

TEST_F(ChannelsTest, SoloAndLockReadOnASelectedRow) {
    open(QString::fromStdString(test::fixture("blender/broken_trs_1.glb")));
    QTreeWidgetItem* row = channelRow(QStringLiteral("Mover · translation"));
    ASSERT_NE(row, nullptr);
    ASSERT_TRUE(row->isSelected());  // shown on open
    // The badge colours of the S and L cells of the selected row, as drawn.
    auto cellHas = [&](int column, QColor color) {
        const QRect cell = panel()->visualItemRect(row).translated(0, 0);
        QRect r = cell;
        r.setLeft(panel()->header()->sectionViewportPosition(column));
        r.setWidth(panel()->header()->sectionSize(column));
        QImage image(panel()->viewport()->size(), QImage::Format_RGB32);
        panel()->viewport()->render(&image);
        int count = 0;
        for (int y = r.top(); y <= r.bottom(); ++y)
            for (int x = r.left(); x <= r.right(); ++x) count += image.pixelColor(x, y) == color;
        return count;
    };
    const QColor gold(0xff, 0xc8, 0x2e), red(0xff, 0x6b, 0x5b);
    EXPECT_EQ(cellHas(2, gold), 0);
    EXPECT_EQ(cellHas(3, red), 0);
    emit panel()->itemClicked(row, 2);
    emit panel()->itemClicked(row, 3);
    ASSERT_TRUE(row->isSelected());
    EXPECT_GT(cellHas(2, gold), 100);  // an 18 x 18 badge less its letter
    EXPECT_GT(cellHas(3, red), 100);
}

TEST_F(ChannelsTest, PressingALockedKeySaysTheChannelIsLocked) {
    open(QString::fromStdString(test::fixture("blender/broken_trs_1.glb")));
    CurveView* view = window.curveView();
    const Track& track = window.model()->document().channel(0, 0)->track;
    const QPointF key = view->viewTransform().toWidget(QPointF(track.times[1], track.value(1, 0)));
    ASSERT_EQ(view->hitAt(key).kind, HitKind::Key);
    emit panel()->itemClicked(channelRow(QStringLiteral("Mover · translation")), 3);
    ASSERT_TRUE(window.viewState()->isLocked(0, 0));
    drag(view, key, key + QPointF(30, -30));
    EXPECT_EQ(window.statusBar()->currentMessage(),
              QStringLiteral("Mover · translation is locked: unlock it to edit it."));
    EXPECT_TRUE(window.viewState()->selection().empty());
    EXPECT_EQ(window.model()->undoStack()->count(), 0);
    // Empty space says nothing.
    window.statusBar()->clearMessage();
    press(view, QPointF(view->width() - 5, view->height() - 5));
    release(view, QPointF(view->width() - 5, view->height() - 5));
    EXPECT_TRUE(window.statusBar()->currentMessage().isEmpty());
}

TEST_F(ChannelsTest, TheDefaultWidthShowsWholeNamesAndSummaries) {
    QTemporaryDir dir;
    const QString rig = makeJointRig(dir);
    ASSERT_FALSE(rig.isEmpty());
    for (const QString& file : {QString::fromStdString(test::fixture("blender/multi_object_1.glb")),
                                QString::fromStdString(test::fixture("blender/broken_trs_1.glb")), rig}) {
        open(file);
        const QFontMetrics fm(panel()->font());
        int rows = 0;
        for (QTreeWidgetItemIterator it(panel()); *it; ++it) {
            QTreeWidgetItem* item = *it;
            if (item->text(2).isEmpty()) continue;
            panel()->scrollToItem(item);
            // The cell the name and, under it, the summary are drawn in; a few pixels for margins.
            const int width = panel()->visualItemRect(item).width() - 8;
            EXPECT_LE(fm.horizontalAdvance(item->text(0)), width) << item->text(0).toStdString();
            EXPECT_LE(fm.horizontalAdvance(item->text(1)), width) << item->text(1).toStdString();
            ++rows;
        }
        EXPECT_GT(rows, 0);
    }
}

TEST_F(ChannelsTest, SaveAsRenamesTheFileRow) {
    open(QString::fromStdString(test::fixture("blender/broken_trs_1.glb")));
    EXPECT_EQ(panel()->topLevelItem(0)->text(0), QStringLiteral("broken_trs_1.glb"));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("renamed.glb"));
    QString error;
    ASSERT_TRUE(window.model()->saveAs(path, &error)) << error.toStdString();
    EXPECT_EQ(panel()->topLevelItem(0)->text(0), QStringLiteral("renamed.glb"));
    expectKhronosValid(path.toStdString());
}

namespace {

// Collects what the tree's viewport repainted, to ask whether a row a user looks at was drawn
// again after an edit (a row whose text changed but was not repainted shows yesterday's count).
class RepaintWatch : public QObject {
public:
    explicit RepaintWatch(QWidget* viewport) { viewport->installEventFilter(this); }
    void clear() { painted_ = QRegion(); }
    bool covered(const QRect& rect) const { return (painted_ & rect) == QRegion(rect); }

protected:
    bool eventFilter(QObject*, QEvent* e) override {
        if (e->type() == QEvent::Paint) painted_ += static_cast<QPaintEvent*>(e)->region();
        return false;
    }

private:
    QRegion painted_;
};

}  // namespace

TEST_F(ChannelsTest, RowsAreRedrawnWithTheirNewSummaryAfterEveryEditAndUndo) {
    open(QString::fromStdString(test::fixture("blender/broken_trs_1.glb")));
    // The file: Mover's translation, rotation and scale, 9 CUBICSPLINE keys each up to 2.9583 s;
    // interior keys with broken handles (the file's name says so).
    ViewState* state = window.viewState();
    QTreeWidgetItem* row = channelRow(QStringLiteral("Mover · translation"));
    ASSERT_NE(row, nullptr);
    QTreeWidgetItem* animationRow = row->parent();
    const QString original = row->text(1);
    EXPECT_TRUE(original.startsWith(QStringLiteral("cubic · 9 keys · "))) << original.toStdString();
    EXPECT_TRUE(original.endsWith(QStringLiteral(" broken"))) << original.toStdString();
    EXPECT_EQ(animationRow->text(1), QStringLiteral("2.958 s"));

    RepaintWatch watch(panel()->viewport());
    // The row's name cell, right of the tree's indentation: its name and summary are drawn there.
    auto shownAfterEvents = [&](QTreeWidgetItem* item) {
        QApplication::processEvents();
        const QRect cell = panel()->visualItemRect(item);
        const QHeaderView* header = panel()->header();
        const int nameEnd = header->sectionViewportPosition(0) + header->sectionSize(0) - 1;
        return watch.covered(QRect(QPoint(cell.x(), cell.y()), QPoint(nameEnd, cell.bottom())));
    };
    state->setShownChannels({{0, 0}});
    CurveView* view = window.curveView();
    view->setFocus();

    // Ctrl+A, Ctrl+3 (Auto): in- and out-handles equal on every key, so none is broken.
    QTest::keyClick(view, Qt::Key_A, Qt::ControlModifier);
    watch.clear();
    QTest::keyClick(view, Qt::Key_3, Qt::ControlModifier);
    EXPECT_EQ(row->text(1), QStringLiteral("cubic · 9 keys"));
    EXPECT_TRUE(row->toolTip(0).contains(QStringLiteral("cubic · 9 keys\n"))) << row->toolTip(0).toStdString();
    EXPECT_TRUE(shownAfterEvents(row)) << "the row is drawn again with its new summary";

    // Delete one key (key 5 of 9, its three components).
    state->setSelection({{0, 0, 4, 0}, {0, 0, 4, 1}, {0, 0, 4, 2}});
    watch.clear();
    QTest::keyClick(view, Qt::Key_Delete);
    EXPECT_EQ(row->text(1), QStringLiteral("cubic · 8 keys"));
    EXPECT_TRUE(shownAfterEvents(row));

    // Undo both: the file's summary again, drawn.
    watch.clear();
    QTest::keyClick(view, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(row->text(1), QStringLiteral("cubic · 9 keys"));
    QTest::keyClick(view, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(row->text(1), original);
    EXPECT_TRUE(shownAfterEvents(row));

    // Trim to 0.5–2.2 s, starting at zero: the animation lasts 1.7 s, and its row says so.
    QAction* trim = menuAction(window, QStringLiteral("&Channel"), QStringLiteral("&Trim to Range…"));
    ASSERT_NE(trim, nullptr);
    watch.clear();
    ASSERT_TRUE(triggerAndAnswer(trim, [](QDialog* d) {
        d->findChild<QDoubleSpinBox*>(QStringLiteral("start"))->setValue(0.5);
        d->findChild<QDoubleSpinBox*>(QStringLiteral("end"))->setValue(2.2);
    }));
    EXPECT_EQ(animationRow->text(1), QStringLiteral("1.7 s"));
    EXPECT_TRUE(shownAfterEvents(animationRow));
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    view->setFocus();
    QTest::keyClick(view, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(animationRow->text(1), QStringLiteral("2.958 s"));
    EXPECT_EQ(row->text(1), original);
}

TEST_F(ChannelsTest, MorphWeightsReadTheirTargetNamesInTheListTheInspectorAndTheLegend) {
    MainWindow w;
    QString error;
    ASSERT_TRUE(w.model()->open(QString::fromStdString(::fixture("morph_weights_1.glb")), &error));
    w.resize(1400, 900);
    w.show();
    QTreeWidget* list = w.findChild<ChannelsPanel*>();
    ASSERT_NE(list, nullptr);
    QStringList names;
    for (QTreeWidgetItemIterator it(list); *it; ++it)
        if ((*it)->childCount() == 0) names << (*it)->text(0);
    EXPECT_TRUE(names.contains(QStringLiteral("Target0"))) << names.join(", ").toStdString();
    EXPECT_TRUE(names.contains(QStringLiteral("Target1"))) << names.join(", ").toStdString();
    // The Key inspector names the component of a selected key the same way.
    w.viewState()->setShownChannels({{0, 0}});
    w.viewState()->setSelection({{0, 0, 1, 0}, {0, 0, 1, 1}});
    QApplication::processEvents();
    QStringList labels;
    for (QLabel* l : w.keyInspector()->findChildren<QLabel*>()) labels << l->text();
    EXPECT_TRUE(labels.contains(QStringLiteral("Target1"))) << labels.join(" | ").toStdString();
}

TEST_F(ChannelsTest, RowsFollowAPasteARetimeAndADopeSheetDrag) {
    open(QString::fromStdString(test::fixture("blender/broken_trs_1.glb")));
    ViewState* state = window.viewState();
    QTreeWidgetItem* row = channelRow(QStringLiteral("Mover · translation"));
    ASSERT_NE(row, nullptr);
    QTreeWidgetItem* animationRow = row->parent();
    ASSERT_EQ(animationRow->text(1), QStringLiteral("2.958 s"));
    state->setShownChannels({{0, 0}});
    // Copy the last key, paste it at 3.5 s: ten keys, and the animation lasts 3.5 s.
    state->setSelection({{0, 0, 8, 0}, {0, 0, 8, 1}, {0, 0, 8, 2}});
    menuAction(window, QStringLiteral("&Edit"), QStringLiteral("&Copy Keys"))->trigger();
    state->setCurrentTime(3.5);
    menuAction(window, QStringLiteral("&Edit"), QStringLiteral("&Paste Keys"))->trigger();
    EXPECT_TRUE(row->text(1).startsWith(QStringLiteral("cubic · 10 keys"))) << row->text(1).toStdString();
    EXPECT_EQ(animationRow->text(1), QStringLiteral("3.5 s"));
    // Retime 0 – 3.5 s to end at 4 s.
    QAction* retime = menuAction(window, QStringLiteral("&Channel"), QStringLiteral("&Retime…"));
    ASSERT_TRUE(triggerAndAnswer(retime, [](QDialog* d) {
        d->findChild<QDoubleSpinBox*>(QStringLiteral("start"))->setValue(0);
        d->findChild<QDoubleSpinBox*>(QStringLiteral("end"))->setValue(3.5);
        d->findChild<QDoubleSpinBox*>(QStringLiteral("newEnd"))->setValue(4);
    }));
    EXPECT_EQ(animationRow->text(1), QStringLiteral("4 s"));
    // In the dope sheet, the translation's last diamond dragged back to 3.7 s (its neighbour,
    // retimed, is at 2.958 × 4 / 3.5 = 3.381 s).
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(window.curveView(), Qt::Key_D, Qt::ControlModifier | Qt::ShiftModifier);
    QApplication::processEvents();
    DopeSheetView* dope = window.dopeSheet();
    const editing::DopeSheetLayout& layout = dope->layout();
    int translation = -1;
    for (int r = 0; r < int(layout.rows().size()); ++r)
        if (layout.rows()[r].label == "translation") translation = r;
    ASSERT_GE(translation, 0);
    const QPointF last(layout.x(layout.columns(translation).back().time), layout.rowCentre(translation));
    drag(dope, last, QPointF(layout.x(3.7), last.y()));
    EXPECT_EQ(animationRow->text(1), QStringLiteral("3.7 s"));
    EXPECT_TRUE(row->text(1).startsWith(QStringLiteral("cubic · 10 keys"))) << row->text(1).toStdString();
}
