// Widget tests: the real CurveView driven with mouse events on a real Blender export.
#include <set>

#include <QMessageBox>
#include <QProgressBar>
#include <QProgressDialog>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <QTreeWidget>
#include <QUndoStack>

#include <gtest/gtest.h>

#include "curvepainter.h"
#include "curveview.h"
#include "issuespanel.h"
#include "keyinspector.h"
#include "mainwindow.h"
#include "numberfield.h"
#include "tangent/builder.h"
#include "tangent/checks.h"
#include "tangent/edit.h"
#include "tangent/hermite.h"
#include "ui_support.h"

using namespace tangent;
using namespace tangent::editing;
using namespace tangent::render;
using namespace tangent::ui;
using namespace tangent::ui::test;

namespace {

class CurveViewTest : public ::testing::Test {
protected:
    void SetUp() override {
        QString error;
        ASSERT_TRUE(model.open(QString::fromStdString(fixture("blender/broken_trs_1.glb")), &error))
                << error.toStdString();
        ASSERT_EQ(state.shownChannels(), (std::vector<ChannelId>{{0, 0}}));  // Mover · translation
        view.resize(1000, 600);
        view.show();
        view.setViewTransform(ViewTransform(QSizeF(1000, 600), -0.2, 3.5, 300, 80));
        before = track();
    }
    const Track& track() const { return model.document().channel(0, 0)->track; }
    const ViewTransform& vt() const { return view.viewTransform(); }
    QPointF keyPx(int k, int c) const { return vt().toWidget(QPointF(track().times[k], track().value(k, c))); }
    QPointF outHandlePx(int k, int c) const { return vt().toWidget(keyHandles(track(), k, c).out); }
    QPointF inHandlePx(int k, int c) const { return vt().toWidget(keyHandles(track(), k, c).in); }

    DocumentModel model;
    ViewState state{&model};
    CurveView view{&state};
    Track before;
};

// Every float of `a` equals `b` except the entries at `except` (indices into values/tangents).
void expectUnchangedExcept(const std::vector<float>& a, const std::vector<float>& b, std::set<std::size_t> except) {
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!except.count(i)) {
            EXPECT_EQ(a[i], b[i]) << "index " << i;
        }
}

}  // namespace

TEST_F(CurveViewTest, DraggingAnOutHandleSetsExactlyThatTangent) {
    const int k = 3, c = 0;
    ASSERT_TRUE(before.isBroken(k));
    state.setSelection({{0, 0, k, c}});
    const QPointF from = outHandlePx(k, c);
    ASSERT_EQ(view.hitAt(from).kind, HitKind::OutHandle);
    const QPointF to = from + QPointF(20, -45);
    drag(&view, from, to);

    // The drag geometry: the slope of the line from the key to the pointer, in world units.
    const QPointF keyW(before.times[k], before.value(k, c));
    const QPointF toW = vt().toWorld(to);
    const double expected = (toW.y() - keyW.y()) / (toW.x() - keyW.x());
    EXPECT_EQ(track().outTangent(k, c), float(expected));
    const HandleMode mode = before.modes[before.at(k, c)];
    std::set<std::size_t> changedIn;
    if (mode == HandleMode::Aligned) {
        EXPECT_EQ(track().inTangent(k, c), float(expected));  // an aligned key turns both
        changedIn.insert(before.at(k, c));
    } else {
        EXPECT_EQ(track().inTangent(k, c), before.inTangent(k, c));  // a broken key only one
    }
    expectUnchangedExcept(track().outTangents, before.outTangents, {before.at(k, c)});
    expectUnchangedExcept(track().inTangents, before.inTangents, changedIn);
    expectUnchangedExcept(track().values, before.values, {});
    expectUnchangedExcept(track().times, before.times, {});
    // The handle is now drawn where the slope puts it, at one third of the segment.
    const double dt = double(before.times[k + 1]) - before.times[k];
    EXPECT_NEAR(keyHandles(track(), k, c).out.y(), outHandleValue(keyW.y(), float(expected), dt), 1e-9);

    // One drag, one undo entry; undo restores the file's data bit for bit.
    QUndoStack* undo = model.undoStack();
    ASSERT_EQ(undo->count(), 1);
    EXPECT_EQ(undo->text(0), QStringLiteral("Edit tangent"));
    EXPECT_TRUE(model.isModified());
    const Track after = track();
    undo->undo();
    EXPECT_TRUE(track().sameCurve(before));
    EXPECT_FALSE(model.isModified());
    undo->redo();
    EXPECT_TRUE(track().sameCurve(after));
}

