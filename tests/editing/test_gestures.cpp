// The drags without a widget: each gesture driven from pointer positions in widget pixels over a
// fixed view transform, checked against hand-computed keys, the undo stack and the key spans
// the model announces. And Channel::edited: an edit undone leaves the channel as the file has
// it, so a save writes the file's own bytes for it.
#include <cmath>
#include <cstring>
#include <tuple>
#include <vector>

#include <QUndoStack>

#include <gtest/gtest.h>

#include "commands.h"
#include "documentmodel.h"
#include "gesture.h"
#include "tangent/builder.h"
#include "tangent/edit.h"
#include "trackedits.h"
#include "viewstate.h"

using namespace tangent;
using namespace tangent::editing;
using namespace tangent::render;

namespace {

// A translation with keys at t = 0, 1, 2, ... (value k in x, y and z), tangents 0; the keys in
// `broken` get the x out-tangent 5 and the Free mode (every other key is Aligned).
Track cubic(int keys, std::vector<int> broken) {
    Track t;
    t.interpolation = Interpolation::CubicSpline;
    t.resize(keys);
    for (int k = 0; k < keys; ++k) {
        t.times[k] = float(k);
        for (int c = 0; c < 3; ++c) t.values[t.at(k, c)] = float(k);
    }
    for (int k : broken) t.outTangents[t.at(k, 0)] = 5, t.modes[t.at(k, 0)] = HandleMode::Free;
    return t;
}

// Channel 0: keys at 0..5; channel 1: keys at 0.5..5.5 (its own times).
Document twoChannels() {
    DocumentBuilder b;
    const int anim = b.addAnimation("a");
    b.addChannel(anim, b.addNode("first"), cubic(6, {2, 4}));
    Track second = cubic(6, {1, 3});
    for (float& t : second.times) t += 0.5f;
    b.addChannel(anim, b.addNode("second"), second, 1);
    return b.build("keys.gltf");
}

bool sameBits(const Track& a, const Track& b) {
    auto same = [](const auto& x, const auto& y) {
        return x.size() == y.size() && (x.empty() || std::memcmp(x.data(), y.data(), x.size() * sizeof(x[0])) == 0);
    };
    return a.interpolation == b.interpolation && a.components == b.components && same(a.times, b.times) &&
           same(a.values, b.values) && same(a.inTangents, b.inTangents) && same(a.outTangents, b.outTangents) &&
           same(a.modes, b.modes);
}

using Announced = std::tuple<int, int, int, int>;  // animation, channel, first key, count

class GestureTest : public ::testing::Test {
protected:
    GestureTest() {
        model.setDocument(twoChannels(), QString());
        state.setShownChannels({{0, 0}, {0, 1}});
        QObject::connect(&model, &DocumentModel::channelChanged,
                         [this](int a, int c, KeySpan keys) { announced.emplace_back(a, c, keys.first, keys.count); });
        QObject::connect(TrackEdits::of(&state), &TrackEdits::refused,
                         [this](const QString& why) { refusals.push_back(why); });
    }

    // 100 px per second from t = -1 at x = 0; 50 px per unit from v = 8 at y = 0.
    GestureContext context() {
        GestureContext c;
        c.state = &state;
        c.view = [this] { return view; };
        c.curveTransform = [this](const CurveRef&) { return view; };
        c.hitOptions = [] { return HitOptions(); };
        return c;
    }
    // The curve view's rubber band: the keys of the visible curves inside the rectangle.
    RubberBandGesture::KeysInRect curveKeysIn() {
        return [this](const QRectF& rect) {
            return keysInRect(model.document(), state.visibleCurves(), view, rect, HitOptions());
        };
    }
    QPointF at(double time, double value) const { return view.toWidget(QPointF(time, value)); }
    const Track& track(int channel) const { return model.document().channel(0, channel)->track; }
    bool edited(int channel) const { return model.document().channel(0, channel)->edited; }
    std::vector<Announced> takeAnnounced() { return std::exchange(announced, {}); }

