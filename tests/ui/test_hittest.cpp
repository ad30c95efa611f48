#include <gtest/gtest.h>

#include "hittest.h"
#include "tangent/hermite.h"
#include "ui_support.h"

using namespace tangent;
using namespace tangent::editing;
using namespace tangent::render;
using namespace tangent::ui;

namespace {

class HitTest : public ::testing::Test {
protected:
    void SetUp() override {
        doc = Document::load(test::fixture("blender/broken_trs_1.glb"));
        track = &doc.channel(0, 0)->track;  // Mover · translation, CUBICSPLINE, 9 keys
        for (int c = 0; c < 3; ++c) curves.push_back({0, 0, c});
    }
    QPointF keyPx(int k, int c) const { return view.toWidget(QPointF(track->times[k], track->value(k, c))); }
    Document doc;
    const Track* track = nullptr;
    std::vector<CurveRef> curves;
    ViewTransform view{QSizeF(1000, 600), -0.2, 3.5, 300, 80};
};

}  // namespace

TEST_F(HitTest, KeyAtItsPixelAndWithinTheRadius) {
    const QPointF p = keyPx(4, 1);
    Hit h = hitTest(doc, curves, {}, view, p);
    EXPECT_EQ(h.kind, HitKind::Key);
    EXPECT_EQ(h.key, 4);
    EXPECT_EQ(h.curve, (CurveRef{0, 0, 1}));
    EXPECT_DOUBLE_EQ(h.distance, 0);
    h = hitTest(doc, curves, {}, view, p + QPointF(4, -4));  // 5.66 px < 7
    EXPECT_EQ(h.kind, HitKind::Key);
    EXPECT_EQ(h.key, 4);
    h = hitTest(doc, curves, {}, view, p + QPointF(6, 6), HitOptions{});  // 8.49 px > 7
    EXPECT_NE(h.kind, HitKind::Key);
}

TEST_F(HitTest, HandlesOnlyOfSelectedKeysAtOneThirdOfTheirSegment) {
    const int k = 3, c = 0;
    const double dtOut = double(track->times[k + 1]) - track->times[k];
    const QPointF outWorld(track->times[k] + dtOut / 3,
                           outHandleValue(track->value(k, c), track->outTangent(k, c), dtOut));
    const QPointF outPx = view.toWidget(outWorld);
    // Not selected: no handle there (maybe the curve, never a handle).
    Hit h = hitTest(doc, curves, {}, view, outPx);
    EXPECT_NE(h.kind, HitKind::OutHandle);
    const KeySelection sel{{0, 0, k, c}};
    h = hitTest(doc, curves, sel, view, outPx);
    EXPECT_EQ(h.kind, HitKind::OutHandle);
    EXPECT_EQ(h.key, k);
    EXPECT_EQ(h.curve.component, c);
    const double dtIn = double(track->times[k]) - track->times[k - 1];
    const QPointF inPx = view.toWidget(
            QPointF(track->times[k] - dtIn / 3, inHandleValue(track->value(k, c), track->inTangent(k, c), dtIn)));
    h = hitTest(doc, curves, sel, view, inPx);
    EXPECT_EQ(h.kind, HitKind::InHandle);
    EXPECT_EQ(h.key, k);
}

TEST_F(HitTest, HandleWinsOverAKeyUnderIt) {
    // Zoomed far out, the out-handle of key 3 sits within the key's radius.
    const ViewTransform far(QSizeF(1000, 600), -0.2, 3.5, 6, 1);
    const int k = 3, c = 0;
    const double dt = double(track->times[k + 1]) - track->times[k];
    const QPointF handlePx = far.toWidget(
            QPointF(track->times[k] + dt / 3, outHandleValue(track->value(k, c), track->outTangent(k, c), dt)));
    const QPointF keyP = far.toWidget(QPointF(track->times[k], track->value(k, c)));
    ASSERT_LT(QLineF(handlePx, keyP).length(), 7.0);
    const Hit h = hitTest(doc, {{0, 0, c}}, {{0, 0, k, c}}, far, handlePx);
    EXPECT_TRUE(h.kind == HitKind::OutHandle || h.kind == HitKind::InHandle);
}

TEST_F(HitTest, UnusedEndTangentsAreNotHandles) {
    const int c = 2, last = track->keyCount() - 1;
    const KeyHandles kh = keyHandles(*track, last, c);
    ASSERT_TRUE(kh.hasOut);
    EXPECT_FALSE(kh.outUsed);
    const KeyHandles first = keyHandles(*track, 0, c);
    EXPECT_FALSE(first.inUsed);
    EXPECT_TRUE(first.outUsed);
    const Hit h = hitTest(doc, curves, {{0, 0, last, c}}, view, view.toWidget(kh.out));
    EXPECT_NE(h.kind, HitKind::OutHandle);
}

TEST_F(HitTest, CurveBetweenKeysGivesTheTime) {
    const int c = 1;
    const double t = (double(track->times[2]) + track->times[3]) / 2;
    const QPointF p = view.toWidget(QPointF(t, evaluateComponent(*track, t, c)));
    const Hit h = hitTest(doc, {{0, 0, c}}, {}, view, p + QPointF(0, 2));
    EXPECT_EQ(h.kind, HitKind::Curve);
    EXPECT_EQ(h.curve, (CurveRef{0, 0, c}));
    EXPECT_NEAR(h.time, view.toWorldX(p.x()), 1e-12);
    EXPECT_LE(h.distance, 2.0 + 1e-9);
}

TEST_F(HitTest, NothingFarAwayOrOutsideTheKeyRange) {
    EXPECT_EQ(hitTest(doc, curves, {}, view, QPointF(5, 5)).kind, HitKind::Nothing);
    // Before the first key the clamped extrapolation is drawn but not editable.
    const QPointF before = view.toWidget(QPointF(-0.1, track->value(0, 0)));
    EXPECT_EQ(hitTest(doc, {{0, 0, 0}}, {}, view, before).kind, HitKind::Nothing);
}

TEST_F(HitTest, KeysInRect) {
    const QRectF band(keyPx(2, 0) - QPointF(3, 3), keyPx(2, 0) + QPointF(3, 3));
    const KeySelection s = keysInRect(doc, curves, view, band);
    ASSERT_EQ(s.size(), 1u);
    EXPECT_EQ(*s.begin(), (KeyRef{0, 0, 2, 0}));
    // The whole widget: every key of every component.
    EXPECT_EQ(keysInRect(doc, curves, view, QRectF(0, 0, 1000, 600)).size(), 27u);
}

TEST(HandleSlope, FromThePointerDirection) {
    EXPECT_DOUBLE_EQ(slopeFromPointer(QPointF(1, 2), QPointF(1.5, 3), true, 1e-3), 2.0);
    EXPECT_DOUBLE_EQ(slopeFromPointer(QPointF(1, 2), QPointF(0.5, 3), false, 1e-3), -2.0);
    // An out-handle dragged behind its key keeps a finite slope (minDt in front of the key).
    EXPECT_DOUBLE_EQ(slopeFromPointer(QPointF(1, 2), QPointF(0.5, 3), true, 0.01), 100.0);
}
