// The 3D preview's pixels on a real OpenGL context (Mesa under Xvfb). The reference is the
// translation curve written by make_files.mjs (glTF-Transform), evaluated here by hand, and the
// pinhole projection of the camera's matrices: the magenta box's pixels must sit where the
// curve puts the box.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <QApplication>
#include <QGuiApplication>
#include <QImage>
#include <QMenu>
#include <QOpenGLContext>
#include <QOpenGLWindow>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QWheelEvent>

#include <glm/glm.hpp>
#include <gtest/gtest.h>

#include "curvepainter.h"
#include "curveview.h"
#include "documentmodel.h"
#include "mainwindow.h"
#include "preview3d.h"
#include "previewdock.h"
#include "theme.h"
#include "transportbar.h"
#include "viewstate.h"

namespace tangent::ui {
namespace {

std::string file(const char* name) {
    return std::string(TANGENT_PREVIEW_FILES) + "/" + name;
}

// linear_box.glb: keys at 0, 1, 2 s, LINEAR.
glm::dvec3 linearTranslation(double t) {
    const glm::dvec3 v[] = {{-1, 0, 0}, {1, 0.5, 0}, {0, -0.5, 0.5}};
    t = std::clamp(t, 0.0, 2.0);
    const int k = std::min(int(t), 1);
    const double s = t - k;
    return v[k] * (1 - s) + v[k + 1] * s;
}

// cubic_box.glb: keys at 0, 1, 2 s, CUBICSPLINE (the spec's Hermite form, Δt = 1).
glm::dvec3 cubicTranslation(double t) {
    const glm::dvec3 value[] = {{-1, -0.5, 0}, {0.5, 0.5, 0}, {1, 0, 0.5}};
    const glm::dvec3 in[] = {{0, 0, 0}, {0.5, 1, 0}, {-1, 0, 0}};
    const glm::dvec3 out[] = {{1.5, 0, 0}, {0.5, 1, 0}, {0, 0, 0}};
    t = std::clamp(t, 0.0, 2.0);
    const int k = std::min(int(t), 1);
    const double s = t - k, s2 = s * s, s3 = s2 * s;
    return (2 * s3 - 3 * s2 + 1) * value[k] + (s3 - 2 * s2 + s) * out[k] + (-2 * s3 + 3 * s2) * value[k + 1] +
           (s3 - s2) * in[k + 1];
}

struct Centroid {
    glm::dvec2 at{0.0};
    int pixels = 0;
};

// Magenta under any light: red and blue alike, no green.
Centroid magentaCentroid(const QImage& image) {
    Centroid c;
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < rgb.height(); ++y) {
        const QRgb* row = reinterpret_cast<const QRgb*>(rgb.constScanLine(y));
        for (int x = 0; x < rgb.width(); ++x) {
            const int r = qRed(row[x]), g = qGreen(row[x]), b = qBlue(row[x]);
            if (r > 60 && b > 60 && std::abs(r - b) < 24 && g < std::min(r, b) / 3) {
                c.at += glm::dvec2(x + 0.5, y + 0.5);
                ++c.pixels;
            }
        }
    }
    if (c.pixels) c.at /= double(c.pixels);
    return c;
}

// A world point in pixels, y down, with the camera's own matrices.
glm::dvec2 project(const render::OrbitCamera& camera, const glm::dvec3& p, QSize size) {
    const glm::dvec4 clip =
            camera.projection(double(size.width()) / size.height()) * camera.view() * glm::dvec4(p, 1.0);
    return {(clip.x / clip.w + 1) / 2 * size.width(), (1 - clip.y / clip.w) / 2 * size.height()};
}

constexpr double kPixelTolerance = 1.5;

// The largest centroid error of a test, printed for the record (the assertions use the tolerance).
struct LargestError {
    const char* what;
    double pixels = 0;
    void see(const glm::dvec2& seen, const glm::dvec2& expected) {
        pixels = std::max({pixels, std::abs(seen.x - expected.x), std::abs(seen.y - expected.y)});
    }
    ~LargestError() { std::printf("%s: largest centroid error %.3f px\n", what, pixels); }
};
const double kTimes[] = {0.0, 0.35, 1.0, 1.6, 2.0, 2.5};

// ------------------------------------------------------------------------------ offscreen

TEST(PreviewImage, TheBoxIsWhereTheTranslationCurvePutsIt) {
    for (const auto& [name, translation] :
         {std::pair{"linear_box.glb", &linearTranslation}, std::pair{"cubic_box.glb", &cubicTranslation}}) {
        SCOPED_TRACE(name);
        const Document doc = Document::load(file(name));
        const Scene scene = loadScene(doc);
        ASSERT_TRUE(scene.problems.empty());
        render::PreviewRequest request;
        request.size = QSize(800, 500);
        request.showSkeleton = false;
        const render::OrbitCamera camera = render::requestCamera(scene, doc, request);
        LargestError largest{"renderPreviewImage"};
        glm::dvec2 previous(0.0);
        for (double t : kTimes) {
            request.time = t;
            const QImage image = render::renderPreviewImage(doc, scene, request);
            ASSERT_EQ(image.size(), request.size);
            const Centroid seen = magentaCentroid(image);
            ASSERT_GT(seen.pixels, 200) << "t " << t;
            const glm::dvec2 expected = project(camera, translation(t), request.size);
            largest.see(seen.at, expected);
            EXPECT_NEAR(seen.at.x, expected.x, kPixelTolerance) << "t " << t;
            EXPECT_NEAR(seen.at.y, expected.y, kPixelTolerance) << "t " << t;
            if (t > 0 && t <= 2) {
                EXPECT_GT(glm::length(seen.at - previous), 5.0) << "the box did not move at " << t;
            }
            previous = seen.at;
        }
    }
}

// rig.glb (tests/cli/make_rigs.mjs, glTF-Transform): a skinned 4-joint chain whose magenta tip
// box (the mesh's primitive 1) is weighted to the last joint alone and morphed by growing about
// its centre, so it stays a convex box as the chain bends. Its pixels must fill the silhouette that deformPrimitive's
// vertices make through the camera's matrices: the projection of a convex box is the convex hull of its projected
// corners, and the area centroid of that polygon is where the pixels' centroid lies. (deformPrimitive itself is checked
// against three.js in tests/cli/test_pose.cpp.)
glm::dvec2 hullCentroid(std::vector<glm::dvec2> points) {
    std::sort(points.begin(), points.end(),
              [](const glm::dvec2& a, const glm::dvec2& b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
    auto cross = [](const glm::dvec2& o, const glm::dvec2& a, const glm::dvec2& b) {
        return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
    };
    // Andrew's monotone chain: lower hull, then upper hull.
    std::vector<glm::dvec2> hull(2 * points.size());
    std::size_t k = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
        while (k >= 2 && cross(hull[k - 2], hull[k - 1], points[i]) <= 0) --k;
        hull[k++] = points[i];
    }
    for (std::size_t i = points.size() - 1, lower = k + 1; i-- > 0;) {
        while (k >= lower && cross(hull[k - 2], hull[k - 1], points[i]) <= 0) --k;
        hull[k++] = points[i];
    }
    hull.resize(k - 1);
    // The polygon's area centroid (shoelace).
    double area = 0;
    glm::dvec2 c(0.0);
    for (std::size_t i = 0; i < hull.size(); ++i) {
        const glm::dvec2& a = hull[i];
        const glm::dvec2& b = hull[(i + 1) % hull.size()];
        const double w = a.x * b.y - b.x * a.y;
        area += w;
        c += (a + b) * w;
    }
    return c / (3 * area);
}

TEST(PreviewImage, TheSkinnedTipIsWhereTheSkinPutsIt) {
    const Document doc = Document::load(file("rig.glb"));
    const Scene scene = loadScene(doc);
    ASSERT_TRUE(scene.problems.empty());
    int node = -1;
    for (std::size_t i = 0; i < scene.nodes.size(); ++i)
        if (scene.nodes[i].skin >= 0) node = int(i);
    ASSERT_GE(node, 0);
    const SceneMesh& mesh = scene.meshes[std::size_t(scene.nodes[std::size_t(node)].mesh)];
    ASSERT_EQ(mesh.primitives.size(), 2u);
    const Primitive& tip = mesh.primitives[1];
    ASSERT_EQ(scene.materials[std::size_t(tip.material)].name, "MagentaTip");
    render::PreviewRequest request;
    request.size = QSize(800, 500);
    request.showSkeleton = false;
    request.animation = 1;  // "Cubic"
    const render::OrbitCamera camera = render::requestCamera(scene, doc, request);
    LargestError largest{"skinned tip"};
    glm::dvec2 previous(0.0);
    for (double t : {0.9, 1.6}) {
        request.time = t;
        Pose pose;
        evaluatePose(scene, doc, request.animation, t, pose);
        DeformedPrimitive deformed;
        deformPrimitive(scene, pose, node, tip, deformed);
        std::vector<glm::dvec2> projected;
        for (const glm::vec3& p : deformed.positions) projected.push_back(project(camera, glm::dvec3(p), request.size));
        const glm::dvec2 expected = hullCentroid(projected);
        const QImage image = render::renderPreviewImage(doc, scene, request);
        const Centroid seen = magentaCentroid(image);
        ASSERT_GT(seen.pixels, 100) << "t " << t;
        largest.see(seen.at, expected);
        EXPECT_NEAR(seen.at.x, expected.x, kPixelTolerance) << "t " << t;
        EXPECT_NEAR(seen.at.y, expected.y, kPixelTolerance) << "t " << t;
        if (t > 1) {
            EXPECT_GT(glm::length(seen.at - previous), 10.0) << "the tip did not move";
        }
        previous = seen.at;
    }
}

// pointer_box.glb (make_files.mjs): a red box under a Holder node and a point light at
// (1, 0.8, 0), each animation playing KHR_animation_pointer channels over one second.
struct PointerBox {
    Document doc = Document::load(file("pointer_box.glb"));
    Scene scene = loadScene(doc);
    render::PreviewRequest request;
    PointerBox() {
        request.size = QSize(800, 500);
        request.showSkeleton = false;
        request.showGrid = false;
    }
    QImage at(int animation, double t) {
        request.animation = animation;
        request.time = t;
        return render::renderPreviewImage(doc, scene, request);
    }
};

// The box's pixels: no green (its base colour has none) and some red or blue. Edge pixels,
// blended with the background (35, 37, 41), are left out by the green test.
struct BoxPixels {
    int pixels = 0;
    double red = 0, green = 0, blue = 0;  // sums
};
BoxPixels boxPixels(const QImage& image) {
    BoxPixels p;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QRgb c = image.pixel(x, y);
            const int r = qRed(c), g = qGreen(c), b = qBlue(c);
            if (g > 3 || std::max(r, b) < 30) continue;
            ++p.pixels, p.red += r, p.green += g, p.blue += b;
        }
    return p;
}

// The shader encodes linear colour as c^(1/2.2); the key light scales red and blue alike, so
// blue / red on the box is (b / r)^(1/2.2) of the played factor whatever the shading.
TEST(PreviewPointer, TheBoxTakesThePlayedBaseColour) {
    PointerBox box;
    ASSERT_TRUE(box.scene.problems.empty()) << box.scene.problems.front();
    ASSERT_EQ(box.doc.animations().size(), 4u);
    for (const Channel& ch : box.doc.animations()[0].channels) ASSERT_TRUE(ch.supported);
    const BoxPixels red = boxPixels(box.at(0, 0.0));
    ASSERT_GT(red.pixels, 200);
    EXPECT_EQ(red.blue, 0.0);
    const BoxPixels blue = boxPixels(box.at(0, 1.0));
    EXPECT_GT(blue.pixels, 200);
    EXPECT_EQ(blue.red, 0.0);
    // t = 0.25: factor (0.75, 0, 0.25, 1), so blue / red = (1/3)^(1/2.2) = 0.6071.
    const BoxPixels quarter = boxPixels(box.at(0, 0.25));
    ASSERT_GT(quarter.pixels, 200);
    const double ratio = quarter.blue / quarter.red;
    std::printf("base colour at 0.25 s: blue / red %.4f (expected 0.6071)\n", ratio);
    EXPECT_NEAR(ratio, 0.6071, 0.02);
}

TEST(PreviewPointer, AHiddenParentHidesTheBox) {
    PointerBox box;
    // "Hide": Holder's visible is 1 from 0 s, 0 (STEP) from 1 s; the box is Holder's child.
    EXPECT_GT(boxPixels(box.at(1, 0.5)).pixels, 200);
    EXPECT_EQ(boxPixels(box.at(1, 1.5)).pixels, 0);
    EXPECT_GT(boxPixels(box.at(1, 0.99)).pixels, 200);
}

// "Glow": emissiveFactor (0, 0, 0) -> (0, 0.5, 0), emissiveStrength 1 -> 2. The box has no green
// of its own, so its green is the emission alone, unlit: at 0.5 s (0.25 x 1.5)^(1/2.2) x 255 = 163.3.
// Measured on the pixels that are wholly box at 0 s (no emission yet: no green, no blue).
TEST(PreviewPointer, EmissionAddsTheFactorTimesTheStrength) {
    PointerBox box;
    const QImage dark = box.at(2, 0.0);
    std::vector<QPoint> inside;
    for (int y = 0; y < dark.height(); ++y)
        for (int x = 0; x < dark.width(); ++x) {
            const QRgb c = dark.pixel(x, y);
            if (qGreen(c) == 0 && qBlue(c) == 0 && qRed(c) >= 30) inside.emplace_back(x, y);
        }
    ASSERT_GT(inside.size(), 200u);
    auto meanGreen = [&](const QImage& image) {
        double sum = 0;
        for (const QPoint& p : inside) sum += qGreen(image.pixel(p));
        return sum / double(inside.size());
    };
    const double half = meanGreen(box.at(2, 0.5));
    std::printf("emission at 0.5 s: mean green %.2f (expected 163.3)\n", half);
    EXPECT_NEAR(half, 163.3, 1.0);
    EXPECT_NEAR(meanGreen(box.at(2, 1.0)), 255.0, 0.5);  // (0.5 x 2) = 1
}

// "Lamp": color (1, 1, 0) -> (0, 1, 1), intensity 1 -> 1000. The marker is a disc of diameter
// 6 + 2 log2(1 + intensity) pixels in the colour, drawn as is (not lit, not encoded).
TEST(PreviewPointer, TheLightMarkerTakesThePlayedColourAndIntensity) {
    PointerBox box;
    const render::OrbitCamera camera = render::requestCamera(box.scene, box.doc, box.request);
    const glm::dvec2 centre = project(camera, {1, 0.8, 0}, box.request.size);
    struct Expected {
        double t;
        int r, g, b;
        double diameter;
    };
    for (const Expected& e :
         {Expected{0.0, 255, 255, 0, 6 + 2 * std::log2(2.0)}, Expected{0.5, 128, 255, 128, 6 + 2 * std::log2(501.5)},
          Expected{1.0, 0, 255, 255, 6 + 2 * std::log2(1001.0)}}) {
        SCOPED_TRACE(e.t);
        const QImage image = box.at(3, e.t);
        const QColor seen = image.pixelColor(int(centre.x), int(centre.y));
        EXPECT_NEAR(seen.red(), e.r, 2);
        EXPECT_NEAR(seen.green(), e.g, 2);
        EXPECT_NEAR(seen.blue(), e.b, 2);
        int pixels = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x) {
                const QRgb c = image.pixel(x, y);
                if (std::abs(qRed(c) - e.r) <= 3 && std::abs(qGreen(c) - e.g) <= 3 && std::abs(qBlue(c) - e.b) <= 3)
                    ++pixels;
            }
        const double area = 3.14159265358979 * e.diameter * e.diameter / 4;
        std::printf("light marker at %.1f s: %d pixels (a disc of %.2f px: %.1f)\n", e.t, pixels, e.diameter, area);
        EXPECT_NEAR(pixels, area, 0.2 * area + 4);
    }
}

