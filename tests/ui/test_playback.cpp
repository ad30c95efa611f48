// Playback and time in the real main window: Space, Left/Right and Shift+Left/Right as key
// presses, ruler clicks, the transport bar's controls, on Blender exports. Playback runs on a
// test clock moved by hand; expected times are the files' own key times written as literals.
#include <QAbstractItemView>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QMenu>
#include <QStatusBar>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QUndoStack>

#include <gtest/gtest.h>

#include "channelspanel.h"
#include "curvepainter.h"
#include "curveview.h"
#include "keyinspector.h"
#include "mainwindow.h"
#include "numberfield.h"
#include "playback.h"
#include "tangent/builder.h"
#include "tangent/scene.h"
#include "tangent/timing.h"
#include "transportbar.h"
#include "ui_support.h"

using namespace tangent;
using namespace tangent::editing;
using namespace tangent::render;
using namespace tangent::ui;
using namespace tangent::ui::test;

namespace {

// broken_trs_1.glb: one animation, keys at frames 0 5 22 25 32 35 47 59 71 of 24 fps; its last
// key is float(71 / 24).
constexpr double kBrokenLastKey = 2.9583332538604736;

class PlaybackTest : public ::testing::Test {
protected:
    void open(const char* name) {
        window.resize(1200, 800);
        window.show();
        window.activateWindow();
        ASSERT_TRUE(QTest::qWaitForWindowActive(&window)) << "the window must be active for its shortcuts";
        ASSERT_TRUE(window.openFile(QString::fromStdString(fixture(std::string("blender/") + name))));
        playback()->setClock([this] { return now; });
        window.curveView()->setFocus();
        QApplication::processEvents();
    }
    Playback* playback() { return window.playback(); }
    ViewState* state() { return window.viewState(); }
    double time() { return state()->currentTime(); }
    // A key press where the user works: the curve view has the focus.
    void key(Qt::Key k, Qt::KeyboardModifiers mods = Qt::NoModifier) {
        QTest::keyClick(QApplication::focusWidget(), k, mods);
    }
    // The wall clock moves on by `seconds`; then the timer's tick comes.
    void advance(double seconds) {
        now += seconds;
        playback()->tick();
    }

    MainWindow window;
    double now = 1000;  // seconds on the test clock
};

}  // namespace

TEST_F(PlaybackTest, SpaceTogglesPlayAndTimeMovesByTheWallTimeTimesTheSpeed) {
    open("broken_trs_1.glb");
    ASSERT_EQ(time(), 0);
    key(Qt::Key_Space);
    ASSERT_TRUE(playback()->isPlaying());
    advance(0.5);
    EXPECT_EQ(time(), 0.5);
    key(Qt::Key_Space);
    EXPECT_FALSE(playback()->isPlaying());
    advance(0.5);
    EXPECT_EQ(time(), 0.5);  // paused: the clock moves, the time does not

    // At 2x (Playback > Speed > 2x): 0.5 s of wall time is 1 s of animation.
    QAction* twice = menuAction(window, QStringLiteral("&Speed"), QStringLiteral("2×"));
    ASSERT_NE(twice, nullptr);
    twice->trigger();
    EXPECT_EQ(playback()->speed(), 2);
    EXPECT_EQ(window.transportBar()->speedChooser()->currentText(), QStringLiteral("2×"));
    key(Qt::Key_Space);
    advance(0.5);
    EXPECT_EQ(time(), 1.5);
    // A late tick (a quarter second instead of a 60th) moves the motion as far as the wall time says.
    advance(0.25);
    EXPECT_EQ(time(), 2.0);
}

TEST_F(PlaybackTest, LoopWrapsAtTheLastKeyAndNoLoopStopsThere) {
    open("broken_trs_1.glb");
    ASSERT_TRUE(playback()->loops());
    EXPECT_EQ(playback()->range(), std::make_pair(0.0, kBrokenLastKey));
    state()->setCurrentTime(2.5);
    key(Qt::Key_Space);
    advance(1.0);  // 3.5 s: past the last key by 3.5 - 2.9583332538604736
    EXPECT_EQ(time(), 0.5416667461395264);
    key(Qt::Key_Space);

    // Loop off (the transport bar's button): the time stops at the last key, playing stops.
    QTest::mouseClick(window.transportBar()->loopButton(), Qt::LeftButton);
    EXPECT_FALSE(playback()->loops());
    state()->setCurrentTime(2.5);
    key(Qt::Key_Space);
    advance(1.0);
    EXPECT_EQ(time(), kBrokenLastKey);
    EXPECT_FALSE(playback()->isPlaying());
    // Play at the end starts again from the first key.
    key(Qt::Key_Space);
    EXPECT_TRUE(playback()->isPlaying());
    EXPECT_EQ(time(), 0);
    advance(0.25);
    EXPECT_EQ(time(), 0.25);
}

