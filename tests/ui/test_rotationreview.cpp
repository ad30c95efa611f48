// Rotation review in the real main window: hemisphere flips marked on the curve view between the
// flipped keys (and gone after Channel ▸ Fix Rotations…, back on undo), and the read-only Euler
// view, driven with mouse events, whose angles are eulerSamples' (checked against Blender in
// tests/core/test_eulercurve.cpp).
#include <algorithm>
#include <cmath>

#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QStatusBar>
#include <QTest>
#include <QToolTip>
#include <QUndoStack>

#include <gtest/gtest.h>

#include "curvepainter.h"
#include "curveview.h"
#include "eulerview.h"
#include "mainwindow.h"
#include "overlays.h"
#include "tangent/builder.h"
#include "tangent/checks.h"
#include "tangent/rotationreview.h"
#include "ui_support.h"

using namespace tangent;
using namespace tangent::editing;
using namespace tangent::render;
using namespace tangent::ui;
using namespace tangent::ui::test;

namespace {

constexpr double kPi = 3.14159265358979323846;

// x y z w of `degrees` about Z, negated with `sign` -1 (the same rotation, other hemisphere).
std::vector<float> aboutZ(double degrees, float sign = 1) {
    const double half = degrees * kPi / 360;
    return {0, 0, sign * float(std::sin(half)), sign * float(std::cos(half))};
}

// One rotation channel, CUBICSPLINE with flat tangents, keys at 0 1 2 3 s: 0°, 40°, then 80° and
// 120° written as -q. Only keys 1 and 2 lie in opposite hemispheres.
Document flippedDocument() {
    Track t;
    t.interpolation = Interpolation::CubicSpline;
    t.path = TargetPath::Rotation;
    t.components = 4;
    t.times = {0, 1, 2, 3};
    t.resize(4);
    const std::vector<std::vector<float>> keys{aboutZ(0), aboutZ(40), aboutZ(80, -1), aboutZ(120, -1)};
    for (int k = 0; k < 4; ++k)
        for (int c = 0; c < 4; ++c) t.values[t.at(k, c)] = keys[k][c];
    DocumentBuilder b;
    const int anim = b.addAnimation("turn");
    b.addChannel(anim, b.addNode("spinner"), t);
    return b.build("flipped.gltf");
}

bool isFlipRed(QRgb pixel) {
    return qRed(pixel) == 0xff && qGreen(pixel) == 0x4a && qBlue(pixel) == 0x3d;
}

class RotationReviewTest : public ::testing::Test {
protected:
    void SetUp() override {
        window.resize(1200, 800);
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    }
    ViewState* state() { return window.viewState(); }
    std::vector<FlipMark> marks() {
        CurveScene sc;
        sc.document = &window.model()->document();
        sc.channels = state()->shownChannels();
        return hemisphereFlipMarks(sc, window.curveView()->viewTransform());
    }
    EulerView* eulerView() {
        auto* view = window.findChild<EulerView*>();
        auto* dock = window.findChild<QDockWidget*>(QStringLiteral("eulerDock"));
        if (dock) dock->raise();
        QApplication::processEvents();
        return view;
    }

    MainWindow window;
};

TEST_F(RotationReviewTest, FlipIsMarkedBetweenTheFlippedKeys) {
    window.model()->setDocument(flippedDocument(), QString());
    state()->setShownChannels({{0, 0}});
    QApplication::processEvents();

    // What the checks say (TANGENT_ROTATION_HEMISPHERE_FLIP names the later key of the pair).
    int flagged = -1;
    for (const Finding& f : checkDocument(window.model()->document()))
        if (f.code == "TANGENT_ROTATION_HEMISPHERE_FLIP") flagged = f.key;
    EXPECT_EQ(flagged, 2);

    const std::vector<FlipMark> found = marks();
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].segment, 1);
    const ViewTransform& view = window.curveView()->viewTransform();
    const double x1 = view.toWidgetX(1.0), x2 = view.toWidgetX(2.0);
    EXPECT_DOUBLE_EQ(found[0].area.left(), x1);
    EXPECT_DOUBLE_EQ(found[0].area.right(), x2);
    EXPECT_EQ(found[0].area.top(), CurvePainter::kRulerHeight);
    // The segment from 1 s to 2 s: the second and third keys, numbered from 1 as people count.
    EXPECT_TRUE(found[0].text.contains(QStringLiteral("keys 2 and 3"))) << found[0].text.toStdString();

    // On screen: the red bar under the ruler runs from key 1 to key 2 and no further.
    const QImage shot = window.curveView()->grab().toImage();
    const int y = int(CurvePainter::kRulerHeight) + 1;
    for (double x : {x1 + 2, (x1 + x2) / 2, x2 - 2}) EXPECT_TRUE(isFlipRed(shot.pixel(int(x), y))) << x;
    for (double x : {x1 - 3, x2 + 3, view.toWidgetX(0.5), view.toWidgetX(2.5)})
        EXPECT_FALSE(isFlipRed(shot.pixel(int(x), y))) << x;

    // Hovering the mark explains it.
    const QPointF over((x1 + x2) / 2, CurvePainter::kRulerHeight + 3);
    sendMouse(window.curveView(), QEvent::MouseMove, over, Qt::NoButton, Qt::NoButton);
    EXPECT_TRUE(QToolTip::text().contains(QStringLiteral("opposite hemispheres"))) << QToolTip::text().toStdString();
}