// texture_box.glb (make_files.mjs): its texture's quadrants are red, blue (top row) and green,
// white, and KHR_texture_transform (uv' = T R S uv, R by rows (cos r, sin r; -sin r, cos r))
// picks one: at rest offset 0.125 and scale 0.25 give u', v' in [0.125, 0.375], red. "Slide"
// moves the offset to (0.625, 0.125): u' in [0.625, 0.875], blue. "Turn" ends at rotation pi/2,
// offset (0.625, 0.875): u' = 0.25 v + 0.625, v' = -0.25 u + 0.875, both in [0.625, 0.875], white
// (rotated the other way, v' would wrap past 1 and u' straddle 0.5: every colour but white).
struct Quadrants {
    int red = 0, blue = 0, green = 0, white = 0;
};
Quadrants quadrantPixels(const QImage& image) {
    Quadrants q;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QRgb c = image.pixel(x, y);
            const int r = qRed(c), g = qGreen(c), b = qBlue(c);
            if (r > 30 && g <= 3 && b <= 3) ++q.red;
            if (b > 30 && r <= 3 && g <= 3) ++q.blue;
            if (g > 30 && r <= 3 && b <= 3) ++q.green;
            if (std::min({r, g, b}) > 60 && std::max({r, g, b}) - std::min({r, g, b}) <= 2) ++q.white;
        }
    return q;
}

