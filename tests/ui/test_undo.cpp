// Undo keeps only what an edit changed: after real drags on a 5,000-key rotation channel, undo
// and redo restore the tracks bit for bit, the undo stack's bytes are counted (a size, not a
// timing), and over the memory budget the oldest steps go while the saved state stays right.
#include <cmath>
#include <cstring>

#include <QUndoStack>

#include <gtest/gtest.h>

#include "curveview.h"
#include "documentmodel.h"
#include "tangent/builder.h"
#include "tangent/edit.h"
#include "ui_support.h"
#include "viewstate.h"

using namespace tangent;
using namespace tangent::editing;
using namespace tangent::render;
using namespace tangent::ui;
using namespace tangent::ui::test;

namespace {

constexpr int kKeys = 5000;
constexpr double kFps = 30;

// A unit quaternion turning about a fixed axis by a wiggly angle, keyed at 30 fps, with the
// true derivative as tangents.
Track rotationTrack() {
    Track t;
    t.interpolation = Interpolation::CubicSpline;
    t.path = TargetPath::Rotation;
    t.components = 4;
    t.resize(kKeys);
    const double axis[3] = {0.48, 0.6, 0.64};  // unit length
    for (int k = 0; k < kKeys; ++k) {
        const double time = k / kFps;
        const double angle = 1.5 * std::sin(0.7 * time) + 0.3 * std::sin(3.1 * time);
        const double rate = 1.5 * 0.7 * std::cos(0.7 * time) + 0.3 * 3.1 * std::cos(3.1 * time);
        t.times[std::size_t(k)] = float(time);
        for (int c = 0; c < 4; ++c) {
            const double v = c < 3 ? axis[c] * std::sin(angle / 2) : std::cos(angle / 2);
            const double d = (c < 3 ? axis[c] * std::cos(angle / 2) : -std::sin(angle / 2)) * rate / 2;
            t.values[t.at(k, c)] = float(v);
            t.inTangents[t.at(k, c)] = t.outTangents[t.at(k, c)] = float(d);
        }
    }
    return t;
}

template <typename T>
bool sameBits(const std::vector<T>& a, const std::vector<T>& b) {
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}
bool sameBits(const Track& a, const Track& b) {
    return a.interpolation == b.interpolation && a.path == b.path && a.components == b.components && a.kind == b.kind &&
           sameBits(a.times, b.times) && sameBits(a.values, b.values) && sameBits(a.inTangents, b.inTangents) &&
           sameBits(a.outTangents, b.outTangents) && sameBits(a.modes, b.modes);
}

class UndoTest : public ::testing::Test {
protected:
    void SetUp() override {
        DocumentBuilder b;
        const int anim = b.addAnimation("take");
        b.addChannel(anim, b.addNode("joint"), rotationTrack());
        model.setDocument(b.build("rotation.glb"), QString(), QStringLiteral("rotation.glb"));
        original = track();
        ASSERT_EQ(original.keyCount(), kKeys);
        view.resize(1000, 600);
        view.show();
        state.setShownChannels({{0, 0}});
        // 20 pixels per key around key 2500: keys are apart, so a press hits one.
        view.setViewTransform(ViewTransform(QSizeF(1000, 600), 2480 / kFps - 0.1, 1.2, 20 * kFps, 250));
    }
    const Track& track() const { return model.document().channel(0, 0)->track; }

    // Drags key k by a few pixels with real mouse events: one "Move key" undo step.
    void dragKey(int k, bool back = false) {
        const ViewTransform& vt = view.viewTransform();
        const QPointF from = vt.toWidget(QPointF(track().times[std::size_t(k)], track().value(k, 3)));
        const Hit hit = view.hitAt(from);
        ASSERT_EQ(hit.kind, HitKind::Key) << "key " << k;
        ASSERT_EQ(hit.key, k);
        state.setSelection({});
        drag(&view, from, from + (back ? QPointF(-4, 12) : QPointF(4, -12)));
    }

    DocumentModel model;
    ViewState state{&model};
    CurveView view{&state};
    Track original;
};

}  // namespace