TEST_F(CurveViewTest, DraggingAnInHandleOfABrokenKeyLeavesTheOutTangent) {
    const int k = 5, c = 2;
    state.setSelection({{0, 0, k, c}});
    const QPointF from = inHandlePx(k, c);
    ASSERT_EQ(view.hitAt(from).kind, HitKind::InHandle);
    const QPointF to = from + QPointF(-15, 30);
    drag(&view, from, to, Qt::AltModifier);  // Alt: break while dragging
    const QPointF keyW(before.times[k], before.value(k, c));
    const QPointF toW = vt().toWorld(to);
    EXPECT_EQ(track().inTangent(k, c), float((toW.y() - keyW.y()) / (toW.x() - keyW.x())));
    EXPECT_EQ(track().outTangent(k, c), before.outTangent(k, c));
    EXPECT_EQ(track().modes[track().at(k, c)], HandleMode::Free);
}

TEST_F(CurveViewTest, DraggingAnAlignedHandleTurnsBoth) {
    const int k = 2, c = 1;
    // Make the key aligned first (an undoable edit of its own).
    Track aligned = before;
    setHandleMode(aligned, k, c, HandleMode::Aligned);
    model.pushEdit(QStringLiteral("Set handle mode"), {{0, 0, before, aligned}});
    state.setSelection({{0, 0, k, c}});
    const QPointF from = outHandlePx(k, c);
    ASSERT_EQ(view.hitAt(from).kind, HitKind::OutHandle);
    const QPointF to = from + QPointF(10, 25);
    drag(&view, from, to);
    const QPointF toW = vt().toWorld(to);
    const float expected = float((toW.y() - aligned.value(k, c)) / (toW.x() - aligned.times[k]));
    EXPECT_EQ(track().outTangent(k, c), expected);
    EXPECT_EQ(track().inTangent(k, c), expected);
    EXPECT_EQ(model.undoStack()->count(), 2);
}

TEST_F(CurveViewTest, DraggingAKeyMovesItInTimeAndValue) {
    const int k = 4, c = 1;
    const QPointF from = keyPx(k, c);
    ASSERT_EQ(view.hitAt(from).kind, HitKind::Key);
    ASSERT_GT(before.times[k + 1] - before.times[k], 0.11f);
    drag(&view, from, from + QPointF(30, -40));
    EXPECT_NEAR(track().times[k], before.times[k] + 30.0 / 300, 1e-6);
    EXPECT_NEAR(track().value(k, c), before.value(k, c) + 40.0 / 80, 1e-6);
    // Only the dragged component's value; the key's other components keep theirs.
    EXPECT_EQ(track().value(k, 0), before.value(k, 0));
    EXPECT_EQ(track().value(k, 2), before.value(k, 2));
    for (int j = 0; j < track().keyCount(); ++j)
        if (j != k) {
            EXPECT_EQ(track().times[j], before.times[j]);
        }
    // Tangents are value per second and stay as they were.
    EXPECT_EQ(track().outTangent(k, c), before.outTangent(k, c));
    EXPECT_EQ(state.selection(), (KeySelection{{0, 0, k, c}}));
    ASSERT_EQ(model.undoStack()->count(), 1);
    EXPECT_EQ(model.undoStack()->text(0), QStringLiteral("Move key"));
    model.undoStack()->undo();
    EXPECT_TRUE(track().sameCurve(before));
}

TEST_F(CurveViewTest, ShiftLocksTheDragToOneAxis) {
    const int k = 4, c = 1;
    const QPointF from = keyPx(k, c);
    drag(&view, from, from + QPointF(30, -10), Qt::ShiftModifier);
    EXPECT_NEAR(track().times[k], before.times[k] + 30.0 / 300, 1e-6);
    EXPECT_EQ(track().value(k, c), before.value(k, c));
}

TEST_F(CurveViewTest, KeysNeverCrossTheirNeighbours) {
    const int k = 4, c = 1;
    drag(&view, keyPx(k, c), keyPx(k, c) + QPointF(900, 0));
    for (int j = 0; j + 1 < track().keyCount(); ++j) EXPECT_LT(track().times[j], track().times[j + 1]);
    EXPECT_LT(track().times[k], before.times[k + 1]);
}