TEST_F(PlaybackTest, ArrowsStepOneFrameAt24And2997) {
    open("broken_trs_1.glb");
    ASSERT_EQ(state()->frameRate(), 24);  // detected
    key(Qt::Key_Right);
    EXPECT_EQ(time(), 1 / 24.0);
    key(Qt::Key_Right);
    EXPECT_EQ(time(), 2 / 24.0);
    key(Qt::Key_Left);
    EXPECT_EQ(time(), 1 / 24.0);
    key(Qt::Key_Left);
    EXPECT_EQ(time(), 0);
    key(Qt::Key_Left);
    EXPECT_EQ(time(), 0);  // not before 0

    // 29.97 from the transport bar's chooser: a frame is 1001/30000 s.
    QComboBox* rates = window.transportBar()->frameRateChooser();
    const int ntsc = rates->findText(QStringLiteral("29.97 fps"));
    ASSERT_GE(ntsc, 0);
    rates->setCurrentIndex(ntsc);
    emit rates->activated(ntsc);
    EXPECT_EQ(state()->frameRate(), 30000.0 / 1001);
    key(Qt::Key_Right);
    EXPECT_DOUBLE_EQ(time(), 0.03336666666666667);
    key(Qt::Key_Right);
    EXPECT_DOUBLE_EQ(time(), 0.06673333333333334);
    key(Qt::Key_Left);
    EXPECT_DOUBLE_EQ(time(), 0.03336666666666667);
}

TEST_F(PlaybackTest, ShiftArrowsGoToTheFirstAndLastKeyOfTheShownChannels) {
    open("multi_object_1.glb");
    ASSERT_EQ(state()->shownChannels(), (std::vector<ChannelId>{{0, 0}}));  // Obj0 · translation
    key(Qt::Key_Right, Qt::ShiftModifier);
    EXPECT_EQ(time(), 2.0416667461395264);  // frame 49 of 24, Obj0Action's last key
    key(Qt::Key_Left, Qt::ShiftModifier);
    EXPECT_EQ(time(), 0);
    state()->setShownChannels({{0, 0}, {3, 1}});  // and Obj3 · rotation, to frame 157
    key(Qt::Key_Right, Qt::ShiftModifier);
    EXPECT_EQ(time(), 6.541666507720947);

    // Keys that do not start at 0 (a file made here, times chosen by hand).
    DocumentBuilder b;
    const int anim = b.addAnimation("late");
    for (auto [node, first, last] : {std::tuple{"a", 0.5f, 2.0f}, std::tuple{"b", 0.75f, 3.0f}}) {
        Track t;
        t.interpolation = Interpolation::Linear;
        t.path = TargetPath::Translation;
        t.components = 3;
        t.resize(2);
        t.times = {first, last};
        b.addChannel(anim, b.addNode(node), t);
    }
    window.model()->setDocument(b.build("late.gltf"), QString());
    state()->setShownChannels({{0, 0}, {0, 1}});
    key(Qt::Key_Right, Qt::ShiftModifier);
    EXPECT_EQ(time(), 3.0);
    key(Qt::Key_Left, Qt::ShiftModifier);
    EXPECT_EQ(time(), 0.5);
    state()->setShownChannels({{0, 1}});
    key(Qt::Key_Left, Qt::ShiftModifier);
    EXPECT_EQ(time(), 0.75);
}

