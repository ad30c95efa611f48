// The dope sheet, driven as an animator drives it (View ▸ Dope Sheet, clicks, Alt+clicks, box
// drags, diamond drags, the span's edge, Delete, Ctrl+wheel) on a Blender export: its rows are the
// file's channels with the file's key counts (read from the glTF JSON here, not from Tangent),
// its selection is the curve view's, every drag is one undo step that lands keys on frames; and
// next / previous key and Go to Frame move the playhead as typed.
#include <cfloat>
#include <cmath>
#include <fstream>
#include <iterator>

#include <QLineEdit>
#include <QStatusBar>
#include <QTest>
#include <QUndoStack>
#include <QWheelEvent>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "curveview.h"
#include "dopesheetview.h"
#include "mainwindow.h"
#include "tangent/timing.h"
#include "transportbar.h"
#include "ui_support.h"

using namespace tangent;
using namespace tangent::ui;
using tangent::editing::DopeRow;
using tangent::editing::DopeSheetLayout;
using tangent::ui::test::drag;
using tangent::ui::test::menuAction;
using tangent::ui::test::press;
using tangent::ui::test::release;

namespace {

const std::string kFile = "blender/multi_object_1.glb";

// The JSON chunk of a GLB, read here without Tangent (header 12 bytes, then chunk length, type).
nlohmann::json glbJson(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    uint32_t length = 0;
    std::memcpy(&length, bytes.data() + 12, 4);
    return nlohmann::json::parse(bytes.substr(20, length));
}

class DopeSheetTest : public ::testing::Test {
protected:
    void SetUp() override {
        QString error;
        ASSERT_TRUE(w.model()->open(QString::fromStdString(test::fixture(kFile)), &error)) << error.toStdString();
        w.resize(1400, 900);
        w.show();
        w.activateWindow();
        ASSERT_TRUE(QTest::qWaitForWindowActive(&w)) << "the window must be active for its shortcuts";
        ASSERT_FALSE(dope()->isVisible());
        key(w.curveView(), Qt::Key_D, Qt::ControlModifier | Qt::ShiftModifier);  // View ▸ Dope Sheet
        ASSERT_TRUE(dope()->isVisible());
        QCoreApplication::processEvents();
        ASSERT_GE(dope()->height(), 150) << "shown at about a third of the centre's height";
        fps = w.viewState()->frameRate();
        ASSERT_EQ(fps, 24);  // the fixture's Blender scene rate
        ASSERT_EQ(w.viewState()->animation(), 0);
    }
    DopeSheetView* dope() { return w.dopeSheet(); }
    const DopeSheetLayout& layout() { return dope()->layout(); }
    const Document& doc() { return w.model()->document(); }
    const Track& track(int channel) { return doc().channel(0, channel)->track; }
    // The row whose label is `label` (the first of that name).
    int row(const std::string& label) {
        for (int r = 0; r < static_cast<int>(layout().rows().size()); ++r)
            if (layout().rows()[r].label == label) return r;
        ADD_FAILURE() << "no row " << label;
        return 0;
    }
    // The centre of the diamond of `row` at column `column`.
    QPointF diamond(int r, int column) { return {layout().x(layout().columns(r)[column].time), layout().rowCentre(r)}; }
    // Every component of key `key` of channel `channel` of animation 0.
    KeySelection whole(int channel, int key) {
        KeySelection s;
        for (int c = 0; c < track(channel).components; ++c) s.insert({0, channel, key, c});
        return s;
    }
    // A key press where the user works: `on` has the keyboard.
    void key(QWidget* on, Qt::Key k, Qt::KeyboardModifiers mods = Qt::NoModifier) {
        w.activateWindow();
        on->setFocus();
        QTest::keyClick(on, k, mods);
    }
    void click(QPointF p, Qt::KeyboardModifiers mods = Qt::NoModifier) {
        press(dope(), p, mods);
        release(dope(), p, mods);
    }

    MainWindow w;
    double fps = 0;
};

}  // namespace

