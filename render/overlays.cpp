#include "overlays.h"

#include <algorithm>

#include "tangent/rotationreview.h"

namespace tangent::render {

std::vector<std::vector<LegendItem>> legendLines(const CurveScene& scene, const Theme& theme) {
    std::vector<std::vector<LegendItem>> lines;
    if (!scene.document) return lines;
    const Document& d = *scene.document;
    const CurveColors colorOf(scene);
    // The visible curves come channel by channel, components in order: one line per run.
    ChannelId current{-1, -1};
    for (const CurveRef& ref : scene.curves) {
        const Track* track = trackOf(d, ref.animation, ref.channel);
        if (!track) continue;
        if (current != ChannelId{ref.animation, ref.channel}) {
            current = {ref.animation, ref.channel};
            lines.push_back({{channelLabel(d, ref.animation, ref.channel) + QStringLiteral("  ") +
                                      toString(track->interpolation),
                              theme.text}});
        }
        lines.back().push_back(
                {QString::fromStdString(componentName(*d.channel(ref.animation, ref.channel), ref.component)),
                 colorOf(*track, ref)});
    }
    return lines;
}

void drawLegend(QPainter& p, const CurveScene& scene, QSizeF area, const Theme& theme) {
    const std::vector<std::vector<LegendItem>> lines = legendLines(scene, theme);
    if (lines.empty()) return;
    p.save();
    QFont font = p.font();
    font.setPixelSize(12);
    p.setFont(font);
    const QFontMetricsF fm(font);
    const double right = area.width() - 12;
    double y = CurvePainter::kRulerHeight + 8;
    const int fit = std::max(1, int((area.height() / 2 - y) / (fm.height() + 2)));
    const int count = int(lines.size());
    for (int line = 0; line < count; ++line) {
        if (line + 1 > fit - 1 && count > fit) {
            const QString more = QStringLiteral("… and %1 more channels").arg(count - line);
            drawLegendLine(p, right, y + fm.ascent(), {{more, theme.label}});
            break;
        }
        drawLegendLine(p, right, y + fm.ascent(), lines[std::size_t(line)]);
        y += fm.height() + 2;
    }
    p.restore();
}

void drawPlayheadValues(const CurvePainter& cp, const CurveScene& scene, const ViewTransform& view, double t,
                        const std::function<ViewTransform(const CurveRef&)>& transformOf) {
    constexpr std::size_t kMaxPlayheadLabels = 40;
    if (!scene.document || scene.curves.size() > kMaxPlayheadLabels) return;
    const CurveColors colorOf(scene);
    std::vector<CurvePainter::ValueLabel> labels;
    std::vector<double> v;
    ChannelId evaluated{-1, -1};
    for (const CurveRef& ref : scene.curves) {  // the visible curves only: solo and hidden respected
        const Track* track = trackOf(*scene.document, ref.animation, ref.channel);
        if (!track || !track->keyCount()) continue;
        if (evaluated != ChannelId{ref.animation, ref.channel}) {  // curves come channel by channel
            v.resize(track->components);
            evaluateSorted(*track, &t, 1, v.data(), scene.normalizedRotation);
            evaluated = {ref.animation, ref.channel};
        }
        labels.push_back({transformOf(ref).toWidgetY(v[ref.component]), colorOf(*track, ref),
                          QString::number(v[ref.component], 'g', 4)});
    }
    cp.drawPlayheadValues(view.toWidgetX(t), std::move(labels));
}

void drawSelectionBox(QPainter& p, const QRectF& box, bool timeEdges, bool valueEdges, const Theme& theme) {
    p.save();
    p.setRenderHint(QPainter::Antialiasing, false);
    QColor line = theme.keySelected;
    line.setAlphaF(0.55);
    p.setPen(QPen(line, 1, Qt::DashLine));
    p.setBrush(Qt::NoBrush);
    p.drawRect(box);
    p.setPen(QPen(theme.keySelected, 3, Qt::SolidLine, Qt::FlatCap));
    const QPointF c = box.center();
    const double half = 8;
    if (timeEdges) {
        p.drawLine(QPointF(box.left(), c.y() - half), QPointF(box.left(), c.y() + half));
        p.drawLine(QPointF(box.right(), c.y() - half), QPointF(box.right(), c.y() + half));
    }
    if (valueEdges) {
        p.drawLine(QPointF(c.x() - half, box.top()), QPointF(c.x() + half, box.top()));
        p.drawLine(QPointF(c.x() - half, box.bottom()), QPointF(c.x() + half, box.bottom()));
    }
    p.restore();
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
                                         .arg(k + 1)  // numbered from 1, as every sentence numbers keys
                                         .arg(k + 2);
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
