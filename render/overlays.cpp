#include "overlays.h"

#include <algorithm>
#include <set>

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

}  // namespace tangent::render