TEST_F(DopeSheetTest, RowsAreTheFilesChannelsWithTheFilesKeyCountsAndTimes) {
    const nlohmann::json gltf = glbJson(test::fixture(kFile));
    const nlohmann::json& anim = gltf["animations"][0];
    const nlohmann::json& accessors = gltf["accessors"];
    // The animation's summary, the node's, then one row per channel in file order.
    ASSERT_EQ(layout().rows().size(), 2 + anim["channels"].size());
    EXPECT_EQ(layout().rows()[0].kind, DopeRow::Kind::Animation);
    EXPECT_EQ(layout().rows()[0].label, anim["name"].get<std::string>());
    EXPECT_EQ(layout().rows()[1].kind, DopeRow::Kind::Object);
    const int node = anim["channels"][0]["target"]["node"].get<int>();
    EXPECT_EQ(layout().rows()[1].label, gltf["nodes"][node]["name"].get<std::string>());
    double first = 1e9, last = -1e9;
    for (std::size_t c = 0; c < anim["channels"].size(); ++c) {
        const nlohmann::json& channel = anim["channels"][c];
        const int r = static_cast<int>(c) + 2;
        EXPECT_EQ(layout().rows()[r].kind, DopeRow::Kind::Channel);
        EXPECT_EQ(layout().rows()[r].label, channel["target"]["path"].get<std::string>());
        const nlohmann::json& input = accessors[anim["samplers"][channel["sampler"].get<int>()]["input"].get<int>()];
        ASSERT_EQ(layout().columns(r).size(), input["count"].get<std::size_t>()) << "one diamond per key";
        EXPECT_EQ(float(layout().columns(r).front().time), input["min"][0].get<float>());
        EXPECT_EQ(float(layout().columns(r).back().time), input["max"][0].get<float>());
        first = std::min(first, input["min"][0].get<double>());
        last = std::max(last, input["max"][0].get<double>());
    }
    // Blender samples the three channels at the same times: one column of three per key.
    ASSERT_EQ(layout().columns(0).size(), layout().columns(2).size());
    for (const auto& column : layout().columns(0)) EXPECT_EQ(column.keys.size(), 3u);
    EXPECT_EQ(float(layout().columns(0).front().time), float(first));
    EXPECT_EQ(float(layout().columns(0).back().time), float(last));
    // The shown channel's row is marked, and a label click shows its row's channels.
    QImage shot = dope()->grab().toImage();
    EXPECT_EQ(shot.pixelColor(1, int(layout().rowCentre(2))), render::Theme::dark().playhead);
    click({40, layout().rowCentre(4)});
    EXPECT_EQ(w.viewState()->shownChannels(), (std::vector<ChannelId>{{0, 2}}));
    click({40, layout().rowCentre(1)});
    EXPECT_EQ(w.viewState()->shownChannels(), (std::vector<ChannelId>{{0, 0}, {0, 1}, {0, 2}}));
}

TEST_F(DopeSheetTest, AClickSelectsTheWholeKeyInTheOneSelectionAndShiftAddsOrRemoves) {
    click(diamond(row("rotation"), 2));
    EXPECT_EQ(w.viewState()->selection(), whole(1, 2)) << "all four components of rotation key 3";
    click(diamond(row("translation"), 4), Qt::ShiftModifier);
    KeySelection both = whole(1, 2);
    both.merge(whole(0, 4));
    EXPECT_EQ(w.viewState()->selection(), both);
    // The curve view shows the same selection: its box spans the two keys' times.
    w.viewState()->setShownChannels({{0, 0}, {0, 1}});
    const auto box = w.curveView()->selectionBox();
    ASSERT_TRUE(box.has_value());
    EXPECT_EQ(box->startTime, track(1).times[2]);
    EXPECT_EQ(box->endTime, track(0).times[4]);
    // Shift on a selected diamond takes it out; a click on nothing clears.
    click(diamond(row("rotation"), 2), Qt::ShiftModifier);
    EXPECT_EQ(w.viewState()->selection(), whole(0, 4));
    const QPointF between = (diamond(2, 0) + diamond(2, 1)) / 2;
    click(between);
    EXPECT_TRUE(w.viewState()->selection().empty());
    // A summary diamond is its column: every channel's key there.
    click(diamond(0, 3));
    KeySelection column = whole(0, 3);
    column.merge(whole(1, 3));
    column.merge(whole(2, 3));
    EXPECT_EQ(w.viewState()->selection(), column);
    EXPECT_EQ(w.model()->undoStack()->count(), 0) << "selecting is no edit";
}

