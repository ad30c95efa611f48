// The curve view's context menu, ghost curves of the saved state, framing a key with its handles
// and neighbours, and the window layout at small sizes: driven with real mouse and key events
// on a real Blender export, checked against values computed here from the file's own keys.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include <QDockWidget>
#include <QMenu>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <QUndoStack>

#include <gtest/gtest.h>

#include "../core/test_support.h"  // expectKhronosValid
#include "curvepainter.h"
#include "curveview.h"
#include "ghostcurves.h"
#include "mainwindow.h"
#include "ui_support.h"

using namespace tangent;
using namespace tangent::editing;
using namespace tangent::render;
using namespace tangent::ui;
using namespace tangent::ui::test;

namespace {

constexpr double kMargin = 36;  // CurveView's frame margin in pixels

class ViewPolishTest : public ::testing::Test {
protected:
    void SetUp() override {
        w.resize(1400, 860);
        w.show();
        ASSERT_TRUE(w.openFile(QString::fromStdString(tangent::ui::test::fixture("blender/broken_trs_1.glb"))));
        w.viewState()->setShownChannels({{0, 0}});  // Mover · translation, 9 CUBICSPLINE keys
        QCoreApplication::processEvents();
        before = track();
    }
    void TearDown() override {
        if (QWidget* popup = QApplication::activePopupWidget()) popup->close();
    }
    const Track& track() { return w.model()->document().channel(0, 0)->track; }
    CurveView* view() { return w.curveView(); }
    QPointF toPx(double t, double v) { return view()->viewTransform().toWidget(QPointF(t, v)); }
    QPointF keyPx(int k, int c) { return toPx(track().times[k], track().value(k, c)); }
    // The plot: the view without its rulers.
    QRectF plot() {
        return QRectF(CurvePainter::kRulerWidth, CurvePainter::kRulerHeight,
                      view()->width() - CurvePainter::kRulerWidth, view()->height() - CurvePainter::kRulerHeight);
    }
    // Right-click at `p`: the menu that opens (null when none), its action texts.
    QMenu* rightClick(QPointF p) {
        sendMouse(view(), QEvent::MouseButtonPress, p, Qt::RightButton, Qt::RightButton);
        sendMouse(view(), QEvent::MouseButtonRelease, p, Qt::RightButton, Qt::NoButton);
        return qobject_cast<QMenu*>(QApplication::activePopupWidget());
    }
    static QStringList texts(const QMenu* menu) {
        QStringList list;
        for (const QAction* a : menu->actions())
            if (!a->isSeparator()) list << a->text();
        return list;
    }
    static QAction* actionOf(const QMenu* menu, const QString& text) {
        for (QAction* a : menu->actions())
            if (a->text() == text) return a;
        return nullptr;
    }

    MainWindow w;
    Track before;
};

// The world rectangle of key k of component c, its handle ends (one third of each segment, the
// tangent times that third; the end keys' unused handles take the neighbouring segment) and the
// neighbouring keys, from the track's numbers.
QRectF expectedFrame(const Track& t, int k, int c) {
    const int n = t.keyCount();
    const double dtIn = k > 0 ? double(t.times[k]) - t.times[k - 1] : double(t.times[1]) - t.times[0];
    const double dtOut = k < n - 1 ? double(t.times[k + 1]) - t.times[k] : double(t.times[n - 1]) - t.times[n - 2];
    std::vector<QPointF> points = {{t.times[k], t.value(k, c)},
                                   {t.times[k] - dtIn / 3, t.value(k, c) - t.inTangent(k, c) * dtIn / 3},
                                   {t.times[k] + dtOut / 3, t.value(k, c) + t.outTangent(k, c) * dtOut / 3}};
    if (k > 0) points.push_back({t.times[k - 1], t.value(k - 1, c)});
    if (k < n - 1) points.push_back({t.times[k + 1], t.value(k + 1, c)});
    double t0 = INFINITY, t1 = -INFINITY, v0 = INFINITY, v1 = -INFINITY;
    for (const QPointF& p : points) {
        t0 = std::min(t0, p.x());
        t1 = std::max(t1, p.x());
        v0 = std::min(v0, p.y());
        v1 = std::max(v1, p.y());
    }
    return QRectF(t0, v0, t1 - t0, v1 - v0);
}

}  // namespace

// ---- framing ---------------------------------------------------------------------------

