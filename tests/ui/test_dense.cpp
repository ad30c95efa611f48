// The curve view at motion-capture density: per-column min/max envelopes, exact
// segments where they are wide, key markers only where keys are apart, and a drag that redraws
// only the dragged channel over a cached picture of the others.
#include <cmath>
#include <limits>

#include <QImage>

#include <gtest/gtest.h>

#include "../render/dense_track.h"
#include "curveenvelope.h"
#include "curvepainter.h"
#include "curveview.h"
#include "tangent/builder.h"
#include "tangent/edit.h"
#include "ui_support.h"

using namespace tangent;
using namespace tangent::editing;
using namespace tangent::render;
using namespace tangent::ui;
using namespace tangent::ui::test;
using tangent::test::denseTrack;

namespace {

// The true min/max of a component over [t0, t1], from dense sampling.
std::pair<double, double> sampledRange(const Track& t, int comp, bool normalized, double t0, double t1) {
    double lo = INFINITY, hi = -INFINITY;
    std::vector<double> out(t.components);
    constexpr int kSamples = 4096;  // dense enough for the broken keys' sharp turns (error ~1e-6)
    for (int i = 0; i <= kSamples; ++i) {
        const double time = t0 + (t1 - t0) * i / kSamples;
        if (normalized)
            evaluate(t, time, out.data());
        else
            evaluateRaw(t, time, out.data());
        lo = std::min(lo, out[comp]);
        hi = std::max(hi, out[comp]);
    }
    // And exactly at the keys (a broken key is a kink: its extreme is at the key).
    for (int k = 0; k < t.keyCount(); ++k)
        if (t.times[k] >= t0 && t.times[k] <= t1) {
            if (normalized)
                evaluate(t, t.times[k], out.data());
            else
                evaluateRaw(t, t.times[k], out.data());
            lo = std::min(lo, out[comp]);
            hi = std::max(hi, out[comp]);
        }
    return {lo, hi};
}

}  // namespace

TEST(ColumnEnvelope, IsTheCurvesMinAndMaxOverEachColumn) {
    const Track t = denseTrack(600, TargetPath::Translation, 3);
    const double left = -0.5, scale = 12;  // 2.5 keys per column, some columns before the keys
    const int columns = 260;
    for (int comp = 0; comp < 3; ++comp) {
        const ColumnEnvelope env = columnEnvelope(t, comp, false, left, scale, columns, INFINITY);
        int checked = 0;
        for (int c = 0; c < columns; ++c) {
            const double t0 = left + c / scale, t1 = left + (c + 1) / scale;
            if (t1 < t.startTime() || t0 > t.endTime()) {
                EXPECT_FALSE(env.has(c)) << c;
                continue;
            }
            if (t1 <= t.startTime() || t0 >= t.endTime()) continue;  // touches the first/last key
            ASSERT_TRUE(env.has(c)) << c;
            const auto [lo, hi] = sampledRange(t, comp, false, std::max(t0, t.startTime()), std::min(t1, t.endTime()));
            // Exact up to float storage: the cubic's ends and interior extrema.
            EXPECT_NEAR(env.lo[c], lo, 2e-5 * (1 + std::abs(lo))) << "column " << c;
            EXPECT_NEAR(env.hi[c], hi, 2e-5 * (1 + std::abs(hi))) << "column " << c;
            ++checked;
        }
        EXPECT_GT(checked, 150);
    }
}

TEST(ColumnEnvelope, NormalizedRotationAndStepAndLinear) {
    const Track rot = denseTrack(400, TargetPath::Rotation, 4);
    const double left = 0, scale = 10;
    const ColumnEnvelope env = columnEnvelope(rot, 2, true, left, scale, 130, INFINITY);
    for (int c = 0; c < 130; ++c) {
        const double t0 = left + c / scale, t1 = std::min(rot.endTime(), left + (c + 1) / scale);
        if (t0 > rot.endTime()) continue;
        const auto [lo, hi] = sampledRange(rot, 2, true, t0, t1);
        // Sampled at keys and column edges: within a small fraction of the column's range.
        const double tol = 0.02 * (hi - lo) + 1e-4;
        EXPECT_NEAR(env.lo[c], lo, tol) << c;
        EXPECT_NEAR(env.hi[c], hi, tol) << c;
    }
    Track step = denseTrack(100, TargetPath::Translation, 1);
    setInterpolation(step, Interpolation::Step);
    const ColumnEnvelope se = columnEnvelope(step, 0, false, 0, 10, 40, INFINITY);
    // Column 0 is [0, 0.1] and holds keys 0..2 (float(3/30) is just past 0.1): every value held.
    double lo = INFINITY, hi = -INFINITY;
    for (int k = 0; k <= 2; ++k)
        lo = std::min<double>(lo, step.value(k, 0)), hi = std::max<double>(hi, step.value(k, 0));
    EXPECT_FLOAT_EQ(se.lo[0], float(lo));
    EXPECT_FLOAT_EQ(se.hi[0], float(hi));
}