TEST(PreviewPointer, TheTextureTransformPicksTheQuadrant) {
    const Document doc = Document::load(file("texture_box.glb"));
    const Scene scene = loadScene(doc);
    ASSERT_TRUE(scene.problems.empty()) << scene.problems.front();
    render::PreviewRequest request;
    request.size = QSize(400, 250);
    request.showSkeleton = false;
    request.showGrid = false;
    auto at = [&](int animation, double t) {
        request.animation = animation;
        request.time = t;
        return quadrantPixels(render::renderPreviewImage(doc, scene, request));
    };
    const Quadrants rest = at(0, 0.0);
    EXPECT_GT(rest.red, 2000);
    EXPECT_EQ(rest.blue + rest.green + rest.white, 0);
    const Quadrants slid = at(0, 1.0);
    EXPECT_GT(slid.blue, 2000);
    EXPECT_EQ(slid.red + slid.green + slid.white, 0);
    const Quadrants turned = at(1, 1.0);
    EXPECT_GT(turned.white, 2000);
    EXPECT_EQ(turned.red + turned.blue + turned.green, 0);
    std::printf("texture transform: red %d at rest, blue %d slid, white %d turned\n", rest.red, slid.blue,
                turned.white);
}

// ------------------------------------------------------------------------------ the dock

