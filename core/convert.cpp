#include "tangent/convert.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "tangent/difference.h"
#include "tangent/edit.h"

namespace tangent {

namespace {

using Values = std::vector<double>;

Values valueAt(const Track& track, double t) {
    Values v(std::size_t(track.components));
    evaluate(track, t, v.data());
    return v;
}

double dot(const Values& a, const Values& b) {
    double d = 0;
    for (std::size_t i = 0; i < a.size(); ++i) d += a[i] * b[i];
    return d;
}

void negate(Values& v) {
    for (double& x : v) x = -x;
}

// Max component difference; for rotation the smaller of q vs p and q vs -p.
double difference(const Values& a, const Values& b, bool rotation) {
    double same = 0, opposite = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        same = std::max(same, std::abs(a[i] - b[i]));
        opposite = std::max(opposite, std::abs(a[i] + b[i]));
    }
    return rotation ? std::min(same, opposite) : same;
}

// The shared measure's error between two played values (difference.h: in the path's unit).
double errorBetween(const Track& track, const Values& a, const Values& b) {
    return pathError(track.path, track.components, a.data(), b.data());
}

// The candidates keep this fraction of the tolerance in hand for the float rounding of the keys
// and for what the certified check finds between the candidates.
constexpr double kResampleSlack = 0.8;

// Straight (or, for rotation, slerp) interpolation between a and b at s in [0, 1].
Values between(const Values& a, const Values& b, double s, bool rotation) {
    Values out(a.size());
    if (rotation) {
        const glm::dquat qa(a[3], a[0], a[1], a[2]), qb(b[3], b[0], b[1], b[2]);
        const glm::dquat q = glm::slerp(qa, qb, s);
        out = {q.x, q.y, q.z, q.w};
    } else {
        for (std::size_t i = 0; i < a.size(); ++i) out[i] = a[i] + s * (b[i] - a[i]);
    }
    return out;
}

// Key times as floats, strictly increasing (times closer than the edit API allows merge).
std::vector<float> distinctFloatTimes(const std::vector<double>& times) {
    std::vector<float> out;
    for (double t : times) {
        const float f = static_cast<float>(t);
        if (out.empty() || double(f) - out.back() >= kMinKeySpacing) out.push_back(f);
    }
    return out;
}

// Keys the certified check may add to a resampled track before it gives up.
constexpr int kMaxResampleSplits = 1 << 16;

// Candidate times: the keys and evenly spaced points between them.
std::vector<double> candidateTimes(const Track& source) {
    std::vector<double> times;
    const int n = source.keyCount();
    for (int k = 0; k + 1 < n; ++k) {
        const double t0 = source.times[k], t1 = source.times[k + 1];
        const int inside = std::clamp(int((t1 - t0) / (2 * kMinKeySpacing)), 1, 32);
        for (int i = 0; i < inside; ++i) times.push_back(t0 + (t1 - t0) * i / inside);
    }
    if (n > 0) times.push_back(source.times[n - 1]);
    return times;
}

}  // namespace

double maxDifference(const Track& a, const Track& b, int samplesPerSegment) {
    std::vector<double> times;
    for (const Track* track : {&a, &b}) {
        for (int k = 0; k < track->keyCount(); ++k) {
            times.push_back(track->times[k]);
            if (k + 1 < track->keyCount())
                for (int i = 1; i < samplesPerSegment; ++i)
                    times.push_back(track->times[k] +
                                    (double(track->times[k + 1]) - track->times[k]) * i / samplesPerSegment);
        }
    }
    const bool rotation = a.path == TargetPath::Rotation;
    double worst = 0;
    for (double t : times) worst = std::max(worst, difference(valueAt(a, t), valueAt(b, t), rotation));
    return worst;
}

