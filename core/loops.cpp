#include "tangent/loops.h"

#include <algorithm>
#include <cmath>

#include "tangent/edit.h"
#include "tangent/selection.h"
#include "tangent/track.h"
#include "text.h"

namespace tangent {

namespace {

using detail::formatNumber;

constexpr double kAtTime = 1e-6;  // seconds: a key this near 0 s or the end is at it

// The sign that puts the first key's rotation in the hemisphere of `towards` (1 or -1).
double hemisphereSign(const Track& t, int first, int towards) {
    double dot = 0;
    for (int c = 0; c < t.components; ++c) dot += double(t.value(first, c)) * t.value(towards, c);
    return dot < 0 ? -1 : 1;
}

// The turn between two rotation keys, in radians (q and -q are the same pose).
double rotationAngle(const Track& t, int a, int b) {
    double dot = 0, na = 0, nb = 0;
    for (int c = 0; c < t.components; ++c) {
        const double x = t.value(a, c), y = t.value(b, c);
        dot += x * y, na += x * x, nb += y * y;
    }
    if (!(na > 0) || !(nb > 0)) return 0;
    return 2 * std::acos(std::min(1.0, std::abs(dot) / std::sqrt(na * nb)));
}

}  // namespace

double loopEnd(const Document& doc, int a) {
    return a >= 0 && a < int(doc.animations().size()) ? doc.animations()[std::size_t(a)].duration() : 0.0;
}

Findings checkLoop(const Document& doc, int a) {
    Findings out;
    const double end = loopEnd(doc, a);
    if (a < 0 || a >= int(doc.animations().size())) return out;
    for (const Channel& ch : doc.animations()[std::size_t(a)].channels) {
        const Track* tp = trackOf(doc, a, ch.index);
        if (!tp || tp->keyCount() < 2) continue;
        const Track& t = *tp;
        const int first = 0, last = t.keyCount() - 1;
        const bool rotation = t.normalizesResult();
        Finding f;
        f.code = "TANGENT_LOOP_MISMATCH";
        f.severity = Severity::Warning;
        f.pointer = ch.pointer();
        f.animation = a;
        f.channel = ch.index;
        f.key = last;
        f.nodeName = ch.nodeName;
        f.path = ch.pathName;
        // The pose.
        const double sign = rotation ? hemisphereSign(t, first, last) : 1;
        if (rotation) {
            const double angle = rotationAngle(t, first, last);
            if (angle > loops::kPoseTolerance) {
                f.message = "the loop pops: the rotation at the end (" + keyName(last) + ", " +
                            formatNumber(t.times[last]) + " s) is " + formatNumber(angle * 180 / M_PI) +
                            "\u00b0 from the one at the start (" + keyName(first) + ").";
                out.push_back(f);
                continue;
            }
        } else {
            int worst = -1;
            double most = loops::kPoseTolerance;
            for (int c = 0; c < t.components; ++c) {
                const double d = std::abs(double(t.value(last, c)) - t.value(first, c));
                if (d > most || std::isnan(d)) most = d, worst = c;
            }
            if (worst >= 0) {
                f.message = "the loop pops: at the end (" + keyName(last) + ", " + formatNumber(t.times[last]) +
                            " s) " + componentName(ch, worst) + " is " + formatNumber(t.value(last, worst)) +
                            ", at the start (" + keyName(first) + ") " + formatNumber(t.value(first, worst)) + ".";
                out.push_back(f);
                continue;
            }
        }
        if (t.interpolation != Interpolation::CubicSpline) continue;
        // The velocity across the wrap: a channel holds (0) before its first and after its last key.
        const bool endsAtEnd = t.times[last] >= end - kAtTime, startsAtZero = t.times[first] <= kAtTime;
        int worst = -1;
        double endSlope = 0, startSlope = 0, most = 0;
        for (int c = 0; c < t.components; ++c) {
            const double e = endsAtEnd ? double(t.inTangent(last, c)) : 0.0;
            const double s = sign * (startsAtZero ? double(t.outTangent(first, c)) : 0.0);
            const double d = std::abs(e - s) / std::max(1.0, std::max(std::abs(e), std::abs(s)));
            if (d > loops::kSlopeTolerance && d > most) most = d, worst = c, endSlope = e, startSlope = s;
        }
        if (worst < 0) continue;
        f.message = "the loop kinks: " + componentName(ch, worst) + " moves at " + formatNumber(endSlope) +
                    " per second at the end (" +
                    (endsAtEnd ? keyName(last) + "'s in-tangent" : "held after " + keyName(last)) + ") and at " +
                    formatNumber(startSlope) + " per second at the start (" +
                    (startsAtZero ? keyName(first) + "'s out-tangent" : "held before " + keyName(first)) + ").";
        out.push_back(f);
    }
    return out;
}

void makeCyclic(Track& t) {
    if (t.keyCount() < 2) throw EditError("a cyclic channel needs at least two keys");
    const int first = 0, last = t.keyCount() - 1;
    const double sign = t.normalizesResult() ? hemisphereSign(t, first, last) : 1;
    const bool cubic = t.interpolation == Interpolation::CubicSpline;
    if (cubic) setHandleMode(t, last, -1, HandleMode::Aligned);
    for (int c = 0; c < t.components; ++c) {
        setValue(t, last, c, sign * double(t.value(first, c)));
        if (cubic) {
            const double slope = sign * double(t.outTangent(first, c));
            setTangents(t, last, c, slope, slope);
        }
    }
}

}  // namespace tangent