// A face rig's weights channel has more morph targets than any fixed limit: every component
// still gets its envelope, the last one as exactly as the first.
TEST(ColumnEnvelope, ChannelsWithManyMorphTargetsAreDrawnToo) {
    const Track t = denseTrack(300, TargetPath::Weights, 100);
    const double left = 0, scale = 30;  // 1 px per key: decimated
    const int columns = 300;
    const std::vector<ColumnEnvelope> envs = columnEnvelopes(t, false, left, scale, columns, kExactSegmentPixels);
    ASSERT_EQ(envs.size(), 100u);
    for (int comp : {0, 64, 99}) {
        const ColumnEnvelope one = columnEnvelope(t, comp, false, left, scale, columns, kExactSegmentPixels);
        int drawn = 0;
        for (int c = 0; c < columns; ++c) {
            ASSERT_EQ(envs[comp].has(c), one.has(c)) << comp << " " << c;
            if (!one.has(c)) continue;
            EXPECT_EQ(envs[comp].lo[c], one.lo[c]);
            EXPECT_EQ(envs[comp].hi[c], one.hi[c]);
            ++drawn;
        }
        EXPECT_GT(drawn, columns - 5) << "component " << comp;
    }
}

TEST(ColumnEnvelope, WideSegmentsAreLeftToTheExactPath) {
    const Track t = denseTrack(50, TargetPath::Translation, 1);
    // 30 px per segment: nothing is decimated, the path has one cubicTo per segment.
    EXPECT_EQ(columnEnvelope(t, 0, false, 0, 900, 1500).spanCount(), 0);
    EXPECT_FALSE(hasNarrowSegments(t, 900, 0, 2));
    // 0.3 px per segment: everything is decimated, the path is empty.
    EXPECT_GT(columnEnvelope(t, 0, false, 0, 9, 30).spanCount(), 10);
    ViewTransform v(QSizeF(30, 100), 0, 2, 9, 20);
    EXPECT_TRUE(curvePath(t, 0, v, false, 0, 30, kExactSegmentPixels).isEmpty());
    EXPECT_EQ(curvePath(t, 0, v, false, 0, 30, 0).elementCount(), 1 + 3 * 49);
}

TEST(ColumnEnvelope, SpansJoinAcrossColumns) {
    // A steep line: neighbouring columns share their boundary value, so drawn spans touch.
    Track t;
    t.interpolation = Interpolation::Linear;
    t.components = 1;
    t.resize(400);
    for (int k = 0; k < 400; ++k) t.times[k] = float(k / 30.0), t.values[k] = float(k);
    const ColumnEnvelope env = columnEnvelope(t, 0, false, 0, 10, 120, INFINITY);
    for (int c = 0; c + 1 < 120 && env.has(c + 1); ++c) EXPECT_EQ(env.hi[c], env.lo[c + 1]) << c;
}

namespace {

class DenseViewTest : public ::testing::Test {
protected:
    void SetUp() override {
        DocumentBuilder b;
        const int anim = b.addAnimation("mocap");
        for (int j = 0; j < 6; ++j) {
            const int node = b.addNode("joint_" + std::to_string(j));
            b.addChannel(anim, node, denseTrack(3000, TargetPath::Translation, 3, 0.1 * j));
        }
        model.setDocument(b.build("dense.glb"), QString(), QStringLiteral("dense.glb"));
        std::vector<ChannelId> all;
        for (int c = 0; c < 6; ++c) all.push_back({0, c});
        view.resize(800, 500);
        view.show();
        state.setShownChannels(all);
        view.frameAll();
    }
    // One frame, as the widget paints it (QWidget::render calls paintEvent).
    CurveView::PaintStats paint() {
        QImage img(view.size(), QImage::Format_RGB32);
        view.render(&img);
        return view.lastPaintStats();
    }
    DocumentModel model;
    ViewState state{&model};
    CurveView view{&state};
};

}  // namespace