TEST_F(CurveViewTest, SeveralSelectedKeysMoveTogetherAsOneUndoEntry) {
    state.setSelection({{0, 0, 2, 0}, {0, 0, 3, 1}, {0, 0, 3, 2}});
    drag(&view, keyPx(3, 1), keyPx(3, 1) + QPointF(0, -80));  // one value unit up
    EXPECT_NEAR(track().value(2, 0), before.value(2, 0) + 1.0, 1e-6);
    EXPECT_NEAR(track().value(3, 1), before.value(3, 1) + 1.0, 1e-6);
    EXPECT_NEAR(track().value(3, 2), before.value(3, 2) + 1.0, 1e-6);
    EXPECT_EQ(track().value(3, 0), before.value(3, 0));
    ASSERT_EQ(model.undoStack()->count(), 1);
    EXPECT_EQ(model.undoStack()->text(0), QStringLiteral("Move 2 keys"));
}

TEST_F(CurveViewTest, EscapeAbortsADrag) {
    const int k = 4, c = 1;
    drag(&view, keyPx(k, c), keyPx(k, c) + QPointF(30, 30), Qt::NoModifier, /*doRelease=*/false);
    EXPECT_EQ(view.interaction(), CurveView::Interaction::DraggingKeys);
    EXPECT_FALSE(track().sameCurve(before));  // live during the drag
    QTest::keyClick(&view, Qt::Key_Escape);
    EXPECT_EQ(view.interaction(), CurveView::Interaction::Idle);
    EXPECT_TRUE(track().sameCurve(before));
    release(&view, keyPx(k, c) + QPointF(30, 30));
    EXPECT_EQ(model.undoStack()->count(), 0);
}

TEST_F(CurveViewTest, ASmallMoveIsAClickNotADrag) {
    const int k = 4, c = 1;
    drag(&view, keyPx(k, c), keyPx(k, c) + QPointF(1, 0));
    EXPECT_TRUE(track().sameCurve(before));
    EXPECT_EQ(model.undoStack()->count(), 0);
    EXPECT_EQ(state.selection(), (KeySelection{{0, 0, k, c}}));
}

TEST_F(CurveViewTest, ClickSelectsShiftClickExtendsEmptyClickClears) {
    press(&view, keyPx(2, 0));
    release(&view, keyPx(2, 0));
    EXPECT_EQ(state.selection(), (KeySelection{{0, 0, 2, 0}}));
    press(&view, keyPx(6, 2), Qt::ShiftModifier);
    release(&view, keyPx(6, 2), Qt::ShiftModifier);
    EXPECT_EQ(state.selection(), (KeySelection{{0, 0, 2, 0}, {0, 0, 6, 2}}));
    press(&view, keyPx(2, 0), Qt::ShiftModifier);  // shift-click a selected key: deselect
    release(&view, keyPx(2, 0), Qt::ShiftModifier);
    EXPECT_EQ(state.selection(), (KeySelection{{0, 0, 6, 2}}));
    ASSERT_EQ(view.hitAt(QPointF(990, 590)).kind, HitKind::Nothing);
    press(&view, QPointF(990, 590));
    release(&view, QPointF(990, 590));
    EXPECT_TRUE(state.selection().empty());
}

TEST_F(CurveViewTest, RubberBandSelectsTheKeysInside) {
    const double x0 = vt().toWidgetX(before.times[2]) - 6, x1 = vt().toWidgetX(before.times[4]) + 6;
    const QRectF band(QPointF(x0, 30), QPointF(x1, 595));
    KeySelection expected;
    for (int k = 0; k < before.keyCount(); ++k)
        for (int c = 0; c < 3; ++c)
            if (band.contains(vt().toWidget(QPointF(before.times[k], before.value(k, c)))))
                expected.insert({0, 0, k, c});
    ASSERT_EQ(expected.size(), 9u);  // keys 2, 3, 4 of x, y, z
    drag(&view, band.topLeft(), band.bottomRight());
    EXPECT_EQ(state.selection(), expected);
    EXPECT_TRUE(track().sameCurve(before));
    // Shift adds to the selection.
    const QRectF more(keyPx(7, 0) - QPointF(4, 4), keyPx(7, 0) + QPointF(4, 4));
    drag(&view, more.topLeft() + QPointF(-4, -4), more.bottomRight() + QPointF(4, 4), Qt::ShiftModifier);
    EXPECT_EQ(state.selection().size(), 10u);
    EXPECT_TRUE(state.selection().count({0, 0, 7, 0}));
}

