#include <QFile>
#include <QImage>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "offscreen.h"
#include "render_support.h"
#include "theme.h"

using namespace tangent;

TEST(Render, PngAndSvgOfOneChannel) {
    const Document doc = Document::load(render::test::fixture("blender/broken_trs_1.glb"));
    QTemporaryDir dir;
    QString error;
    const QString png = dir.filePath(QStringLiteral("c.png"));
    ASSERT_TRUE(render::renderChannel(doc, 0, 0, png, QSize(640, 360), &error)) << error.toStdString();
    QImage image(png);
    EXPECT_EQ(image.size(), QSize(640, 360));
    const QString svg = dir.filePath(QStringLiteral("c.svg"));
    ASSERT_TRUE(render::renderChannel(doc, 0, 1, svg, QSize(800, 400), &error)) << error.toStdString();
    QFile f(svg);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    EXPECT_TRUE(text.contains("<svg"));
    EXPECT_TRUE(text.contains("<path"));
}

TEST(Render, RefusesWhatItCannotDo) {
    const Document doc = Document::load(render::test::fixture("blender/broken_trs_1.glb"));
    QTemporaryDir dir;
    QString error;
    EXPECT_FALSE(render::renderChannel(doc, 0, 9, dir.filePath("x.png"), QSize(640, 360), &error));
    EXPECT_FALSE(error.isEmpty());
    EXPECT_FALSE(render::renderChannel(doc, 0, 0, dir.filePath("x.jpg"), QSize(640, 360), &error));
    EXPECT_TRUE(error.contains(".png"));
    EXPECT_FALSE(render::renderChannel(doc, 0, 0, QStringLiteral("/nonexistent/dir/x.png"), QSize(640, 360), &error));
}

// "Broken" is core's tangentsMatch everywhere: Blender writes a smooth key's two tangents ~1e-6
// apart, and such handles are not drawn in the reviewers' broken colour.
TEST(Render, OnlyBrokenHandlesInTheBrokenColour) {
    auto brokenPixels = [](const char* file) {
        const Document doc = Document::load(render::test::fixture(file));
        QTemporaryDir dir;
        QString error;
        const QString png = dir.filePath(QStringLiteral("c.png"));
        EXPECT_TRUE(render::renderChannel(doc, 0, 0, png, QSize(900, 500), &error)) << error.toStdString();
        const QImage image = QImage(png).convertToFormat(QImage::Format_RGB32);
        const QRgb broken = render::Theme::dark().handleBroken.rgb();
        int n = 0;
        for (int y = 60; y < image.height(); ++y)  // below the header and its legend
            for (int x = 0; x < image.width(); ++x) n += image.pixel(x, y) == broken;
        return n;
    };
    EXPECT_EQ(brokenPixels("blender/smooth_trs_1.glb"), 0);
    EXPECT_GT(brokenPixels("blender/broken_trs_1.glb"), 20);
}