TEST_F(DopeSheetTest, AltClickSelectsTheColumnAndABoxSelectsTheDiamondsInside) {
    click(diamond(row("scale"), 1), Qt::AltModifier);
    KeySelection column = whole(0, 1);
    column.merge(whole(1, 1));
    column.merge(whole(2, 1));
    EXPECT_EQ(w.viewState()->selection(), column);
    // A box from before key 2 to after key 3 over the translation and rotation rows only.
    const QPointF from = (diamond(2, 1) + diamond(2, 2)) / 2 - QPointF(0, 8);
    const QPointF to = (diamond(3, 3) + diamond(3, 4)) / 2 + QPointF(0, 8);
    drag(dope(), from, to);
    KeySelection boxed = whole(0, 2);
    boxed.merge(whole(0, 3));
    boxed.merge(whole(1, 2));
    boxed.merge(whole(1, 3));
    EXPECT_EQ(w.viewState()->selection(), boxed);
    // With Shift the box adds.
    drag(dope(), diamond(4, 0) - QPointF(6, 6), diamond(4, 0) + QPointF(6, 6), Qt::ShiftModifier);
    boxed.merge(whole(2, 0));
    EXPECT_EQ(w.viewState()->selection(), boxed);
}

TEST_F(DopeSheetTest, DraggingADiamondMovesItsKeysByWholeFramesInTimeOnlyAsOneUndoStep) {
    key(dope(), Qt::Key_T);  // View ▸ Time in Frames (snapping on)
    ASSERT_TRUE(w.viewState()->snapToFrames());
    const Document before = doc();
    const int key = 2;
    const double frame = std::round(track(0).times[key] * fps);
    // 2.4 frames to the right, and some pixels down (a dope sheet has no value axis).
    const QPointF from = diamond(row("translation"), key);
    const double pixelsPerFrame = dope()->timeTransform().scaleX() / fps;
    drag(dope(), from, from + QPointF(2.4 * pixelsPerFrame, 9));
    EXPECT_EQ(track(0).times[key], float(frameTime(frame + 2, fps)));
    for (int c = 0; c < 3; ++c) EXPECT_EQ(track(0).value(key, c), before.channel(0, 0)->track.value(key, c));
    EXPECT_EQ(track(1).times, before.channel(0, 1)->track.times) << "only the selected channel's key";
    ASSERT_EQ(w.model()->undoStack()->count(), 1);
    EXPECT_EQ(w.model()->undoStack()->text(0), QStringLiteral("Move key"));
    // The rows follow: the translation row's diamond is at the new time, the summary has one column more.
    EXPECT_EQ(float(layout().columns(row("translation"))[key].time), track(0).times[key]);
    EXPECT_EQ(layout().columns(0).size(), before.channel(0, 0)->track.times.size() + 1);
    // The summary's diamond moves every channel's key of its column.
    const QPointF summary = diamond(0, int(layout().columns(0).size()) - 1);  // the last keys
    drag(dope(), summary, summary - QPointF(1.2 * pixelsPerFrame, 0));
    const double frame4 = std::round(before.channel(0, 0)->track.times[4] * fps);
    for (int ch = 0; ch < 3; ++ch) EXPECT_EQ(track(ch).times[4], float(frameTime(frame4 - 1, fps))) << ch;
    EXPECT_EQ(w.model()->undoStack()->count(), 2);
    w.model()->undoStack()->undo();
    w.model()->undoStack()->undo();
    for (int ch = 0; ch < 3; ++ch) EXPECT_EQ(track(ch).times, before.channel(0, ch)->track.times);
    EXPECT_EQ(layout().columns(0).size(), before.channel(0, 0)->track.times.size());
}

TEST_F(DopeSheetTest, TheSpanEdgeScalesTheSelectedKeysAboutTheOtherEdgeOntoFrames) {
    key(dope(), Qt::Key_T);
    key(dope(), Qt::Key_A, Qt::ControlModifier);  // Select All: the animation's keys
    ASSERT_EQ(w.viewState()->selection().size(), std::size_t(5 * (3 + 4 + 3)));
    const std::vector<float> times = track(0).times;
    const double start = times.front(), end = times.back();
    const auto span = layout().selectedSpan(doc(), w.viewState()->selection());
    ASSERT_TRUE(span.has_value());
    // The right edge, 10.3 frames further: the end lands on frame end + 10, the start stays.
    const double pixelsPerFrame = dope()->timeTransform().scaleX() / fps;
    const QPointF edge(span->rect.right(), span->rect.center().y());
    drag(dope(), edge, edge + QPointF(10.3 * pixelsPerFrame, 0));
    const double endFrame = std::round(end * fps) + 10;
    const double factor = (frameTime(endFrame, fps) - start) / (end - start);
    for (int ch = 0; ch < 3; ++ch) {
        ASSERT_EQ(track(ch).keyCount(), 5);
        for (int k = 0; k < 5; ++k) {
            const double t = track(ch).times[k];
            const double expected = frameTime(std::round((start + (times[k] - start) * factor) * fps), fps);
            EXPECT_EQ(t, float(expected)) << "channel " << ch << " key " << k + 1;
        }
    }
    EXPECT_EQ(track(0).times.front(), float(start));
    EXPECT_EQ(track(0).times.back(), float(frameTime(endFrame, fps)));
    ASSERT_EQ(w.model()->undoStack()->count(), 1);
    EXPECT_EQ(w.model()->undoStack()->text(0), QStringLiteral("Scale 15 keys"));
}