    DocumentModel model;
    ViewState state{&model};
    ViewTransform view{QSizeF(1000, 600), -1, 8, 100, 50};
    std::vector<Announced> announced;
    std::vector<QString> refusals;
    const Document original = twoChannels();
};

}  // namespace

TEST_F(GestureTest, MovingKeysShiftsEveryChannelByOneClampedTimeAndIsOneUndoStep) {
    // Key 2 of channel 0 (x) and key 4 of channel 1 (x, at 4.5; its right neighbour at 5.5).
    state.setSelection({{0, 0, 2, 0}, {0, 1, 4, 0}});
    GestureManager gestures;
    const QPointF press = at(2, 2);
    gestures.start(std::make_unique<MoveKeysGesture>(context(), KeyRef{0, 0, 2, 0}), {press});
    EXPECT_EQ(gestures.gesture()->channels(), (std::vector<ChannelId>{{0, 0}, {0, 1}}));
    // +2 s and +0.5 in value: 2 s would take channel 1's key past its neighbour, so both move
    // by the most it allows, 1 s less the minimum key spacing.
    gestures.move({press + QPointF(200, -25)});
    const float shift = float(1.0 - kMinKeySpacing);
    EXPECT_FLOAT_EQ(track(0).times[2], 2 + shift);
    EXPECT_FLOAT_EQ(track(1).times[4], 4.5f + shift);
    EXPECT_FLOAT_EQ(track(0).value(2, 0), 2.5f);
    EXPECT_FLOAT_EQ(track(1).value(4, 0), 4.5f);
    EXPECT_FLOAT_EQ(track(0).value(2, 1), 2.0f);  // not selected: not moved in value
    // The keys and their neighbours, announced once per channel; no undo step yet, and the
    // channels are not marked edited by a preview.
    EXPECT_EQ(takeAnnounced(), (std::vector<Announced>{{0, 0, 1, 3}, {0, 1, 3, 3}}));
    EXPECT_EQ(model.undoStack()->count(), 0);
    EXPECT_FALSE(edited(0));
    // A second position is applied to the tracks as they began, not on top of the first.
    gestures.move({press + QPointF(50, 0)});
    EXPECT_FLOAT_EQ(track(0).times[2], 2.5f);
    EXPECT_FLOAT_EQ(track(0).value(2, 0), 2.0f);
    EXPECT_FLOAT_EQ(track(1).times[4], 5.0f);
    const Track moved0 = track(0), moved1 = track(1);
    takeAnnounced();

    // Release: one undo step; every listener has seen the tracks, so nothing more is announced.
    gestures.release();
    EXPECT_FALSE(gestures.active());
    ASSERT_EQ(model.undoStack()->count(), 1);
    EXPECT_EQ(model.undoStack()->text(0), QStringLiteral("Move 2 keys"));
    EXPECT_TRUE(takeAnnounced().empty());
    EXPECT_TRUE(edited(0) && edited(1));
    EXPECT_TRUE(sameBits(track(0), moved0));

    // Undo: the tracks as they were, bit for bit, and as the file has them again.
    model.undoStack()->undo();
    EXPECT_TRUE(sameBits(track(0), original.channel(0, 0)->track));
    EXPECT_TRUE(sameBits(track(1), original.channel(0, 1)->track));
    EXPECT_FALSE(edited(0) || edited(1));
    EXPECT_FALSE(model.document().modified());
    // In reverse, each with the keys its patch changes (the neighbours are Aligned: as they were).
    EXPECT_EQ(takeAnnounced(), (std::vector<Announced>{{0, 1, 4, 1}, {0, 0, 2, 1}}));
    model.undoStack()->redo();
    EXPECT_TRUE(sameBits(track(0), moved0));
    EXPECT_TRUE(sameBits(track(1), moved1));
    EXPECT_TRUE(edited(0) && edited(1));
    EXPECT_EQ(takeAnnounced(), (std::vector<Announced>{{0, 0, 2, 1}, {0, 1, 4, 1}}));
    EXPECT_TRUE(refusals.empty());
}