TEST_F(PlaybackTest, InFramesTheRulerTheInspectorAndTheReadoutUseFramesAndThePlayheadSnaps) {
    open("broken_trs_1.glb");
    key(Qt::Key_T);  // View > Time in Frames
    ASSERT_TRUE(state()->timeInFrames());
    CurveView* view = window.curveView();
    view->setViewTransform(ViewTransform(QSizeF(view->size()), -0.2, 3.5, 300, 80));
    // The ruler at x = (1.01 + 0.2) * 300 = 363 px is t = 1.01 s, frame 24.24: the playhead
    // lands on frame 24, t = 1; at 372 px (1.04 s, frame 24.96) on frame 25.
    const double y = CurvePainter::kRulerHeight / 2;
    QTest::mouseClick(view, Qt::LeftButton, Qt::NoModifier, QPoint(363, int(y)));
    EXPECT_EQ(time(), 1.0);
    QTest::mouseClick(view, Qt::LeftButton, Qt::NoModifier, QPoint(372, int(y)));
    EXPECT_EQ(time(), 25 / 24.0);
    // A drag along the ruler stays on frames.
    drag(view, QPointF(363, y), QPointF(400, y));  // 1.133 s: frame 27.2
    EXPECT_EQ(time(), 27 / 24.0);
    EXPECT_EQ(window.transportBar()->timeReadout()->text(), QStringLiteral("frame 27  ·  1.125 s"));

    // The Key inspector: key 1 is frame 5 (0.20833333 s).
    state()->setSelection({{0, 0, 1, 0}});
    NumberField* timeBox = window.keyInspector()->findChildren<NumberField*>().front();
    EXPECT_EQ(timeBox->suffix(), QStringLiteral(" f"));
    EXPECT_EQ(timeBox->value(), 5.0);
    // Leaving the box as it shows is no edit; typing frame 6 moves the key to 6/24 s.
    emit timeBox->editingFinished();
    EXPECT_EQ(window.model()->undoStack()->count(), 0);
    timeBox->setValue(6);
    emit timeBox->editingFinished();
    EXPECT_EQ(window.model()->document().channel(0, 0)->track.times[1], 0.25f);

    // Seconds again: the ruler click is where the pointer is.
    key(Qt::Key_T);
    ASSERT_FALSE(state()->timeInFrames());
    QTest::mouseClick(view, Qt::LeftButton, Qt::NoModifier, QPoint(363, int(y)));
    EXPECT_NEAR(time(), 1.01, 1e-12);
    EXPECT_EQ(timeBox->suffix(), QStringLiteral(" s"));
    EXPECT_EQ(window.transportBar()->timeReadout()->text(), QStringLiteral("1.010 s  ·  frame 24.2"));
}

// In frames, playback shows whole frames, and rounding never holds it back: at 24 fps, ticks
// 0.03 s apart land on frames 1, 1, 2 (0.72, 1.44, 2.16 frames played).
TEST_F(PlaybackTest, InFramesPlaybackShowsWholeFramesWithoutFallingBehind) {
    open("broken_trs_1.glb");
    key(Qt::Key_T);
    ASSERT_TRUE(state()->timeInFrames());
    ASSERT_EQ(state()->frameRate(), 24.0);
    key(Qt::Key_Space);
    ASSERT_TRUE(playback()->isPlaying());
    advance(0.03);
    EXPECT_DOUBLE_EQ(time(), 1 / 24.0);
    advance(0.03);
    EXPECT_DOUBLE_EQ(time(), 1 / 24.0);
    advance(0.03);
    EXPECT_DOUBLE_EQ(time(), 2 / 24.0);
    // The user puts the playhead on frame 24 while it plays: playback goes on from there.
    state()->setCurrentTime(1.0);
    advance(0.03);
    EXPECT_DOUBLE_EQ(time(), 25 / 24.0);
}

TEST_F(PlaybackTest, TheFrameRateIsDetectedOnOpen) {
    open("broken_trs_1.glb");  // Blender 3.4 at 24 fps: frames 0 5 22 25 32 35 47 59 71
    EXPECT_EQ(state()->frameRate(), 24);
    EXPECT_EQ(window.transportBar()->frameRateChooser()->currentText(), QStringLiteral("24 fps"));
    QAction* menu24 = menuAction(window, QStringLiteral("Frame &Rate"), QStringLiteral("24 fps"));
    ASSERT_NE(menu24, nullptr);
    EXPECT_TRUE(menu24->isChecked());
    // A file whose keys fit no standard rate: 30.
    DocumentBuilder b;
    const int anim = b.addAnimation("odd");
    Track t;
    t.interpolation = Interpolation::Linear;
    t.path = TargetPath::Translation;
    t.components = 3;
    t.resize(2);
    t.times = {0.0f, 0.0123f};
    b.addChannel(anim, b.addNode("n"), t);
    window.model()->setDocument(b.build("odd.gltf"), QString());
    EXPECT_EQ(state()->frameRate(), 30);
    EXPECT_EQ(window.transportBar()->frameRateChooser()->currentText(), QStringLiteral("30 fps"));
    EXPECT_FALSE(menu24->isChecked());
}

