// The curve renderer re-indexes only the keys the model says changed: the picture after such an
// update is the picture a renderer that never saw the old data draws, bit for bit.
#include <cmath>
#include <cstring>
#include <memory>
#include <utility>
#include <vector>

#include <QImage>

#include <gtest/gtest.h>

#include "curverenderer.h"
#include "dense_track.h"
#include "tangent/builder.h"
#include "tangent/edit.h"
#include "theme.h"

using namespace tangent;
using namespace tangent::render;
using tangent::test::denseTrack;

namespace {

struct Scene {
    Document doc;
    CurveScene scene;
    ViewTransform view;
};

// Filled in place: the scene points at the document.
void makeScene(Scene& s) {
    DocumentBuilder b;
    const int anim = b.addAnimation("mocap");
    b.addChannel(anim, b.addNode("hips"), denseTrack(4000, TargetPath::Translation, 3, 0.0));
    b.addChannel(anim, b.addNode("spine"), denseTrack(4000, TargetPath::Rotation, 4, 0.3));
    s.doc = b.build("dense.glb");
    s.scene.document = &s.doc;
    for (int c = 0; c < 2; ++c) {
        s.scene.channels.push_back({0, c});
        for (int comp = 0; comp < s.doc.channel(0, c)->track.components; ++comp) s.scene.curves.push_back({0, c, comp});
    }
    s.view = ViewTransform(QSizeF(900, 500), -0.5, 2.0, 900.0 / 140, 110);
}

bool samePixels(const QImage& a, const QImage& b) {
    if (a.size() != b.size()) return false;
    for (int y = 0; y < a.height(); ++y)
        if (std::memcmp(a.constScanLine(y), b.constScanLine(y), std::size_t(a.width()) * 4) != 0) return false;
    return true;
}

// The columns where two pictures of the same size differ.
std::vector<int> changedColumns(const QImage& a, const QImage& b) {
    std::vector<int> out;
    for (int x = 0; x < a.width(); ++x)
        for (int y = 0; y < a.height(); ++y)
            if (a.pixel(x, y) != b.pixel(x, y)) {
                out.push_back(x);
                break;
            }
    return out;
}

// An edit shows where its keys are and nowhere else: each changed column lies within `margin`
// pixels of the time span of one of `spans` (key times before and after the edit), and there is
// one at least. Else the incremental and the fresh picture could agree by being equally stale.
void expectTheEditDrawnOnlyAt(const QImage& before, const QImage& after, const ViewTransform& view,
                              const std::vector<std::pair<double, double>>& spans) {
    ASSERT_EQ(before.size(), after.size());
    const std::vector<int> columns = changedColumns(before, after);
    EXPECT_FALSE(columns.empty()) << "the edit changed no pixel";
    const double margin = 3;  // the pen's width and antialiasing
    for (const int x : columns) {
        bool near = false;
        for (const auto& [from, to] : spans)
            near = near || (x >= view.toWidgetX(from) - margin && x <= view.toWidgetX(to) + margin);
        EXPECT_TRUE(near) << "column " << x << " (t = " << view.left() + x / view.scaleX()
                          << " s) changed, away from the edited keys";
    }
}

}  // namespace

TEST(CurveRenderer, AnUpdateOfTheChangedKeysDrawsWhatAFreshRendererDraws) {
    for (const int channel : {0, 1}) {  // raw cubics, then normalized rotation (sampled turning points)
        Scene s;
        makeScene(s);
        CurveRenderer renderer;
        const QImage before = renderer.frame(s.scene, s.view, 1.0).copy();
        // Keys 1200..1203 move up and in time, as a drag of a few keys does.
        Track t = s.doc.channel(0, channel)->track;
        const double editFrom = t.times[1199], editTo = t.times[1204];
        moveKeysInTime(t, {1200, 1201, 1202, 1203}, 0.01);
        for (int k = 1200; k <= 1203; ++k) setValue(t, k, 1, t.value(k, 1) + 0.3);
        s.doc.setTrack(0, channel, t);
        renderer.channelChanged(0, channel, KeySpan::keys(1199, 1204, t.keyCount()));
        const QImage updated = renderer.frame(s.scene, s.view, 1.0).copy();
        EXPECT_EQ(renderer.lastStats().envelopesComputed, 1);

        CurveRenderer fresh;
        const QImage full = fresh.frame(s.scene, s.view, 1.0).copy();
        EXPECT_TRUE(samePixels(updated, full)) << channel;
        expectTheEditDrawnOnlyAt(before, full, s.view, {{editFrom, editTo}});
    }
}