struct DockFixture {
    editing::DocumentModel model;
    editing::ViewState state{&model};
    PreviewDock dock{&state};

    explicit DockFixture(const char* name) {
        QString error;
        EXPECT_TRUE(model.open(QString::fromStdString(file(name)), &error)) << error.toStdString();
        dock.resize(720, 480);
        dock.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&dock));
        // The view draws in a native window of its own, exposed (and its context made) after the dock.
        if (view()) {
            EXPECT_TRUE(QTest::qWaitForWindowExposed(view()->glWindow()));
        }
    }
    PreviewWidget* view() { return dock.view(); }
};

TEST(PreviewDock, TheGrabbedFramebufferShowsTheBoxWhereThePosePutsIt) {
    for (const auto& [name, translation] :
         {std::pair{"linear_box.glb", &linearTranslation}, std::pair{"cubic_box.glb", &cubicTranslation}}) {
        SCOPED_TRACE(name);
        DockFixture f(name);
        ASSERT_NE(f.view(), nullptr);
        f.state.setShownChannels({});  // no trail over the box
        LargestError largest{"grabFramebuffer"};
        for (double t : kTimes) {
            f.state.setCurrentTime(t);
            const QImage image = f.view()->grabFramebuffer();
            ASSERT_EQ(image.size(), f.view()->size() * f.view()->devicePixelRatio());
            const Centroid seen = magentaCentroid(image);
            ASSERT_GT(seen.pixels, 100) << "t " << t;
            const glm::dvec2 expected = project(f.view()->camera(), translation(t), image.size());
            largest.see(seen.at, expected);
            EXPECT_NEAR(seen.at.x, expected.x, kPixelTolerance) << "t " << t;
            EXPECT_NEAR(seen.at.y, expected.y, kPixelTolerance) << "t " << t;
        }
    }
}