TEST_F(PlaybackTest, TheAnimationChooserSetsThePlaybackRangeAndFramesIt) {
    open("broken_trs_1.glb");
    EXPECT_FALSE(window.transportBar()->animationChooser()->isVisible());  // one animation
    ASSERT_TRUE(window.openFile(QString::fromStdString(fixture("blender/multi_object_1.glb"))));
    QComboBox* chooser = window.transportBar()->animationChooser();
    ASSERT_TRUE(chooser->isVisible());
    ASSERT_EQ(chooser->count(), 4);
    EXPECT_EQ(chooser->currentText(), QStringLiteral("Obj0Action"));
    EXPECT_EQ(playback()->range(), std::make_pair(0.0, 2.0416667461395264));

    // Choose Obj3Action: a click opens the list, three rows down, Return. (A click on the row
    // right after the one that opened the list counts as a double click and is ignored.)
    QTest::mouseClick(chooser, Qt::LeftButton);
    QAbstractItemView* list = chooser->view();
    ASSERT_TRUE(list->isVisible());
    for (int i = 0; i < 3; ++i) QTest::keyClick(list, Qt::Key_Down);
    QTest::keyClick(list, Qt::Key_Return);
    EXPECT_FALSE(list->isVisible());
    EXPECT_EQ(chooser->currentText(), QStringLiteral("Obj3Action"));
    EXPECT_EQ(state()->animation(), 3);
    EXPECT_EQ(playback()->range(), std::make_pair(0.0, 6.541666507720947));  // frame 157 of 24
    // None of Obj3Action was shown: its three channels are, framed from its first to last key.
    EXPECT_EQ(state()->shownChannels(), (std::vector<ChannelId>{{3, 0}, {3, 1}, {3, 2}}));
    const CurveView* view = window.curveView();
    const double left = CurvePainter::kRulerWidth + 36, right = view->width() - 36;  // the frame margins
    EXPECT_NEAR(view->viewTransform().toWidgetX(0), left, 1e-6);
    EXPECT_NEAR(view->viewTransform().toWidgetX(6.541666507720947), right, 1e-6);

    // Playing loops over that range: 6 s + 1 s wraps to 7 - 6.541666507720947.
    state()->setCurrentTime(6);
    key(Qt::Key_Space);
    advance(1);
    EXPECT_EQ(time(), 0.45833349227905273);
    // Showing a channel of another animation plays that one.
    state()->setShownChannels({{1, 0}});
    EXPECT_EQ(state()->animation(), 1);
    EXPECT_EQ(chooser->currentText(), QStringLiteral("Obj1Action"));
    EXPECT_EQ(playback()->range(), std::make_pair(0.0, 2.6666667461395264));
}

