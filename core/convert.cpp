#include "tangent/convert.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "gallop.h"
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

// Segments of a resampled track confirmed by one windowed check.
constexpr std::size_t kSegmentsPerCheck = 32;

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

namespace {

// A straight segment (slerp for rotation) between two values, set up once and evaluated at many
// points: glm::slerp's arithmetic, its angle and sine computed once here instead of per point.
class Chord {
public:
    Chord(const double* a, const double* b, int components, bool rotation)
        : a_(a), b_(b), n_(components), rotation_(rotation) {
        if (!rotation) return;
        x_ = glm::dquat(a[3], a[0], a[1], a[2]);
        z_ = glm::dquat(b[3], b[0], b[1], b[2]);
        double cosTheta = glm::dot(x_, z_);
        if (cosTheta < 0) {  // the short way
            z_ = -z_;
            cosTheta = -cosTheta;
        }
        straight_ = cosTheta > 1 - glm::epsilon<double>();
        if (!straight_) {
            angle_ = std::acos(cosTheta);
            sinAngle_ = std::sin(angle_);
        }
    }

    // The value at s in [0, 1] (components numbers; rotation x y z w).
    void at(double s, double* out) const {
        if (!rotation_) {
            for (int c = 0; c < n_; ++c) out[c] = a_[c] + s * (b_[c] - a_[c]);
            return;
        }
        const glm::dquat q = straight_ ? glm::dquat(glm::mix(x_.w, z_.w, s), glm::mix(x_.x, z_.x, s),
                                                    glm::mix(x_.y, z_.y, s), glm::mix(x_.z, z_.z, s))
                                       : (std::sin((1 - s) * angle_) * x_ + std::sin(s * angle_) * z_) / sinAngle_;
        out[0] = q.x, out[1] = q.y, out[2] = q.z, out[3] = q.w;
    }

private:
    const double *a_, *b_;
    int n_;
    bool rotation_;
    glm::dquat x_{}, z_{};
    bool straight_ = false;
    double angle_ = 0, sinAngle_ = 1;
};

// The refinement's limits: an interval is halved at most this many times, and only while its
// halves stay kMinKeySpacing wide (keys cannot be closer), so that a curve that turns fast gets
// candidates as close as keys may be.
constexpr int kRefineDepth = 12;
constexpr double kNarrowestHalved = 2 * kMinKeySpacing;

// The candidate times: the keys and evenly spaced points between them, each interval halved
// (depth first, so the times come out sorted) until the chord between its ends meets the curve
// at its middle and quarters well within the tolerance, so that the greedy search never has to
// accept a candidate-to-candidate chord that misses the curve.
std::vector<double> refinedCandidates(const Track& source, double tolerance) {
    const std::vector<double> coarse = candidateTimes(source);
    const int n = source.components;
    const bool rotation = source.path == TargetPath::Rotation;
    std::vector<double> times;
    times.reserve(coarse.size() * 2);
    // The source at each depth's middle, and at the coarse interval's two ends.
    std::vector<double> scratch(std::size_t(n) * (kRefineDepth + 3));
    double* left = &scratch[std::size_t(n) * (kRefineDepth + 1)];
    double* right = left + n;
    std::vector<double> chord(static_cast<std::size_t>(n)), quarter(static_cast<std::size_t>(n));
    auto refine = [&](auto& self, double t0, double t1, const double* v0, const double* v1, int depth) -> void {
        if (depth == kRefineDepth || t1 - t0 < kNarrowestHalved) return;
        const double mid = 0.5 * (t0 + t1);
        double* vm = &scratch[std::size_t(n) * std::size_t(depth)];
        evaluate(source, mid, vm);
        const Chord line(v0, v1, n, rotation);
        line.at(0.5, chord.data());
        bool close = !(pathError(source.path, n, chord.data(), vm) > tolerance / 4);
        // The quarters too: a curve can cross its chord at the middle and stray on either side.
        for (double s : {0.25, 0.75}) {
            if (!close) break;
            evaluate(source, t0 + s * (t1 - t0), quarter.data());
            line.at(s, chord.data());
            close = !(pathError(source.path, n, chord.data(), quarter.data()) > tolerance / 4);
        }
        if (close) return;
        self(self, t0, mid, v0, vm, depth + 1);
        times.push_back(mid);
        self(self, mid, t1, vm, v1, depth + 1);
    };
    if (!coarse.empty()) evaluate(source, coarse[0], right);
    for (std::size_t i = 0; i + 1 < coarse.size(); ++i) {
        std::swap(left, right);
        evaluate(source, coarse[i + 1], right);
        times.push_back(coarse[i]);
        refine(refine, coarse[i], coarse[i + 1], left, right, 0);
    }
    if (!coarse.empty()) times.push_back(coarse.back());
    return times;
}

// The greedy search over `count` candidates: from each kept one the farthest that
// `reaches(i, j)` (a straight segment from i to j holds) allows, galloping to the first that
// fails, then bisecting for the last that holds. The first candidate is kept, and the last.
template <typename Reaches>
std::vector<std::size_t> greedyKeys(std::size_t count, Reaches&& reaches) {
    std::vector<std::size_t> kept{0};
    while (count > 1 && kept.back() + 1 < count) {
        const std::size_t i = kept.back();
        kept.push_back(detail::farthestReaching(i + 1, count - 1, [&](std::size_t j) { return reaches(i, j); }));
    }
    return kept;
}

// Where a confirmation that failed at time t adds a key: the candidate nearest t strictly between
// the kept keys around it, to go in at index `at` of `kept`; none when those keys are neighbours
// (or t is outside them).
struct KeyToAdd {
    std::size_t at, candidate;
};
std::optional<KeyToAdd> keyToAdd(const std::vector<std::size_t>& kept, const std::vector<double>& times, double t) {
    const auto after =
            std::upper_bound(kept.begin(), kept.end(), t, [&](double x, std::size_t key) { return x < times[key]; });
    if (after == kept.begin() || after == kept.end()) return std::nullopt;
    const std::size_t from = *(after - 1), to = *after;
    if (to - from < 2) return std::nullopt;
    const auto nearest =
            std::lower_bound(times.begin() + std::ptrdiff_t(from) + 1, times.begin() + std::ptrdiff_t(to), t);
    return KeyToAdd{std::size_t(after - kept.begin()),
                    std::clamp(std::size_t(nearest - times.begin()), from + 1, to - 1)};
}

// Inserts a key at index `at` of a LINEAR track (zero tangents, as emptyLike gives).
void insertKey(Track& track, int at, float time, const double* value) {
    const auto offset = std::ptrdiff_t(track.at(at, 0));
    const auto n = std::size_t(track.components);
    track.times.insert(track.times.begin() + at, time);
    std::vector<float> v(n);
    for (std::size_t c = 0; c < n; ++c) v[c] = static_cast<float>(value[c]);
    track.values.insert(track.values.begin() + offset, v.begin(), v.end());
    track.inTangents.insert(track.inTangents.begin() + offset, n, 0.0f);
    track.outTangents.insert(track.outTangents.begin() + offset, n, 0.0f);
    track.modes.insert(track.modes.begin() + offset, n, HandleMode::Aligned);
}

}  // namespace