TEST_F(ViewPolishTest, FFramesTheKeyWithItsHandlesAndNeighbours) {
    for (int k : {3, 0, 8}) {  // an interior key, and the first and last (their unused handles drawn dashed)
        w.viewState()->setSelection({{0, 0, k, 1}});
        view()->setFocus();
        QTest::keyClick(view(), Qt::Key_F);
        const QRectF world = expectedFrame(track(), k, 1);
        // Exactly that rectangle, 36 px inside the plot on each side.
        const ViewTransform& vt = view()->viewTransform();
        EXPECT_NEAR(vt.toWidgetX(world.left()), plot().left() + kMargin, 1e-6) << k;
        EXPECT_NEAR(vt.toWidgetX(world.right()), plot().right() - kMargin, 1e-6) << k;
        EXPECT_NEAR(vt.toWidgetY(world.bottom()), plot().top() + kMargin, 1e-6) << k;
        EXPECT_NEAR(vt.toWidgetY(world.top()), plot().bottom() - kMargin, 1e-6) << k;
        // The handle ends as drawn are on screen.
        const KeyHandles h = keyHandles(track(), k, 1);
        EXPECT_TRUE(plot().contains(vt.toWidget(h.in))) << k;
        EXPECT_TRUE(plot().contains(vt.toWidget(h.out))) << k;
    }
}

TEST_F(ViewPolishTest, NextBrokenKeyAndNextFindingShowTheHandlesAndNeighbours) {
    auto expectFramed = [&](const char* what) {
        ASSERT_FALSE(w.viewState()->selection().empty()) << what;
        const ViewTransform& vt = view()->viewTransform();
        for (const KeyRef& key : w.viewState()->selection()) {
            const Track& t = w.model()->document().channel(key.animation, key.channel)->track;
            const KeyHandles h = keyHandles(t, key.key, key.component);
            EXPECT_TRUE(plot().contains(vt.toWidget(h.in))) << what << " key " << key.key;
            EXPECT_TRUE(plot().contains(vt.toWidget(h.out))) << what << " key " << key.key;
            for (int n : {key.key - 1, key.key + 1}) {
                if (n < 0 || n >= t.keyCount()) continue;
                EXPECT_TRUE(plot().contains(vt.toWidget(QPointF(t.times[n], t.value(n, key.component)))))
                        << what << " neighbour " << n;
            }
        }
    };
    view()->setFocus();
    QTest::keyClick(view(), Qt::Key_BracketRight);
    expectFramed("]");
    QTest::keyClick(view(), Qt::Key_BracketRight);
    expectFramed("] ]");
    ASSERT_TRUE(w.selectNextFinding(true));
    expectFramed("next finding");
}

// ---- context menu ----------------------------------------------------------------------

TEST_F(ViewPolishTest, RightClickOnAKeySelectsItAndOffersTheKeyTools) {
    view()->frameAll();
    const QPointF key = keyPx(4, 0);
    QMenu* menu = rightClick(key);
    ASSERT_TRUE(menu);
    EXPECT_EQ(w.viewState()->selection(), (KeySelection{{0, 0, 4, 0}}));
    // The window's own actions.
    EXPECT_EQ(texts(menu), (QStringList{QStringLiteral("&Delete Keys"), QStringLiteral("&Handle Mode"),
                                        QStringLiteral("&Interpolation"), QStringLiteral("&Copy Keys"),
                                        QStringLiteral("&Paste Keys"), QStringLiteral("Paste and &Merge Keys"),
                                        QStringLiteral("Frame &Selected"), QStringLiteral("Frame &All")}));
    QMenu* modes = actionOf(menu, QStringLiteral("&Handle Mode"))->menu();
    ASSERT_TRUE(modes);
    EXPECT_EQ(modes->actions().size(), 6);
    // Flat: both tangents of that key's x are zero, everything else as it was; one undo step.
    actionOf(modes, QStringLiteral("F&lat"))->trigger();
    EXPECT_EQ(track().inTangent(4, 0), 0.0f);
    EXPECT_EQ(track().outTangent(4, 0), 0.0f);
    EXPECT_EQ(track().value(4, 0), before.value(4, 0));
    EXPECT_EQ(track().outTangent(4, 1), before.outTangent(4, 1));
    EXPECT_EQ(w.model()->undoStack()->count(), 1);
}

TEST_F(ViewPolishTest, RightClickOnAKeyOfASelectionKeepsTheSelection) {
    view()->frameAll();
    const KeySelection two = {{0, 0, 2, 0}, {0, 0, 5, 0}};
    w.viewState()->setSelection(two);
    ASSERT_TRUE(rightClick(keyPx(5, 0)));
    EXPECT_EQ(w.viewState()->selection(), two);
    QApplication::activePopupWidget()->close();
    // Delete Keys from the menu deletes both.
    ASSERT_TRUE(rightClick(keyPx(5, 0)));
    actionOf(qobject_cast<QMenu*>(QApplication::activePopupWidget()), QStringLiteral("&Delete Keys"))->trigger();
    EXPECT_EQ(track().keyCount(), before.keyCount() - 2);
    EXPECT_EQ(track().times[2], before.times[3]);
}

