#include "curvepainter.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "curveenvelope.h"
#include "tangent/hermite.h"

namespace tangent::render {

double tickStep(double pixelsPerUnit, double minPixels) {
    if (!(pixelsPerUnit > 0) || !std::isfinite(pixelsPerUnit)) return 1;
    const double raw = minPixels / pixelsPerUnit;  // world units between ticks, at least
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * p >= raw * (1 - 1e-12)) return m * p;
    return 10 * p;
}

QString formatTick(double value, double step) {
    const int decimals = std::clamp(int(-std::floor(std::log10(step) + 1e-9)), 0, 9);
    if (std::abs(value) < step * 1e-6) value = 0;  // no "-0"
    return QString::number(value, 'f', decimals);
}

QString formatTime(double seconds, double step, double fps) {
    if (fps > 0) {
        const double frames = seconds * fps;
        const double frameStep = step * fps;
        // Whole frames when the step is; else as many decimals as the step needs.
        if (std::abs(frames - std::round(frames)) < 1e-6 && frameStep >= 1 - 1e-9)
            return QString::number(std::llround(frames)) + QStringLiteral(" f");
        return formatTick(frames, frameStep) + QStringLiteral(" f");
    }
    return formatTick(seconds, step) + QStringLiteral(" s");
}

QPainterPath curvePath(const Track& track, int c, const ViewTransform& view, bool normalized, double x0, double x1,
                       double minSegmentPixels) {
    QPainterPath path;
    const int n = track.keyCount();
    if (n == 0) return path;
    auto pt = [&](double t, double v) { return view.toWidget(QPointF(t, v)); };
    if (n == 1) {
        path.moveTo(pt(track.times[0], track.value(0, c)));
        return path;
    }
    const double t0 = view.toWorldX(x0), t1 = view.toWorldX(x1);
    // First and last segment that touch the columns.
    int kFirst = t0 <= track.times[0] ? 0 : findSegment(track, t0);
    int kLast = t1 >= track.times[n - 1] ? n - 2 : findSegment(track, t1);

    const bool rotation = track.normalizesResult();
    const bool sampled = rotation && (normalized || track.interpolation == Interpolation::Linear) &&
                         track.interpolation != Interpolation::Step;
    // Segments narrower than minSegmentPixels are left out (drawn as column spans, see
    // curveenvelope.h); the path restarts after each run of them.
    const double minDt = minSegmentPixels / view.scaleX();
    auto wide = [&](int k) { return !(double(track.times[k + 1]) - track.times[k] < minDt); };
    if (sampled) {
        // Not a polynomial: sample every 2 pixels, plus every key time exactly.
        std::vector<double> times;
        const double stepT = 2.0 / view.scaleX();
        for (int k = kFirst; k <= kLast;) {
            if (!wide(k)) {
                ++k;
                continue;
            }
            int kEnd = k;  // the run of wide segments [k, kEnd]
            while (kEnd + 1 <= kLast && wide(kEnd + 1)) ++kEnd;
            times.clear();
            const double a = std::max<double>(t0, track.times[k]);
            const double b = std::min<double>(t1, track.times[kEnd + 1]);
            int j = k;
            for (double t = a; t < b; t += stepT) {
                while (j <= kEnd + 1 && track.times[j] <= t) {
                    if (times.empty() || times.back() < track.times[j]) times.push_back(track.times[j]);
                    ++j;
                }
                if (times.empty() || times.back() < t) times.push_back(t);
            }
            while (j <= kEnd + 1 && track.times[j] <= b) times.push_back(track.times[j++]);
            if (times.empty() || times.back() < b) times.push_back(b);
            std::vector<double> out(times.size() * track.components);
            evaluateSorted(track, times.data(), times.size(), out.data(), normalized);
            for (std::size_t i = 0; i < times.size(); ++i) {
                const QPointF p = pt(times[i], out[i * track.components + c]);
                if (i == 0)
                    path.moveTo(p);
                else
                    path.lineTo(p);
            }
            k = kEnd + 1;
        }
        return path;
    }

    bool open = false;
    for (int k = kFirst; k <= kLast; ++k) {
        if (!wide(k)) {
            open = false;
            continue;
        }
        const double ta = track.times[k], tb = track.times[k + 1], dt = tb - ta;
        const double va = track.value(k, c), vb = track.value(k + 1, c);
        if (!open) path.moveTo(pt(ta, va));
        open = true;
        switch (track.interpolation) {
            case Interpolation::Step:
                path.lineTo(pt(tb, va));
                path.lineTo(pt(tb, vb));
                break;
            case Interpolation::Linear:
                path.lineTo(pt(tb, vb));
                break;
            case Interpolation::CubicSpline:
                // The Bézier view of the Hermite segment (tangent/hermite.h); exact because the
                // view transform is affine.
                path.cubicTo(pt(ta + dt / 3, outHandleValue(va, track.outTangent(k, c), dt)),
                             pt(tb - dt / 3, inHandleValue(vb, track.inTangent(k + 1, c), dt)), pt(tb, vb));
                break;
        }
    }
    return path;
}