// Play With: a check per animation in the transport bar; the preview plays the checked ones with
// the current one, the curve view keeps showing the current one.
TEST_F(PlaybackTest, PlayWithChecksAnimationsThePreviewPlaysAlongTheCurrentOne) {
    open("broken_trs_1.glb");
    QToolButton* button = window.transportBar()->alongsideButton();
    EXPECT_FALSE(button->isVisible());  // one animation: nothing to play along
    ASSERT_TRUE(window.openFile(QString::fromStdString(fixture("blender/multi_object_1.glb"))));
    ASSERT_TRUE(button->isVisible());
    EXPECT_EQ(button->text(), QStringLiteral("Play With"));
    EXPECT_EQ(state()->playedAnimations(), std::vector<int>{0});

    // Click the button, then Obj2Action in the menu it opens (the menu runs its own event loop).
    QStringList seen;
    bool currentLocked = false;
    auto clickInMenu = [&](const QString& text) {
        QTimer::singleShot(0, [&, text] {
            auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
            if (!menu) return;
            for (QAction* a : menu->actions()) {
                seen << a->text() + (a->isChecked() ? "*" : "");
                if (a->text().endsWith(QStringLiteral("(shown)"))) currentLocked = !a->isEnabled() && a->isChecked();
            }
            for (QAction* a : menu->actions())
                if (a->text() == text)
                    return QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(a).center());
            menu->close();
        });
        QTest::mouseClick(button, Qt::LeftButton);
    };
    clickInMenu(QStringLiteral("Obj2Action"));
    EXPECT_EQ(seen, (QStringList{"Obj0Action  (shown)*", "Obj1Action", "Obj2Action", "Obj3Action"}));
    EXPECT_TRUE(currentLocked);  // the current animation always plays
    EXPECT_EQ(state()->playedAnimations(), (std::vector<int>{0, 2}));
    EXPECT_EQ(button->text(), QStringLiteral("Playing 2"));
    EXPECT_EQ(state()->animation(), 0);  // the curve view still shows Obj0Action
    EXPECT_EQ(state()->shownChannels().front().animation, 0);

    // The pose the preview draws (PreviewWidget::played() is this list): Obj2Action's node moves
    // as its own channel says.
    const Document& doc = window.model()->document();
    const Scene scene = loadScene(doc);
    const Channel& obj2 = doc.animations()[2].channels[0];
    ASSERT_EQ(obj2.track.path, TargetPath::Translation);
    const int node = obj2.targetNode();
    const double t = 1.25;
    double expected[3];
    evaluate(obj2.track, t, expected);
    Pose both, alone;
    evaluatePose(scene, doc, state()->playedAnimations(), t, both);
    evaluatePose(scene, doc, 0, t, alone);
    for (int i = 0; i < 3; ++i) EXPECT_DOUBLE_EQ(both.local[std::size_t(node)].translation[i], expected[i]);
    EXPECT_NE(both.local[std::size_t(node)].translation, alone.local[std::size_t(node)].translation);

    // Choosing another current animation keeps the checks; unchecking takes one away.
    window.transportBar()->chooseAnimation(3);
    EXPECT_EQ(state()->playedAnimations(), (std::vector<int>{2, 3}));
    seen.clear();
    clickInMenu(QStringLiteral("Obj2Action"));
    EXPECT_EQ(seen, (QStringList{"Obj0Action", "Obj1Action", "Obj2Action*", "Obj3Action  (shown)*"}));
    EXPECT_EQ(state()->playedAnimations(), std::vector<int>{3});
    EXPECT_EQ(button->text(), QStringLiteral("Play With"));

    // Opening a file clears them.
    state()->setPlaysAlong(1, true);
    ASSERT_TRUE(window.openFile(QString::fromStdString(fixture("blender/multi_object_1.glb"))));
    EXPECT_EQ(state()->playedAnimations(), std::vector<int>{0});
}

TEST_F(PlaybackTest, DraggingAHandleWhilePlayingKeepsPlaying) {
    open("broken_trs_1.glb");
    CurveView* view = window.curveView();
    view->setViewTransform(ViewTransform(QSizeF(view->size()), -0.2, 3.5, 300, 80));
    const int k = 3, c = 0;
    state()->setSelection({{0, 0, k, c}});
    const Track before = window.model()->document().channel(0, 0)->track;
    const QPointF from = view->viewTransform().toWidget(keyHandles(before, k, c).out);
    ASSERT_EQ(view->hitAt(from).kind, HitKind::OutHandle);
    key(Qt::Key_Space);
    press(view, from);
    moveHeld(view, from + QPointF(10, -20));
    advance(0.25);
    moveHeld(view, from + QPointF(20, -40));
    advance(0.25);
    release(view, from + QPointF(20, -40));
    EXPECT_TRUE(playback()->isPlaying());
    EXPECT_EQ(time(), 0.5);
    EXPECT_NE(window.model()->document().channel(0, 0)->track.outTangent(k, c), before.outTangent(k, c));
    EXPECT_EQ(window.model()->undoStack()->count(), 1);
}