TEST_F(ViewPolishTest, InsertKeyHereOnACurveInsertsAtTheClickedTimeKeepingTheShape) {
    view()->frameAll();
    // A point on x's curve halfway between keys 2 and 3 (in pixels, then exactly on the curve).
    const double t = view()->viewTransform().toWorldX((keyPx(2, 0).x() + keyPx(3, 0).x()) / 2);
    double v[3];
    evaluate(before, t, v);
    const QPointF onCurve = toPx(t, v[0]);
    QMenu* menu = rightClick(onCurve);
    ASSERT_TRUE(menu);
    EXPECT_EQ(texts(menu).first(), QStringLiteral("&Insert Key Here"));
    EXPECT_FALSE(texts(menu).contains(QStringLiteral("&Delete Keys")));
    EXPECT_TRUE(w.viewState()->selection().empty());
    actionOf(menu, QStringLiteral("&Insert Key Here"))->trigger();
    ASSERT_EQ(track().keyCount(), before.keyCount() + 1);
    EXPECT_NEAR(track().times[3], t, 1e-6);  // the time under the pointer (stored as a float)
    EXPECT_EQ(w.viewState()->selection(), (KeySelection{{0, 0, 3, 0}}));
    // The shape is kept: the curve plays what it played before, between and at the keys.
    for (double s = before.startTime(); s <= before.endTime(); s += 0.05) {
        double a[3], b[3];
        evaluate(before, s, a);
        evaluate(track(), s, b);
        for (int c = 0; c < 3; ++c) EXPECT_NEAR(a[c], b[c], 1e-5) << s;
    }
}

TEST_F(ViewPolishTest, RightClickOnEmptySpaceOffersInsertAtPlayheadAndFraming) {
    view()->frameAll();
    QMenu* menu = rightClick(QPointF(plot().right() - 5, plot().bottom() - 5));
    ASSERT_TRUE(menu);
    EXPECT_EQ(texts(menu), (QStringList{QStringLiteral("&Insert Key at Playhead"), QStringLiteral("&Interpolation"),
                                        QStringLiteral("&Copy Keys"), QStringLiteral("&Paste Keys"),
                                        QStringLiteral("Paste and &Merge Keys"), QStringLiteral("Frame &Selected"),
                                        QStringLiteral("Frame &All")}));
    QMenu* interp = actionOf(menu, QStringLiteral("&Interpolation"))->menu();
    ASSERT_TRUE(interp);
    menu->close();
    // Linear drops the cubic tangents: the window asks first.
    EXPECT_TRUE(triggerAndAnswer(actionOf(interp, QStringLiteral("&Linear")), [](QDialog*) {}));
    EXPECT_EQ(track().interpolation, Interpolation::Linear);
}

TEST_F(ViewPolishTest, CopyAndPasteAreInTheMenu) {
    view()->frameAll();
    QMenu* menu = rightClick(keyPx(4, 0));
    ASSERT_TRUE(menu);
    const QStringList list = texts(menu);
    EXPECT_TRUE(list.contains(QStringLiteral("&Copy Keys")));
    EXPECT_TRUE(list.contains(QStringLiteral("&Paste Keys")));
    EXPECT_TRUE(list.contains(QStringLiteral("Paste and &Merge Keys")));
}

TEST_F(ViewPolishTest, RightButtonDuringADragCancelsItWithoutAMenu) {
    view()->frameAll();
    w.viewState()->setSelection({{0, 0, 4, 0}});
    const QPointF from = keyPx(4, 0);
    drag(view(), from, from + QPointF(30, -40), Qt::NoModifier, false);
    ASSERT_EQ(view()->interaction(), CurveView::Interaction::DraggingKeys);
    ASSERT_FALSE(track().sameCurve(before));
    sendMouse(view(), QEvent::MouseButtonPress, from + QPointF(30, -40), Qt::RightButton,
              Qt::LeftButton | Qt::RightButton);
    EXPECT_EQ(view()->interaction(), CurveView::Interaction::Idle);
    EXPECT_FALSE(QApplication::activePopupWidget());
    EXPECT_TRUE(track().sameCurve(before));
    release(view(), from + QPointF(30, -40));
    EXPECT_TRUE(track().sameCurve(before));
    EXPECT_EQ(w.model()->undoStack()->count(), 0);
}