CurvePainter::CurvePainter(QPainter& painter, const ViewTransform& view, const Theme& theme)
    : p_(painter), view_(view), theme_(theme), area_(QPointF(0, 0), view.viewport()) {}

void CurvePainter::drawBackground(double t0, double t1) {
    const double x0 = t1 > t0 ? std::max(0.0, view_.toWidgetX(t0)) : 0,
                 x1 = t1 > t0 ? std::min(area_.width(), view_.toWidgetX(t1)) : 0;
    if (!(x1 > x0) || !theme_.rangeBackground.isValid() || theme_.rangeBackground.alpha() != 255) {
        p_.fillRect(area_, theme_.background);
        if (x1 > x0) p_.fillRect(QRectF(x0, 0, x1 - x0, area_.height()), theme_.rangeBackground);
        return;
    }
    // The key range is opaque: the background only beside it (and a pixel under its edges, so
    // that every pixel is covered whichever way the range's edges round).
    if (x0 > 0) p_.fillRect(QRectF(0, 0, std::min(area_.width(), x0 + 2), area_.height()), theme_.background);
    if (x1 < area_.width())
        p_.fillRect(QRectF(std::max(0.0, x1 - 2), 0, area_.width() - std::max(0.0, x1 - 2), area_.height()),
                    theme_.background);
    p_.fillRect(QRectF(x0, 0, x1 - x0, area_.height()), theme_.rangeBackground);
}

namespace {
// A grid line of one pixel written straight into a 32-bit image (what an aliased, opaque,
// one-pixel QPainter line through pixel centres covers), inside `clip`.
struct DirectLines {
    QImage* image;
    QRect clip;
    uchar* bits;
    qsizetype stride;
    void vertical(int x, QRgb c) const {
        if (x < clip.left() || x > clip.right()) return;
        for (int y = clip.top(); y <= clip.bottom(); ++y) reinterpret_cast<QRgb*>(bits + y * stride)[x] = c;
    }
    void horizontal(int y, QRgb c) const {
        if (y < clip.top() || y > clip.bottom()) return;
        QRgb* line = reinterpret_cast<QRgb*>(bits + y * stride);
        std::fill(line + clip.left(), line + clip.right() + 1, c);
    }
};
}  // namespace