TEST_F(CurveViewTest, DoubleClickOnACurveInsertsAKeyKeepingItsShape) {
    const int c = 1;
    const double t = (double(before.times[2]) + before.times[3]) / 2;
    const QPointF p = vt().toWidget(QPointF(t, evaluateComponent(before, t, c)));
    ASSERT_EQ(view.hitAt(p).kind, HitKind::Curve);
    sendMouse(&view, QEvent::MouseButtonDblClick, p, Qt::LeftButton, Qt::LeftButton);
    release(&view, p);
    ASSERT_EQ(track().keyCount(), before.keyCount() + 1);
    EXPECT_NEAR(track().times[3], vt().toWorldX(p.x()), 1e-6);
    for (double s = 0; s <= 3.0; s += 0.05)
        for (int comp = 0; comp < 3; ++comp)
            EXPECT_NEAR(evaluateComponent(track(), s, comp), evaluateComponent(before, s, comp), 1e-4) << s;
    EXPECT_EQ(state.selection(), (KeySelection{{0, 0, 3, c}}));
    model.undoStack()->undo();
    EXPECT_TRUE(track().sameCurve(before));
}

TEST_F(CurveViewTest, DeleteRemovesTheSelectedKeys) {
    state.setSelection({{0, 0, 3, 0}, {0, 0, 5, 1}});
    QTest::keyClick(&view, Qt::Key_Delete);
    EXPECT_EQ(track().keyCount(), before.keyCount() - 2);
    EXPECT_EQ(model.undoStack()->text(0), QStringLiteral("Delete 2 keys"));
    model.undoStack()->undo();
    EXPECT_TRUE(track().sameCurve(before));
}

TEST_F(CurveViewTest, WheelZoomsAboutTheCursor) {
    const QPointF p(400, 300);
    const QPointF world = vt().toWorld(p);
    QWheelEvent e(p, view.mapToGlobal(p), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase,
                  false);
    QApplication::sendEvent(&view, &e);
    EXPECT_GT(vt().scaleX(), 300);
    EXPECT_GT(vt().scaleY(), 80);
    EXPECT_NEAR(vt().toWorld(p).x(), world.x(), 1e-9);
    EXPECT_NEAR(vt().toWorld(p).y(), world.y(), 1e-9);
    const double sy = vt().scaleY();
    QWheelEvent ctrl(p, view.mapToGlobal(p), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::ControlModifier,
                     Qt::NoScrollPhase, false);
    QApplication::sendEvent(&view, &ctrl);
    EXPECT_EQ(vt().scaleY(), sy);  // Ctrl: time only
}

TEST_F(CurveViewTest, MiddleDragPans) {
    const ViewTransform start = vt();
    sendMouse(&view, QEvent::MouseButtonPress, QPointF(500, 300), Qt::MiddleButton, Qt::MiddleButton);
    sendMouse(&view, QEvent::MouseMove, QPointF(560, 280), Qt::NoButton, Qt::MiddleButton);
    sendMouse(&view, QEvent::MouseButtonRelease, QPointF(560, 280), Qt::MiddleButton, Qt::NoButton);
    EXPECT_NEAR(vt().left(), start.left() - 60.0 / 300, 1e-12);
    EXPECT_NEAR(vt().top(), start.top() - 20.0 / 80, 1e-12);
}

TEST_F(CurveViewTest, ThePlayheadFollowsADragInTheRuler) {
    press(&view, QPointF(400, 10));
    moveHeld(&view, QPointF(460, 10));
    release(&view, QPointF(460, 10));
    EXPECT_NEAR(state.currentTime(), vt().toWorldX(460), 1e-12);
    EXPECT_TRUE(track().sameCurve(before));
}

TEST_F(CurveViewTest, FrameAllShowsEveryKey) {
    view.frameAll();
    for (int k = 0; k < before.keyCount(); ++k)
        for (int c = 0; c < 3; ++c) EXPECT_TRUE(view.rect().contains(keyPx(k, c).toPoint()));
}