// ---- ghost curves ----------------------------------------------------------------------

TEST_F(ViewPolishTest, GhostShowsTheChannelAsOpenedThenAsLastSaved) {
    QAction* ghost = menuAction(w, QStringLiteral("&View"), QStringLiteral("Show &Ghost of Saved Curves"));
    ASSERT_TRUE(ghost);
    EXPECT_TRUE(ghost->isCheckable());
    EXPECT_EQ(ghost->shortcut(), QKeySequence(Qt::Key_G));
    view()->frameAll();
    QTest::keyClick(view(), Qt::Key_G);
    ASSERT_TRUE(ghost->isChecked());
    EXPECT_TRUE(view()->ghostCurves().empty());  // nothing differs yet

    // A drag: the channel as opened is drawn behind it (during the drag too).
    w.viewState()->setSelection({{0, 0, 4, 0}});
    drag(view(), keyPx(4, 0), keyPx(4, 0) + QPointF(0, -40), Qt::NoModifier, false);
    ASSERT_EQ(view()->ghostCurves().size(), 1u);
    EXPECT_TRUE(view()->ghostCurves().at({0, 0})->sameCurve(before));
    release(view(), keyPx(4, 0));
    const Track edited = track();
    ASSERT_FALSE(edited.sameCurve(before));

    // Saved: the saved state is what is shown, so no ghost; a new edit shows the saved state.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("edited.glb"));
    QString error;
    ASSERT_TRUE(w.model()->saveAs(path, &error)) << error.toStdString();
    expectKhronosValid(path.toStdString());
    EXPECT_TRUE(view()->ghostCurves().empty());
    drag(view(), keyPx(6, 0), keyPx(6, 0) + QPointF(0, 30));
    ASSERT_EQ(view()->ghostCurves().size(), 1u);
    EXPECT_TRUE(view()->ghostCurves().at({0, 0})->sameCurve(edited));
    // Undo back to the saved state: no ghost; off: none either, and Simplify's or a comparison's
    // reference curves are the view's own, untouched by the ghost.
    w.model()->undoStack()->undo();
    EXPECT_TRUE(view()->ghostCurves().empty());
    w.model()->undoStack()->redo();
    EXPECT_EQ(view()->ghostCurves().size(), 1u);
    EXPECT_TRUE(view()->referenceCurves().empty());
    QTest::keyClick(view(), Qt::Key_G);
    EXPECT_FALSE(ghost->isChecked());
    EXPECT_TRUE(view()->ghostCurves().empty());
}

TEST_F(ViewPolishTest, GhostTurnedOnAfterEditsShowsTheChannelAsOpened) {
    w.viewState()->setSelection({{0, 0, 4, 0}});
    view()->frameAll();
    drag(view(), keyPx(4, 0), keyPx(4, 0) + QPointF(0, -40));
    ASSERT_TRUE(view()->ghostCurves().empty());  // off by default
    w.ghostCurves()->setEnabled(true);
    ASSERT_EQ(view()->ghostCurves().size(), 1u);
    EXPECT_TRUE(view()->ghostCurves().at({0, 0})->sameCurve(before));
}

// ---- layout ----------------------------------------------------------------------------

namespace {
int dockWidth(MainWindow& w, const char* name) {
    return w.findChild<QDockWidget*>(QString::fromLatin1(name))->width();
}
void resizeAndSettle(MainWindow& w, int width, int height) {
    w.resize(width, height);
    // The docks' layout requests, then the transport bar's rows (which follow its new width): a
    // few passes, each posting the next.
    for (int pass = 0; pass < 8; ++pass) QCoreApplication::processEvents();
}
}  // namespace

