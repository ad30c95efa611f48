#include <gtest/gtest.h>

#include "curvepainter.h"
#include "viewtransform.h"

using tangent::render::ViewTransform;

TEST(ViewTransform, MapsWorldToWidgetWithYFlip) {
    const ViewTransform v(QSizeF(800, 400), -1.0, 2.0, 100.0, 50.0);
    EXPECT_EQ(v.toWidget(QPointF(-1, 2)), QPointF(0, 0));
    EXPECT_EQ(v.toWidget(QPointF(0, 0)), QPointF(100, 100));
    EXPECT_EQ(v.toWidget(QPointF(3, -2)), QPointF(400, 200));  // lower values further down
    EXPECT_DOUBLE_EQ(v.toWorldX(250), 1.5);
    EXPECT_DOUBLE_EQ(v.toWorldY(300), -4.0);
    const QPointF w(0.37, -1.23);
    EXPECT_NEAR(v.toWorld(v.toWidget(w)).x(), w.x(), 1e-12);
    EXPECT_NEAR(v.toWorld(v.toWidget(w)).y(), w.y(), 1e-12);
}

TEST(ViewTransform, QTransformAgreesWithTheMapping) {
    const ViewTransform v(QSizeF(800, 400), -1.0, 2.0, 100.0, 50.0);
    const QTransform t = v.toQTransform();
    for (QPointF w : {QPointF(0, 0), QPointF(3, -2), QPointF(-0.5, 7.25)}) {
        EXPECT_NEAR(t.map(w).x(), v.toWidget(w).x(), 1e-9);
        EXPECT_NEAR(t.map(w).y(), v.toWidget(w).y(), 1e-9);
    }
}

TEST(ViewTransform, VisibleWorld) {
    const ViewTransform v(QSizeF(800, 400), -1.0, 2.0, 100.0, 50.0);
    EXPECT_EQ(v.visibleWorld(), QRectF(-1, -6, 8, 8));
}

TEST(ViewTransform, ZoomKeepsTheAnchorPointFixed) {
    ViewTransform v(QSizeF(800, 400), -1.0, 2.0, 100.0, 50.0);
    const QPointF anchor(250, 300);
    const QPointF before = v.toWorld(anchor);
    v.zoom(2.0, 0.5, anchor);
    EXPECT_DOUBLE_EQ(v.scaleX(), 200.0);
    EXPECT_DOUBLE_EQ(v.scaleY(), 25.0);
    EXPECT_NEAR(v.toWorld(anchor).x(), before.x(), 1e-12);
    EXPECT_NEAR(v.toWorld(anchor).y(), before.y(), 1e-12);
    EXPECT_DOUBLE_EQ(v.left(), 1.5 - 250.0 / 200.0);  // world x under the anchor was 1.5
}

TEST(ViewTransform, ZoomOnOneAxisOnly) {
    ViewTransform v(QSizeF(800, 400), 0, 1, 100, 100);
    v.zoom(3.0, 1.0, QPointF(400, 200));
    EXPECT_DOUBLE_EQ(v.scaleX(), 300);
    EXPECT_DOUBLE_EQ(v.scaleY(), 100);
    EXPECT_DOUBLE_EQ(v.top(), 1);
}

TEST(ViewTransform, ZoomIsClamped) {
    ViewTransform v(QSizeF(800, 400), 0, 1, 100, 100);
    v.zoom(1e12, 1e-12, QPointF(0, 0));
    EXPECT_EQ(v.scaleX(), ViewTransform::kMaxScale);
    EXPECT_EQ(v.scaleY(), ViewTransform::kMinScale);
}

TEST(ViewTransform, PanMovesTheContentWithThePointer) {
    ViewTransform v(QSizeF(800, 400), 0, 1, 100, 50);
    const QPointF w(2, -1);
    const QPointF before = v.toWidget(w);
    v.pan(QPointF(30, -20));
    EXPECT_EQ(v.toWidget(w), before + QPointF(30, -20));
    EXPECT_DOUBLE_EQ(v.left(), -0.3);
    EXPECT_DOUBLE_EQ(v.top(), 0.6);
}

TEST(ViewTransform, FitPutsTheRectInsideTheMargins) {
    ViewTransform v;
    v.setViewport(QSizeF(1000, 500));
    v.fit(QRectF(0, -2, 4, 6), QMarginsF(50, 20, 30, 10));  // t 0..4, v -2..4
    EXPECT_DOUBLE_EQ(v.scaleX(), 920.0 / 4);
    EXPECT_DOUBLE_EQ(v.scaleY(), 470.0 / 6);
    EXPECT_NEAR(v.toWidgetX(0), 50, 1e-9);
    EXPECT_NEAR(v.toWidgetX(4), 970, 1e-9);
    EXPECT_NEAR(v.toWidgetY(4), 20, 1e-9);    // highest value at the top margin
    EXPECT_NEAR(v.toWidgetY(-2), 490, 1e-9);  // lowest at the bottom margin
}

TEST(ViewTransform, FitGivesADegenerateRectASpan) {
    ViewTransform v;
    v.setViewport(QSizeF(500, 300));
    v.fit(QRectF(2, 5, 0, 0), QMarginsF(0, 0, 0, 0));  // one key at (2, 5)
    EXPECT_DOUBLE_EQ(v.scaleX(), 500);                 // 1 s
    EXPECT_DOUBLE_EQ(v.scaleY(), 300);                 // 5 +- 0.5
    EXPECT_NEAR(v.toWidgetX(2), 250, 1e-9);
    EXPECT_NEAR(v.toWidgetY(5), 150, 1e-9);
    v.fit(QRectF(0, 0, 2, 0), QMarginsF(0, 0, 0, 0));  // flat at zero: +-1
    EXPECT_DOUBLE_EQ(v.scaleY(), 150);
}

TEST(Ticks, StepsAreOneTwoFiveTimesAPowerOfTen) {
    using tangent::render::tickStep;
    EXPECT_DOUBLE_EQ(tickStep(100, 90), 1);
    EXPECT_DOUBLE_EQ(tickStep(100, 101), 2);
    EXPECT_DOUBLE_EQ(tickStep(100, 250), 5);
    EXPECT_DOUBLE_EQ(tickStep(100, 600), 10);
    EXPECT_NEAR(tickStep(1000, 90), 0.1, 1e-15);
    EXPECT_NEAR(tickStep(1000, 150), 0.2, 1e-15);
    EXPECT_NEAR(tickStep(30000, 90), 0.005, 1e-15);
}

TEST(Ticks, LabelsHaveTheDecimalsTheStepNeeds) {
    using tangent::render::formatTick;
    EXPECT_EQ(formatTick(1.5, 0.5), QStringLiteral("1.5"));
    EXPECT_EQ(formatTick(10, 5), QStringLiteral("10"));
    EXPECT_EQ(formatTick(0.25, 0.05), QStringLiteral("0.25"));
    EXPECT_EQ(formatTick(-1e-17, 0.1), QStringLiteral("0.0"));
}