Track resampleToLinear(const Track& source, double tolerance) {
    const bool rotation = source.path == TargetPath::Rotation;
    const int n = source.components;
    std::vector<double> times;
    for (float f : distinctFloatTimes(refinedCandidates(source, tolerance))) times.push_back(f);
    const std::size_t count = times.size();
    // The source at each candidate and between each two, key-major, evaluated in one sorted walk
    // each (as evaluate() gives them); not zero-filled first, a dense channel has millions.
    const std::unique_ptr<double[]> values(new double[count * std::size_t(n)]);
    const std::unique_ptr<double[]> midpoints(new double[count * std::size_t(n)]);
    auto valueOf = [&](std::size_t i) { return &values[i * std::size_t(n)]; };
    auto midpointOf = [&](std::size_t i) { return &midpoints[i * std::size_t(n)]; };
    evaluateSorted(source, times.data(), count, values.get());
    {
        std::vector<double> middles(count > 0 ? count - 1 : 0);
        for (std::size_t i = 0; i + 1 < count; ++i) middles[i] = 0.5 * (times[i] + times[i + 1]);
        evaluateSorted(source, middles.data(), middles.size(), midpoints.get());
    }
    // Consecutive rotation keys in one hemisphere: no TANGENT_ROTATION_HEMISPHERE_FLIP.
    for (std::size_t i = 1; rotation && i < count; ++i) {
        double* v = valueOf(i);
        const double* previous = valueOf(i - 1);
        double d = 0;
        for (int c = 0; c < n; ++c) d += v[c] * previous[c];
        if (d < 0)
            for (int c = 0; c < n; ++c) v[c] = -v[c];
    }
    // Does one segment from candidate i to candidate j stay within tolerance at the candidates
    // and midpoints in between?
    const double target = kResampleSlack * tolerance;
    std::vector<double> onChord(static_cast<std::size_t>(n));
    auto reaches = [&](std::size_t i, std::size_t j) {
        const Chord chord(valueOf(i), valueOf(j), n, rotation);
        const double span = times[j] - times[i];
        for (std::size_t m = i; m < j; ++m) {
            if (m > i) {
                chord.at((times[m] - times[i]) / span, onChord.data());
                if (pathError(source.path, n, onChord.data(), valueOf(m)) > target) return false;
            }
            chord.at((0.5 * (times[m] + times[m + 1]) - times[i]) / span, onChord.data());
            if (pathError(source.path, n, onChord.data(), midpointOf(m)) > target) return false;
        }
        return true;
    };
    std::vector<std::size_t> kept = greedyKeys(count, reaches);
    Track out = emptyLike(source, Interpolation::Linear, int(kept.size()));
    for (std::size_t k = 0; k < kept.size(); ++k) {
        out.times[k] = static_cast<float>(times[kept[k]]);
        for (int c = 0; c < n; ++c) out.values[out.at(int(k), c)] = static_cast<float>(valueOf(kept[k])[c]);
    }
    // The candidates only sample the curve: the result is confirmed by the shared measure, in time
    // order, window by window, and a key added at the candidate nearest the place it misses, until
    // it holds (or no candidate is left in the segment that misses: the caller reports the
    // certified difference).
    const std::vector<char> atSamples = segmentsAtSamples(source);
    int splits = 0;
    for (std::size_t segment = 0; segment + 1 < kept.size();) {
        // A few dozen segments per check: the first place over it finds is the one a check per
        // segment would find first, and the check's own set-up is shared.
        const std::size_t end = std::min(segment + kSegmentsPerCheck, kept.size() - 1);
        Difference over;
        if (withinMeasure(source, atSamples, out, tolerance, &over, out.times[segment], out.times[end])) {
            segment = end;
            continue;
        }
        if (++splits > kMaxResampleSplits) break;
        const std::optional<KeyToAdd> add = keyToAdd(kept, times, over.at);
        if (!add) break;
        const std::size_t at = add->at, split = add->candidate;
        kept.insert(kept.begin() + std::ptrdiff_t(at), split);
        insertKey(out, int(at), static_cast<float>(times[split]), valueOf(split));
        segment = at - 1;  // the segment before the new key: what lies before it held already
    }
    checkTrack(out);
    return out;
}