TEST(PreviewDock, AnEditMovesTheBoxLive) {
    DockFixture f("linear_box.glb");
    f.state.setCurrentTime(1.0);
    const glm::dvec2 before = magentaCentroid(f.view()->grabFramebuffer()).at;
    // The middle key's x from 1 to -0.5, as a drag would set it.
    const int keys = f.model.document().channel(0, 0)->track.keyCount();
    f.model.previewTrack(0, 0, KeySpan::keys(1, 1, keys), [](Track& track) { track.values[3] = -0.5f; });
    const QImage image = f.view()->grabFramebuffer();
    const glm::dvec2 after = magentaCentroid(image).at;
    const glm::dvec2 expected = project(f.view()->camera(), {-0.5, 0.5, 0}, image.size());
    EXPECT_GT(glm::length(after - before), 20.0);
    EXPECT_NEAR(after.x, expected.x, kPixelTolerance);
    EXPECT_NEAR(after.y, expected.y, kPixelTolerance);
}

// pointer_box.glb's "Colour": an edit of the baseColorFactor curve recolours the box while it is
// made, as it moves a translated box.
TEST(PreviewDock, AnEditOfAColourCurveRecoloursTheBoxLive) {
    DockFixture f("pointer_box.glb");
    f.state.setShownChannels({});
    f.state.setCurrentTime(0.0);
    const BoxPixels before = boxPixels(f.view()->grabFramebuffer());
    ASSERT_GT(before.pixels, 100);
    EXPECT_EQ(before.blue, 0.0);
    // The first key from red (1, 0, 0, 1) to blue (0, 0, 1, 1).
    const int keys = f.model.document().channel(0, 0)->track.keyCount();
    f.model.previewTrack(0, 0, KeySpan::keys(0, 0, keys), [](Track& track) {
        track.values[0] = 0.0f;
        track.values[2] = 1.0f;
    });
    const BoxPixels after = boxPixels(f.view()->grabFramebuffer());
    ASSERT_GT(after.pixels, 100);
    EXPECT_EQ(after.red, 0.0);
    EXPECT_GT(after.blue, 0.0);
}

// Play With: "Colour" is current (the curve view shows it); "Hide" checked to play along hides the
// box from 1 s in the dock, as the two clips would side by side in an engine. Unchecked, it stays.
TEST(PreviewDock, AnAnimationPlayedAlongHidesTheBoxTheCurrentOneColours) {
    DockFixture f("pointer_box.glb");
    ASSERT_NE(f.view(), nullptr);
    f.state.setShownChannels({});
    ASSERT_EQ(f.state.animation(), 0);
    f.state.setCurrentTime(1.5);
    const BoxPixels alone = boxPixels(f.view()->grabFramebuffer());
    ASSERT_GT(alone.pixels, 100);
    EXPECT_EQ(alone.red, 0.0);  // "Colour" has reached blue
    f.state.setPlaysAlong(1, true);
    EXPECT_EQ(f.view()->played(), (std::vector<int>{0, 1}));
    EXPECT_EQ(boxPixels(f.view()->grabFramebuffer()).pixels, 0);
    f.state.setCurrentTime(0.5);  // before "Hide" hides it: half-way to blue
    const BoxPixels half = boxPixels(f.view()->grabFramebuffer());
    ASSERT_GT(half.pixels, 100);
    EXPECT_GT(half.red, 0.0);
    EXPECT_GT(half.blue, 0.0);
    f.state.setPlaysAlong(1, false);
    f.state.setCurrentTime(1.5);
    EXPECT_EQ(boxPixels(f.view()->grabFramebuffer()).pixels, alone.pixels);
}

TEST(PreviewDock, TheShownChannelsNodeIsHighlightedInTheAccentColour) {
    DockFixture f("linear_box.glb");
    f.state.setCurrentTime(0.5);
    f.state.setShownChannels({});
    EXPECT_EQ(f.view()->highlightedNode(), -1);
    f.state.setShownChannels({{0, 0}});
    EXPECT_EQ(f.view()->highlightedNode(), 0);
    const QImage image = f.view()->grabFramebuffer();
    const glm::dvec2 at = project(f.view()->camera(), linearTranslation(0.5), image.size());
    const QColor seen = image.pixelColor(int(at.x), int(at.y));
    const QColor accent = render::Theme::dark().keySelected;
    EXPECT_NEAR(seen.red(), accent.red(), 8);
    EXPECT_NEAR(seen.green(), accent.green(), 8);
    EXPECT_NEAR(seen.blue(), accent.blue(), 8);
}