TEST_F(CurveViewTest, NextBrokenKeySelectsAndFramesIt) {
    ASSERT_TRUE(view.selectNextBrokenKey());
    int k = state.selection().begin()->key;
    EXPECT_TRUE(before.isBroken(k));
    EXPECT_EQ(state.selection().size(), 3u);  // every component of the key
    ASSERT_TRUE(view.selectNextBrokenKey());
    EXPECT_GT(state.selection().begin()->key, k);
    EXPECT_TRUE(view.rect().contains(keyPx(state.selection().begin()->key, 0).toPoint()));
}

TEST_F(CurveViewTest, OpenEditSaveReopenGivesWhatWasShown) {
    state.setSelection({{0, 0, 3, 0}});
    drag(&view, outHandlePx(3, 0), outHandlePx(3, 0) + QPointF(25, 40));
    drag(&view, keyPx(6, 2), keyPx(6, 2) + QPointF(-20, 35));
    ASSERT_FALSE(track().sameCurve(before));
    QTemporaryDir dir;
    for (const char* name : {"edited.glb", "edited.gltf"}) {
        const QString path = dir.filePath(QString::fromLatin1(name));
        QString error;
        ASSERT_TRUE(model.saveAs(path, &error)) << error.toStdString();
        EXPECT_FALSE(model.isModified());
        expectKhronosValid(QFile::encodeName(path).toStdString());
        const Document reopened = Document::load(QFile::encodeName(path).toStdString());
        for (int c = 0; c < 3; ++c)
            EXPECT_TRUE(reopened.channel(0, c)->track.sameCurve(model.document().channel(0, c)->track)) << name << c;
    }
}

TEST(MainWindowTest, TitleShowsTheFileAndTheModifiedMarker) {
    MainWindow w;
    w.resize(1200, 800);
    w.show();
    ASSERT_TRUE(w.openFile(QString::fromStdString(fixture("blender/broken_trs_1.glb"))));
    EXPECT_TRUE(w.windowTitle().contains(QStringLiteral("broken_trs_1.glb")));
    EXPECT_FALSE(w.isWindowModified());
    // Type a value into the Key inspector: one undo command.
    w.viewState()->setSelection({{0, 0, 2, 1}});
    KeyInspector* inspector = w.keyInspector();
    EXPECT_EQ(inspector->key(), 2);
    auto boxes = inspector->findChildren<NumberField*>();
    ASSERT_GE(boxes.size(), 1 + 3 * 3);  // time + (value, in, out) per component
    NumberField* valueY = nullptr;
    const float vy = w.model()->document().channel(0, 0)->track.value(2, 1);
    for (NumberField* b : boxes)
        if (b != boxes.front() && std::abs(b->value() - vy) < 1e-6) valueY = b;
    ASSERT_NE(valueY, nullptr);
    valueY->setValue(1.25);
    emit valueY->editingFinished();
    EXPECT_EQ(w.model()->document().channel(0, 0)->track.value(2, 1), 1.25f);
    EXPECT_TRUE(w.isWindowModified());
    w.model()->undoStack()->undo();
    EXPECT_EQ(w.model()->document().channel(0, 0)->track.value(2, 1), vy);
    EXPECT_FALSE(w.isWindowModified());
}

TEST(MainWindowTest, AMissingFileIsAMessageNotACrash) {
    MainWindow w;
    // The message box is modal; close it as soon as it shows (after the load in a worker).
    QTimer closer;
    closer.setInterval(5);
    QObject::connect(&closer, &QTimer::timeout, [] {
        for (QWidget* top : QApplication::topLevelWidgets())
            if (auto* box = qobject_cast<QMessageBox*>(top)) box->accept();
    });
    closer.start();
    EXPECT_FALSE(w.openFile(QStringLiteral("/nonexistent/file.glb")));
    EXPECT_FALSE(w.model()->hasDocument());
}

