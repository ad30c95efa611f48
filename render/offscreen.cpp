#include "offscreen.h"

#include <memory>

#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>

#include "curvepainter.h"
#include "theme.h"

namespace tangent::render {

std::unique_ptr<QGuiApplication> makeOffscreenApplication(int& argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    return std::make_unique<QGuiApplication>(argc, argv);
}

namespace {

bool ensureGuiApplication(QString* error) {
    if (qobject_cast<QGuiApplication*>(QCoreApplication::instance())) return true;
    if (QCoreApplication::instance()) {
        if (error) *error = QStringLiteral("Cannot render: a non-GUI QCoreApplication is already running.");
        return false;
    }
    static int argc = 1;
    static char name[] = "tangent";
    static char* argv[] = {name, nullptr};
    static const std::unique_ptr<QGuiApplication> app = makeOffscreenApplication(argc, argv);
    return true;
}

void paintChannel(QPainter& p, const Document& doc, int a, int c, QSize size) {
    const Track& track = doc.channel(a, c)->track;
    const Theme& theme = Theme::dark();
    ViewTransform view;
    view.setViewport(size);
    std::vector<CurveRef> curves;
    for (int comp = 0; comp < track.components; ++comp) curves.push_back({a, c, comp});
    // Keys, every used handle, and the curve between keys.
    const QRectF r = withCurveValues(doc, curves, curvesBounds(doc, curves, true), true);
    const double m = 30;
    const double headerH = 26;
    view.fit(r, QMarginsF(CurvePainter::kRulerWidth + m, CurvePainter::kRulerHeight + headerH + m, m, m));

    CurvePainter cp(p, view, theme);
    cp.drawBackground(track.startTime(), track.endTime());
    cp.drawGrid();
    CurveDrawOptions opt;
    for (int comp = 0; comp < track.components; ++comp) cp.drawCurve(track, comp, componentColor(track, comp), opt);
    for (int comp = 0; comp < track.components; ++comp)
        cp.drawKeys(track, comp, componentColor(track, comp), {}, [](int) { return true; });
    cp.drawRulers();

    // Header: channel, interpolation, key count, legend.
    QFont font = p.font();
    font.setPixelSize(12);
    p.setFont(font);
    const QFontMetricsF fm(font);
    const QString title = QStringLiteral("%1   animation %2 : channel %3   %4   %5 keys")
                                  .arg(channelLabel(doc, a, c))
                                  .arg(a)
                                  .arg(c)
                                  .arg(QString::fromLatin1(toString(track.interpolation)))
                                  .arg(track.keyCount());
    const double y = CurvePainter::kRulerHeight + 6 + fm.ascent();
    p.setPen(theme.text);
    p.drawText(QPointF(CurvePainter::kRulerWidth + 10, y), title);
    // Legend right-aligned: components, then the handle colours.
    std::vector<LegendItem> items;
    for (int comp = 0; comp < track.components; ++comp)
        items.push_back({QString::fromStdString(componentName(*doc.channel(a, c), comp)), componentColor(track, comp)});
    if (track.interpolation == Interpolation::CubicSpline) {
        items.push_back({QStringLiteral("broken"), theme.handleBroken});
        items.push_back({QStringLiteral("unused"), theme.handleUnused});
    }
    drawLegendLine(p, size.width() - 12, y, items);
}

}  // namespace

bool renderChannel(const Document& doc, int animation, int channel, const QString& outPath, QSize size,
                   QString* error) {
    auto fail = [&](const QString& why) {
        if (error) *error = why;
        return false;
    };
    const Channel* ch = doc.channel(animation, channel);
    if (!ch)
        return fail(QStringLiteral("There is no channel %1:%2 in %3.")
                            .arg(animation)
                            .arg(channel)
                            .arg(QString::fromStdString(doc.fileName())));
    if (!ch->supported || ch->track.keyCount() == 0)
        return fail(QStringLiteral("Channel %1:%2 (%3) has no curve Tangent can draw.")
                            .arg(animation)
                            .arg(channel)
                            .arg(QString::fromStdString(ch->pointer())));
    if (size.width() < 64 || size.height() < 64)
        return fail(QStringLiteral("The picture size must be at least 64x64."));
    if (!ensureGuiApplication(error)) return false;

    const QString ext = QFileInfo(outPath).suffix().toLower();
    if (ext == QLatin1String("png")) {
        QImage image(size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        {
            QPainter p(&image);
            p.setRenderHint(QPainter::Antialiasing);
            p.setRenderHint(QPainter::TextAntialiasing);
            paintChannel(p, doc, animation, channel, size);
        }
        QSaveFile file(outPath);
        if (!file.open(QIODevice::WriteOnly) || !image.save(&file, "PNG") || !file.commit())
            return fail(QStringLiteral("Cannot write %1: %2.").arg(outPath, file.errorString()));
        return true;
    }
    if (ext == QLatin1String("svg")) {
        QSaveFile file(outPath);
        if (!file.open(QIODevice::WriteOnly))
            return fail(QStringLiteral("Cannot write %1: %2.").arg(outPath, file.errorString()));
        {
            QSvgGenerator svg;
            svg.setOutputDevice(&file);
            svg.setSize(size);
            svg.setViewBox(QRect(QPoint(0, 0), size));
            svg.setTitle(QStringLiteral("Tangent: %1").arg(channelLabel(doc, animation, channel)));
            QPainter p(&svg);
            p.setRenderHint(QPainter::Antialiasing);
            paintChannel(p, doc, animation, channel, size);
        }
        if (!file.commit()) return fail(QStringLiteral("Cannot write %1: %2.").arg(outPath, file.errorString()));
        return true;
    }
    return fail(QStringLiteral("Cannot render to %1: the file name must end in .png or .svg.").arg(outPath));
}

}  // namespace tangent::render