TEST_F(GestureTest, MovingKeysWithShiftLocksTheAxisAndSnapsThePressedKeyToAFrame) {
    state.setSelection({{0, 0, 2, 0}});
    state.setFrameRate(10);
    state.setSnapToFrames(true);
    MoveKeysGesture move(context(), {0, 0, 2, 0});
    move.begin({at(2, 2)});
    // 0.34 s and 0.2 down with Shift: the time wins, and 2.34 lands on the frame 2.3.
    move.update({at(2, 2) + QPointF(34, 10), Qt::ShiftModifier});
    EXPECT_FLOAT_EQ(track(0).times[2], float(23 / 10.0));
    EXPECT_FLOAT_EQ(track(0).value(2, 0), 2.0f);
    move.commit();
    EXPECT_EQ(model.undoStack()->undoText(), QStringLiteral("Move key"));  // after "Frame Rate 10 fps"
}

TEST_F(GestureTest, AnAbortedDragLeavesTheTracksExactlyAsTheyWereAndNoUndoStep) {
    state.setSelection({{0, 0, 1, 0}, {0, 0, 1, 1}, {0, 1, 2, 2}});
    GestureManager gestures;
    gestures.start(std::make_unique<MoveKeysGesture>(context(), KeyRef{0, 0, 1, 0}), {at(1, 1)});
    gestures.move({at(1, 1) + QPointF(30, 40)});
    ASSERT_FALSE(sameBits(track(0), original.channel(0, 0)->track));
    takeAnnounced();
    gestures.cancel();
    EXPECT_TRUE(sameBits(track(0), original.channel(0, 0)->track));
    EXPECT_TRUE(sameBits(track(1), original.channel(0, 1)->track));
    EXPECT_EQ(takeAnnounced(), (std::vector<Announced>{{0, 0, 0, 3}, {0, 1, 1, 3}}));
    EXPECT_EQ(model.undoStack()->count(), 0);
    EXPECT_FALSE(edited(0) || edited(1));
    EXPECT_FALSE(model.isModified());
}

TEST_F(GestureTest, ADragThatComesBackToWhereItBeganIsNoUndoStep) {
    state.setSelection({{0, 0, 3, 1}});
    MoveKeysGesture move(context(), {0, 0, 3, 1});
    move.begin({at(3, 3)});
    move.update({at(3, 3) + QPointF(20, 20)});
    move.update({at(3, 3)});
    move.commit();
    EXPECT_EQ(model.undoStack()->count(), 0);
    EXPECT_TRUE(sameBits(track(0), original.channel(0, 0)->track));
    EXPECT_FALSE(edited(0));
}

TEST_F(GestureTest, TurningAHandleSetsTheSlopeTowardThePointerAndAltBreaksAnAlignedKey) {
    // Key 3 of channel 0 is Aligned: its in-handle follows the out-handle.
    TurnHandleGesture turn(context(), {0, 0, 0}, 3, true);
    turn.begin({at(3.3, 3)});
    turn.update({at(4, 5)});  // 2 up over 1 s
    EXPECT_FLOAT_EQ(track(0).outTangent(3, 0), 2.0f);
    EXPECT_FLOAT_EQ(track(0).inTangent(3, 0), 2.0f);
    EXPECT_EQ(takeAnnounced(), (std::vector<Announced>{{0, 0, 2, 3}}));
    turn.update({at(5, 2), Qt::AltModifier});  // -1 over 2 s, the handles broken
    EXPECT_FLOAT_EQ(track(0).outTangent(3, 0), -0.5f);
    EXPECT_FLOAT_EQ(track(0).inTangent(3, 0), 0.0f);
    turn.commit();
    ASSERT_EQ(model.undoStack()->count(), 1);
    EXPECT_EQ(model.undoStack()->text(0), QStringLiteral("Edit tangent"));
    model.undoStack()->undo();
    EXPECT_TRUE(sameBits(track(0), original.channel(0, 0)->track));
    EXPECT_FALSE(edited(0));
}