TEST(MainWindowTest, OpeningLoadsInAWorkerWhileTheWindowStaysResponsive) {
    // A file that takes a while: 60 channels of 20,000 keys.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("big.glb"));
    {
        DocumentBuilder b;
        const int anim = b.addAnimation("big");
        for (int j = 0; j < 60; ++j) {
            Track t;
            t.interpolation = Interpolation::CubicSpline;
            t.path = TargetPath::Translation;
            t.components = 3;
            t.resize(20000);
            for (int k = 0; k < 20000; ++k) {
                t.times[k] = float(k / 30.0 + j * 1e-3);
                for (int c = 0; c < 3; ++c) t.values[t.at(k, c)] = float(std::sin(k * 0.01 * (c + 1) + j));
            }
            b.addChannel(anim, b.addNode("j" + std::to_string(j)), t);
        }
        save(b.build("big.glb"), path.toStdString());
        expectKhronosValid(path.toStdString());
    }
    MainWindow w;
    w.show();
    const QThread* gui = QThread::currentThread();
    int ticksWhileLoading = 0;
    bool progressShown = false;
    QTimer tick;
    tick.setInterval(1);
    QObject::connect(&tick, &QTimer::timeout, [&] {
        // The GUI thread runs its event loop while the file loads.
        if (w.isLoading() && QThread::currentThread() == gui) ++ticksWhileLoading;
        for (QWidget* top : QApplication::topLevelWidgets())
            if (top->objectName() == QLatin1String("openProgress") && top->isVisible()) progressShown = true;
        if (w.findChild<QProgressDialog*>(QStringLiteral("openProgress")) && w.isLoading()) progressShown = true;
    });
    tick.start();
    ASSERT_TRUE(w.openFile(path));
    EXPECT_FALSE(w.isLoading());
    EXPECT_GT(ticksWhileLoading, 0);
    EXPECT_TRUE(progressShown);
    ASSERT_TRUE(w.model()->hasDocument());
    EXPECT_EQ(w.model()->document().animations()[0].channels.size(), 60u);
    EXPECT_EQ(w.model()->filePath(), path);
    EXPECT_FALSE(w.findChild<QProgressBar*>());  // the busy indicator is gone
}

// Not a check: writes a screenshot of the editor for the docs and for looking at it.
//   ui_tests --gtest_also_run_disabled_tests --gtest_filter='*Screenshot*'  (TANGENT_SCREENSHOT=path)
TEST(MainWindowTest, DISABLED_Screenshot) {
    MainWindow w;
    w.resize(1500, 900);
    w.show();
    const QByteArray file = qgetenv("TANGENT_SCREENSHOT_FILE");
    ASSERT_TRUE(w.openFile(file.isEmpty() ? QString::fromStdString(fixture("blender/broken_trs_1.glb"))
                                          : QString::fromLocal8Bit(file)));
    QApplication::processEvents();
    w.curveView()->frameAll();
    w.viewState()->setCurrentTime(1.62);
    KeySelection sel;
    for (int c = 0; c < 3; ++c) sel.insert({0, 0, 3, c});
    sel.insert({0, 0, 6, 0});
    w.viewState()->setSelection(sel);
    QApplication::processEvents();
    const QByteArray out = qgetenv("TANGENT_SCREENSHOT");
    ASSERT_TRUE(
            w.grab().save(out.isEmpty() ? QStringLiteral("/tmp/tangent-screenshot.png") : QString::fromLocal8Bit(out)));
}

// ---- solo, lock, normalized view, snapping, frames ----------------------------------------

TEST_F(CurveViewTest, ALockedChannelsKeysCannotBeSelectedOrDragged) {
    const QPointF k3 = keyPx(3, 0);
    ASSERT_EQ(view.hitAt(k3).kind, HitKind::Key);
    state.setSelection({{0, 0, 3, 0}});
    state.setLocked(0, 0, true);
    EXPECT_TRUE(state.selection().empty());  // locking drops the channel's selected keys
    EXPECT_NE(view.hitAt(k3).kind, HitKind::Key);
    drag(&view, k3, k3 + QPointF(30, -20));
    EXPECT_TRUE(track().sameCurve(before));
    EXPECT_EQ(model.undoStack()->count(), 0);
    // Rubber band and select-all skip it too.
    drag(&view, QPointF(2, 30), QPointF(998, 598));
    EXPECT_TRUE(state.selection().empty());
    view.selectAll();
    EXPECT_TRUE(state.selection().empty());
    state.setLocked(0, 0, false);
    EXPECT_EQ(view.hitAt(k3).kind, HitKind::Key);
    view.selectAll();
    EXPECT_FALSE(state.selection().empty());
}