TEST_F(DopeSheetTest, DeleteAndCopyPasteActOnTheDopeSheetsSelection) {
    click(diamond(row("translation"), 2), Qt::AltModifier);
    key(dope(), Qt::Key_Delete);
    for (int ch = 0; ch < 3; ++ch) EXPECT_EQ(track(ch).keyCount(), 4) << ch;
    EXPECT_EQ(w.model()->undoStack()->count(), 1);
    EXPECT_EQ(layout().columns(0).size(), 4u) << "the rows follow the delete";
    w.model()->undoStack()->undo();
    EXPECT_EQ(layout().columns(0).size(), 5u) << "and its undo";
    // Copy a key, paste it at a playhead beyond the last key: the channel gains one there.
    click(diamond(row("scale"), 1));
    menuAction(w, QStringLiteral("&Edit"), QStringLiteral("&Copy Keys"))->trigger();
    const double at = frameTime(std::round(track(2).times.back() * fps) + 12, fps);
    w.viewState()->setCurrentTime(at);
    menuAction(w, QStringLiteral("&Edit"), QStringLiteral("&Paste Keys"))->trigger();
    ASSERT_EQ(track(2).keyCount(), 6);
    EXPECT_EQ(track(2).times.back(), float(at));
    EXPECT_EQ(layout().columns(row("scale")).size(), 6u);
}

TEST_F(DopeSheetTest, ALockedChannelsDiamondsCannotBeSelectedAndThePressSaysWhy) {
    w.viewState()->setLocked(0, 1, true);
    QStringList said;
    QObject::connect(w.statusBar(), &QStatusBar::messageChanged, [&](const QString& m) { said << m; });
    click(diamond(row("rotation"), 1));
    EXPECT_TRUE(w.viewState()->selection().empty());
    ASSERT_FALSE(said.isEmpty());
    EXPECT_TRUE(said.last().contains(QStringLiteral("locked"))) << said.last().toStdString();
    click(diamond(row("scale"), 1), Qt::AltModifier);
    KeySelection column = whole(0, 1);
    column.merge(whole(2, 1));
    EXPECT_EQ(w.viewState()->selection(), column) << "the column without the locked channel";
    // Drawn hollow: the diamond's centre shows the row's background, not a key's fill.
    const QImage shot = dope()->grab().toImage();
    const QPointF c = diamond(row("rotation"), 1);
    EXPECT_NE(shot.pixelColor(c.toPoint()), render::Theme::dark().keyFill);
    const QPointF open = diamond(row("scale"), 3);
    EXPECT_EQ(shot.pixelColor(open.toPoint()), render::Theme::dark().keyFill);
}