TEST_F(UndoTest, UndoAndRedoOfADragRestoreTheTrackBitForBit) {
    const int k = 2500;
    dragKey(k);
    ASSERT_EQ(model.undoStack()->count(), 1);
    EXPECT_EQ(model.undoStack()->text(0), QStringLiteral("Move key"));
    const Track after = track();
    ASSERT_NE(after.times[k], original.times[k]);
    // Undo announces the one key it changed.
    std::vector<KeySpan> spans;
    QObject::connect(&model, &DocumentModel::channelChanged, &model,
                     [&](int, int, KeySpan span) { spans.push_back(span); });
    model.undoStack()->undo();
    EXPECT_TRUE(sameBits(track(), original));
    EXPECT_FALSE(model.isModified());
    model.undoStack()->redo();
    EXPECT_TRUE(sameBits(track(), after));
    EXPECT_TRUE(model.isModified());
    ASSERT_EQ(spans.size(), 2u);
    for (const KeySpan& s : spans) {
        EXPECT_EQ(s.first, k);
        EXPECT_EQ(s.count, 1);
    }
}

TEST_F(UndoTest, AHundredOneKeyDragsHoldUnderAHundredKilobytes) {
    for (int i = 0; i < 100; ++i) dragKey(2480 + i % 40, (i / 40) % 2 == 1);
    ASSERT_EQ(model.undoStack()->count(), 100);
    // One key of a rotation channel is 4 + 3 x 4 x 4 + 4 = 56 bytes; one copy of the track
    // 5,000 times that (280 KB). The whole stack stays below one copy of the track.
    const std::size_t bytes = model.undoBytes();
    EXPECT_LT(bytes, 100u * 1024) << bytes << " bytes";
    EXPECT_GE(bytes, 100u * 56);
    while (model.undoStack()->canUndo()) model.undoStack()->undo();
    EXPECT_TRUE(sameBits(track(), original));
    EXPECT_FALSE(model.isModified());
}

// Edits pushed as the key inspector does (not yet applied), four of them, with a budget of
// three: the oldest goes; the saved state is the second-newest kept step.
TEST_F(UndoTest, OverTheBudgetTheOldestStepsGoAndTheSavedStateStays) {
    std::vector<Track> states{original};
    auto edit = [&](int n) {
        Track after = track();
        setValue(after, 2500 + n, 2, 0.25 * n);
        model.pushEdit(QStringLiteral("Edit %1").arg(n), {{0, 0, track(), after}});
        ASSERT_TRUE(sameBits(track(), after));
        states.push_back(after);
    };
    edit(1);
    const std::size_t oneStep = model.undoBytes();
    model.setUndoBudget(3 * oneStep);
    edit(2);
    edit(3);
    model.undoStack()->setClean();  // what a save does
    EXPECT_EQ(model.undoBytes(), 3 * oneStep);
    edit(4);
    QUndoStack* undo = model.undoStack();
    ASSERT_EQ(undo->count(), 3);
    EXPECT_EQ(model.undoBytes(), 3 * oneStep);
    EXPECT_EQ(undo->text(0), QStringLiteral("Edit 2"));
    EXPECT_EQ(undo->text(2), QStringLiteral("Edit 4"));
    EXPECT_EQ(undo->undoText(), QStringLiteral("Edit 4"));
    EXPECT_TRUE(model.isModified());
    EXPECT_TRUE(sameBits(track(), states[4]));
    undo->undo();
    EXPECT_TRUE(sameBits(track(), states[3]));
    EXPECT_FALSE(model.isModified());  // back at the saved state
    undo->undo();
    undo->undo();
    EXPECT_FALSE(undo->canUndo());
    EXPECT_TRUE(sameBits(track(), states[1]));
    EXPECT_TRUE(model.isModified());
    undo->redo();
    undo->redo();
    undo->redo();
    EXPECT_TRUE(sameBits(track(), states[4]));
}

