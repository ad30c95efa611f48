#include "hittest.h"

#include <cmath>
#include <limits>

#include <QLineF>

#include "curveenvelope.h"
#include "curvepainter.h"

namespace tangent::editing {

namespace {

double distanceToSegment(QPointF p, QPointF a, QPointF b) {
    const QPointF ab = b - a;
    const double len2 = QPointF::dotProduct(ab, ab);
    double s = len2 > 0 ? QPointF::dotProduct(p - a, ab) / len2 : 0;
    s = std::clamp(s, 0.0, 1.0);
    return QLineF(p, a + s * ab).length();
}

}  // namespace

Hit hitTest(const Document& doc, const std::vector<CurveRef>& curves, const KeySelection& selection,
            const render::ViewTransform& baseView, QPointF pos, const HitOptions& opt) {
    Hit best;
    int bestRank = 0;  // 3 handle, 2 key, 1 curve
    best.distance = std::numeric_limits<double>::infinity();
    auto offer = [&](int rank, double d, Hit h) {
        if (rank > bestRank || (rank == bestRank && d < best.distance)) {
            h.distance = d;
            best = h;
            bestRank = rank;
        }
    };
    const double tPos = baseView.toWorldX(pos.x());
    for (const CurveRef& ref : curves) {
        const Track* track = trackOf(doc, ref.animation, ref.channel);
        if (!track || ref.component < 0 || ref.component >= track->components || track->keyCount() == 0) continue;
        const render::ViewTransform view = opt.transformOf ? opt.transformOf(ref) : baseView;
        const bool locked = opt.locked.count({ref.animation, ref.channel}) > 0;
        // Keys and handles. Only keys near the pointer in time need a look (a handle lies
        // between the neighbouring keys), found by binary search: the cost does not grow with
        // the track's length. Handles of selected keys are looked up in the selection.
        const double reach = std::max(opt.keyRadius, opt.handleRadius) / view.scaleX();
        const int n = track->keyCount();
        const int kA = std::max(0, firstKeyAtOrAfter(*track, tPos - reach) - 1);
        const int kB = std::min(n, firstKeyAtOrAfter(*track, tPos + reach) + 1);
        auto tryHandles = [&](int k) {
            const render::KeyHandles h = render::keyHandles(*track, k, ref.component);
            if (h.hasIn && h.inUsed) {
                const double d = QLineF(view.toWidget(h.in), pos).length();
                if (d <= opt.handleRadius) offer(3, d, Hit{HitKind::InHandle, ref, k, track->times[k], 0});
            }
            if (h.hasOut && h.outUsed) {
                const double d = QLineF(view.toWidget(h.out), pos).length();
                if (d <= opt.handleRadius) offer(3, d, Hit{HitKind::OutHandle, ref, k, track->times[k], 0});
            }
        };
        // Where markers are hidden (dense keys), only the selected keys are drawn, so only they are hit.
        const bool hidden = render::keyMarkersHidden(*track, view);
        for (int k = kA; k < kB && !locked; ++k) {
            if (hidden && !selection.count({ref.animation, ref.channel, k, ref.component})) continue;
            const QPointF kp = view.toWidget(QPointF(track->times[k], track->value(k, ref.component)));
            const double dk = QLineF(kp, pos).length();
            if (dk <= opt.keyRadius) offer(2, dk, Hit{HitKind::Key, ref, k, track->times[k], 0});
            if (opt.showAllHandles) tryHandles(k);
        }
        if (!opt.showAllHandles && !locked)
            for (auto it = selection.lower_bound({ref.animation, ref.channel, 0, -1});
                 it != selection.end() && it->animation == ref.animation && it->channel == ref.channel; ++it)
                if (it->component == ref.component && it->key < n) tryHandles(it->key);
        if (bestRank >= 2) continue;
        // The curve: distance to the drawn polyline a few pixels either side of the pointer,
        // inside the key range (the clamped extrapolation is not editable).
        if (tPos < track->times.front() || tPos > track->times.back() || track->keyCount() < 2) continue;
        const bool normalize = opt.normalizedRotation && track->normalizesResult();
        constexpr int ns = 9;
        double times[ns];
        for (int i = 0; i < ns; ++i) times[i] = view.toWorldX(pos.x() - 4 + i);
        std::vector<double> out(ns * track->components);
        evaluateSorted(*track, times, ns, out.data(), normalize);
        double d = std::numeric_limits<double>::infinity();
        for (int i = 0; i + 1 < ns; ++i) {
            const QPointF a = view.toWidget(QPointF(times[i], out[i * track->components + ref.component]));
            const QPointF b = view.toWidget(QPointF(times[i + 1], out[(i + 1) * track->components + ref.component]));
            d = std::min(d, distanceToSegment(pos, a, b));
        }
        if (d <= opt.curveRadius) offer(1, d, Hit{HitKind::Curve, ref, -1, tPos, 0});
    }
    if (bestRank == 0) best = Hit{};
    return best;
}

KeySelection keysInRect(const Document& doc, const std::vector<CurveRef>& curves, const render::ViewTransform& baseView,
                        const QRectF& widgetRect, const HitOptions& opt) {
    KeySelection result;
    const QRectF r = widgetRect.normalized();
    for (const CurveRef& ref : curves) {
        const Track* track = trackOf(doc, ref.animation, ref.channel);
        if (!track || ref.component < 0 || ref.component >= track->components) continue;
        if (opt.locked.count({ref.animation, ref.channel})) continue;
        const render::ViewTransform view = opt.transformOf ? opt.transformOf(ref) : baseView;
        const int kA = firstKeyAtOrAfter(*track, std::min(view.toWorldX(r.left()), view.toWorldX(r.right())));
        for (int k = kA; k < track->keyCount() && view.toWidgetX(track->times[k]) <= r.right(); ++k) {
            const QPointF p = view.toWidget(QPointF(track->times[k], track->value(k, ref.component)));
            if (r.contains(p)) result.insert({ref.animation, ref.channel, k, ref.component});
        }
    }
    return result;
}

}  // namespace tangent::editing