std::vector<CurvePainter::GridLine> CurvePainter::gridLines() const {
    std::vector<GridLine> out;
    const QRectF w = view_.visibleWorld();
    auto lines = [&](bool vertical) {
        // In frames, time ticks are whole frames apart at least (unit: one frame).
        const double unit = vertical && fps_ > 0 ? 1 / fps_ : 1;
        const double scale = (vertical ? view_.scaleX() : view_.scaleY()) * unit;
        double major = tickStep(scale, vertical ? 90 : 48);
        double minor = major / (std::abs(major / tickStep(scale, 12) - 2) < 1e-6 ? 2 : 5);
        if (unit != 1) major = std::max(1.0, major) * unit, minor = std::max(1.0, minor) * unit;
        const double lo = vertical ? w.left() : w.top(), hi = vertical ? w.right() : w.bottom();
        for (int pass = 0; pass < 2; ++pass) {
            const double step = pass == 0 ? minor : major;
            if (step * scale < 6) continue;
            const QColor colour = pass == 0 ? theme_.gridMinor : theme_.gridMajor;
            for (double v = std::ceil(lo / step) * step; v <= hi; v += step)
                out.push_back({vertical, int(std::round(vertical ? view_.toWidgetX(v) : view_.toWidgetY(v))), colour});
        }
    };
    lines(true);
    lines(false);
    // The zero value line and the time origin, over the rest.
    const double y0 = std::round(view_.toWidgetY(0));
    if (y0 + 0.5 >= 0 && y0 + 0.5 <= area_.height()) out.push_back({false, int(y0), theme_.zeroLine});
    const double x0 = std::round(view_.toWidgetX(0));
    if (x0 + 0.5 >= 0 && x0 + 0.5 <= area_.width()) out.push_back({true, int(x0), theme_.zeroLine});
    return out;
}

void CurvePainter::drawGrid() {
    const std::vector<GridLine> lines = gridLines();
    // Straight into the pixels where the painter draws on a 32-bit image without scaling (the
    // curve view's layer): the same pixels as QPainter's lines, without stroking each one.
    QImage* image =
            p_.device() && p_.device()->devType() == QInternal::Image ? static_cast<QImage*>(p_.device()) : nullptr;
    const bool direct =
            image &&
            (image->format() == QImage::Format_RGB32 || image->format() == QImage::Format_ARGB32_Premultiplied) &&
            p_.transform().isIdentity() && image->devicePixelRatio() == 1 &&
            (!p_.hasClipping() || p_.clipRegion().rectCount() <= 1) && theme_.gridMinor.alpha() == 255 &&
            theme_.gridMajor.alpha() == 255 && theme_.zeroLine.alpha() == 255 && area_.width() <= image->width() &&
            area_.height() <= image->height();
    if (direct) {
        QRect clip = QRect(QPoint(0, 0), area_.size().toSize()) & image->rect();
        if (p_.hasClipping()) clip &= p_.clipRegion().boundingRect();
        const DirectLines out{image, clip, image->bits(), image->bytesPerLine()};
        for (const GridLine& line : lines) {
            if (line.vertical)
                out.vertical(line.at, line.colour.rgb());
            else
                out.horizontal(line.at, line.colour.rgb());
        }
        return;
    }
    p_.save();
    p_.setRenderHint(QPainter::Antialiasing, false);
    for (const GridLine& line : lines) {
        p_.setPen(QPen(line.colour, 1));
        const double at = line.at + 0.5;  // the pixel's centre: a crisp one-pixel line
        if (line.vertical)
            p_.drawLine(QPointF(at, 0), QPointF(at, area_.height()));
        else
            p_.drawLine(QPointF(0, at), QPointF(area_.width(), at));
    }
    p_.restore();
}