TEST(PreviewDock, WheelZoomsByTheExactFactor) {
    DockFixture f("linear_box.glb");
    const double before = f.view()->camera().distance;
    const QPointF at(200, 150);
    QWheelEvent wheel(at, f.view()->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(f.view(), &wheel);
    EXPECT_DOUBLE_EQ(f.view()->camera().distance, before / render::OrbitCamera::kZoomPerStep);
    QWheelEvent back(at, f.view()->mapToGlobal(at), QPoint(), QPoint(0, -240), Qt::NoButton, Qt::NoModifier,
                     Qt::NoScrollPhase, false);
    QApplication::sendEvent(f.view(), &back);
    EXPECT_NEAR(f.view()->camera().distance, before * render::OrbitCamera::kZoomPerStep, 1e-12 * before);
}

TEST(PreviewDock, MiddleDragOrbitsShiftMiddlePansAltLeftOrbits) {
    DockFixture f("linear_box.glb");
    PreviewWidget* view = f.view();
    const render::OrbitCamera start = view->camera();
    QTest::mousePress(view, Qt::MiddleButton, Qt::NoModifier, QPoint(100, 100));
    QTest::mouseMove(view, QPoint(140, 90));
    QTest::mouseRelease(view, Qt::MiddleButton, Qt::NoModifier, QPoint(140, 90));
    EXPECT_NEAR(view->camera().yaw, start.yaw - 40 * render::OrbitCamera::kRadiansPerPixel, 1e-12);
    EXPECT_NEAR(view->camera().pitch, start.pitch - 10 * render::OrbitCamera::kRadiansPerPixel, 1e-12);
    EXPECT_EQ(view->camera().target, start.target);

    const render::OrbitCamera orbited = view->camera();
    QTest::mousePress(view, Qt::LeftButton, Qt::AltModifier, QPoint(100, 100));
    QTest::mouseMove(view, QPoint(90, 100));
    QTest::mouseRelease(view, Qt::LeftButton, Qt::AltModifier, QPoint(90, 100));
    EXPECT_NEAR(view->camera().yaw, orbited.yaw + 10 * render::OrbitCamera::kRadiansPerPixel, 1e-12);

    // Panning keeps the grabbed point (the target) under the pointer.
    const render::OrbitCamera before = view->camera();
    const QSize size = view->size();
    const glm::dvec2 grabbed = project(before, before.target, size);
    QTest::mousePress(view, Qt::MiddleButton, Qt::ShiftModifier, QPoint(100, 100));
    QTest::mouseMove(view, QPoint(130, 80));
    QTest::mouseRelease(view, Qt::MiddleButton, Qt::ShiftModifier, QPoint(130, 80));
    EXPECT_EQ(view->camera().yaw, before.yaw);
    const glm::dvec2 now = project(view->camera(), before.target, size);
    EXPECT_NEAR(now.x - grabbed.x, 30, 1e-6);
    EXPECT_NEAR(now.y - grabbed.y, -20, 1e-6);
}

// In the main window, whose Frame All action has Home: over the preview, Home frames the preview.
TEST(PreviewDock, HomeOverThePreviewReframesThePreviewNotTheCurves) {
    MainWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(window.openFile(QString::fromStdString(file("linear_box.glb"))));
    auto* view = window.findChild<PreviewWidget*>();
    ASSERT_NE(view, nullptr);
    ASSERT_TRUE(view->isVisible());
    const render::OrbitCamera framed = view->camera();
    view->setFocus();
    QTest::mousePress(view, Qt::MiddleButton, Qt::NoModifier, QPoint(50, 50));
    QTest::mouseMove(view, QPoint(90, 70));
    QTest::mouseRelease(view, Qt::MiddleButton, Qt::NoModifier, QPoint(90, 70));
    render::OrbitCamera moved = view->camera();
    moved.zoom(3);
    moved.target += glm::dvec3(1, 2, 3);
    view->setCamera(moved);
    QTest::keyClick(view, Qt::Key_Home);
    // The direction stays (as the user left it); target and distance frame the scene again.
    EXPECT_EQ(view->camera().target, framed.target);
    EXPECT_NEAR(view->camera().distance, framed.distance, 1e-12 * framed.distance);
    EXPECT_EQ(view->camera().yaw, moved.yaw);
    window.model()->undoStack()->clear();
}

// The main window's shortcuts while the preview has the keyboard: Space plays and pauses there too.
TEST(PreviewDock, SpaceOverThePreviewPlaysAndPauses) {
    MainWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(window.openFile(QString::fromStdString(file("linear_box.glb"))));
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    auto* view = window.findChild<PreviewWidget*>();
    ASSERT_NE(view, nullptr);
    view->setFocus();
    ASSERT_TRUE(view->hasFocus());
    // Keys come as the window system sends them: to the main window (the preview's own window
    // never takes the keyboard), which hands them to its focus widget.
    ASSERT_EQ(QGuiApplication::focusWindow(), window.windowHandle());
    QTest::keyClick(window.windowHandle(), Qt::Key_Space);
    EXPECT_TRUE(window.playback()->isPlaying());
    QTest::keyClick(window.windowHandle(), Qt::Key_Space);
    EXPECT_FALSE(window.playback()->isPlaying());
    window.model()->undoStack()->clear();
}

// The preview draws in a native child window, so that Qt composes the rest of the main window
// without OpenGL (on a software renderer that composition took about a 60 Hz frame's whole budget).
TEST(PreviewDock, OnlyThePreviewsOwnWindowIsAnOpenGLSurface) {
    MainWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    auto* view = window.findChild<PreviewWidget*>();
    ASSERT_NE(view, nullptr);
    ASSERT_TRUE(QTest::qWaitForWindowExposed(view->glWindow()));
    EXPECT_EQ(view->glWindow()->surfaceType(), QSurface::OpenGLSurface);
    EXPECT_EQ(window.windowHandle()->surfaceType(), QSurface::RasterSurface);
}

// The native window goes where its dock goes: floating (another top-level window), docked again,
// hidden and shown; it draws the pose each time with the context it made first.
TEST(PreviewDock, TheViewDrawsThePoseAfterItsDockFloatsDocksAndIsHidden) {
    MainWindow window;
    window.resize(1400, 860);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(window.openFile(QString::fromStdString(file("linear_box.glb"))));
    auto* dock = window.findChild<PreviewDock*>();
    ASSERT_NE(dock, nullptr);
    PreviewWidget* view = dock->view();
    ASSERT_NE(view, nullptr);
    window.viewState()->setShownChannels({});  // no trail over the box
    window.viewState()->setCurrentTime(1.0);
    auto expectTheBoxWhereThePosePutsIt = [&](const char* when) {
        ASSERT_TRUE(QTest::qWaitForWindowExposed(view->glWindow())) << when;
        const QImage image = view->grabFramebuffer();
        ASSERT_EQ(image.size(), view->size() * view->devicePixelRatio()) << when;
        const Centroid seen = magentaCentroid(image);
        ASSERT_GT(seen.pixels, 100) << when;
        const glm::dvec2 expected = project(view->camera(), linearTranslation(1.0), image.size());
        EXPECT_NEAR(seen.at.x, expected.x, kPixelTolerance) << when;
        EXPECT_NEAR(seen.at.y, expected.y, kPixelTolerance) << when;
    };
    expectTheBoxWhereThePosePutsIt("docked");
    const QOpenGLContext* context = view->glWindow()->context();
    EXPECT_EQ(view->glWindow()->parent(), window.windowHandle());
    dock->setFloating(true);
    ASSERT_TRUE(QTest::qWaitForWindowExposed(dock));
    EXPECT_EQ(view->glWindow()->parent(), dock->windowHandle());
    expectTheBoxWhereThePosePutsIt("floating");
    dock->setFloating(false);
    EXPECT_EQ(view->glWindow()->parent(), window.windowHandle());
    expectTheBoxWhereThePosePutsIt("docked again");
    dock->hide();
    EXPECT_FALSE(view->glWindow()->isVisible());
    dock->show();
    expectTheBoxWhereThePosePutsIt("shown again");
    EXPECT_EQ(view->glWindow()->context(), context);
    window.model()->undoStack()->clear();
}

// As a user does it, in the main window with real mouse events: the playhead dragged in the curve
// view's ruler to 1.5 s shows "Colour"'s blue box; Play With ▸ "Hide" (a click on the button, a
// click in its menu) hides it there; unchecked again, it is back.
TEST(PreviewDock, PlayWithAndThePlayheadDrivenByTheMouse) {
    MainWindow window;
    window.resize(1400, 860);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(window.openFile(QString::fromStdString(file("pointer_box.glb"))));
    auto* preview = window.findChild<PreviewWidget*>();
    ASSERT_NE(preview, nullptr);
    ASSERT_TRUE(QTest::qWaitForWindowExposed(preview->glWindow()));
    ASSERT_EQ(window.viewState()->animation(), 0);  // "Colour"
    CurveView* curves = window.curveView();
    curves->frameAll();
    const QPoint atRuler(int(curves->viewTransform().toWidgetX(1.5)), render::CurvePainter::kRulerHeight / 2);
    QTest::mousePress(curves, Qt::LeftButton, Qt::NoModifier, atRuler);
    QTest::mouseRelease(curves, Qt::LeftButton, Qt::NoModifier, atRuler);
    const double t = window.viewState()->currentTime();
    ASSERT_GT(t, 1.0);
    ASSERT_LT(t, 2.0);
    const BoxPixels blue = boxPixels(preview->grabFramebuffer());
    ASSERT_GT(blue.pixels, 100);
    EXPECT_EQ(blue.red, 0.0);

    QToolButton* playWith = window.transportBar()->alongsideButton();
    ASSERT_TRUE(playWith->isVisible());
    auto clickInMenu = [&](const QString& text) {
        bool found = false;
        QTimer::singleShot(0, [&] {
            auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
            if (!menu) return;
            for (QAction* a : menu->actions())
                if (a->text() == text) {
                    found = true;
                    return QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(a).center());
                }
            menu->close();
        });
        QTest::mouseClick(playWith, Qt::LeftButton);
        EXPECT_TRUE(found) << text.toStdString();
    };
    clickInMenu(QStringLiteral("Hide"));
    EXPECT_EQ(preview->played(), (std::vector<int>{0, 1}));
    EXPECT_EQ(boxPixels(preview->grabFramebuffer()).pixels, 0);
    clickInMenu(QStringLiteral("Hide"));
    EXPECT_EQ(boxPixels(preview->grabFramebuffer()).pixels, blue.pixels);
}