// Drags with a budget of three steps; the saved state (after the first) is dropped: the
// document stays modified whatever is undone, and the kept steps still undo exactly.
TEST_F(UndoTest, WhenTheSavedStateIsDroppedTheDocumentStaysModified) {
    std::vector<Track> states{original};
    dragKey(2490);
    states.push_back(track());
    model.undoStack()->setClean();  // saved after the first drag
    EXPECT_FALSE(model.isModified());
    model.setUndoBudget(3 * model.undoBytes());
    for (int i = 2; i <= 6; ++i) {
        dragKey(2488 + 2 * i);
        states.push_back(track());
    }
    QUndoStack* undo = model.undoStack();
    ASSERT_EQ(undo->count(), 3);
    EXPECT_EQ(undo->text(0), QStringLiteral("Move key"));
    EXPECT_TRUE(model.isModified());
    for (int i = 5; i >= 3; --i) {
        undo->undo();
        EXPECT_TRUE(sameBits(track(), states[std::size_t(i)])) << i;
        EXPECT_TRUE(model.isModified()) << i;
    }
    EXPECT_FALSE(undo->canUndo());
}

// The frame rate and the loop mark are the document's (a save writes them): each change is an
// undo step that leaves the document modified, the view follows undo and redo, setting what is
// already there is no step, and such steps go with the oldest when the budget is reached.
TEST_F(UndoTest, FrameRateAndLoopMarkAreUndoStepsTheViewFollows) {
    QUndoStack* undo = model.undoStack();
    ASSERT_EQ(model.document().animations()[0].frameRate, kFps);
    int optionChanges = 0, loopChanges = 0;
    QObject::connect(&state, &ViewState::optionsChanged, &model, [&] { ++optionChanges; });
    QObject::connect(&model, &DocumentModel::loopsChanged, &model, [&](int a) { loopChanges += a == 0; });

    state.setFrameRate(24);  // as the transport bar and the View menu set it
    ASSERT_EQ(undo->count(), 1);
    EXPECT_EQ(undo->text(0), QStringLiteral("Frame Rate 24 fps"));
    EXPECT_TRUE(model.isModified());
    EXPECT_EQ(model.document().animations()[0].frameRate, 24);
    EXPECT_EQ(state.frameRate(), 24);
    state.setFrameRate(24);
    EXPECT_EQ(undo->count(), 1) << "the rate it has is no change";

    undo->undo();
    EXPECT_EQ(model.document().animations()[0].frameRate, kFps);
    EXPECT_EQ(state.frameRate(), kFps);
    EXPECT_FALSE(model.isModified());
    undo->redo();
    EXPECT_EQ(state.frameRate(), 24);
    EXPECT_EQ(optionChanges, 3);

    model.setLoops(0, true);
    ASSERT_EQ(undo->count(), 2);
    EXPECT_EQ(undo->text(1), QStringLiteral("Check That It Loops"));
    EXPECT_TRUE(model.document().animations()[0].loops);
    model.setLoops(0, true);
    EXPECT_EQ(undo->count(), 2);
    undo->undo();
    EXPECT_FALSE(model.document().animations()[0].loops);
    EXPECT_EQ(model.document().animations()[0].frameRate, 24) << "one step at a time";
    undo->redo();
    EXPECT_EQ(loopChanges, 3);

    // An edit after them, then a budget of one edit: the setting steps go with the oldest, and
    // what is kept still undoes exactly.
    Track after = track();
    setValue(after, 2500, 2, 0.5);
    model.pushEdit(QStringLiteral("Edit"), {{0, 0, track(), after}});
    const std::size_t all = model.undoBytes();
    model.setUndoBudget(all - 1);
    Track again = track();
    setValue(again, 2501, 2, 0.25);
    model.pushEdit(QStringLiteral("Edit again"), {{0, 0, track(), again}});
    EXPECT_LE(model.undoBytes(), all - 1);
    ASSERT_GE(undo->count(), 1);
    EXPECT_NE(undo->text(0), QStringLiteral("Frame Rate 24 fps"));
    while (undo->canUndo()) undo->undo();
    EXPECT_EQ(model.document().animations()[0].frameRate, 24) << "the dropped steps stay done";
    EXPECT_TRUE(model.document().animations()[0].loops);
    EXPECT_TRUE(model.isModified());
}