void CurvePainter::drawRulers() {
    p_.save();
    p_.setRenderHint(QPainter::Antialiasing, false);
    QFont font = p_.font();
    font.setPixelSize(11);
    p_.setFont(font);
    const QFontMetricsF fm(font);
    const QRectF w = view_.visibleWorld();

    // Left: values.
    p_.fillRect(QRectF(0, 0, kRulerWidth, area_.height()), theme_.rulerBackground);
    const double vStep = tickStep(view_.scaleY(), 48);
    p_.setPen(theme_.label);
    for (double v = std::ceil(w.top() / vStep) * vStep; v <= w.bottom(); v += vStep) {
        const double y = view_.toWidgetY(v);
        if (y < kRulerHeight + 6 || y > area_.height() - 4) continue;
        const QString s = formatTick(v, vStep);
        p_.drawText(QRectF(2, y - fm.height() / 2, kRulerWidth - 8, fm.height()), Qt::AlignRight | Qt::AlignVCenter, s);
        p_.drawLine(QPointF(kRulerWidth - 4, std::round(y) + 0.5), QPointF(kRulerWidth, std::round(y) + 0.5));
    }
    // Top: seconds.
    p_.fillRect(QRectF(0, 0, area_.width(), kRulerHeight), theme_.rulerBackground);
    const double tStep =
            fps_ > 0 ? std::max(1.0, tickStep(view_.scaleX() / fps_, 90)) / fps_ : tickStep(view_.scaleX(), 90);
    for (double i = std::ceil(w.left() / tStep); i * tStep <= w.right(); i += 1) {
        const double t = i * tStep;
        const double x = view_.toWidgetX(t);
        if (x < kRulerWidth + 4) continue;
        const QString s = formatTime(t, tStep, fps_);
        p_.setPen(theme_.label);
        p_.drawText(QRectF(x + 4, 0, 80, kRulerHeight), Qt::AlignLeft | Qt::AlignVCenter, s);
        p_.drawLine(QPointF(std::round(x) + 0.5, kRulerHeight - 7), QPointF(std::round(x) + 0.5, kRulerHeight));
    }
    p_.setPen(theme_.gridMajor);
    p_.drawLine(QPointF(0, kRulerHeight - 0.5), QPointF(area_.width(), kRulerHeight - 0.5));
    p_.drawLine(QPointF(kRulerWidth - 0.5, 0), QPointF(kRulerWidth - 0.5, area_.height()));
    p_.fillRect(QRectF(0, 0, kRulerWidth, kRulerHeight), theme_.rulerBackground);
    p_.setPen(theme_.label);
    p_.drawText(QRectF(0, 0, kRulerWidth - 6, kRulerHeight), Qt::AlignRight | Qt::AlignVCenter,
                QStringLiteral("value"));
    p_.restore();
}