TEST_F(DenseViewTest, DrawsOneSpanPerColumnNotOnePerKey) {
    QImage img(view.size(), QImage::Format_RGB32);
    view.render(&img);
    const CurveView::PaintStats st = view.lastPaintStats();
    EXPECT_TRUE(st.layerRebuilt);
    EXPECT_EQ(st.envelopesComputed, 6);  // one per channel, every component at once
    // 18 curves of 3000 keys in about 730 columns: at most one span per column per curve.
    EXPECT_GT(st.spanColumns, 18 * 600);
    EXPECT_LE(st.spanColumns, 18 * view.width());
    // Nothing changed: the next frame reuses the cached picture and envelopes.
    view.render(&img);
    EXPECT_FALSE(view.lastPaintStats().layerRebuilt);
    EXPECT_EQ(view.lastPaintStats().envelopesComputed, 0);
    // A value-only pan redraws the layer from the cached envelopes.
    ViewTransform v = view.viewTransform();
    v.pan(QPointF(0, 5));
    view.setViewTransform(v);
    view.render(&img);
    EXPECT_TRUE(view.lastPaintStats().layerRebuilt);
    EXPECT_EQ(view.lastPaintStats().envelopesComputed, 0);
}

TEST_F(DenseViewTest, ThePictureCoversTheCurve) {
    state.setShownChannels({{0, 2}});
    state.setHidden({0, 2, 1}, true);
    state.setHidden({0, 2, 2}, true);
    view.frameAll();
    QImage img(view.size(), QImage::Format_RGB32);
    view.render(&img);
    const Track& t = model.document().channel(0, 2)->track;
    const ViewTransform& vt = view.viewTransform();
    const QRgb background = img.pixel(int(vt.toWidgetX(t.startTime())) + 3, view.height() - 3);
    int covered = 0, checked = 0;
    for (int x = int(vt.toWidgetX(t.startTime())) + 2; x < int(vt.toWidgetX(t.endTime())) - 2; x += 7) {
        const double v = evaluateComponent(t, vt.toWorldX(x + 0.5), 0);
        const int y = int(vt.toWidgetY(v));
        if (y < 30 || y >= view.height() - 2) continue;
        ++checked;
        covered += img.pixel(x, y) != background;
    }
    EXPECT_GT(checked, 50);
    EXPECT_EQ(covered, checked);
}

TEST_F(DenseViewTest, ADragRedrawsOnlyTheDraggedChannelOverTheCachedLayer) {
    const Track& t = model.document().channel(0, 3)->track;
    const int k = 1500, comp = 0;
    state.setSelection({{0, 3, k, comp}});
    const QPointF from = view.viewTransform().toWidget(keyHandles(t, k, comp).out);
    ASSERT_EQ(view.hitAt(from).kind, HitKind::OutHandle);
    paint();
    press(&view, from);
    EXPECT_TRUE(paint().layerRebuilt);  // the layer without channel 3 is made at the press
    const Track before = t;
    for (int i = 1; i <= 10; ++i) {
        moveHeld(&view, from + QPointF(5 + i, -8.0 * i));
        const CurveView::PaintStats st = paint();
        EXPECT_FALSE(st.layerRebuilt) << i;
        EXPECT_EQ(st.liveCurves, 3) << i;
        EXPECT_EQ(st.envelopesComputed, 1) << i;  // the edited channel only
    }
    release(&view, from + QPointF(15, -80));
    EXPECT_EQ(model.undoStack()->count(), 1);
    EXPECT_NE(model.document().channel(0, 3)->track.outTangent(k, comp), before.outTangent(k, comp));
    CurveView::PaintStats st = paint();
    EXPECT_TRUE(st.layerRebuilt);  // the edited channel joins the layer
    EXPECT_EQ(st.liveCurves, 0);
    // Undo restores the data exactly, and the cache follows.
    model.undoStack()->undo();
    EXPECT_TRUE(model.document().channel(0, 3)->track.sameCurve(before));
    st = paint();
    EXPECT_TRUE(st.layerRebuilt);
    EXPECT_EQ(st.envelopesComputed, 1);
}

