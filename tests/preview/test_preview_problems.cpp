// A file whose mesh the preview cannot use: the editor opens it, the curves are there, and the
// Preview dock names the problem in one sentence under the view instead of drawing garbage.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QOpenGLWindow>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "mainwindow.h"
#include "previewdock.h"

namespace tangent::ui {
namespace {

void putFloats(std::vector<std::uint8_t>& out, std::initializer_list<float> values) {
    for (float v : values) {
        std::uint8_t b[4];
        std::memcpy(b, &v, 4);
        out.insert(out.end(), b, b + 4);
    }
}

// One triangle whose third index (9) is past its 3 vertices, and a translation animation.
std::string writeBadMesh(const QTemporaryDir& dir) {
    std::vector<std::uint8_t> bin;
    putFloats(bin, {0, 0, 0, 1, 0, 0, 0, 1, 0});  // POSITION, 36 bytes
    bin.insert(bin.end(), {0, 1, 9, 0});          // indices (uint8) + padding, 4 bytes
    putFloats(bin, {0, 1});                       // times, 8 bytes
    putFloats(bin, {0, 0, 0, 1, 0, 0});           // translations, 24 bytes
    const QByteArray base64 = QByteArray(reinterpret_cast<const char*>(bin.data()), qsizetype(bin.size())).toBase64();
    nlohmann::ordered_json j = {
            {"asset", {{"version", "2.0"}}},
            {"scene", 0},
            {"scenes", {{{"nodes", {0}}}}},
            {"nodes", {{{"name", "Tri"}, {"mesh", 0}}}},
            {"meshes", {{{"primitives", {{{"attributes", {{"POSITION", 0}}}, {"indices", 1}}}}}}},
            {"buffers",
             {{{"byteLength", bin.size()}, {"uri", "data:application/octet-stream;base64," + base64.toStdString()}}}},
            {"bufferViews",
             {{{"buffer", 0}, {"byteOffset", 0}, {"byteLength", 36}},
              {{"buffer", 0}, {"byteOffset", 36}, {"byteLength", 3}},
              {{"buffer", 0}, {"byteOffset", 40}, {"byteLength", 8}},
              {{"buffer", 0}, {"byteOffset", 48}, {"byteLength", 24}}}},
            {"accessors",
             {{{"bufferView", 0},
               {"componentType", 5126},
               {"count", 3},
               {"type", "VEC3"},
               {"min", {0, 0, 0}},
               {"max", {1, 1, 0}}},
              {{"bufferView", 1}, {"componentType", 5121}, {"count", 3}, {"type", "SCALAR"}},
              {{"bufferView", 2},
               {"componentType", 5126},
               {"count", 2},
               {"type", "SCALAR"},
               {"min", {0}},
               {"max", {1}}},
              {{"bufferView", 3}, {"componentType", 5126}, {"count", 2}, {"type", "VEC3"}}}},
            {"animations",
             {{{"samplers", {{{"input", 2}, {"output", 3}, {"interpolation", "LINEAR"}}}},
               {"channels", {{{"sampler", 0}, {"target", {{"node", 0}, {"path", "translation"}}}}}}}}},
    };
    const std::string path = dir.filePath("bad_mesh.gltf").toStdString();
    QFile f(QString::fromStdString(path));
    EXPECT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(QByteArray::fromStdString(j.dump()));
    return path;
}

TEST(PreviewProblems, ABadMeshIsNamedUnderThePreviewAndTheCurvesStay) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const std::string path = writeBadMesh(dir);
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(window.openFile(QString::fromStdString(path)));
    auto* dock = window.findChild<PreviewDock*>();
    ASSERT_NE(dock, nullptr);
    ASSERT_NE(dock->view(), nullptr);
    ASSERT_TRUE(QTest::qWaitForWindowExposed(dock->view()->glWindow()));
    // The scene is uploaded on the view's next paint.
    dock->view()->grabFramebuffer();
    QApplication::processEvents();
    ASSERT_NE(dock->problemsLabel(), nullptr);
    EXPECT_TRUE(dock->problemsLabel()->isVisible());
    EXPECT_EQ(dock->problemsLabel()->text().toStdString(),
              path + ": /meshes/0/primitives/0/indices: index 9 is outside the 3 vertices.");
    EXPECT_EQ(window.model()->document().animations().size(), 1u);
    EXPECT_TRUE(window.model()->document().channel(0, 0)->supported);
}

}  // namespace
}  // namespace tangent::ui