TEST_F(CurveViewTest, SoloShowsOnlyTheSoloedChannels) {
    state.setShownChannels({{0, 0}, {0, 1}});
    EXPECT_EQ(state.visibleCurves().size(), 3u + 4u);
    state.setSolo(0, 1, true);
    const auto curves = state.visibleCurves();
    ASSERT_EQ(curves.size(), 4u);
    for (const CurveRef& c : curves) EXPECT_EQ(c.channel, 1);
    state.setSolo(0, 1, false);
    EXPECT_EQ(state.visibleCurves().size(), 7u);
}

TEST_F(CurveViewTest, NormalizedViewScalesEachCurveToItsRangeAndEditsInRealUnits) {
    state.setNormalizedView(true);
    const CurveRef x{0, 0, 0};
    const ViewTransform ct = view.curveTransform(x);
    // The curve's range maps to -1..1 of the view.
    double lo = INFINITY, hi = -INFINITY;
    for (double t = before.startTime(); t <= before.endTime(); t += 1e-3) {
        const double v = evaluateComponent(before, t, 0);
        lo = std::min(lo, v), hi = std::max(hi, v);
    }
    EXPECT_NEAR(ct.toWidgetY(hi), vt().toWidgetY(1), 0.05);
    EXPECT_NEAR(ct.toWidgetY(lo), vt().toWidgetY(-1), 0.05);
    // The key is hit where it is drawn, and a drag moves it by pixels / the curve's own scale.
    const int k = 4;
    const QPointF p = ct.toWidget(QPointF(before.times[k], before.value(k, 0)));
    ASSERT_EQ(view.hitAt(p).kind, HitKind::Key);
    ASSERT_EQ(view.hitAt(p).curve, x);
    drag(&view, p, p + QPointF(0, -30), Qt::ShiftModifier);  // value only
    EXPECT_NEAR(track().value(k, 0), before.value(k, 0) + 30 / ct.scaleY(), 1e-4);
    EXPECT_EQ(track().times[k], before.times[k]);
    model.undoStack()->undo();
    EXPECT_TRUE(track().sameCurve(before));
}

TEST_F(CurveViewTest, KeyDragsSnapToFrames) {
    state.setSnapToFrames(true);
    state.setFrameRate(24);
    const int k = 4;
    const QPointF p = keyPx(k, 0);
    drag(&view, p, p + QPointF(23, 0));
    const double frames = double(track().times[k]) * 24;
    EXPECT_NEAR(frames, std::round(frames), 1e-3);
    EXPECT_NE(track().times[k], before.times[k]);
    // Other selected keys keep their offsets... here only one; tangents unchanged.
    EXPECT_EQ(track().outTangent(k, 0), before.outTangent(k, 0));
}

TEST(TimeLabels, SecondsOrFrames) {
    EXPECT_EQ(formatTime(1.25, 0.05, 0), QStringLiteral("1.25 s"));
    EXPECT_EQ(formatTime(1.0, 1.0 / 30, 30), QStringLiteral("30 f"));
    EXPECT_EQ(formatTime(0.5, 5.0 / 24, 24), QStringLiteral("12 f"));
    EXPECT_EQ(formatTime(0.1, 0.1 / 30, 30), QStringLiteral("3.0 f"));
}

TEST(MainWindowTest, NextAndPreviousFindingSelectAndFrameTheirChannelAndKey) {
    MainWindow w;
    w.resize(1400, 860);
    w.show();
    ASSERT_TRUE(w.openFile(QString::fromStdString(fixture("blender/broken_trs_1.glb"))));
    const Findings& findings = w.issuesPanel()->findings();
    std::vector<const Finding*> withChannel;
    for (const Finding& f : findings)
        if (f.animation >= 0 && f.channel >= 0) withChannel.push_back(&f);
    ASSERT_GE(withChannel.size(), 3u);
    auto expectShown = [&](const Finding& f) {
        EXPECT_EQ(w.viewState()->shownChannels(), (std::vector<ChannelId>{{f.animation, f.channel}}));
        if (f.key >= 0) {
            const auto keys = w.viewState()->selectedKeys();
            ASSERT_EQ(keys.size(), 1u);
            EXPECT_EQ(keys[0], std::make_tuple(f.animation, f.channel, f.key));
            EXPECT_EQ(w.keyInspector()->key(), f.key);
            // Framed: the key is inside the view.
            const Track& t = w.model()->document().channel(f.animation, f.channel)->track;
            const double x = w.curveView()->viewTransform().toWidgetX(t.times[f.key]);
            EXPECT_GT(x, 0);
            EXPECT_LT(x, w.curveView()->width());
        }
    };
    ASSERT_TRUE(w.selectNextFinding(true));
    expectShown(*withChannel[0]);
    ASSERT_TRUE(w.selectNextFinding(true));
    expectShown(*withChannel[1]);
    ASSERT_TRUE(w.selectNextFinding(false));
    expectShown(*withChannel[0]);
    ASSERT_TRUE(w.selectNextFinding(false));  // wraps around to the last
    expectShown(*withChannel.back());
}