// ------------------------------------------------------------------------------ the command line

struct Outcome {
    int status = -1;
    std::string err;
};

Outcome tangent(const QStringList& arguments,
                const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment()) {
    QProcess process;
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(TANGENT_EXECUTABLE), arguments);
    Outcome r;
    if (!process.waitForFinished(120000)) {
        process.kill();
        ADD_FAILURE() << "tangent did not finish: " << arguments.join(' ').toStdString();
        return r;
    }
    r.status = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    r.err = process.readAllStandardError().toStdString();
    return r;
}

TEST(RenderPreview, TwoTimesGiveTwoPicturesOfTheRequestedSize) {
    QTemporaryDir dir;
    const QString box = QString::fromStdString(file("linear_box.glb"));
    const QString a = dir.filePath("a.png"), b = dir.filePath("b.png"), c = dir.filePath("c.png");
    Outcome r = tangent({"render", box, "--preview", "--time", "0", "-o", a});
    ASSERT_EQ(r.status, 0) << r.err;
    r = tangent({"render", box, "--preview", "--time", "1.5", "-o", b});
    ASSERT_EQ(r.status, 0) << r.err;
    r = tangent({"render", box, "--preview", "--time", "1.5", "-o", c, "--size", "320x200", "--channel", "0:0"});
    ASSERT_EQ(r.status, 0) << r.err;
    const QImage first(a), second(b), small(c);
    EXPECT_EQ(first.size(), QSize(1280, 720));
    EXPECT_EQ(second.size(), QSize(1280, 720));
    EXPECT_EQ(small.size(), QSize(320, 200));
    EXPECT_NE(first, second);
    // Framed on the whole motion: the box moved by the curve's difference, the camera stayed.
    const Document doc = Document::load(file("linear_box.glb"));
    render::PreviewRequest request;
    const render::OrbitCamera camera = render::requestCamera(loadScene(doc), doc, request);
    const glm::dvec2 moved = magentaCentroid(second).at - magentaCentroid(first).at;
    const glm::dvec2 expected = project(camera, linearTranslation(1.5), QSize(1280, 720)) -
                                project(camera, linearTranslation(0), QSize(1280, 720));
    EXPECT_NEAR(moved.x, expected.x, 3.0);
    EXPECT_NEAR(moved.y, expected.y, 3.0);
}