TEST_F(DopeSheetTest, CtrlWheelZoomsTheOneTimeAxisAndBothViewsShowTheSameTimes) {
    const double before = w.curveView()->viewTransform().scaleX();
    const QPointF at = diamond(2, 2);
    const double timeAt = dope()->timeTransform().toWorldX(at.x());
    QWheelEvent wheel(at, dope()->mapToGlobal(at), QPoint(), QPoint(0, 240), Qt::NoButton, Qt::ControlModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(dope(), &wheel);
    EXPECT_NEAR(w.curveView()->viewTransform().scaleX(), before * std::pow(1.0015, 240), 1e-6 * before);
    EXPECT_NEAR(dope()->timeTransform().toWorldX(at.x()), timeAt, 1e-9) << "the time under the pointer stays";
    // The dope sheet's keys' area shows exactly the curve view's times right of its ruler.
    const render::ViewTransform curve = w.curveView()->viewTransform();
    EXPECT_NEAR(dope()->timeTransform().toWorldX(DopeSheetView::kLabelWidth),
                curve.toWorldX(render::CurvePainter::kRulerWidth), 1e-9);
    EXPECT_NEAR(dope()->timeTransform().toWorldX(dope()->width() - 12), curve.toWorldX(w.curveView()->width()), 1e-9);
}

// ---- next / previous key and Go to Frame ----

TEST_F(DopeSheetTest, NextAndPreviousKeyStepThroughTheShownChannelsKeyTimes) {
    w.viewState()->setShownChannels({{0, 0}, {1, 0}});  // two animations' translations: their times interleave
    std::vector<double> expected;
    for (const ChannelId id : {ChannelId{0, 0}, ChannelId{1, 0}})
        for (float t : doc().channel(id.animation, id.channel)->track.times) expected.push_back(t);
    std::sort(expected.begin(), expected.end());
    expected.erase(std::unique(expected.begin(), expected.end()), expected.end());
    ASSERT_GT(expected.size(), 8u);
    ASSERT_EQ(expected.front(), 0.0);
    w.viewState()->setCurrentTime(0);
    QStringList said;
    QObject::connect(w.statusBar(), &QStatusBar::messageChanged, [&](const QString& m) { said << m; });
    for (std::size_t i = 1; i < expected.size(); ++i) {
        key(w.curveView(), i % 2 ? Qt::Key_Period : Qt::Key_Up);  // Maya's . and Blender's Up
        ASSERT_EQ(w.viewState()->currentTime(), expected[i]) << "step " << i;
    }
    key(w.curveView(), Qt::Key_Period);
    EXPECT_EQ(w.viewState()->currentTime(), expected.back()) << "no wrap at the end";
    ASSERT_FALSE(said.isEmpty());
    EXPECT_EQ(said.last(), QStringLiteral("No key after the playhead in the shown channels."));
    key(dope(), Qt::Key_Down);  // in the dope sheet too
    EXPECT_EQ(w.viewState()->currentTime(), expected[expected.size() - 2]);
    key(w.curveView(), Qt::Key_Comma);
    EXPECT_EQ(w.viewState()->currentTime(), expected[expected.size() - 3]);
    // From between two keys, previous goes to the one before.
    w.viewState()->setCurrentTime((expected[3] + expected[4]) / 2);
    key(w.curveView(), Qt::Key_Comma);
    EXPECT_EQ(w.viewState()->currentTime(), expected[3]);
}

TEST_F(DopeSheetTest, GoToFrameTakesATypedFrameOrTime) {
    key(w.curveView(), Qt::Key_T);                       // frames
    key(w.curveView(), Qt::Key_G, Qt::ControlModifier);  // Playback ▸ Go to Frame…
    QLineEdit* field = w.findChild<TransportBar*>()->timeReadout();
    ASSERT_TRUE(field->hasFocus());
    QTest::keyClicks(field, QStringLiteral("37"));
    QTest::keyClick(field, Qt::Key_Return);
    EXPECT_EQ(w.viewState()->currentTime(), frameTime(37, fps));
    EXPECT_FALSE(field->hasFocus()) << "the keyboard goes back to the window";
    EXPECT_EQ(field->text(), QStringLiteral("frame 37  ·  1.542 s")) << "and the readout shows the time again";
    key(w.curveView(), Qt::Key_G, Qt::ControlModifier);
    QTest::keyClicks(field, QStringLiteral("1.5 s"));
    QTest::keyClick(field, Qt::Key_Return);
    EXPECT_EQ(w.viewState()->currentTime(), frameTime(36, fps));
    key(w.curveView(), Qt::Key_G, Qt::ControlModifier);
    QTest::keyClicks(field, QStringLiteral("twelve"));
    QTest::keyClick(field, Qt::Key_Return);
    EXPECT_EQ(w.viewState()->currentTime(), frameTime(36, fps)) << "not a time: the playhead stays";
    EXPECT_TRUE(field->hasFocus()) << "and the text stays to be mended";
    // The units, by hand.
    EXPECT_EQ(TransportBar::parseTime(QStringLiteral("48"), 24, true), 2.0);
    EXPECT_EQ(TransportBar::parseTime(QStringLiteral("48"), 24, false), 48.0);
    EXPECT_EQ(TransportBar::parseTime(QStringLiteral(" 12 f "), 24, false), 0.5);
    EXPECT_EQ(TransportBar::parseTime(QStringLiteral("0.25s"), 24, true), 0.25);
    EXPECT_FALSE(TransportBar::parseTime(QStringLiteral(""), 24, true).has_value());
    EXPECT_FALSE(TransportBar::parseTime(QStringLiteral("inf"), 24, true).has_value());
}