// A per-key check's finding is one row per channel with its count; Alt+Down steps the selection
// through every one of its keys (more than the finding lists), Alt+Up back, wrapping around.
TEST(MainWindowTest, AFindingOfManyKeysIsOneRowAndStepsThroughItsKeys) {
    MainWindow w;
    w.resize(1400, 860);
    w.show();
    ASSERT_TRUE(w.openFile(QString::fromStdString(fixture("blender/broken_trs_1.glb"))));
    IssuesPanel* panel = w.issuesPanel();
    const Findings& findings = panel->findings();
    int row = -1;
    std::set<ChannelId> channels;
    for (int i = 0; i < int(findings.size()); ++i)
        if (findings[i].code == "TANGENT_BROKEN_TANGENT") {
            EXPECT_TRUE(channels.insert({findings[i].animation, findings[i].channel}).second)
                    << "two rows, one channel";
            if (row < 0 || findings[i].count > findings[row].count) row = i;
        }
    ASSERT_GE(row, 0);
    const Finding f = findings[row];
    ASSERT_GT(f.count, 2);
    // Every broken key of the channel, counted independently of the checks.
    const Track& track = w.model()->document().channel(f.animation, f.channel)->track;
    std::vector<int> broken;
    for (int k = 0; k < track.keyCount(); ++k)
        if (track.isBroken(k)) broken.push_back(k);
    EXPECT_EQ(f.count, std::int64_t(broken.size()));
    auto selectedKey = [&] {
        const auto keys = w.viewState()->selectedKeys();
        return keys.size() == 1 ? std::get<2>(keys[0]) : -1;
    };
    QTreeWidgetItem* item = panel->topLevelItem(row);
    panel->setCurrentItem(item);
    emit panel->itemActivated(item, 0);
    EXPECT_EQ(selectedKey(), broken[0]);
    panel->setFocus();
    for (std::size_t i = 1; i <= broken.size(); ++i) {  // the last step wraps to the first
        QTest::keyClick(panel, Qt::Key_Down, Qt::AltModifier);
        EXPECT_EQ(selectedKey(), broken[i % broken.size()]) << "step " << i;
        EXPECT_EQ(w.keyInspector()->key(), broken[i % broken.size()]);
    }
    EXPECT_TRUE(item->text(3).contains(QStringLiteral("(1 of %1)").arg(f.count))) << item->text(3).toStdString();
    QTest::keyClick(panel, Qt::Key_Up, Qt::AltModifier);  // back past the first: the last
    EXPECT_EQ(selectedKey(), broken.back());
    // The channel list counts the same keys.
    EXPECT_EQ(brokenKeys(track).count, f.count);
}

TEST(MainWindowTest, ClickingSAndLInTheChannelsListTogglesSoloAndLock) {
    MainWindow w;
    ASSERT_TRUE(w.openFile(QString::fromStdString(fixture("blender/broken_trs_1.glb"))));
    auto* tree = w.findChild<QTreeWidget*>();
    ASSERT_TRUE(tree);
    QTreeWidgetItem* row = nullptr;
    for (QTreeWidgetItemIterator it(tree); *it; ++it)
        if ((*it)->text(2) == QLatin1String("S") && !row) row = *it;
    ASSERT_TRUE(row);
    emit tree->itemClicked(row, 2);
    EXPECT_TRUE(w.viewState()->isSolo(0, 0));
    emit tree->itemClicked(row, 3);
    EXPECT_TRUE(w.viewState()->isLocked(0, 0));
    emit tree->itemClicked(row, 3);
    EXPECT_FALSE(w.viewState()->isLocked(0, 0));
}