TEST_F(DenseViewTest, HitTestingFindsKeysByTimeWithoutScanningTheTrack) {
    // Zoomed in so that keys are apart: a click on a key selects it.
    ViewTransform v = view.viewTransform();
    const Track& t = model.document().channel(0, 0)->track;
    v.fit(QRectF(t.times[100] - 0.2, -2, 0.4, 4), QMarginsF(60, 30, 20, 20));
    view.setViewTransform(v);
    const QPointF kp = v.toWidget(QPointF(t.times[100], t.value(100, 1)));
    const Hit h = view.hitAt(kp);
    ASSERT_EQ(h.kind, HitKind::Key);
    EXPECT_EQ(h.key, 100);
    EXPECT_EQ(h.curve.component, 1);
}

TEST_F(DenseViewTest, ATimePanByWholePixelsDrawsWhatAFreshViewDraws) {
    paint();
    ViewTransform v = view.viewTransform();
    for (double dx : {9.0, -23.0, 4.0}) {  // whole pixels: the envelopes' other columns are reused
        v.pan(QPointF(dx, 0));
        view.setViewTransform(v);
        QImage panned(view.size(), QImage::Format_RGB32);
        view.render(&panned);
        EXPECT_EQ(view.lastPaintStats().envelopesComputed, 6);
        // The same transform in a view that never saw another one: everything computed afresh.
        CurveView fresh(&state);
        fresh.resize(view.size());
        fresh.setViewTransform(v);
        QImage full(view.size(), QImage::Format_RGB32);
        fresh.render(&full);
        int differ = 0;
        for (int y = 0; y < full.height(); ++y)
            for (int x = 0; x < full.width(); ++x) differ += panned.pixel(x, y) != full.pixel(x, y);
        // Equal up to the rounding of a column's edge time (left + c / scale) in a pixel or two.
        EXPECT_LE(differ, 4) << dx;
    }
}

// A pan by whole pixels moves the cached picture and draws only the uncovered strips: the
// result is what a view that never saw another transform draws.
TEST_F(DenseViewTest, APanByWholePixelsScrollsThePictureAndDrawsWhatAFreshViewDraws) {
    paint();
    ViewTransform v = view.viewTransform();
    for (QPointF d : {QPointF(0, 7), QPointF(0, -19), QPointF(11, 0), QPointF(-6, 13), QPointF(30, -40)}) {
        v.pan(d);
        view.setViewTransform(v);
        QImage panned(view.size(), QImage::Format_RGB32);
        view.render(&panned);
        EXPECT_TRUE(view.lastPaintStats().layerScrolled) << d.x() << " " << d.y();
        CurveView fresh(&state);
        fresh.resize(view.size());
        fresh.setViewTransform(v);
        QImage full(view.size(), QImage::Format_RGB32);
        fresh.render(&full);
        EXPECT_FALSE(fresh.lastPaintStats().layerScrolled);
        int differ = 0;
        for (int y = 0; y < full.height(); ++y)
            for (int x = 0; x < full.width(); ++x) differ += panned.pixel(x, y) != full.pixel(x, y);
        EXPECT_LE(differ, 4) << d.x() << " " << d.y();
    }
}

