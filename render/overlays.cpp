#include "overlays.h"

#include <algorithm>
#include <set>

#include "tangent/rotationreview.h"

namespace tangent::render {

void drawLegend(QPainter& p, const CurveScene& scene, QSizeF area, const Theme& theme) {
    if (!scene.document || scene.channels.empty()) return;
    const Document& d = *scene.document;
    const std::set<CurveRef> visible(scene.curves.begin(), scene.curves.end());
    p.save();
    QFont font = p.font();
    font.setPixelSize(12);
    p.setFont(font);
    const QFontMetricsF fm(font);
    const double right = area.width() - 12;
    double y = CurvePainter::kRulerHeight + 8;
    const int fit = std::max(1, int((area.height() / 2 - y) / (fm.height() + 2)));
    const int shown = int(scene.channels.size());
    int line = 0;
    for (auto [a, c] : scene.channels) {
        const Track* track = trackOf(d, a, c);
        if (!track) continue;
        if (++line > fit - 1 && shown > fit) {
            const QString more = QStringLiteral("… and %1 more channels").arg(shown - line + 1);
            drawLegendLine(p, right, y + fm.ascent(), {{more, theme.label}});
            break;
        }
        std::vector<LegendItem> items{
                {channelLabel(d, a, c) + QStringLiteral("  ") + toString(track->interpolation), theme.text}};
        for (int comp = 0; comp < track->components; ++comp) {
            QColor col = componentColor(*track, comp);
            if (!visible.count({a, c, comp})) col.setAlphaF(0.25);
            items.push_back({QString::fromStdString(componentName(*d.channel(a, c), comp)), col});
        }
        drawLegendLine(p, right, y + fm.ascent(), items);
        y += fm.height() + 2;
    }
    p.restore();
}

void drawPlayheadValues(const CurvePainter& cp, const CurveScene& scene, const ViewTransform& view, double t,
                        const std::function<ViewTransform(const CurveRef&)>& transformOf) {
    constexpr std::size_t kMaxPlayheadLabels = 40;
    if (!scene.document || scene.curves.size() > kMaxPlayheadLabels) return;
    std::vector<CurvePainter::ValueLabel> labels;
    std::vector<double> v;
    ChannelKey evaluated{-1, -1};
    for (const CurveRef& ref : scene.curves) {
        const Track* track = trackOf(*scene.document, ref.animation, ref.channel);
        if (!track || !track->keyCount()) continue;
        if (evaluated != ChannelKey{ref.animation, ref.channel}) {  // curves come channel by channel
            v.resize(track->components);
            evaluateSorted(*track, &t, 1, v.data(), scene.normalizedRotation);
            evaluated = {ref.animation, ref.channel};
        }
        labels.push_back({transformOf(ref).toWidgetY(v[ref.component]), componentColor(*track, ref.component),
                          QString::number(v[ref.component], 'g', 4)});
    }
    cp.drawPlayheadValues(view.toWidgetX(t), std::move(labels));
}

namespace {
constexpr double kFlipBarHeight = 4;
constexpr double kFlipGlyphHeight = 14;
const QColor kFlipColor{0xff, 0x4a, 0x3d};
}  // namespace

std::vector<FlipMark> hemisphereFlipMarks(const CurveScene& scene, const ViewTransform& view) {
    std::vector<FlipMark> marks;
    if (!scene.document) return marks;
    const double top = CurvePainter::kRulerHeight;
    const double width = view.viewport().width();
    for (auto [a, c] : scene.channels) {
        const Track* track = trackOf(*scene.document, a, c);
        if (!track) continue;
        for (int k : hemisphereFlips(*track)) {
            const double x0 = view.toWidgetX(track->times[k]), x1 = view.toWidgetX(track->times[k + 1]);
            if (x1 < 0 || x0 > width) continue;
            const QString text = QStringLiteral(
                                         "%1: keys %2 and %3 lie in opposite hemispheres (the spline takes the "
                                         "long way round). Channel ▸ Fix Rotations… flips them into one.")
                                         .arg(channelLabel(*scene.document, a, c))
                                         .arg(k)
                                         .arg(k + 1);
            marks.push_back({a, c, k, QRectF(x0, top, x1 - x0, kFlipBarHeight + kFlipGlyphHeight), text});
        }
    }
    return marks;
}

void drawHemisphereFlips(QPainter& p, const std::vector<FlipMark>& marks) {
    if (marks.empty()) return;
    p.save();
    QFont font = p.font();
    font.setPixelSize(int(kFlipGlyphHeight - 2));
    font.setBold(true);
    p.setFont(font);
    for (const FlipMark& m : marks) {
        p.fillRect(QRectF(m.area.left(), m.area.top(), m.area.width(), kFlipBarHeight), kFlipColor);
        p.setPen(kFlipColor);
        const QRectF glyph(m.area.center().x() - 10, m.area.top() + kFlipBarHeight, 20, kFlipGlyphHeight);
        p.drawText(glyph, Qt::AlignCenter, QStringLiteral("⇅"));
    }
    p.restore();
}

}  // namespace tangent::render