Track resampleToLinear(const Track& source, double tolerance) {
    const bool rotation = source.path == TargetPath::Rotation;
    std::vector<double> times = candidateTimes(source);
    // Refine the candidates until a chord between neighbours is well within the tolerance, so
    // that the greedy search below never has to accept a candidate-to-candidate chord that
    // misses the curve.
    for (int round = 0; round < 12; ++round) {
        std::vector<double> refined;
        for (std::size_t i = 0; i + 1 < times.size(); ++i) {
            refined.push_back(times[i]);
            const double mid = 0.5 * (times[i] + times[i + 1]);
            if (times[i + 1] - times[i] < 4 * kMinKeySpacing) continue;
            const Values chord = between(valueAt(source, times[i]), valueAt(source, times[i + 1]), 0.5, rotation);
            if (errorBetween(source, chord, valueAt(source, mid)) > tolerance / 4) refined.push_back(mid);
        }
        refined.push_back(times.back());
        if (refined.size() == times.size()) break;
        times = std::move(refined);
    }
    {
        std::vector<double> distinct;
        for (float f : distinctFloatTimes(times)) distinct.push_back(f);
        times = std::move(distinct);
    }
    const std::size_t count = times.size();
    std::vector<Values> values(count), midpoints(count);
    for (std::size_t i = 0; i < count; ++i) {
        values[i] = valueAt(source, times[i]);
        // Consecutive rotation keys in one hemisphere: no TANGENT_ROTATION_HEMISPHERE_FLIP.
        if (rotation && i > 0 && dot(values[i], values[i - 1]) < 0) negate(values[i]);
        if (i + 1 < count) midpoints[i] = valueAt(source, 0.5 * (times[i] + times[i + 1]));
    }
    // Does one segment from candidate i to candidate j stay within tolerance?
    const double target = kResampleSlack * tolerance;
    auto reaches = [&](std::size_t i, std::size_t j) {
        const double span = times[j] - times[i];
        for (std::size_t m = i; m < j; ++m) {
            if (m > i && errorBetween(source, between(values[i], values[j], (times[m] - times[i]) / span, rotation),
                                      values[m]) > target)
                return false;
            const double mid = 0.5 * (times[m] + times[m + 1]);
            if (errorBetween(source, between(values[i], values[j], (mid - times[i]) / span, rotation), midpoints[m]) >
                target)
                return false;
        }
        return true;
    };
    std::vector<std::size_t> kept{0};
    while (count > 1 && kept.back() + 1 < count) {
        const std::size_t i = kept.back();
        // Gallop to the first candidate that fails, then bisect for the last that reaches.
        std::size_t good = i + 1, bad = count, step = 1;
        while (good + 1 < count) {
            const std::size_t probe = std::min(good + step, count - 1);
            if (!reaches(i, probe)) {
                bad = probe;
                break;
            }
            good = probe;
            step *= 2;
        }
        while (bad < count && bad - good > 1) {
            const std::size_t mid = good + (bad - good) / 2;
            if (reaches(i, mid))
                good = mid;
            else
                bad = mid;
        }
        kept.push_back(good);
    }
    auto trackOf = [&](const std::vector<std::size_t>& keys) {
        Track out = emptyLike(source, Interpolation::Linear, int(keys.size()));
        for (std::size_t k = 0; k < keys.size(); ++k) {
            out.times[k] = static_cast<float>(times[keys[k]]);
            for (int c = 0; c < out.components; ++c)
                out.values[out.at(int(k), c)] = static_cast<float>(values[keys[k]][std::size_t(c)]);
        }
        return out;
    };
    // The candidates only sample the curve: the result is confirmed by the shared measure, and a
    // key added at the candidate nearest each place it misses, until it holds (or no candidate is
    // left in the segment that misses: the caller reports the certified difference).
    const std::vector<char> atSamples = segmentsAtSamples(source);
    Track out = trackOf(kept);
    // Each check goes on from the key before the last split: what lies before it held already.
    double checkedUpTo = -std::numeric_limits<double>::infinity();
    for (int round = 0; round < kMaxResampleSplits; ++round) {
        Difference over;
        if (withinMeasure(source, atSamples, out, tolerance, &over, checkedUpTo)) break;
        const auto after = std::upper_bound(kept.begin(), kept.end(), over.at,
                                            [&](double t, std::size_t key) { return t < times[key]; });
        if (after == kept.begin() || after == kept.end()) break;
        const std::size_t from = *(after - 1), to = *after;
        if (to - from < 2) break;
        const auto nearest =
                std::lower_bound(times.begin() + std::ptrdiff_t(from) + 1, times.begin() + std::ptrdiff_t(to), over.at);
        const std::size_t split = std::clamp(std::size_t(nearest - times.begin()), from + 1, to - 1);
        const std::size_t at = std::size_t(after - kept.begin());
        kept.insert(kept.begin() + std::ptrdiff_t(at), split);
        checkedUpTo = out.times[at - 1];  // the key before the new one, unchanged
        out = trackOf(kept);
    }
    checkTrack(out);
    return out;
}