// --play-with: pointer_box.glb at 1.5 s, "Colour" (0) alone shows the blue box; with "Hide" (1)
// played along there is none, as the editor's Play With shows it. Mistakes: one sentence each.
TEST(RenderPreview, PlayWithPlaysAnimationsSideBySide) {
    QTemporaryDir dir;
    const QString box = QString::fromStdString(file("pointer_box.glb"));
    const QString alone = dir.filePath("alone.png"), both = dir.filePath("both.png");
    Outcome r = tangent({"render", box, "--preview", "--time", "1.5", "--animation", "0", "-o", alone});
    ASSERT_EQ(r.status, 0) << r.err;
    r = tangent({"render", box, "--preview", "--time", "1.5", "--animation", "0", "--play-with", "1", "-o", both});
    ASSERT_EQ(r.status, 0) << r.err;
    const BoxPixels blue = boxPixels(QImage(alone));
    EXPECT_GT(blue.pixels, 200);
    EXPECT_EQ(blue.red, 0.0);
    EXPECT_EQ(boxPixels(QImage(both)).pixels, 0);
    r = tangent({"render", box, "--preview", "--time", "1.5", "--play-with", "1,x", "-o", both});
    EXPECT_EQ(r.status, 64) << r.err;
    EXPECT_NE(r.err.find("--play-with '1,x' is not a list of animation indices"), std::string::npos) << r.err;
    r = tangent({"render", box, "--preview", "--time", "1.5", "--play-with", "9", "-o", both});
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_NE(r.err.find("there is no /animations/9 to play with (the file has 4)"), std::string::npos) << r.err;
    r = tangent({"render", box, "--channel", "0:0", "--play-with", "1", "-o", dir.filePath("curves.png")});
    EXPECT_EQ(r.status, 64) << r.err;
}

TEST(RenderPreview, UsageMistakesExit64) {
    const QString box = QString::fromStdString(file("linear_box.glb"));
    QTemporaryDir dir;
    const QString out = dir.filePath("x.png");
    for (const QStringList& args :
         {QStringList{"render", box, "--preview", "-o", out},
          QStringList{"render", box, "--preview", "--time", "soon", "-o", out},
          QStringList{"render", box, "--preview", "--time", "nan", "-o", out},
          QStringList{"render", box, "--channel", "0:0", "--time", "1", "-o", out},
          QStringList{"render", box, "--preview", "--time", "1", "-o", dir.filePath("x.svg")},
          QStringList{"render", box, "--preview", "--time", "1", "-o", out, "--size", "9x9"}}) {
        const Outcome r = tangent(args);
        EXPECT_EQ(r.status, 64) << args.join(' ').toStdString();
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    }
    const Outcome missing = tangent({"render", box, "--preview", "--time", "1", "--animation", "3", "-o", out});
    EXPECT_EQ(missing.status, 1);
    EXPECT_NE(missing.err.find("/animations/3"), std::string::npos) << missing.err;
}

TEST(RenderPreview, WithoutADisplayItSaysSoInOneSentence) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("DISPLAY");
    env.remove("WAYLAND_DISPLAY");
    env.insert("QT_QPA_PLATFORM", "offscreen");
    QTemporaryDir dir;
    const Outcome r = tangent({"render", QString::fromStdString(file("linear_box.glb")), "--preview", "--time", "1",
                               "-o", dir.filePath("x.png")},
                              env);
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find("linear_box.glb"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("needs OpenGL, and none is available: run it with a display (xvfb-run)"), std::string::npos)
            << r.err;
    EXPECT_FALSE(QFile::exists(dir.filePath("x.png")));
}

}  // namespace
}  // namespace tangent::ui