// 900 x 600: the curve view has at least half of the window's area. The bottom docks are tabbed
// with the Key dock on the right; the review buttons stay in the toolbar; a roomy window puts the
// docks back, and the saved state is the roomy layout.
TEST_F(ViewPolishTest, AtNineHundredBySixHundredTheCurveViewHasHalfTheWindow) {
    w.viewState()->setSelection({{0, 0, 4, 0}, {0, 0, 4, 1}, {0, 0, 4, 2}});  // the inspector's key rows shown
    resizeAndSettle(w, 900, 600);
    const double area = double(view()->width()) * view()->height();
    std::printf("curve view at 900 x 600: %d x %d, %.0f %% of the window\n", view()->width(), view()->height(),
                100 * area / (900 * 600));
    EXPECT_GE(area, 0.5 * 900 * 600) << view()->width() << " x " << view()->height();
    EXPECT_LE(dockWidth(w, "channelsDock"), 900 / 5);
    EXPECT_LE(dockWidth(w, "keyDock"), 900 / 6);
    auto* issues = w.findChild<QDockWidget*>(QStringLiteral("issuesDock"));
    auto* key = w.findChild<QDockWidget*>(QStringLiteral("keyDock"));
    EXPECT_EQ(w.dockWidgetArea(issues), Qt::RightDockWidgetArea);
    EXPECT_TRUE(w.tabifiedDockWidgets(key).contains(issues));
    EXPECT_FALSE(key->visibleRegion().isEmpty());  // the Key dock is the tab in front
    // Every review button of the toolbar is in sight (the view toggles may go to its overflow).
    QToolBar* toolbar = w.findChild<QToolBar*>(QStringLiteral("mainToolbar"));
    for (const QString& text : {QStringLiteral("◀ Broken"), QStringLiteral("Broken ▶"), QStringLiteral("◀ Finding"),
                                QStringLiteral("Finding ▶")}) {
        QAction* action = nullptr;
        for (QAction* a : toolbar->actions())
            if (a->iconText() == text) action = a;
        ASSERT_TRUE(action) << text.toStdString();
        QWidget* button = toolbar->widgetForAction(action);
        ASSERT_TRUE(button) << text.toStdString();
        EXPECT_TRUE(button->isVisible()) << text.toStdString();
        EXPECT_LE(button->geometry().right(), toolbar->width()) << text.toStdString();
    }

    // Roomy again: Issues back at the bottom, in front of its tabs.
    resizeAndSettle(w, 1400, 860);
    EXPECT_EQ(w.dockWidgetArea(issues), Qt::BottomDockWidgetArea);
    EXPECT_EQ(w.dockWidgetArea(w.findChild<QDockWidget*>(QStringLiteral("eulerDock"))), Qt::BottomDockWidgetArea);
    EXPECT_FALSE(issues->visibleRegion().isEmpty());
    // Compact again, then closed: the state saved is the roomy one.
    resizeAndSettle(w, 900, 600);
    ASSERT_EQ(w.dockWidgetArea(issues), Qt::RightDockWidgetArea);
    ASSERT_TRUE(w.close());
    EXPECT_EQ(w.dockWidgetArea(issues), Qt::BottomDockWidgetArea);
    QSettings().remove(QStringLiteral("mainWindow"));  // other tests' windows open at their own size
}

TEST_F(ViewPolishTest, DockWidthsRecoverAfterAResize) {
    resizeAndSettle(w, 900, 600);
    const int channels = dockWidth(w, "channelsDock"), key = dockWidth(w, "keyDock");
    resizeAndSettle(w, 1600, 900);
    EXPECT_EQ(dockWidth(w, "channelsDock"), 300);  // back to their width at a large size
    EXPECT_EQ(dockWidth(w, "keyDock"), 300);
    resizeAndSettle(w, 900, 600);
    EXPECT_EQ(dockWidth(w, "channelsDock"), channels);
    EXPECT_EQ(dockWidth(w, "keyDock"), key);
}

TEST_F(ViewPolishTest, TheToolbarKeepsItsSizeWhenTheUndoTextChanges) {
    resizeAndSettle(w, 900, 600);
    QToolBar* toolbar = w.findChild<QToolBar*>(QStringLiteral("mainToolbar"));
    ASSERT_TRUE(toolbar);
    QAction* undo = menuAction(w, QStringLiteral("&Edit"), QStringLiteral("&Undo"));
    ASSERT_TRUE(undo);
    QWidget* undoButton = toolbar->widgetForAction(undo);
    ASSERT_TRUE(undoButton);
    const QSize buttonSize = undoButton->sizeHint(), toolbarSize = toolbar->size();
    // An edit with a long name: the menu and the tooltip say it, the toolbar stays as it was.
    w.viewState()->setSelection({{0, 0, 2, 0}, {0, 0, 3, 0}, {0, 0, 5, 0}});
    view()->setFocus();
    QTest::keyClick(view(), Qt::Key_Delete);
    QCoreApplication::processEvents();
    ASSERT_EQ(track().keyCount(), before.keyCount() - 3);
    ASSERT_GT(undo->text().size(), 10) << undo->text().toStdString();
    EXPECT_EQ(undo->toolTip(), undo->text().remove(QLatin1Char('&')));
    EXPECT_EQ(undoButton->sizeHint(), buttonSize);
    EXPECT_EQ(toolbar->size(), toolbarSize);
}