Track fitRotationCubic(const Track& source, double tolerance) {
    std::vector<double> times(source.times.begin(), source.times.end());
    Track out;
    for (int round = 0; round < 16; ++round) {
        const int n = int(times.size());
        out = emptyLike(source, Interpolation::CubicSpline, n);
        Values previous;
        for (int k = 0; k < n; ++k) {
            const double t = times[std::size_t(k)];
            Values v = valueAt(source, t);
            if (!previous.empty() && dot(v, previous) < 0) negate(v);
            // The slerp's slope on each side of t, one-sided (second order) within its segment.
            auto slope = [&](double direction) {
                const double h = 1e-4 * (k + direction < 0 || k + direction >= n
                                                 ? 1.0
                                                 : std::abs(times[std::size_t(k + int(direction))] - t));
                Values f1 = valueAt(source, t + direction * h), f2 = valueAt(source, t + 2 * direction * h);
                if (dot(f1, v) < 0) negate(f1);
                if (dot(f2, v) < 0) negate(f2);
                Values d(v.size());
                for (std::size_t i = 0; i < v.size(); ++i) d[i] = direction * (-3 * v[i] + 4 * f1[i] - f2[i]) / (2 * h);
                return d;
            };
            const Values in = k > 0 ? slope(-1) : Values(v.size(), 0.0);
            const Values outSlope = k + 1 < n ? slope(+1) : Values(v.size(), 0.0);
            out.times[std::size_t(k)] = static_cast<float>(t);
            for (int c = 0; c < out.components; ++c) {
                out.values[out.at(k, c)] = static_cast<float>(v[std::size_t(c)]);
                out.inTangents[out.at(k, c)] = static_cast<float>(in[std::size_t(c)]);
                out.outTangents[out.at(k, c)] = static_cast<float>(outSlope[std::size_t(c)]);
                out.modes[out.at(k, c)] = out.inTangents[out.at(k, c)] == out.outTangents[out.at(k, c)]
                                                  ? HandleMode::Aligned
                                                  : HandleMode::Free;
            }
            previous = v;
        }
        // Halve every segment still off by more than the tolerance.
        std::vector<double> refined;
        for (int k = 0; k + 1 < n; ++k) {
            const double t0 = times[std::size_t(k)], t1 = times[std::size_t(k + 1)];
            refined.push_back(t0);
            double worst = 0;
            for (int i = 1; i < 16; ++i) {
                const double t = t0 + (t1 - t0) * i / 16;
                worst = std::max(worst, errorBetween(source, valueAt(out, t), valueAt(source, t)));
            }
            if (worst > kResampleSlack * tolerance && (t1 - t0) > 4 * kMinKeySpacing)
                refined.push_back(0.5 * (t0 + t1));
        }
        refined.push_back(times.back());
        if (refined.size() == times.size()) {
            // The samples hold: confirm by the shared measure, halving the segment that misses.
            Difference over;
            if (withinMeasure(source, segmentsAtSamples(source), out, tolerance, &over)) break;
            const auto after = std::upper_bound(times.begin(), times.end(), over.at);
            if (after == times.begin() || after == times.end() || *after - *(after - 1) <= 4 * kMinKeySpacing) break;
            refined.insert(refined.begin() + (after - times.begin()), 0.5 * (*(after - 1) + *after));
        }
        times = refined;
    }
    checkTrack(out);
    return out;
}

Track holdSteps(const Track& source, Interpolation to) {
    const int n = source.keyCount();
    std::vector<double> times;
    std::vector<int> keyOf;  // whose value each new key holds
    for (int k = 0; k < n; ++k) {
        if (k > 0) {
            const double t0 = source.times[k - 1], t1 = source.times[k];
            const double transition = std::min(1e-3, (t1 - t0) / 10);
            const float holdEnd = static_cast<float>(t1 - transition);
            if (transition >= kMinKeySpacing && double(holdEnd) - t0 >= kMinKeySpacing &&
                t1 - double(holdEnd) >= kMinKeySpacing) {
                times.push_back(holdEnd);
                keyOf.push_back(k - 1);
            }
        }
        times.push_back(source.times[k]);
        keyOf.push_back(k);
    }
    Track out = emptyLike(source, to, int(times.size()));
    for (std::size_t i = 0; i < times.size(); ++i) {
        out.times[i] = static_cast<float>(times[i]);
        for (int c = 0; c < out.components; ++c) out.values[out.at(int(i), c)] = source.value(keyOf[i], c);
    }
    if (to == Interpolation::CubicSpline)  // flat tangents: a smooth step between the holds
        std::fill(out.modes.begin(), out.modes.end(), HandleMode::Flat);
    checkTrack(out);
    return out;
}

Track converted(const Track& track, Interpolation to, double tolerance) {
    const Interpolation from = track.interpolation;
    if (from == to || track.stepsOnly())  // an int or bool property only steps
        return track;
    if (to == Interpolation::Step) {
        Track out = track;
        setInterpolation(out, to);
        return out;
    }
    if (from == Interpolation::Step) return holdSteps(track, to);
    if (to == Interpolation::Linear) return resampleToLinear(track, tolerance);
    // LINEAR -> CUBICSPLINE: the segment slopes as tangents give the same straight lines;
    // rotation's slerp is not a normalized cubic, so it is fitted with added keys.
    if (track.path == TargetPath::Rotation) return fitRotationCubic(track, tolerance);
    Track out = track;
    setInterpolation(out, to);
    return out;
}

}  // namespace tangent
