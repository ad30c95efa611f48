#include "curvegeometry.h"

#include <algorithm>
#include <cmath>

#include "tangent/hermite.h"

namespace tangent::render {

KeyHandles keyHandles(const Track& track, int k, int c) {
    KeyHandles h;
    const int n = track.keyCount();
    h.key = QPointF(track.times[k], track.value(k, c));
    if (track.interpolation != Interpolation::CubicSpline || n < 2) return h;
    const double v = track.value(k, c);
    const double t = track.times[k];
    // In-handle: the segment before the key (for the first key, the segment after it).
    const double dtIn = k > 0 ? double(track.times[k]) - track.times[k - 1] : double(track.times[1]) - track.times[0];
    const double dtOut =
            k < n - 1 ? double(track.times[k + 1]) - track.times[k] : double(track.times[n - 1]) - track.times[n - 2];
    h.hasIn = h.hasOut = true;
    h.in = QPointF(t - dtIn / 3, inHandleValue(v, track.inTangent(k, c), dtIn));
    h.out = QPointF(t + dtOut / 3, outHandleValue(v, track.outTangent(k, c), dtOut));
    h.inUsed = k > 0;
    h.outUsed = k < n - 1;
    h.broken = track.isBroken(k, c);
    return h;
}

QRectF withCurveValues(const Document& doc, const std::vector<CurveRef>& curves, QRectF bounds,
                       bool normalizedRotation) {
    double v0 = bounds.top(), v1 = bounds.bottom();
    constexpr int kSamples = 512;
    std::vector<double> times(kSamples), out;
    for (const CurveRef& ref : curves) {
        const Track* track = trackOf(doc, ref.animation, ref.channel);
        if (!track || track->keyCount() < 2 || ref.component >= track->components) continue;
        for (int i = 0; i < kSamples; ++i)
            times[i] = track->startTime() + (track->endTime() - track->startTime()) * i / (kSamples - 1);
        out.resize(std::size_t(kSamples) * track->components);
        evaluateSorted(*track, times.data(), kSamples, out.data(), normalizedRotation);
        for (int i = 0; i < kSamples; ++i) {
            v0 = std::min(v0, out[std::size_t(i) * track->components + ref.component]);
            v1 = std::max(v1, out[std::size_t(i) * track->components + ref.component]);
        }
    }
    bounds.setTop(v0);
    bounds.setBottom(v1);
    return bounds;
}

double slopeFromPointer(QPointF keyPos, QPointF world, bool outHandle, double minDt) {
    double dt = world.x() - keyPos.x();
    if (outHandle)
        dt = std::max(dt, minDt);
    else
        dt = std::min(dt, -minDt);
    return (world.y() - keyPos.y()) / dt;
}

QRectF curvesBounds(const Document& doc, const std::vector<CurveRef>& curves, bool withHandles,
                    const KeySelection* onlyKeys) {
    double t0 = INFINITY, t1 = -INFINITY, v0 = INFINITY, v1 = -INFINITY;
    auto add = [&](QPointF p) {
        t0 = std::min(t0, p.x());
        t1 = std::max(t1, p.x());
        v0 = std::min(v0, p.y());
        v1 = std::max(v1, p.y());
    };
    for (const CurveRef& ref : curves) {
        const Track* track = trackOf(doc, ref.animation, ref.channel);
        if (!track || ref.component >= track->components) continue;
        for (int k = 0; k < track->keyCount(); ++k) {
            if (onlyKeys && !onlyKeys->count({ref.animation, ref.channel, k, ref.component})) continue;
            const KeyHandles h = keyHandles(*track, k, ref.component);
            add(h.key);
            if (withHandles) {
                if (h.inUsed) add(h.in);
                if (h.outUsed) add(h.out);
            }
        }
    }
    if (!(t0 <= t1)) return QRectF();
    return QRectF(t0, v0, t1 - t0, v1 - v0);
}

QString channelLabel(const Document& doc, int a, int c) {
    const Channel* ch = doc.channel(a, c);
    return ch ? QString::fromStdString(ch->label) : QString();
}

}  // namespace tangent::render