TEST_F(GestureTest, ScalingTheBoxInTimeAboutTheOppositeEdgeSnapsTheDraggedEdge) {
    state.setSelection({{0, 0, 1, 0}, {0, 0, 3, 0}});
    const auto box = selectionBox(model.document(), state.selection(), state.visibleCurves(),
                                  [this](const CurveRef&) { return view; });
    ASSERT_TRUE(box);
    EXPECT_EQ(box->startTime, 1);
    EXPECT_EQ(box->endTime, 3);
    ScaleSelectionGesture scale(context(), *box, BoxEdge::Right);
    const QPointF press = box->drawn().topRight();
    scale.begin({press});
    // The right edge 0.5 s on: factor (3.5 - 1) / (3 - 1) = 1.25 about the left edge.
    scale.update({press + QPointF(50, 0)});
    EXPECT_FLOAT_EQ(track(0).times[1], 1.0f);
    EXPECT_FLOAT_EQ(track(0).times[3], 3.5f);
    EXPECT_FLOAT_EQ(track(0).times[2], 2.0f);  // not selected
    EXPECT_EQ(takeAnnounced(), (std::vector<Announced>{{0, 0, 0, 5}}));
    // Snapped at 30 fps: 3.52 s lands on frame 106.
    state.setFrameRate(30);
    state.setSnapToFrames(true);
    scale.update({press + QPointF(52, 0)});
    EXPECT_FLOAT_EQ(track(0).times[3], float(1 + (106 / 30.0 - 1) / 2 * 2));
    scale.commit();
    ASSERT_EQ(model.undoStack()->count(), 2);  // the rate is a step of its own, then the drag's
    EXPECT_EQ(model.undoStack()->text(0), QStringLiteral("Frame Rate 30 fps"));
    EXPECT_EQ(model.undoStack()->text(1), QStringLiteral("Scale 2 keys"));
    EXPECT_TRUE(refusals.empty());
}

TEST_F(GestureTest, ARefusedPositionShowsTheTracksAsTheyBeganAndIsReportedOnce) {
    // Keys 1 and 3 of x in both channels, scaled in value about the bottom edge (value 1).
    state.setSelection({{0, 0, 1, 0}, {0, 0, 3, 0}, {0, 1, 1, 0}, {0, 1, 3, 0}});
    const auto box = selectionBox(model.document(), state.selection(), state.visibleCurves(),
                                  [this](const CurveRef&) { return view; });
    ASSERT_TRUE(box);
    ScaleSelectionGesture scale(context(), *box, BoxEdge::Top);
    const QPointF press(box->drawn().center().x(), box->drawn().top());
    scale.begin({press});
    // The top edge (value 3) to value 5: twice the height.
    scale.update({press + QPointF(0, -100)});
    EXPECT_FLOAT_EQ(track(0).value(3, 0), 5.0f);
    EXPECT_FLOAT_EQ(track(1).value(3, 0), 5.0f);
    EXPECT_FLOAT_EQ(track(0).value(1, 0), 1.0f);
    EXPECT_FLOAT_EQ(track(1).inTangent(1, 0), 0.0f);
    // A factor beyond float range: the core refuses, every channel shows its track as it began.
    scale.update({press + QPointF(0, -1e300)});
    EXPECT_TRUE(sameBits(track(0), original.channel(0, 0)->track));
    EXPECT_TRUE(sameBits(track(1), original.channel(0, 1)->track));
    scale.update({press + QPointF(0, -2e300)});
    ASSERT_EQ(refusals.size(), 1u);
    // Back within range: shown again, and the release keeps it.
    scale.update({press + QPointF(0, -100)});
    EXPECT_FLOAT_EQ(track(1).value(3, 0), 5.0f);
    scale.commit();
    ASSERT_EQ(model.undoStack()->count(), 1);
    EXPECT_EQ(model.undoStack()->text(0), QStringLiteral("Scale 4 keys"));
    EXPECT_EQ(refusals.size(), 1u);
}

