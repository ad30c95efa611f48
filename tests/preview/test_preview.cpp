// The 3D preview's pixels on a real OpenGL context (Mesa under Xvfb). The reference is the
// translation curve written by make_files.mjs (glTF-Transform), evaluated here by hand, and the
// pinhole projection of the camera's matrices: the magenta box's pixels must sit where the
// curve puts the box.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <QApplication>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QWheelEvent>

#include <glm/glm.hpp>
#include <gtest/gtest.h>

#include "documentmodel.h"
#include "mainwindow.h"
#include "preview3d.h"
#include "previewdock.h"
#include "theme.h"
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