// The direct span blend (a few curves) walks the scanlines in groups of columns; every pixel
// is what blending it on its own gives, inside a clip too.
TEST(ColumnEnvelope, DirectBlendIsThePerPixelBlend) {
    ColumnEnvelope env;
    env.left = 0;
    env.scale = 1;
    env.columns = 203;
    env.lo.resize(203);
    env.hi.resize(203);
    std::uint32_t seed = 12345;
    auto next = [&] { return seed = seed * 1664525u + 1013904223u; };
    for (int c = 0; c < env.columns; ++c) {
        const float a = float(next() % 1000) / 400.0f - 0.5f, b = a + float(next() % 300) / 300.0f;
        env.lo[c] = c % 17 == 5 ? INFINITY : a;  // some columns without a span
        env.hi[c] = c % 17 == 5 ? -INFINITY : b;
    }
    const ViewTransform view(QSizeF(211, 150), 0, 2.2, 1, 60);
    for (const QRect clip : {QRect(), QRect(13, 20, 150, 77)}) {
        for (const double alphaF : {0.7, 1.0}) {
            QImage img(211, 150, QImage::Format_RGB32);
            for (int y = 0; y < img.height(); ++y)
                for (int x = 0; x < img.width(); ++x) img.setPixel(x, y, 0xff000000u | (next() & 0xffffffu));
            QImage ref = img.copy();
            QColor color(200, 90, 30);
            color.setAlphaF(alphaF);
            rasterizeEnvelope(img, env, view, color, 3, clip);
            const int alpha = int(std::lround(color.alphaF() * 256)), inv = 256 - alpha;
            const QRect area = clip.isNull() ? ref.rect() : clip;
            for (int c = std::max(3, area.left()); c <= std::min(area.right(), env.columns - 1); ++c) {
                if (!env.has(c)) continue;
                const double yTop = (view.top() - double(env.hi[c])) * view.scaleY();
                const double yBottom = (view.top() - double(env.lo[c])) * view.scaleY();
                if (!(yBottom >= 0) || !(yTop < ref.height())) continue;
                const int r0 = std::max(0, int(std::floor(yTop)));
                const int r1 = std::min(ref.height() - 1, std::max(r0, int(std::floor(yBottom))));
                for (int r = std::max(r0, area.top()); r <= std::min(r1, area.bottom()); ++r) {
                    const QRgb d = ref.pixel(c, r);
                    ref.setPixel(c, r,
                                 qRgb((color.red() * alpha + qRed(d) * inv) >> 8,
                                      (color.green() * alpha + qGreen(d) * inv) >> 8,
                                      (color.blue() * alpha + qBlue(d) * inv) >> 8));
                }
            }
            int differ = 0;
            for (int y = 0; y < img.height(); ++y)
                for (int x = 0; x < img.width(); ++x) differ += img.pixel(x, y) != ref.pixel(x, y);
            EXPECT_EQ(differ, 0) << alphaF << " " << clip.isNull();
        }
    }
}

// Many curves through the accumulator: every pixel is what blending it on its own gives — the
// mean colour of the n curves over it at opacity 1 - (1 - alpha)^n (in 1/256, as the
// accumulator rounds it), over the pixel — with counts past the opacity table's 63 and a
// width that leaves a partial tile (the vector blends' scalar tails), inside a clip too.
TEST(ColumnEnvelope, AccumulatorIsThePerPixelMeanBlend) {
    constexpr int kCurves = 150, kW = 203, kH = 150;
    std::uint32_t seed = 777;
    auto next = [&] { return seed = seed * 1664525u + 1013904223u; };
    std::vector<ColumnEnvelope> envs(kCurves);
    std::vector<SpanAccumulator::Item> items;
    for (int i = 0; i < kCurves; ++i) {
        ColumnEnvelope& env = envs[std::size_t(i)];
        env.columns = kW;
        env.lo.resize(kW);
        env.hi.resize(kW);
        for (int c = 0; c < kW; ++c) {
            // Most curves short (few over a pixel: the blend's counts 1, 2, ...), 80 of them
            // tall and overlapping (counts past 63).
            const bool tall = i < 80;
            const float a = tall ? 0.5f + float(next() % 100) / 200.0f : float(next() % 1000) / 400.0f - 0.5f;
            const float b = a + (tall ? 1.0f : float(next() % 100) / 300.0f);
            const bool none = (c + i) % 13 == 4;
            env.lo[c] = none ? INFINITY : a;
            env.hi[c] = none ? -INFINITY : b;
        }
        env.updateBlocks();
        items.push_back(
                {&env, 2.2 + 0.01 * (i % 7), 60.0, QColor(int(next() % 256), int(next() % 256), int(next() % 256))});
    }
    for (const double alpha : {0.9, 0.25})
        for (const QRect clip : {QRect(), QRect(13, 20, 150, 77)}) {
            QImage img(kW, kH, QImage::Format_RGB32);
            for (int y = 0; y < kH; ++y)
                for (int x = 0; x < kW; ++x) img.setPixel(x, y, 0xff000000u | (next() & 0xffffffu));
            const QImage before = img.copy();
            SpanAccumulator acc;
            acc.draw(img, items, alpha, clip);
            const QRect area = clip.isNull() ? img.rect() : clip;
            int differ = 0, maxCount = 0;
            for (int x = 0; x < kW; ++x) {
                std::vector<std::int64_t> sr(kH), sg(kH), sb(kH);
                std::vector<int> n(kH);
                for (const SpanAccumulator::Item& it : items) {
                    const ColumnEnvelope& env = *it.envelope;
                    if (!env.has(x)) continue;
                    const double yTop = (it.top - double(env.hi[x])) * it.scaleY;
                    const double yBottom = (it.top - double(env.lo[x])) * it.scaleY;
                    if (!(yBottom >= 0) || !(yTop < kH)) continue;
                    const int r0 = int(std::min(std::max(yTop, 0.0), double(kH - 1)));
                    const int r1 = std::max(r0, int(std::min(std::max(yBottom, 0.0), double(kH - 1))));
                    const QRgb rgb = it.color.rgb();
                    for (int r = r0; r <= r1; ++r)
                        sr[r] += qRed(rgb), sg[r] += qGreen(rgb), sb[r] += qBlue(rgb), ++n[r];
                }
                for (int y = 0; y < kH; ++y) {
                    QRgb want = before.pixel(x, y);
                    if (area.contains(x, y) && n[y] > 0) {
                        maxCount = std::max(maxCount, n[y]);
                        const std::int64_t a = std::lround(256 * (1 - std::pow(1 - alpha, std::min(n[y], 63))));
                        const std::int64_t f = a * ((std::int64_t(1) << 16) / n[y]), inv = 256 - a;
                        want = qRgb(int((sr[y] * f >> 24) + (qRed(want) * inv >> 8)),
                                    int((sg[y] * f >> 24) + (qGreen(want) * inv >> 8)),
                                    int((sb[y] * f >> 24) + (qBlue(want) * inv >> 8)));
                    }
                    differ += img.pixel(x, y) != want;
                }
            }
            EXPECT_GT(maxCount, 63);
            EXPECT_EQ(differ, 0) << alpha << " " << clip.isNull();
        }
}