TEST(CurveRenderer, AChangeOfTheKeyCountIndexesTheTrackAgain) {
    Scene s;
    makeScene(s);
    CurveRenderer renderer;
    const QImage before = renderer.frame(s.scene, s.view, 1.0).copy();
    Track t = s.doc.channel(0, 0)->track;
    const std::vector<std::pair<double, double>> edited = {{t.times[9], t.times[13]}, {t.times[1999], t.times[2001]}};
    deleteKeys(t, {10, 11, 12, 2000});
    s.doc.setTrack(0, 0, t);
    // The span says only keys 10..12 changed, but the count did too: everything is made again.
    renderer.channelChanged(0, 0, KeySpan::keys(9, 13, t.keyCount()));
    const QImage updated = renderer.frame(s.scene, s.view, 1.0).copy();
    CurveRenderer fresh;
    const QImage full = fresh.frame(s.scene, s.view, 1.0).copy();
    EXPECT_TRUE(samePixels(updated, full));
    expectTheEditDrawnOnlyAt(before, full, s.view, edited);
}

TEST(CurveRenderer, AnUnchangedSceneReusesTheLayer) {
    Scene s;
    makeScene(s);
    CurveRenderer renderer;
    renderer.frame(s.scene, s.view, 1.0);
    EXPECT_TRUE(renderer.lastStats().layerRebuilt);
    EXPECT_EQ(renderer.lastStats().envelopesComputed, 2);
    renderer.frame(s.scene, s.view, 1.0);
    EXPECT_FALSE(renderer.lastStats().layerRebuilt);
    EXPECT_EQ(renderer.lastStats().envelopesComputed, 0);
}

TEST(CurveRenderer, AReferenceCurveIsDrawnFaintWhereItsValuesAre) {
    // One weight channel at 0; its reference holds 1. In the middle column, the reference's row
    // is tinted by the channel's colour at the theme's reference alpha, and nothing is drawn
    // there without it.
    DocumentBuilder b;
    const int anim = b.addAnimation("a");
    Track zero;
    zero.interpolation = Interpolation::Linear;
    zero.path = TargetPath::Weights;
    zero.components = 1;
    zero.resize(2);
    zero.times = {0, 2};
    b.addChannel(anim, b.addMeshNode("face", 1), zero);
    Document doc = b.build("ref.gltf");
    Track one = doc.channel(0, 0)->track;
    one.values = {1, 1};
    CurveScene scene;
    scene.document = &doc;
    scene.channels = {{0, 0}};
    scene.curves = {{0, 0, 0}};
    const ViewTransform view(QSizeF(600, 400), -0.2, 2.0, 250, 100);  // value 1 at y = 100, 0 at y = 200
    const int x = int(view.toWidgetX(1.0)), yRef = int(std::lround(view.toWidgetY(1.0)));
    const QImage plain = CurveRenderer().frame(scene, view, 1.0).copy();
    const CurveScene::References references{{{0, 0}, std::make_shared<Track>(one)}};
    scene.references = &references;
    const QImage withRef = CurveRenderer().frame(scene, view, 1.0).copy();

    const Theme& theme = Theme::dark();
    const QColor background = plain.pixelColor(x, yRef), colour = componentColor(doc.channel(0, 0)->track, 0);
    const QColor tinted = withRef.pixelColor(x, yRef);
    auto expected = [&](int from, int to) { return from + theme.referenceAlpha * (to - from); };
    EXPECT_NEAR(tinted.red(), expected(background.red(), colour.red()), 3);
    EXPECT_NEAR(tinted.green(), expected(background.green(), colour.green()), 3);
    EXPECT_NEAR(tinted.blue(), expected(background.blue(), colour.blue()), 3);
    // Away from both curves the pictures agree; the channel's own curve (at 0) is unchanged.
    EXPECT_EQ(plain.pixel(x, yRef + 40), withRef.pixel(x, yRef + 40));
    EXPECT_EQ(plain.pixel(x, int(view.toWidgetY(0.0))), withRef.pixel(x, int(view.toWidgetY(0.0))));
}

namespace {

// Channels of every kind: dense and sparse cubics, rotation, LINEAR, STEP, one and five weights.
void makeEveryKindScene(Scene& s) {
    DocumentBuilder b;
    const int anim = b.addAnimation("every kind");
    b.addChannel(anim, b.addNode("hips"), denseTrack(4000, TargetPath::Translation, 3, 0.0));
    b.addChannel(anim, b.addNode("spine"), denseTrack(4000, TargetPath::Rotation, 4, 0.3));
    Track linear = denseTrack(3000, TargetPath::Translation, 3, 0.6);
    setInterpolation(linear, Interpolation::Linear);
    b.addChannel(anim, b.addNode("arm"), linear);
    Track slerped = denseTrack(3000, TargetPath::Rotation, 4, 0.9);
    setInterpolation(slerped, Interpolation::Linear);
    b.addChannel(anim, b.addNode("hand"), slerped);
    Track step = denseTrack(2000, TargetPath::Scale, 3, 0.2);
    setInterpolation(step, Interpolation::Step);
    b.addChannel(anim, b.addNode("prop"), step);
    b.addChannel(anim, b.addMeshNode("blink", 1), denseTrack(4000, TargetPath::Weights, 1, 0.4));
    b.addChannel(anim, b.addMeshNode("face", 5), denseTrack(4000, TargetPath::Weights, 5, 0.5));
    b.addChannel(anim, b.addNode("sparse"), denseTrack(60, TargetPath::Translation, 3, 0.7));
    s.doc = b.build("every_kind.glb");
    s.scene.document = &s.doc;
    for (int c = 0; c < int(s.doc.animations()[0].channels.size()); ++c) {
        s.scene.channels.push_back({0, c});
        for (int comp = 0; comp < s.doc.channel(0, c)->track.components; ++comp) s.scene.curves.push_back({0, c, comp});
    }
    s.view = ViewTransform(QSizeF(900, 500), -0.5, 2.0, 900.0 / 140, 110);
}

}  // namespace