TEST_F(GestureTest, TheRubberBandSelectsTheKeysInsideItAndWithShiftAddsThem) {
    state.setSelection({{0, 1, 5, 2}});
    RubberBandGesture band(context(), curveKeysIn());
    // Around t 0.8..2.2 and values 0.8..2.2: keys 1 and 2 of channel 0 (x, y, z) and key 1 of
    // channel 1 (at 1.5, value 1).
    band.begin({at(0.8, 2.2)});
    band.update({at(2.2, 0.8)});
    EXPECT_EQ(band.rect(), QRectF(at(0.8, 2.2), at(2.2, 0.8)));
    band.commit();
    KeySelection expected;
    for (int c = 0; c < 3; ++c) expected.insert({{0, 0, 1, c}, {0, 0, 2, c}, {0, 1, 1, c}});
    EXPECT_EQ(state.selection(), expected);
    RubberBandGesture adding(context(), curveKeysIn());
    adding.begin({at(4.8, 5.2), Qt::ShiftModifier});
    adding.update({at(5.2, 4.8)});
    adding.commit();
    for (int c = 0; c < 3; ++c) expected.insert({0, 0, 5, c});
    EXPECT_EQ(state.selection(), expected);
    EXPECT_EQ(model.undoStack()->count(), 0);
    EXPECT_TRUE(takeAnnounced().empty());
}

TEST_F(GestureTest, ASessionLeavesALockedChannelOutAndSaysSo) {
    state.setLocked(0, 1, true);
    auto session = TrackEdits::of(&state)->begin({{{0, 0}, {2}}, {{0, 1}, {2}}});
    EXPECT_EQ(session->channels(), (std::vector<ChannelId>{{0, 0}}));
    ASSERT_EQ(refusals.size(), 1u);
    EXPECT_EQ(refusals[0], QStringLiteral("second · translation is locked: unlock it to edit it."));
    EXPECT_TRUE(session->preview([](ChannelId, Track& t) { setValue(t, 2, 0, 7); }));
    session->commit(QStringLiteral("Set"));
    EXPECT_FLOAT_EQ(track(0).value(2, 0), 7.0f);
    EXPECT_TRUE(sameBits(track(1), original.channel(0, 1)->track));
}

// ---- Channel::edited and the save -------------------------------------------------------

TEST(EditedFlag, AnEditUndoneLeavesTheChannelAsTheFileHasItAndTheSaveWritesTheFileBytes) {
    const std::string path = std::string(TANGENT_TEST_DATA) + "/blender/smooth_trs_1.glb";
    DocumentModel model;
    ViewState state(&model);
    QString error;
    ASSERT_TRUE(model.open(QString::fromStdString(path), &error)) << error.toStdString();
    const Document file = Document::load(path, LoadMode::Strict);
    const std::vector<std::uint8_t> fileBytes = saveToBytes(file, FileFormat::Glb);
    int channel = -1;
    for (const Channel& c : model.document().animations().at(0).channels)
        if (c.supported && c.track.keyCount() >= 3 && channel < 0) channel = c.index;
    ASSERT_GE(channel, 0);

    const auto outcome = TrackEdits::of(&state)->apply(QStringLiteral("Set key value"), 0, channel,
                                                       [](int, int, Track& t) { setValue(t, 1, 0, 0.25); });
    ASSERT_TRUE(outcome.applied);
    EXPECT_TRUE(model.document().channel(0, channel)->edited);
    EXPECT_NE(saveToBytes(model.document(), FileFormat::Glb), fileBytes);  // re-encoded: other bytes

    model.undoStack()->undo();
    EXPECT_FALSE(model.document().channel(0, channel)->edited);
    EXPECT_FALSE(model.document().modified());
    EXPECT_EQ(saveToBytes(model.document(), FileFormat::Glb), fileBytes);
    model.undoStack()->redo();
    EXPECT_TRUE(model.document().channel(0, channel)->edited);

    // An edit that changes nothing is no edit: the channel stays as the file has it.
    model.undoStack()->undo();
    const auto none = TrackEdits::of(&state)->apply(QStringLiteral("Set key value"), 0, channel,
                                                    [](int, int, Track& t) { setValue(t, 1, 0, t.value(1, 0)); });
    EXPECT_FALSE(none.applied);
    EXPECT_FALSE(model.document().channel(0, channel)->edited);
}