void CurvePainter::drawReferenceCurve(const Track& track, int c, const QColor& color, bool normalizedRotation) {
    if (track.keyCount() == 0 || c >= track.components) return;
    p_.save();
    p_.setRenderHint(QPainter::Antialiasing, true);
    QColor faint = color;
    faint.setAlphaF(theme_.referenceAlpha);
    p_.setPen(QPen(faint, theme_.referenceWidth, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    p_.setBrush(Qt::NoBrush);
    p_.drawPath(curvePath(track, c, view_, normalizedRotation, -2, area_.width() + 2));
    p_.restore();
}

void CurvePainter::drawCycles(const Track& track, int c, const QColor& color, bool normalizedRotation, double period) {
    if (track.keyCount() == 0 || c >= track.components || !(period > 0)) return;
    const double pixelsPerCycle = period * view_.scaleX();
    if (!(pixelsPerCycle > 2)) return;  // cycles narrower than that are a smear, not a curve
    const QRectF world = view_.visibleWorld();
    const double first = std::floor(world.left() / period), last = std::floor(world.right() / period);
    if (last - first > 200) return;  // zoomed far out: no more than a few hundred repeats
    p_.save();
    p_.setRenderHint(QPainter::Antialiasing, true);
    QColor faint = color;
    faint.setAlphaF(0.5);
    p_.setPen(QPen(faint, 1.2, Qt::DashLine));
    p_.setBrush(Qt::NoBrush);
    for (double k = first; k <= last; k += 1) {
        if (k == 0) continue;  // the animation itself
        // The same curve k periods later: a view whose time axis starts k periods earlier.
        const ViewTransform shifted(view_.viewport(), view_.left() - k * period, view_.top(), view_.scaleX(),
                                    view_.scaleY());
        const double x0 = std::max(-2.0, view_.toWidgetX(k * period));
        const double x1 = std::min(area_.width() + 2, view_.toWidgetX((k + 1) * period));
        if (x1 > x0) p_.drawPath(curvePath(track, c, shifted, normalizedRotation, x0, x1));
    }
    p_.restore();
}

void CurvePainter::drawCurve(const Track& track, int c, const QColor& color, const CurveDrawOptions& opt) {
    if (track.keyCount() == 0) return;
    p_.save();
    p_.setRenderHint(QPainter::Antialiasing, true);
    const double x0 = -2, x1 = area_.width() + 2;
    const bool normalizedCurve = track.normalizesResult() && opt.normalizedRotation;
    if (opt.segments && normalizedCurve && track.interpolation == Interpolation::CubicSpline) {
        // The raw cubic the handles belong to, faint and dashed beneath the played curve.
        QColor raw = color;
        raw.setAlphaF(color.alphaF() * 0.45);
        QPen pen(raw, 1.0, Qt::DashLine);
        p_.setPen(pen);
        p_.setBrush(Qt::NoBrush);
        p_.drawPath(curvePath(track, c, view_, false, x0, x1, opt.minSegmentPixels));
    }
    p_.setBrush(Qt::NoBrush);
    if (opt.segments) {
        p_.setPen(QPen(color, theme_.curveWidth, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        p_.drawPath(curvePath(track, c, view_, opt.normalizedRotation, x0, x1, opt.minSegmentPixels));
    }
    if (opt.extrapolation) {
        QColor ext = color;
        ext.setAlphaF(color.alphaF() * 0.5);
        p_.setPen(QPen(ext, 1.0, Qt::DotLine));
        // Clamped: the first value before the first key, the last after the last.
        std::vector<double> first(track.components), last(track.components);
        const double tFirst = track.times.front(), tLast = track.times.back();
        evaluateSorted(track, &tFirst, 1, first.data(), opt.normalizedRotation);
        evaluateSorted(track, &tLast, 1, last.data(), opt.normalizedRotation);
        const double xa = view_.toWidgetX(track.times.front()), xb = view_.toWidgetX(track.times.back());
        // Each line starts at its key, so that the dots move with the curve when the view pans.
        // Under a clip (a strip uncovered by a pan) only the part that reaches it is stroked,
        // started a whole number of dot periods from the key: the same dots.
        const bool clipped = p_.hasClipping();
        const QRectF clip = clipped ? p_.clipBoundingRect().adjusted(-2, -2, 2, 2) : QRectF();
        const double period = 3 * p_.pen().widthF();           // Qt::DotLine: 1 on, 2 off, in pen widths
        auto dotted = [&](double from, double to, double y) {  // from the key `from` outwards
            if (clipped) {
                if (y < clip.top() || y > clip.bottom()) return;
                const double dir = to > from ? 1 : -1;
                const double near = dir > 0 ? clip.left() : clip.right();  // where the clip begins
                if ((near - from) * dir > 0) from += dir * period * std::floor((near - from) * dir / period);
                const double far = dir > 0 ? clip.right() : clip.left();
                if ((to - far) * dir > 0) to = far;
                if ((to - from) * dir <= 0) return;
            }
            p_.drawLine(QPointF(from, y), QPointF(to, y));
        };
        if (xa > x0) dotted(xa, x0, view_.toWidgetY(first[c]));
        if (xb < x1) dotted(xb, x1, view_.toWidgetY(last[c]));
    }
    p_.restore();
}

bool keyMarkersHidden(const Track& track, const ViewTransform& view) {
    const int n = track.keyCount();
    if (n == 0) return false;
    const double xMin = -20, xMax = view.viewport().width() + 20;
    const int kA = std::max(0, firstKeyAtOrAfter(track, view.toWorldX(xMin)) - 1);
    const int kB = std::min(n, firstKeyAtOrAfter(track, view.toWorldX(xMax)) + 1);
    return (kB - kA) * kMinKeyMarkerSpacing > (xMax - xMin);
}

void CurvePainter::drawKeys(const Track& track, int c, const QColor& colorIn, const std::function<bool(int)>& selected,
                            const std::function<bool(int)>& showHandles, const std::vector<int>* denseKeys) {
    const int n = track.keyCount();
    if (n == 0) return;
    const double xMin = -20, xMax = area_.width() + 20;
    // The keys in view, plus one either side (their handles may reach in).
    const int kA = std::max(0, firstKeyAtOrAfter(track, view_.toWorldX(xMin)) - 1);
    const int kB = std::min(n, firstKeyAtOrAfter(track, view_.toWorldX(xMax)) + 1);
    const bool dense = keyMarkersHidden(track, view_);
    if (dense && (!denseKeys || denseKeys->empty())) return;
    p_.save();
    p_.setRenderHint(QPainter::Antialiasing, true);
    const QColor color = colorIn;
    const double r = theme_.keyRadius, hr = theme_.handleRadius;
    const std::size_t count = dense ? denseKeys->size() : std::size_t(kB - kA);
    for (std::size_t i = 0; i < count; ++i) {
        const int k = dense ? (*denseKeys)[i] : kA + int(i);
        if (k < 0 || k >= n) continue;
        const KeyHandles h = keyHandles(track, k, c);
        const QPointF kp = view_.toWidget(h.key);
        const bool handles = (h.hasIn || h.hasOut) && showHandles && showHandles(k);
        if (!handles && (kp.x() < xMin || kp.x() > xMax)) continue;
        if (handles) {
            auto drawHandle = [&](QPointF world, bool used) {
                const QPointF hp = view_.toWidget(world);
                const QColor hc = !used ? theme_.handleUnused : h.broken ? theme_.handleBroken : theme_.handleLine;
                p_.setPen(QPen(hc, 1.2, used ? Qt::SolidLine : Qt::DashLine));
                p_.drawLine(kp, hp);
                p_.setPen(QPen(hc, 1.4));
                p_.setBrush(used ? QBrush(hc) : Qt::NoBrush);
                p_.drawEllipse(hp, hr, hr);
            };
            if (h.hasIn) drawHandle(h.in, h.inUsed);
            if (h.hasOut) drawHandle(h.out, h.outUsed);
        }
        const bool sel = selected && selected(k);
        p_.setPen(QPen(sel ? QColor(Qt::white) : color, 1.5));
        p_.setBrush(sel ? theme_.keySelected : theme_.background);
        if (h.broken) {
            // Broken key (this component's handles): a diamond, so reviewers find it without
            // opening its handles.
            const double d = r + 1.5;
            QPolygonF diamond;
            diamond << kp + QPointF(0, -d) << kp + QPointF(d, 0) << kp + QPointF(0, d) << kp + QPointF(-d, 0);
            p_.drawPolygon(diamond);
        } else {
            p_.drawEllipse(kp, r, r);
        }
    }
    p_.restore();
}

void CurvePainter::drawPlayhead(double t) {
    const double x = std::round(view_.toWidgetX(t)) + 0.5;
    if (x < 0 || x > area_.width()) return;
    p_.save();
    p_.setRenderHint(QPainter::Antialiasing, false);
    p_.setPen(QPen(theme_.playhead, 1));
    p_.drawLine(QPointF(x, kRulerHeight), QPointF(x, area_.height()));
    // A flag in the ruler, with the time.
    QFont font = p_.font();
    font.setPixelSize(11);
    p_.setFont(font);
    const QString s = fps_ > 0 ? formatTime(t, 0.1 / fps_, fps_) : QString::number(t, 'f', 3);
    const double w = QFontMetricsF(font).horizontalAdvance(s) + 10;
    const QRectF flag(x - w / 2, 2, w, kRulerHeight - 4);
    p_.setRenderHint(QPainter::Antialiasing, true);
    p_.setPen(Qt::NoPen);
    p_.setBrush(theme_.playhead);
    p_.drawRoundedRect(flag, 3, 3);
    p_.setPen(Qt::white);
    p_.drawText(flag, Qt::AlignCenter, s);
    p_.restore();
}

LabelPlacement placeLabels(const std::vector<double>& wanted, double spacing, double top, double bottom) {
    LabelPlacement out;
    const int n = int(wanted.size());
    out.y.assign(std::size_t(n), std::nan(""));
    std::vector<int> order(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) order[std::size_t(i)] = i;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return wanted[a] < wanted[b]; });
    // How many fit; when not all do, one slot less, for "+N more".
    const int room = std::max(0, int(std::floor((bottom - top) / spacing)) + 1);
    int shown = n;
    if (n > room) {
        shown = std::max(0, room - 1);
        out.hidden = n - shown;
    }
    // Clusters of consecutive labels, each a run `spacing` apart from its first label's centre.
    struct Cluster {
        int first, count;
        double sum;  // of (wanted - offset in the run), whose mean is the run's start
        double start;
    };
    const double last = bottom - (out.hidden ? spacing : 0);
    std::vector<Cluster> clusters;
    auto settle = [&](Cluster& c) {
        c.start = std::clamp(c.sum / c.count, top, std::max(top, last - (c.count - 1) * spacing));
    };
    for (int i = 0; i < shown; ++i) {
        clusters.push_back({i, 1, wanted[order[std::size_t(i)]], 0});
        settle(clusters.back());
        while (clusters.size() > 1) {
            Cluster& prev = clusters[clusters.size() - 2];
            const Cluster& cur = clusters.back();
            if (prev.start + prev.count * spacing <= cur.start + 1e-9) break;
            for (int j = 0; j < cur.count; ++j)
                prev.sum += wanted[order[std::size_t(cur.first + j)]] - (prev.count + j) * spacing;
            prev.count += cur.count;
            clusters.pop_back();
            settle(clusters.back());
        }
    }
    for (const Cluster& c : clusters)
        for (int j = 0; j < c.count; ++j) out.y[std::size_t(order[std::size_t(c.first + j)])] = c.start + j * spacing;
    out.moreY =
            clusters.empty() ? top : std::min(last + spacing, clusters.back().start + clusters.back().count * spacing);
    return out;
}

void CurvePainter::drawPlayheadValues(double x, std::vector<ValueLabel> labels) const {
    p_.save();
    p_.setRenderHint(QPainter::Antialiasing, true);
    QFont font = p_.font();
    font.setPixelSize(11);
    p_.setFont(font);
    for (const ValueLabel& l : labels) {
        p_.setPen(QPen(l.color, 1.5));
        p_.setBrush(theme_.background);
        p_.drawEllipse(QPointF(x, l.y), 3, 3);
    }
    // Never overlapping, inside the view under the ruler; a label moved from its curve has a
    // leader line back to its ring.
    std::vector<double> wanted;
    for (const ValueLabel& l : labels) wanted.push_back(l.y);
    const double half = kValueLabelSpacing / 2;
    const LabelPlacement placed = placeLabels(wanted, kValueLabelSpacing, kRulerHeight + half, area_.height() - half);
    const QFontMetricsF fm(font);
    for (std::size_t i = 0; i < labels.size(); ++i) {
        const double y = placed.y[i];
        if (std::isnan(y)) continue;
        const ValueLabel& l = labels[i];
        if (std::abs(y - l.y) > 2) {
            QColor leader = l.color;
            leader.setAlphaF(0.6);
            p_.setPen(QPen(leader, 1));
            p_.drawLine(QPointF(x + 3, l.y), QPointF(x + 9, y));
        }
        p_.setPen(l.color);
        p_.drawText(QPointF(x + 11, y + fm.ascent() / 2 - 1), l.text);
    }
    if (placed.hidden > 0) {
        p_.setPen(theme_.label);
        p_.drawText(QPointF(x + 11, placed.moreY + fm.ascent() / 2 - 1), QStringLiteral("+%1 more").arg(placed.hidden));
    }
    p_.restore();
}

void drawLegendLine(QPainter& p, double right, double baseline, const std::vector<LegendItem>& items, double gap) {
    const QFontMetricsF fm(p.font());
    double x = right;
    for (auto it = items.rbegin(); it != items.rend(); ++it) {
        x -= fm.horizontalAdvance(it->text);
        p.setPen(it->color);
        p.drawText(QPointF(x, baseline), it->text);
        x -= gap;
    }
}

void CurvePainter::drawRubberBand(const QRectF& r) {
    p_.save();
    QColor fill = theme_.rubberBand;
    fill.setAlphaF(0.15);
    p_.setPen(QPen(theme_.rubberBand, 1, Qt::DashLine));
    p_.setBrush(fill);
    p_.drawRect(r.normalized());
    p_.restore();
}

}  // namespace tangent::render