TEST_F(PlaybackTest, ListsKeepTheirArrowsAndTextFieldsTheirKeys) {
    open("broken_trs_1.glb");
    state()->setCurrentTime(0.5);
    // The channel list has the focus: Left/Right are its own (collapse, expand), not a step.
    QTreeWidget* channels = window.findChild<ChannelsPanel*>();
    ASSERT_NE(channels, nullptr);
    channels->setFocus();
    QTest::keyClick(channels, Qt::Key_Right);
    QTest::keyClick(channels, Qt::Key_Left);
    EXPECT_EQ(time(), 0.5);
    // Shift+Right / Shift+Left are Last / First Key there too; the tree does not open or close.
    auto expanded = [&] {
        int n = 0;
        for (QTreeWidgetItemIterator it(channels); *it; ++it) n += (*it)->isExpanded();
        return n;
    };
    const int open = expanded();
    QTest::keyClick(channels, Qt::Key_Right, Qt::ShiftModifier);
    EXPECT_EQ(time(), playback()->range().second);
    EXPECT_EQ(expanded(), open);
    QTest::keyClick(channels, Qt::Key_Left, Qt::ShiftModifier);
    EXPECT_EQ(time(), playback()->range().first);
    EXPECT_EQ(expanded(), open);
    state()->setCurrentTime(0.5);
    // A Key inspector field: the arrows move the text cursor, Space is typed.
    state()->setSelection({{0, 0, 1, 0}});
    NumberField* valueBox = window.keyInspector()->findChildren<NumberField*>()[1];
    valueBox->setFocus();
    QTest::keyClick(valueBox, Qt::Key_Left);
    QTest::keyClick(valueBox, Qt::Key_Space);
    EXPECT_EQ(time(), 0.5);
    EXPECT_FALSE(playback()->isPlaying());
    // Back in the curve view they play and step again.
    window.curveView()->setFocus();
    key(Qt::Key_Right);
    EXPECT_EQ(time(), 13 / 24.0);  // 0.5 s is frame 12
}

TEST_F(PlaybackTest, InFramesAStopAtALastKeyBetweenFramesRestsOnTheFrameShown) {
    open("broken_trs_1.glb");
    key(Qt::Key_T);
    // At 25 fps the last key, frame 71 of 24 fps, is 73.958 frames: between frames 73 and 74.
    QAction* rate25 = menuAction(window, QStringLiteral("Frame &Rate"), QStringLiteral("25 fps"));
    ASSERT_NE(rate25, nullptr);
    rate25->trigger();  // View ▸ Frame Rate ▸ 25 fps
    ASSERT_EQ(state()->frameRate(), 25.0);
    QTest::mouseClick(window.transportBar()->loopButton(), Qt::LeftButton);
    ASSERT_FALSE(playback()->loops());
    state()->setCurrentTime(frameTime(70, 25));
    key(Qt::Key_Space);
    advance(1.0);
    EXPECT_FALSE(playback()->isPlaying());
    EXPECT_EQ(time(), frameTime(73, 25)) << "not 73.958 f, and not past the last key";
    EXPECT_TRUE(window.transportBar()->timeReadout()->text().startsWith(QStringLiteral("frame 73 ")))
            << window.transportBar()->timeReadout()->text().toStdString();
    // In seconds the stop is the last key itself.
    key(Qt::Key_T);
    state()->setCurrentTime(2.5);
    key(Qt::Key_Space);
    advance(1.0);
    EXPECT_EQ(time(), kBrokenLastKey);
}

TEST_F(PlaybackTest, LoopOnIsFilledNotAFaintBorder) {
    open("broken_trs_1.glb");
    QToolButton* loop = window.transportBar()->loopButton();
    ASSERT_TRUE(loop->isChecked());
    const QPoint inside(4, loop->height() / 2);
    const QColor on = loop->grab().toImage().pixelColor(inside);
    QTest::mouseClick(loop, Qt::LeftButton);
    ASSERT_FALSE(loop->isChecked());
    const QColor off = loop->grab().toImage().pixelColor(inside);
    EXPECT_EQ(on, QColor(0x3d, 0xa5, 0xff)) << "the playhead's blue";
    EXPECT_GT(std::abs(on.lightness() - off.lightness()) + std::abs(on.hue() - off.hue()), 60);
}

TEST_F(PlaybackTest, SGAndTSayWhatTheyDidInTheStatusBar) {
    open("broken_trs_1.glb");
    QStringList said;
    QObject::connect(window.statusBar(), &QStatusBar::messageChanged, [&](const QString& m) { said << m; });
    key(Qt::Key_S);
    ASSERT_FALSE(said.isEmpty());
    EXPECT_EQ(said.last(), QStringLiteral("Snap Keys to Frames on (S): moved and new keys land on frames of 24 fps."));
    key(Qt::Key_S);
    EXPECT_EQ(said.last(), QStringLiteral("Snap Keys to Frames off (S): keys go where they are put."));
    key(Qt::Key_G);
    EXPECT_TRUE(said.last().startsWith(QStringLiteral("Ghost of the saved curves on (G)")))
            << said.last().toStdString();
    key(Qt::Key_T);
    EXPECT_EQ(said.last(),
              QStringLiteral("Time in Frames on (T): times count frames of 24 fps, and keys snap to them."));
}