namespace detail {

Track resampleToLinearPlain(const Track& source, double tolerance) {
    const bool rotation = source.path == TargetPath::Rotation;
    std::vector<double> times = candidateTimes(source);
    // Refine the candidates until a chord between neighbours is well within the tolerance, so
    // that the greedy search below never has to accept a candidate-to-candidate chord that
    // misses the curve.
    for (int round = 0; round < kRefineDepth; ++round) {
        std::vector<double> refined;
        for (std::size_t i = 0; i + 1 < times.size(); ++i) {
            refined.push_back(times[i]);
            const double mid = 0.5 * (times[i] + times[i + 1]);
            if (times[i + 1] - times[i] < kNarrowestHalved) continue;
            const Values a = valueAt(source, times[i]), b = valueAt(source, times[i + 1]);
            for (double s : {0.5, 0.25, 0.75}) {  // the middle, then the quarters
                const double t = s == 0.5 ? mid : times[i] + s * (times[i + 1] - times[i]);
                if (errorBetween(source, between(a, b, s, rotation), valueAt(source, t)) > tolerance / 4) {
                    refined.push_back(mid);
                    break;
                }
            }
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
    std::vector<std::size_t> kept = greedyKeys(count, reaches);
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
        const std::optional<KeyToAdd> add = keyToAdd(kept, times, over.at);
        if (!add) break;
        const std::size_t at = add->at, split = add->candidate;
        kept.insert(kept.begin() + std::ptrdiff_t(at), split);
        checkedUpTo = out.times[at - 1];  // the key before the new one, unchanged
        out = trackOf(kept);
    }
    checkTrack(out);
    return out;
}

}  // namespace detail

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