// A time zoom computes every column envelope again; after each step of a walk through the
// zoom levels (200 keys per column, where the index's range queries answer, to a few pixels per
// key, where segments are drawn exactly) and 1 % zooms about the middle, the renderer draws
// what a fresh one draws at that view, on curves of every kind, rotation normalized and raw.
TEST(CurveRenderer, EveryZoomDrawsWhatAFreshRendererDraws) {
    for (const bool normalized : {true, false}) {
        Scene s;
        makeEveryKindScene(s);
        s.scene.normalizedRotation = normalized;
        CurveRenderer renderer;
        int framesWithSpans = 0;
        for (const double perSecond : {0.15, 1.0, 900.0 / 140, 10.75, 30.0, 81.0, 200.0}) {
            for (const double zoomStep : {1.0, 1.01, 1 / 1.01}) {
                ViewTransform v(QSizeF(900, 500), perSecond < 1 ? -30 : 40 - 450 / perSecond, 2.0, perSecond, 110);
                v.zoom(zoomStep, 1.0, QPointF(450, 250));
                const QImage a = renderer.frame(s.scene, v, 1.0).copy();
                const int spans = renderer.lastStats().spanColumns;
                CurveRenderer fresh;
                const QImage b = fresh.frame(s.scene, v, 1.0).copy();
                EXPECT_EQ(spans, fresh.lastStats().spanColumns);
                EXPECT_TRUE(samePixels(a, b))
                        << perSecond << " px/s, zoom " << zoomStep << (normalized ? ", normalized" : ", raw");
                framesWithSpans += spans > 1000;
            }
        }
        EXPECT_GE(framesWithSpans, 15);  // the envelopes drew most of these frames
    }
}

// After an edit the changed keys' segments are indexed again; a zoom then draws what a fresh
// renderer draws: for a drag of keys in time and value and for tangents
// turned steeply (new turning points), on a translation and on a rotation.
TEST(CurveRenderer, AZoomAfterAnEditDrawsWhatAFreshRendererDraws) {
    for (const int channel : {0, 1}) {
        for (const bool tangents : {false, true}) {
            Scene s;
            makeScene(s);
            CurveRenderer renderer;
            renderer.frame(s.scene, s.view, 1.0);
            ViewTransform zoomed = s.view;
            zoomed.zoom(1.01, 1.0, QPointF(450, 250));
            const QImage before = CurveRenderer().frame(s.scene, zoomed, 1.0).copy();
            Track t = s.doc.channel(0, channel)->track;
            if (tangents) {
                for (int k = 1500; k <= 1502; ++k)
                    for (int c = 0; c < t.components; ++c) t.outTangents[t.at(k, c)] = t.inTangents[t.at(k, c)] = -9.0f;
            } else {
                moveKeysInTime(t, {1200, 1201, 1202, 1203}, 0.01);
                for (int k = 1200; k <= 1203; ++k) setValue(t, k, 1, t.value(k, 1) + 0.3);
            }
            s.doc.setTrack(0, channel, t);
            renderer.channelChanged(
                    0, channel,
                    tangents ? KeySpan::keys(1500, 1502, t.keyCount()) : KeySpan::keys(1199, 1204, t.keyCount()));
            renderer.frame(s.scene, s.view, 1.0);  // the edited frame, as during a drag
            const QImage after = renderer.frame(s.scene, zoomed, 1.0).copy();
            EXPECT_EQ(renderer.lastStats().envelopesComputed, 2);  // a zoom: every channel again

            CurveRenderer fresh;
            const QImage full = fresh.frame(s.scene, zoomed, 1.0).copy();
            EXPECT_TRUE(samePixels(after, full)) << "channel " << channel << (tangents ? ", tangents" : ", keys");
            EXPECT_FALSE(samePixels(before, full)) << "the edit changed nothing";
        }
    }
}