TEST_F(DenseViewTest, WhereKeysAreTooDenseToMarkAPressGrabsNoneAndTheViewSaysSo) {
    const Track& t = model.document().channel(0, 0)->track;
    ASSERT_TRUE(keyMarkersHidden(t, view.viewTransform())) << "3000 keys across 800 pixels";
    const QPointF kp = view.viewTransform().toWidget(QPointF(t.times[1500], t.value(1500, 1)));
    // Exactly on an undrawn key: no key under the press, and a drag is a rubber band.
    EXPECT_NE(view.hitAt(kp).kind, HitKind::Key);
    const std::vector<float> before = t.times;
    drag(&view, kp, kp + QPointF(30, 30), Qt::NoModifier, false);
    EXPECT_EQ(view.interaction(), CurveView::Interaction::RubberBand);
    release(&view, kp + QPointF(30, 30));
    EXPECT_EQ(t.times, before);
    EXPECT_EQ(model.undoStack()->count(), 0);
    // The box selected keys: those are drawn, so they can be grabbed.
    ASSERT_FALSE(state.selection().empty());
    const KeyRef picked = *state.selection().begin();
    const Track& pt = model.document().channel(picked.animation, picked.channel)->track;
    const QPointF at =
            view.viewTransform().toWidget(QPointF(pt.times[picked.key], pt.value(picked.key, picked.component)));
    const Hit hit = view.hitAt(at);
    EXPECT_NE(hit.kind, HitKind::Nothing);
    EXPECT_NE(hit.kind, HitKind::Curve) << "a selected key (or its handle, drawn over it) is grabbed";
    EXPECT_TRUE(state.selection().count(hit.keyRef())) << "and it is one of the drawn, selected keys";
    // The cue is drawn: the view's bottom-left text differs from a view zoomed in to marked keys.
    QImage dense(view.size(), QImage::Format_RGB32);
    view.render(&dense);
    ViewTransform zoomed = view.viewTransform();
    zoomed.fit(QRectF(t.times[100] - 0.2, -2, 0.4, 4), QMarginsF(60, 30, 20, 20));
    view.setViewTransform(zoomed);
    ASSERT_FALSE(keyMarkersHidden(t, view.viewTransform()));
    QImage sparse(view.size(), QImage::Format_RGB32);
    view.render(&sparse);
    int textPixels = 0;
    const QColor label = Theme::dark().label;
    for (int x = 70; x < 400; ++x)
        for (int y = view.height() - 18; y < view.height() - 4; ++y)
            textPixels += dense.pixelColor(x, y) == label && sparse.pixelColor(x, y) != label;
    EXPECT_GT(textPixels, 20) << "the \"keys too dense\" line";
}