TEST_F(RotationReviewTest, FixRotationsClearsTheMarkInOneUndoStep) {
    window.model()->setDocument(flippedDocument(), QString());
    state()->setShownChannels({{0, 0}});
    QApplication::processEvents();
    ASSERT_EQ(marks().size(), 1u);
    QAction* fix = menuAction(window, QStringLiteral("&Channel"), QStringLiteral("&Fix Rotations…"));
    ASSERT_TRUE(fix);
    ASSERT_TRUE(triggerAndAnswer(fix, [](QDialog*) {}));
    EXPECT_EQ(window.model()->undoStack()->count(), 1);
    EXPECT_TRUE(marks().empty());
    // Keys 2 and 3 flipped into key 1's hemisphere: 80° and 120° written as +q now.
    const Track& fixed = window.model()->document().channel(0, 0)->track;
    EXPECT_GT(fixed.value(2, 3), 0);
    EXPECT_GT(fixed.value(3, 3), 0);
    window.model()->undoStack()->undo();
    EXPECT_EQ(marks().size(), 1u);
}

class EulerViewTest : public RotationReviewTest {
protected:
    void SetUp() override {
        RotationReviewTest::SetUp();
        ASSERT_TRUE(window.openFile(QString::fromStdString(fixture("blender/broken_trs_1.glb"))));
        state()->setShownChannels({{0, 0}, {0, 1}});  // translation, then Mover's rotation
        view = eulerView();
        ASSERT_TRUE(view);
        ASSERT_TRUE(view->plot()->isVisible());
    }
    const Track& rotation() { return window.model()->document().channel(0, 1)->track; }
    // The view's curve is eulerSamples at its sample times; the playhead's angles go on from the
    // sample at or before it.
    void expectTheCurveOfEulerSamples(EulerOrder order) {
        const std::vector<glm::dvec3> expected = eulerSamples(rotation(), view->sampleTimes(), order);
        ASSERT_EQ(view->samples().size(), expected.size());
        ASSERT_GT(expected.size(), std::size_t(EulerView::kGridSamples));
        for (std::size_t i = 0; i < expected.size(); ++i) ASSERT_EQ(view->samples()[i], expected[i]) << i;
    }
    glm::dvec3 expectedAtPlayhead(EulerOrder order) {
        const double t = state()->currentTime();
        const auto& times = view->sampleTimes();
        const std::size_t before = std::size_t(std::upper_bound(times.begin(), times.end(), t) - times.begin()) - 1;
        return eulerSamples(rotation(), {t}, order, view->samples()[before]).front();
    }
    EulerView* view = nullptr;
};

TEST_F(EulerViewTest, ShowsTheRotationAsThreeCurvesWithTheValuesAtThePlayhead) {
    ASSERT_TRUE(view->channel().has_value());
    EXPECT_EQ(*view->channel(), (ChannelId{0, 1}));
    state()->setCurrentTime(1.3);
    QApplication::processEvents();
    expectTheCurveOfEulerSamples(EulerOrder::XYZ);
    const auto at = view->anglesAtPlayhead();
    ASSERT_TRUE(at.has_value());
    const glm::dvec3 expected = expectedAtPlayhead(EulerOrder::XYZ);
    for (int axis = 0; axis < 3; ++axis) EXPECT_EQ((*at)[axis], expected[axis]) << axis;
    const auto* readout = view->findChild<QLabel*>(QStringLiteral("eulerReadout"));
    ASSERT_TRUE(readout);
    EXPECT_EQ(readout->text(), QStringLiteral("X %1°   Y %2°   Z %3°")
                                       .arg(expected.x, 0, 'f', 3)
                                       .arg(expected.y, 0, 'f', 3)
                                       .arg(expected.z, 0, 'f', 3));

    // Each axis's curve is drawn in its colour where its samples say (a 1.6 px line: the pixel
    // at the sample or one beside it), away from the playhead.
    const QImage shot = view->plot()->grab().toImage();
    const ViewTransform& vt = view->viewTransform();
    for (int axis = 0; axis < 3; ++axis) {
        const QColor colour = componentColor(rotation(), axis);
        int hits = 0, tried = 0;
        for (double fraction : {0.1, 0.25, 0.6, 0.75, 0.9}) {
            const std::size_t i = std::size_t(fraction * double(view->samples().size() - 1));
            const int x = int(std::lround(vt.toWidgetX(view->sampleTimes()[i])));
            const int y = int(std::lround(vt.toWidgetY(view->samples()[i][axis])));
            ++tried;
            for (int dy = -1; dy <= 1; ++dy) {
                const QColor c = shot.pixelColor(x, y + dy);
                if (std::abs(c.red() - colour.red()) < 48 && std::abs(c.green() - colour.green()) < 48 &&
                    std::abs(c.blue() - colour.blue()) < 48) {
                    ++hits;
                    break;
                }
            }
        }
        EXPECT_GE(hits, tried - 1) << "axis " << axis;  // one may be crossed by another curve
    }

    // Another order: the samples follow.
    auto* order = view->findChild<QComboBox*>(QStringLiteral("eulerOrder"));
    ASSERT_TRUE(order);
    order->setCurrentText(QStringLiteral("ZYX"));
    EXPECT_EQ(view->order(), EulerOrder::ZYX);
    expectTheCurveOfEulerSamples(EulerOrder::ZYX);
    const glm::dvec3 zyx = expectedAtPlayhead(EulerOrder::ZYX);
    for (int axis = 0; axis < 3; ++axis) EXPECT_EQ((*view->anglesAtPlayhead())[axis], zyx[axis]) << axis;
    // The dock was made tall enough to read three curves when it was raised.
    EXPECT_GE(view->plot()->height(), 150);
}

TEST_F(EulerViewTest, DragEditsNothingAndClickMovesThePlayhead) {
    const Track before = rotation();
    const double timeBefore = state()->currentTime();
    QWidget* plot = view->plot();
    const QPointF middle(plot->width() / 2.0, plot->height() / 2.0);
    drag(plot, middle, middle + QPointF(60, -40));
    EXPECT_TRUE(rotation().sameCurve(before));
    EXPECT_EQ(window.model()->undoStack()->count(), 0);
    EXPECT_TRUE(window.statusBar()->currentMessage().contains(QStringLiteral("read-only")))
            << window.statusBar()->currentMessage().toStdString();
    EXPECT_EQ(state()->currentTime(), timeBefore);  // a drag does not move the playhead either

    const double x = view->viewTransform().toWidgetX(2.0);
    press(plot, QPointF(x, middle.y()));
    release(plot, QPointF(x, middle.y()));
    EXPECT_NEAR(state()->currentTime(), 2.0, 1e-9);
    // In the ruler, a drag scrubs.
    drag(plot, QPointF(x, 10), QPointF(view->viewTransform().toWidgetX(1.0), 10));
    EXPECT_NEAR(state()->currentTime(), 1.0, 1e-9);
    EXPECT_TRUE(rotation().sameCurve(before));
}

TEST_F(EulerViewTest, NoRotationShownSaysSo) {
    state()->setShownChannels({{0, 0}});
    QApplication::processEvents();
    EXPECT_FALSE(view->channel().has_value());
    EXPECT_FALSE(view->anglesAtPlayhead().has_value());
    EXPECT_EQ(view->findChild<QLabel*>(QStringLiteral("eulerReadout"))->text(),
              QStringLiteral("no rotation channel shown"));
}

}  // namespace
