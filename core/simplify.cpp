#include "tangent/simplify.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <iterator>
#include <limits>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "gallop.h"
#include "spline_pieces.h"
#include "tangent/checks.h"
#include "tangent/edit.h"
#include "tangent/hermite.h"
#include "tangent/repair.h"

// How the fit works:
//  1. Samples of the source's played curve (the shared measure, difference.h, says where it
//     counts): its keys; inside each segment measured everywhere, points between them and, where
//     the curve bends between two samples, more points. Corners are found in the source itself (a slope jump
//     between frames, a CUBICSPLINE key whose in- and out-tangents differ): only they break.
//  2. Keys are chosen among the samples by a forward greedy search against a fraction of the
//     tolerance (the slack, so that step 3 still holds with fewer unknowns): from each key the
//     farthest sample one segment with least-squares tangents still reaches (gallop, bisect).
//  3. All keys are refitted at once as one C1 curve (one tangent per smooth key; banded least
//     squares, reweighted towards the least largest error), a key added where a segment still
//     misses, then each key whose neighbours hold without it dropped.
//  4. Values, tangents and times are floats in the file, so every test uses the float-rounded
//     numbers. Where any segment is measured everywhere the float track is confirmed by
//     withinMeasure, window by window; a segment that fails is split at the failure and
//     refitted there.
//  5. Keys at any time (spline_pieces.h), for a bake measured at its samples: a spline keyed
//     between the bake's frames has its pieces intact between its keys; they are recovered whole,
//     keys between the samples where they meet, where steps 2 and 3 need two keys, one at the
//     sample on each side.
//  6. The smallest faithful form wins (fitted CUBICSPLINE at samples or at any time, reduced
//     LINEAR, STEP, the source), confirmed once more, whole, by the shared measure: what diff
//     measures.

namespace tangent {

namespace {

std::uint64_t floatBytesOf(Interpolation interpolation, std::size_t keys, int components) {
    const std::uint64_t perKey = interpolation == Interpolation::CubicSpline ? 3 : 1;
    return 4 * std::uint64_t(keys) * (1 + perKey * std::uint64_t(components));
}

}  // namespace

std::uint64_t floatBytes(const Track& t) {
    return floatBytesOf(t.interpolation, std::size_t(t.keyCount()), t.components);
}

namespace {

// The greedy picks keys against these fractions of the target, so that the smooth (C1) refit of
// all keys, which has fewer unknowns, still holds on the keys it chose.
constexpr double kGreedySlacks[] = {0.4, 0.5, 0.65};
// Above this many samples one slack is tried: on the mocap file the three gave the same keys
// within 1 % at three times the time. Which one depends on the source. A CUBICSPLINE source's
// curve turns between its keys, and a looser greedy leaves the smooth refit more to repair: the
// middle slack (0.8 gave 7 % more bytes in 15 % more time on make_mocap's file). A LINEAR or STEP
// source is already samples (bakes, dense conversions), and a looser greedy leaves the refit and
// the removal of spare keys less to do: on the mocap-scale bakes 0.8 gave 4-6 % fewer bytes, in
// 24 % less time on the dense LINEAR conversion.
constexpr std::size_t kOneSlackSamples = 2000;
constexpr double kOneSlackCubicSource = 0.5, kOneSlackSampledSource = 0.8;
// Everywhere confirmation: keys added to one window before the fit gives up there.
constexpr int kMaxSplitsPerWindow = 64;
// Rounds of the minimax reweighting of the smooth refit.
constexpr int kMinimaxRounds = 4;

// The played curve at sample times, and which samples may become keys.
struct Samples {
    int components = 0;
    std::vector<double> times;     // float-exact
    std::vector<double> values;    // played values, components per sample
    std::vector<float> keyValues;  // the same as floats: what a key there stores
    std::vector<int> candidates;   // sample indices that may be keys (spaced >= kMinKeySpacing)
    std::vector<int> sourceKey;    // per sample: the source key at its time, or -1
    std::vector<char> corner;      // per sample: the source's slope jumps here (a key there breaks)
    std::size_t count() const { return times.size(); }
    const double* value(std::size_t i) const { return values.data() + i * std::size_t(components); }
};

double dot4(const double* a, const double* b) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
}

void normalize4(double* q) {
    const double len = std::sqrt(dot4(q, q));
    if (len > 0)
        for (int c = 0; c < 4; ++c) q[c] /= len;
}

// A float time between a and b far enough from both to be a key, or a negative number.
double floatTimeBetween(double a, double b, double fraction) {
    const double t = static_cast<float>(a + (b - a) * fraction);
    return t - a >= kMinKeySpacing && b - t >= kMinKeySpacing ? t : -1.0;
}

// Whether two consecutive sample times are the keys of a source segment measured at its samples
// (the bake's straight piece between them is not followed).
bool bakedSegmentBetween(const Track& source, const std::vector<char>& atSamples, double t0, double t1) {
    const int k = firstKeyAtOrAfter(source, t0);
    return k + 1 < source.keyCount() && double(source.times[std::size_t(k)]) == t0 &&
           double(source.times[std::size_t(k + 1)]) == t1 && atSamples[std::size_t(k)];
}

// A tolerance in a path's raw components: for rotation, a quaternion component moves by about
// half the rotation's angle in radians.
double componentTolerance(TargetPath path, double tolerance) {
    return path == TargetPath::Rotation ? tolerance * 3.14159265358979323846 / 180 / 2 : tolerance;
}

// How much more a corner bends than the keys around it (a smooth motion's slope changes about
// alike from key to key; a Blender ease may change it several times faster).
constexpr double kCornerRatio = 8;

// Corners: source keys where the slope jumps. A CUBICSPLINE key whose in- and out-tangents
// differ by enough to move the curve beyond the tolerance; a LINEAR or STEP key whose slope
// change (from chord to chord) is far larger than its neighbours' (alone, or with one neighbour
// for a kink between keys or a one-frame step) and moves a key's neighbour beyond the tolerance.
void markCorners(const Track& source, Samples& s, double tolerance) {
    const int C = s.components, n = source.keyCount();
    s.corner.assign(s.count(), 0);
    const double limit = componentTolerance(source.path, tolerance);
    std::vector<int> sampleOf(std::size_t(n), -1);
    for (std::size_t i = 0; i < s.count(); ++i)
        if (s.sourceKey[i] >= 0) sampleOf[std::size_t(s.sourceKey[i])] = int(i);
    auto time = [&](int k) { return double(source.times[std::size_t(k)]); };
    if (source.interpolation == Interpolation::CubicSpline) {
        for (int k = 1; k + 1 < n; ++k) {
            const double dt = std::min(time(k) - time(k - 1), time(k + 1) - time(k));
            double mismatch = 0;
            for (int c = 0; c < C; ++c)
                mismatch = std::max(mismatch, std::abs(double(source.inTangent(k, c)) - source.outTangent(k, c)));
            if (sampleOf[std::size_t(k)] >= 0 && mismatch * dt / 7 > limit)
                s.corner[std::size_t(sampleOf[std::size_t(k)])] = 1;
        }
        return;
    }
    // The slope change at key k in component c, from the (hemisphere-aligned) sampled values.
    // Unknown past the ends: taken as large, so that no corner is claimed beside an end.
    auto jump = [&](int k, int c) {
        if (k < 1 || k + 1 >= n) return std::numeric_limits<double>::infinity();
        const double a = s.value(std::size_t(sampleOf[std::size_t(k - 1)]))[c],
                     b = s.value(std::size_t(sampleOf[std::size_t(k)]))[c],
                     d = s.value(std::size_t(sampleOf[std::size_t(k + 1)]))[c];
        return std::abs((d - b) / (time(k + 1) - time(k)) - (b - a) / (time(k) - time(k - 1)));
    };
    for (int k = 1; k + 1 < n; ++k) {
        const double dt = std::min(time(k) - time(k - 1), time(k + 1) - time(k));
        for (int c = 0; c < C; ++c) {
            const double here = jump(k, c);
            if (here * dt <= 2 * limit) continue;
            // A kink at the key: its neighbours bend far less. A kink between two keys (or a
            // step, up and down again): the pair bends alike and its neighbours far less.
            const bool alone = here > kCornerRatio * std::max(jump(k - 1, c), jump(k + 1, c));
            const bool pairBefore = here > kCornerRatio * std::max(jump(k - 2, c), jump(k + 1, c)) &&
                                    jump(k - 1, c) > kCornerRatio * std::max(jump(k - 2, c), jump(k + 1, c));
            const bool pairAfter = here > kCornerRatio * std::max(jump(k - 1, c), jump(k + 2, c)) &&
                                   jump(k + 1, c) > kCornerRatio * std::max(jump(k - 1, c), jump(k + 2, c));
            if (alone || pairBefore || pairAfter) {
                s.corner[std::size_t(sampleOf[std::size_t(k)])] = 1;
                break;
            }
        }
    }
}

Samples sampleSource(const Track& source, const std::vector<char>& atSamples, double tolerance) {
    Samples s;
    const int C = s.components = source.components;
    const int n = source.keyCount();
    const bool everywhere = measureOf(atSamples) != Measure::AtSamples;
    for (int k = 0; k < n; ++k) {
        s.times.push_back(source.times[std::size_t(k)]);
        if (k + 1 == n || atSamples[std::size_t(k)]) continue;
        const double t0 = source.times[std::size_t(k)], t1 = source.times[std::size_t(k + 1)];
        for (int q = 1; q < 4; ++q) {
            const double t = floatTimeBetween(t0, t1, q / 4.0);
            if (t > s.times.back()) s.times.push_back(t);
        }
    }
    s.values.resize(s.times.size() * std::size_t(C));
    // A CUBICSPLINE rotation is sampled raw (before normalization): the played rotation is its
    // direction, which is all the error measures, and a fit to the raw curve can follow it
    // exactly where it passes near zero (q to -q across a key: a fast swing that normalized
    // samples make a half circle no cubic follows). Its raw curve is continuous, so it needs no
    // hemisphere alignment either.
    const bool raw = source.path == TargetPath::Rotation && source.interpolation == Interpolation::CubicSpline;
    evaluateSorted(source, s.times.data(), s.times.size(), s.values.data(), !raw);
    // Where the curve bends between two samples more than a straight line follows, add the
    // midpoint: a fast swing (a rotation whose raw components pass near zero) between two
    // samples would otherwise go unseen until the final check. A LINEAR source has none: its
    // consecutive samples lie in one segment, which is their chord (a slerp's middle is its
    // chord's, normalized).
    const bool straight = source.interpolation == Interpolation::Linear;
    for (int round = 0; everywhere && !straight && round < 8; ++round) {
        std::vector<double> times, values;
        std::vector<double> mid(std::size_t(C) * 2);
        bool added = false;
        for (std::size_t i = 0; i < s.count(); ++i) {
            times.push_back(s.times[i]);
            values.insert(values.end(), s.value(i), s.value(i) + C);
            if (i + 1 == s.count()) break;
            const double t = floatTimeBetween(s.times[i], s.times[i + 1], 0.5);
            if (t < 0 || bakedSegmentBetween(source, atSamples, s.times[i], s.times[i + 1])) continue;
            double* actual = mid.data();
            double* chord = mid.data() + C;
            (raw ? evaluateRaw : evaluate)(source, t, actual);
            const double u = (t - s.times[i]) / (s.times[i + 1] - s.times[i]);
            const double sign = source.path == TargetPath::Rotation && dot4(s.value(i), s.value(i + 1)) < 0 ? -1 : 1;
            for (int c = 0; c < C; ++c) chord[c] = (1 - u) * s.value(i)[c] + u * sign * s.value(i + 1)[c];
            if (source.path == TargetPath::Rotation) normalize4(chord);
            if (pathError(source.path, C, actual, chord) > tolerance / 4) {
                times.push_back(t);
                values.insert(values.end(), actual, actual + C);
                added = true;
            }
        }
        s.times = std::move(times);
        s.values = std::move(values);
        if (!added) break;
    }
    // One hemisphere: consecutive rotations q and -q would make the raw components jump.
    if (source.path == TargetPath::Rotation && !raw)
        for (std::size_t i = 1; i < s.count(); ++i)
            if (dot4(s.value(i - 1), s.value(i)) < 0)
                for (int c = 0; c < 4; ++c) s.values[i * 4 + std::size_t(c)] = -s.values[i * 4 + std::size_t(c)];
    s.keyValues.assign(s.values.begin(), s.values.end());
    if (raw)  // a key stores a unit quaternion
        for (std::size_t i = 0; i < s.count(); ++i) {
            double q[4];
            std::copy(s.value(i), s.value(i) + 4, q);
            normalize4(q);
            std::copy(q, q + 4, s.keyValues.begin() + std::ptrdiff_t(i * 4));
        }
    s.sourceKey.assign(s.count(), -1);
    for (std::size_t i = 0, k = 0; i < s.count() && k < std::size_t(n); ++i)
        if (s.times[i] == double(source.times[k])) s.sourceKey[i] = int(k++);
    markCorners(source, s, tolerance);
    for (std::size_t i = 0; i < s.count(); ++i)
        if (s.candidates.empty() || s.times[i] - s.times[std::size_t(s.candidates.back())] >= kMinKeySpacing)
            s.candidates.push_back(int(i));
    // The last sample ends the range: it replaces a candidate too close before it.
    if (s.candidates.back() != int(s.count()) - 1) {
        if (s.candidates.size() > 1) s.candidates.back() = int(s.count()) - 1;
    }
    return s;
}

// ---------------------------------------------------------------------------------------------
// CUBICSPLINE segments fitted by least squares.

// The fit's tests and weights take a rotation's error as the chord between the unit quaternions
// (the nearer sign) instead of its angle, 4 asin(chord / 2): the same order of magnitude,
// monotonic in the angle (so every test against the target decides alike), without an asin per
// sample. Every other path's error is its own unit.
double fitErrorOfTolerance(TargetPath path, double tolerance) {
    return path == TargetPath::Rotation ? 2 * std::sin(tolerance * 3.14159265358979323846 / 180 / 4) : tolerance;
}

class CubicFitter {
public:
    // `target` in the path's unit (difference.h).
    CubicFitter(const Samples& s, TargetPath path, double target)
        : s_(s),
          path_(path),
          C_(s.components),
          target_(fitErrorOfTolerance(path, target)),
          sums_(std::size_t(2 * C_)),
          fitted_(std::size_t(C_)) {
        if (path_ != TargetPath::Rotation) return;
        unitSamples_.assign(s.values.begin(), s.values.end());  // raw samples need not be unit
        for (std::size_t i = 0; i < s.count(); ++i) normalize4(&unitSamples_[4 * i]);
    }

    // Fits the segment from sample i to sample j with both tangents free, writes the float
    // tangents to out / in and says whether every sample in between is within the target.
    bool fit(int i, int j, float* out, float* in) {
        solve(i, j, out, in);
        return within(i, j, out, in);
    }

    // The least-squares tangents of segment [i, j] (dt-scaled unknowns B = dt b, A = dt a).
    void solve(int i, int j, float* out, float* in) {
        const double t0 = s_.times[std::size_t(i)], dt = s_.times[std::size_t(j)] - t0;
        const float* v0 = &s_.keyValues[std::size_t(i) * C_];
        const float* v1 = &s_.keyValues[std::size_t(j) * C_];
        double pp = 0, pq = 0, qq = 0;
        std::fill(sums_.begin(), sums_.end(), 0.0);
        for (int m = i + 1; m < j; ++m) {
            const HermiteBasis h = hermiteBasis((s_.times[std::size_t(m)] - t0) / dt);
            pp += h.h10 * h.h10, pq += h.h10 * h.h11, qq += h.h11 * h.h11;
            const double* y = s_.value(std::size_t(m));
            for (int c = 0; c < C_; ++c) {
                const double r = y[c] - h.h00 * v0[c] - h.h01 * v1[c];
                sums_[std::size_t(c)] += h.h10 * r;
                sums_[std::size_t(C_ + c)] += h.h11 * r;
            }
        }
        // A faint pull towards the chord's slope decides the tangents a segment with too few
        // samples inside leaves open; with samples it changes nothing that matters.
        const double det = (pp + kChordPull) * (qq + kChordPull) - pq * pq;
        for (int c = 0; c < C_; ++c) {
            const double chord = double(v1[c]) - v0[c];
            const double pr = sums_[std::size_t(c)] + kChordPull * chord,
                         qr = sums_[std::size_t(C_ + c)] + kChordPull * chord;
            out[c] = finiteOrZero(((qq + kChordPull) * pr - pq * qr) / det / dt);
            in[c] = finiteOrZero(((pp + kChordPull) * qr - pq * pr) / det / dt);
        }
    }

    // The largest error of the float segment at its samples (its ends included: a smooth fit's
    // key values are fitted too), and where. v0 / v1: the key values (null: the samples').
    double worst(int i, int j, const float* out, const float* in, const float* v0 = nullptr, const float* v1 = nullptr,
                 int* where = nullptr) {
        const double t0 = s_.times[std::size_t(i)], dt = s_.times[std::size_t(j)] - t0;
        if (!v0) v0 = &s_.keyValues[std::size_t(i) * C_];
        if (!v1) v1 = &s_.keyValues[std::size_t(j) * C_];
        double largest = 0;
        for (int m = i; m <= j; ++m) {
            const double e = errorAt(m, t0, dt, v0, v1, out, in);
            if (e > largest) {
                largest = e;
                if (where) *where = m;
            }
        }
        return largest;
    }

    // Whether the float segment stays within the target at every sample, its ends included.
    bool within(int i, int j, const float* out, const float* in, const float* v0 = nullptr, const float* v1 = nullptr) {
        const double t0 = s_.times[std::size_t(i)], dt = s_.times[std::size_t(j)] - t0;
        if (!v0) v0 = &s_.keyValues[std::size_t(i) * C_];
        if (!v1) v1 = &s_.keyValues[std::size_t(j) * C_];
        for (int m = i; m <= j; ++m)
            if (errorAt(m, t0, dt, v0, v1, out, in) > target_) return false;
        return true;
    }

    // The error of segment [i, j] at sample m.
    double errorOf(int i, int j, int m, const float* out, const float* in, const float* v0, const float* v1) {
        const double t0 = s_.times[std::size_t(i)];
        return errorAt(m, t0, s_.times[std::size_t(j)] - t0, v0, v1, out, in);
    }

    int components() const { return C_; }
    // The target in the fit's unit (fitErrorOfTolerance).
    double target() const { return target_; }
    static constexpr double kChordPull = 1e-9;

private:
    static float finiteOrZero(double x) {
        const float f = static_cast<float>(x);
        return std::isfinite(f) ? f : 0.0f;
    }

    double errorAt(int m, double t0, double dt, const float* v0, const float* v1, const float* out, const float* in) {
        const HermiteBasis h = hermiteBasis((s_.times[std::size_t(m)] - t0) / dt);
        const double h10 = dt * h.h10, h11 = dt * h.h11;
        auto fit = [&](auto components) {
            for (int c = 0; c < components; ++c)
                fitted_[std::size_t(c)] = h.h00 * v0[c] + h10 * out[c] + h.h01 * v1[c] + h11 * in[c];
        };
        if (C_ == 3)
            fit(std::integral_constant<int, 3>());
        else if (C_ == 4)
            fit(std::integral_constant<int, 4>());
        else
            fit(C_);
        if (path_ == TargetPath::Rotation) return chordToSample(m);
        return pathError(path_, C_, s_.value(std::size_t(m)), fitted_.data());
    }

    // The chord between the fitted rotation and sample m's, both unit, the nearer sign (as
    // pathError takes it, without its asin).
    double chordToSample(int m) const {
        const double* u = &unitSamples_[std::size_t(m) * 4];
        const double* f = fitted_.data();
        const double squared = dot4(f, f);
        if (!(squared > 0) || !(dot4(u, u) > 0)) return squared == dot4(u, u) ? 0.0 : 2.0;  // as pathError: 0 or 180
        const double scale = (dot4(u, f) < 0 ? -1 : 1) / std::sqrt(squared);
        double chord = 0;
        for (int c = 0; c < 4; ++c) chord += (u[c] - scale * f[c]) * (u[c] - scale * f[c]);
        return std::sqrt(chord);
    }

    const Samples& s_;
    TargetPath path_;
    int C_;
    double target_;
    std::vector<double> sums_, fitted_;
    std::vector<double> unitSamples_;  // rotation: the samples normalized
};

// The chosen keys (sample indices), their float tangents and which keys are broken (in != out:
// a corner of the source, or where a smooth curve could not hold).
struct CubicKeys {
    std::vector<int> samples;
    std::vector<float> values, in, out;  // components per key
    std::vector<char> broken;
    std::vector<char> pinned;  // the key keeps its sample's value (where a fitted one missed)
    // Whether the fit may move the key values off the samples: not for rotation, whose keys stay
    // unit quaternions.
    bool freeValues = true;
    int count() const { return int(samples.size()); }
    float* valueAt(int k, int C) { return &values[std::size_t(k) * std::size_t(C)]; }
    float* inAt(int k, int C) { return &in[std::size_t(k) * std::size_t(C)]; }
    float* outAt(int k, int C) { return &out[std::size_t(k) * std::size_t(C)]; }
    void insert(int k, int sample, const Samples& s) {
        const int C = s.components;
        samples.insert(samples.begin() + k, sample);
        values.insert(values.begin() + std::ptrdiff_t(k) * C, &s.keyValues[std::size_t(sample) * C],
                      &s.keyValues[std::size_t(sample + 1) * C]);
        in.insert(in.begin() + std::ptrdiff_t(k) * C, std::size_t(C), 0.0f);
        out.insert(out.begin() + std::ptrdiff_t(k) * C, std::size_t(C), 0.0f);
        broken.insert(broken.begin() + k, 0);
        pinned.insert(pinned.begin() + k, 0);
    }
    // Keys at samples, each before key `at` (ascending, distinct), values the samples', tangents 0.
    void insertAll(const std::vector<std::pair<int, int>>& added, const Samples& s) {
        if (added.empty()) return;
        const int C = s.components, n = count(), total = n + int(added.size());
        CubicKeys merged;
        merged.freeValues = freeValues;
        merged.samples.reserve(std::size_t(total));
        merged.values.reserve(std::size_t(total) * std::size_t(C));
        merged.in.reserve(std::size_t(total) * std::size_t(C));
        merged.out.reserve(std::size_t(total) * std::size_t(C));
        merged.broken.reserve(std::size_t(total));
        merged.pinned.reserve(std::size_t(total));
        auto copyKeys = [&](int from, int to) {  // keys [from, to)
            if (from == to) return;
            merged.samples.insert(merged.samples.end(), samples.begin() + from, samples.begin() + to);
            merged.values.insert(merged.values.end(), valueAt(from, C),
                                 valueAt(from, C) + std::ptrdiff_t(to - from) * C);
            merged.in.insert(merged.in.end(), inAt(from, C), inAt(from, C) + std::ptrdiff_t(to - from) * C);
            merged.out.insert(merged.out.end(), outAt(from, C), outAt(from, C) + std::ptrdiff_t(to - from) * C);
            merged.broken.insert(merged.broken.end(), broken.begin() + from, broken.begin() + to);
            merged.pinned.insert(merged.pinned.end(), pinned.begin() + from, pinned.begin() + to);
        };
        int from = 0;
        for (const auto& [at, sample] : added) {
            copyKeys(from, at);
            from = at;
            merged.samples.push_back(sample);
            merged.values.insert(merged.values.end(), &s.keyValues[std::size_t(sample) * C],
                                 &s.keyValues[std::size_t(sample + 1) * C]);
            merged.in.insert(merged.in.end(), std::size_t(C), 0.0f);
            merged.out.insert(merged.out.end(), std::size_t(C), 0.0f);
            merged.broken.push_back(0);
            merged.pinned.push_back(0);
        }
        copyKeys(from, n);
        *this = std::move(merged);
    }
    // Key `from` of `other` (which may be this) copied over key `to`.
    void copyKey(int to, CubicKeys& other, int from, int C) {
        samples[std::size_t(to)] = other.samples[std::size_t(from)];
        std::copy(other.valueAt(from, C), other.valueAt(from, C) + C, valueAt(to, C));
        std::copy(other.inAt(from, C), other.inAt(from, C) + C, inAt(to, C));
        std::copy(other.outAt(from, C), other.outAt(from, C) + C, outAt(to, C));
        broken[std::size_t(to)] = other.broken[std::size_t(from)];
        pinned[std::size_t(to)] = other.pinned[std::size_t(from)];
    }
    void resize(int count, int C) {
        samples.resize(std::size_t(count));
        values.resize(std::size_t(count) * std::size_t(C));
        in.resize(std::size_t(count) * std::size_t(C));
        out.resize(std::size_t(count) * std::size_t(C));
        broken.resize(std::size_t(count));
        pinned.resize(std::size_t(count));
    }
};

// The farthest candidate (an index into s.candidates, in (a, limit]) that one segment from
// candidate a reaches within the target with free tangents (gallop, then bisect).
int farthestCubic(CubicFitter& fitter, const Samples& s, int a, int limit, std::vector<float>& scratch) {
    const int C = fitter.components();
    scratch.resize(std::size_t(2 * C));
    float* out = scratch.data();
    float* in = scratch.data() + C;
    auto reaches = [&](int b) {
        return fitter.fit(s.candidates[std::size_t(a)], s.candidates[std::size_t(b)], out, in);
    };
    return detail::farthestReaching(a + 1, limit, reaches);
}

// A sample strictly inside key segment [i, j] near time t that may be a key, or -1.
int splitSampleNear(const Samples& s, int i, int j, double t) {
    int best = -1;
    double bestDistance = 0;
    const auto first = std::upper_bound(s.candidates.begin(), s.candidates.end(), i);
    for (auto it = first; it != s.candidates.end() && *it < j; ++it) {
        const double d = std::abs(s.times[std::size_t(*it)] - t);
        if (best < 0 || d < bestDistance) best = *it, bestDistance = d;
    }
    return best;
}

// Keys by the forward greedy search with free tangents, against a target below the one the
// smooth refit must meet (the slack it needs), never across a corner of the source.
CubicKeys chooseCubicKeys(CubicFitter& slackFitter, const Samples& s) {
    const int last = int(s.candidates.size()) - 1;
    CubicKeys keys;
    std::vector<float> scratch;
    int nextCorner = 0;
    for (int a = 0; a < last;) {
        keys.insert(keys.count(), s.candidates[std::size_t(a)], s);
        keys.broken.back() = a > 0 && s.corner[std::size_t(s.candidates[std::size_t(a)])];
        nextCorner = std::max(nextCorner, a + 1);
        while (nextCorner < last && !s.corner[std::size_t(s.candidates[std::size_t(nextCorner)])]) ++nextCorner;
        a = farthestCubic(slackFitter, s, a, nextCorner, scratch);
    }
    keys.insert(keys.count(), s.candidates[std::size_t(last)], s);
    return keys;
}

// Refits keys first..last at once by least squares as one curve: per key its value (when
// `freeValues`: a fitted value lets the curve pass between the samples instead of through the
// one at the key) and one tangent (C1, Aligned), two at a broken key. Per component a banded
// symmetric system whose matrix all components share. fixFirst / fixLast keep the value and
// out-tangent of `first` and the value and in-tangent of `last` (a window inside a longer fit).
// The end keys' unused tangents copy the used ones, so that the ends are Aligned too.
// `weights` (if given) holds one weight per sample from keys.samples[first] on.
// (Components: 3 or 4 known when compiled, so that the per-sample sums unroll; 0: any.)
template <int Components>
void refitKeysOf(const Samples& s, CubicKeys& keys, int first, int last, bool fixFirst, bool fixLast, bool freeValues,
                 const std::vector<double>* weights) {
    const int weightsFrom = keys.samples[std::size_t(first)];
    const int C = Components > 0 ? Components : s.components;
    const std::size_t n = std::size_t(last - first + 1);
    // The unknown of each key's value, in- and out-tangent, -1 when fixed. (The buffers are the
    // thread's: removing spare keys refits thousands of windows of a few keys each.)
    thread_local std::vector<int> valueSlot, inSlot, outSlot;
    valueSlot.assign(n, -1), inSlot.assign(n, -1), outSlot.assign(n, -1);
    int unknowns = 0;
    for (int k = first; k <= last; ++k) {
        const std::size_t x = std::size_t(k - first);
        const bool fixed = (k == first && fixFirst) || (k == last && fixLast);
        if (freeValues && !fixed && !keys.pinned[std::size_t(k)]) valueSlot[x] = unknowns++;
        if (k > first && !(k == last && fixLast)) inSlot[x] = unknowns++;
        if (k < last && !(k == first && fixFirst)) {
            const bool shareIn = k > first && !keys.broken[std::size_t(k)] && inSlot[x] >= 0;
            outSlot[x] = shareIn ? inSlot[x] : unknowns++;
        }
    }
    if (unknowns == 0) return;
    constexpr int kBand = 4;  // a segment's unknowns are at most 4 apart (value, in, out, value, in)
    const auto N = std::size_t(unknowns);
    thread_local std::vector<double> band, rhs;
    band.assign(N * (kBand + 1), 0.0);  // band[u * (kBand + 1) + d]: row u, column u + d
    rhs.assign(N * C, 0.0);
    auto addMatrix = [&](int u, int v, double x) {
        if (u > v) std::swap(u, v);
        band[std::size_t(u) * (kBand + 1) + std::size_t(v - u)] += x;
    };
    // A faint pull of each unknown towards the samples' own value and the chord's slope decides
    // what a segment without samples inside leaves open; with samples it changes nothing.
    for (int k = first; k <= last; ++k) {
        const std::size_t x = std::size_t(k - first);
        const int prev = std::max(first, k - 1), next = std::min(last, k + 1);
        const int i = keys.samples[std::size_t(prev)], j = keys.samples[std::size_t(next)];
        const double span = s.times[std::size_t(j)] - s.times[std::size_t(i)];
        for (int c = 0; c < C; ++c) {
            const double chord = span > 0 ? (s.value(std::size_t(j))[c] - s.value(std::size_t(i))[c]) / span : 0.0;
            const double own = s.value(std::size_t(keys.samples[std::size_t(k)]))[c];
            if (valueSlot[x] >= 0) rhs[std::size_t(valueSlot[x]) * C + c] += CubicFitter::kChordPull * own;
            if (inSlot[x] >= 0) rhs[std::size_t(inSlot[x]) * C + c] += CubicFitter::kChordPull * chord;
            if (outSlot[x] >= 0 && outSlot[x] != inSlot[x])
                rhs[std::size_t(outSlot[x]) * C + c] += CubicFitter::kChordPull * chord;
        }
        for (int slot : {valueSlot[x], inSlot[x], outSlot[x] != inSlot[x] ? outSlot[x] : -1})
            if (slot >= 0) addMatrix(slot, slot, CubicFitter::kChordPull);
    }
    // The moments in a local array where the components are known (no aliasing with the samples:
    // the sums stay in registers).
    thread_local std::vector<double> anyMoments;
    double fixedMoments[4 * (Components > 0 ? Components : 1)];
    if (Components == 0) anyMoments.resize(std::size_t(4 * C));
    double* const moments = Components > 0 ? fixedMoments : anyMoments.data();
    for (int k = first; k < last; ++k) {
        const int i = keys.samples[std::size_t(k)], j = keys.samples[std::size_t(k + 1)];
        const double t0 = s.times[std::size_t(i)], dt = s.times[std::size_t(j)] - t0;
        const std::size_t x = std::size_t(k - first);
        const int slot[4] = {valueSlot[x], outSlot[x], valueSlot[x + 1], inSlot[x + 1]};
        const float* fixedValue[4] = {keys.valueAt(k, C), keys.outAt(k, C), keys.valueAt(k + 1, C),
                                      keys.inAt(k + 1, C)};
        // The segment's sums first (Gram matrix of the four basis functions, their moments with
        // the samples), then added to the unknowns they belong to: a known part (a fixed value or
        // tangent) moves to the right-hand side.
        double gram[4][4] = {};
        std::fill(moments, moments + 4 * C, 0.0);
        for (int m = i; m < j || (m == j && k + 1 == last); ++m) {
            const HermiteBasis h = hermiteBasis((s.times[std::size_t(m)] - t0) / dt);
            const double w = weights ? (*weights)[std::size_t(m - weightsFrom)] : 1.0;
            const double basis[4] = {h.h00, dt * h.h10, h.h01, dt * h.h11};
            const double* y = s.value(std::size_t(m));
            for (int a = 0; a < 4; ++a) {
                const double wb = w * basis[a];
                for (int b = a; b < 4; ++b) gram[a][b] += wb * basis[b];
                for (int c = 0; c < C; ++c) moments[std::size_t(a * C + c)] += wb * y[c];
            }
        }
        for (int a = 0; a < 4; ++a) {
            if (slot[a] < 0) continue;
            for (int b = a; b < 4; ++b)
                if (slot[b] >= 0) addMatrix(slot[a], slot[b], gram[a][b]);
            for (int c = 0; c < C; ++c) {
                double r = moments[std::size_t(a * C + c)];
                for (int f = 0; f < 4; ++f)
                    if (slot[f] < 0) r -= (a <= f ? gram[a][f] : gram[f][a]) * fixedValue[f][c];
                rhs[std::size_t(slot[a]) * C + c] += r;
            }
        }
    }
    // Banded Cholesky (the matrix is symmetric positive definite), every component at once. Each
    // row's loops run over the rows of the band above (`above`) or below (`below`) it: kBand
    // inside the matrix, passed as a constant there so that they unroll.
    using FullBand = std::integral_constant<std::size_t, kBand>;
    auto factorRow = [&](std::size_t u, auto above, std::size_t below) {
        double& pivot = band[u * (kBand + 1)];
        for (std::size_t q = 0; q < above; ++q) {
            const std::size_t p = u - above + q;
            const double l = band[p * (kBand + 1) + (u - p)];
            pivot -= l * l;
        }
        pivot = std::sqrt(std::max(pivot, 1e-300));
        for (std::size_t v = u + 1; v <= u + below; ++v) {
            double& e = band[u * (kBand + 1) + (v - u)];
            for (std::size_t p = v >= kBand ? v - kBand : 0; p < u; ++p)
                e -= band[p * (kBand + 1) + (u - p)] * band[p * (kBand + 1) + (v - p)];
            e /= pivot;
        }
    };
    auto forwardRow = [&](std::size_t u, auto above) {  // L y = b
        for (int c = 0; c < C; ++c) {
            double d = rhs[u * C + std::size_t(c)];
            for (std::size_t q = 0; q < above; ++q) {
                const std::size_t p = u - above + q;
                d -= band[p * (kBand + 1) + (u - p)] * rhs[p * C + std::size_t(c)];
            }
            rhs[u * C + std::size_t(c)] = d / band[u * (kBand + 1)];
        }
    };
    auto backwardRow = [&](std::size_t u, auto below) {  // L^T x = y
        for (int c = 0; c < C; ++c) {
            double d = rhs[u * C + std::size_t(c)];
            for (std::size_t v = u + 1; v <= u + below; ++v)
                d -= band[u * (kBand + 1) + (v - u)] * rhs[v * C + std::size_t(c)];
            rhs[u * C + std::size_t(c)] = d / band[u * (kBand + 1)];
        }
    };
    auto below = [&](std::size_t u) { return std::min(N - 1 - u, std::size_t(kBand)); };
    for (std::size_t u = 0; u < N; ++u) u >= kBand ? factorRow(u, FullBand(), below(u)) : factorRow(u, u, below(u));
    for (std::size_t u = 0; u < N; ++u) u >= kBand ? forwardRow(u, FullBand()) : forwardRow(u, u);
    for (std::size_t u = N; u-- > 0;) u + kBand < N ? backwardRow(u, FullBand()) : backwardRow(u, below(u));
    auto solution = [&](int u, int c) {
        const float x = static_cast<float>(rhs[std::size_t(u) * C + std::size_t(c)]);
        return std::isfinite(x) ? x : 0.0f;
    };
    for (int k = first; k <= last; ++k) {
        const std::size_t x = std::size_t(k - first);
        for (int c = 0; c < C; ++c) {
            if (valueSlot[x] >= 0) keys.valueAt(k, C)[c] = solution(valueSlot[x], c);
            if (inSlot[x] >= 0) keys.inAt(k, C)[c] = solution(inSlot[x], c);
            if (outSlot[x] >= 0) keys.outAt(k, C)[c] = solution(outSlot[x], c);
        }
    }
    const int end = keys.count() - 1;
    if (first == 0 && !fixFirst) std::copy(keys.outAt(0, C), keys.outAt(0, C) + C, keys.inAt(0, C));
    if (last == end && !fixLast) std::copy(keys.inAt(end, C), keys.inAt(end, C) + C, keys.outAt(end, C));
}

void refitKeys(const Samples& s, CubicKeys& keys, int first, int last, bool fixFirst, bool fixLast, bool freeValues,
               const std::vector<double>* weights = nullptr) {
    if (s.components == 3)
        refitKeysOf<3>(s, keys, first, last, fixFirst, fixLast, freeValues, weights);
    else if (s.components == 4)
        refitKeysOf<4>(s, keys, first, last, fixFirst, fixLast, freeValues, weights);
    else
        refitKeysOf<0>(s, keys, first, last, fixFirst, fixLast, freeValues, weights);
}

// refitKeys towards the least largest error instead of the least squares (Lawson's iteration:
// each sample's weight grows with its error), keeping the best of the rounds. The weights are
// shared by the components, so the matrix still is. When the least-squares fit's largest error
// is above `hopeless` (in the fit's unit), the reweighting is not tried and that fit stays (its
// errors are measured only until one is above); the rounds stop once the largest error is at most
// `enough`. Returns the largest error of the keys it leaves, at the samples of their segments.
double refitKeysMinimax(CubicFitter& fitter, const Samples& s, CubicKeys& keys, int first, int last, bool fixFirst,
                        bool fixLast, double hopeless = std::numeric_limits<double>::infinity(), double enough = -1) {
    const int C = s.components;
    refitKeys(s, keys, first, last, fixFirst, fixLast, keys.freeValues);
    const int from = keys.samples[std::size_t(first)], to = keys.samples[std::size_t(last)];
    thread_local std::vector<double> weights;
    weights.assign(std::size_t(to - from + 1), 1.0);  // per sample from..to
    // The errors of the current keys at each sample of each segment (a key's sample twice: the
    // end of one segment, the start of the next), measured once for the comparison of the rounds
    // and the weights of the next.
    thread_local std::vector<double> errors;
    auto largestError = [&](double stopAbove) {
        errors.clear();
        double largest = 0;
        for (int k = first; k < last; ++k)
            for (int m = keys.samples[std::size_t(k)]; m <= keys.samples[std::size_t(k + 1)]; ++m) {
                errors.push_back(fitter.errorOf(keys.samples[std::size_t(k)], keys.samples[std::size_t(k + 1)], m,
                                                keys.outAt(k, C), keys.inAt(k + 1, C), keys.valueAt(k, C),
                                                keys.valueAt(k + 1, C)));
                largest = std::max(largest, errors.back());
                if (largest > stopAbove) return largest;
            }
        return largest;
    };
    auto reweight = [&] {
        double sum = 0;
        std::size_t e = 0;
        for (int k = first; k < last; ++k)
            for (int m = keys.samples[std::size_t(k)]; m <= keys.samples[std::size_t(k + 1)]; ++m, ++e)
                weights[std::size_t(m - from)] *= errors[e] + 1e-12, sum += weights[std::size_t(m - from)];
        if (sum > 0)
            for (double& w : weights) w *= double(to - from + 1) / sum;
    };
    double bestError = largestError(hopeless);
    if (bestError > hopeless || bestError <= enough) return bestError;
    // The best round's keys first..last (all a refit changes): a window is often a few keys of
    // a long track, which a copy of all keys per round would make cost as much as the track.
    const auto from0 = std::ptrdiff_t(first) * C, to0 = std::ptrdiff_t(last + 1) * C;
    thread_local std::vector<float> best;
    auto keepBest = [&] {
        best.assign(keys.values.begin() + from0, keys.values.begin() + to0);
        best.insert(best.end(), keys.in.begin() + from0, keys.in.begin() + to0);
        best.insert(best.end(), keys.out.begin() + from0, keys.out.begin() + to0);
    };
    keepBest();
    for (int round = 0; round < kMinimaxRounds && !(bestError <= enough); ++round) {
        reweight();
        refitKeys(s, keys, first, last, fixFirst, fixLast, keys.freeValues, &weights);
        const double e = largestError(std::numeric_limits<double>::infinity());
        if (e < bestError) bestError = e, keepBest();
    }
    const std::ptrdiff_t width = to0 - from0;
    std::copy(best.begin(), best.begin() + width, keys.values.begin() + from0);
    std::copy(best.begin() + width, best.begin() + 2 * width, keys.in.begin() + from0);
    std::copy(best.begin() + 2 * width, best.end(), keys.out.begin() + from0);
    return bestError;
}

bool segmentWithin(CubicFitter& fitter, CubicKeys& keys, int k) {
    const int C = fitter.components();
    return fitter.within(keys.samples[std::size_t(k)], keys.samples[std::size_t(k + 1)], keys.outAt(k, C),
                         keys.inAt(k + 1, C), keys.valueAt(k, C), keys.valueAt(k + 1, C));
}

// Keys on each side of a changed key whose tangents (and values) a local refit may move.
constexpr int kRefitReach = 3;
// A window refitted after keys were added is reweighted only where its least-squares fit misses
// the target by at most this factor. (1.5, the removal's, gave 0.24 % more bytes on the dense
// LINEAR conversion than 1.2, and one more key on a fewest-keys bake.)
constexpr double kRefitHopelessRatio = 1.2;
// The first refit, of the whole track, is reweighted unless its least-squares fit misses by more
// than this: noise (100 x the target and more on make_mocap's random tangents baked by
// gltfpack), where the reweighting chases the samples that stray most and the rounds that
// follow add keys wherever it misses anyway. On scale.sh's files smooth motion missed by at
// most 6 x, the bake with corners by up to 63 x; on run.sh's files 10 and 30 each cost a key
// on a bake with corners where the reweighting still helped, 100 none.
constexpr double kWholeRefitHopelessRatio = 100;

// The keys' tangents refitted as one smooth curve; a segment that misses the target gets a
// key at its worst sample, until every segment holds. Where no key fits in between (the two
// keys are neighbouring samples), the smooth curve truly cannot hold: both keys break. After the
// first refit of the whole track, each round refits only the windows around the keys it
// changed (their outer keys kept) and checks only their segments: the rest did not move. A
// window's reweighting stops at its first fit that holds, and is not tried where the
// least-squares fit misses by more than kRefitHopelessRatio: keys go into its failing segments
// anyway, and the removal of spare keys that follows refits each window it changes, reweighting.
// (On noise, where a key lands on almost every sample, those four more fits per window were most
// of this function's time.)
void refitUntilWithin(CubicFitter& fitter, const Samples& s, CubicKeys& keys) {
    const int C = s.components;
    refitKeysMinimax(fitter, s, keys, 0, keys.count() - 1, false, false, kWholeRefitHopelessRatio * fitter.target());
    std::vector<std::pair<int, int>> windows{{0, keys.count() - 1}};  // key ranges to check, ascending
    for (int round = 0; round < 64 && !windows.empty(); ++round) {
        // Keys this round changed, and keys it adds (before key `at`, at a sample), descending,
        // in the indices the round started with: the keys are added at its end, all at once.
        std::vector<int> changed;
        std::vector<std::pair<int, int>> added;
        auto change = [&](int key) {
            if (changed.empty() || changed.back() != key) changed.push_back(key);
        };
        for (auto w = windows.rbegin(); w != windows.rend(); ++w)
            for (int k = w->second - 1; k >= w->first; --k) {
                if (segmentWithin(fitter, keys, k)) continue;
                const int i = keys.samples[std::size_t(k)], j = keys.samples[std::size_t(k + 1)];
                int worstSample = -1;
                fitter.worst(i, j, keys.outAt(k, C), keys.inAt(k + 1, C), keys.valueAt(k, C), keys.valueAt(k + 1, C),
                             &worstSample);
                if (worstSample == i || worstSample == j) {  // a fitted key value misses: the sample's instead
                    const int key = worstSample == i ? k : k + 1;
                    if (!keys.pinned[std::size_t(key)]) {
                        keys.pinned[std::size_t(key)] = 1;
                        std::copy(&s.keyValues[std::size_t(worstSample) * C],
                                  &s.keyValues[std::size_t(worstSample + 1) * C], keys.valueAt(key, C));
                        change(key);
                        continue;
                    }
                }
                const int m = worstSample < 0 ? -1 : splitSampleNear(s, i, j, s.times[std::size_t(worstSample)]);
                if (m >= 0) {
                    added.push_back({k + 1, m});
                } else {
                    for (int end : {k + 1, k})
                        if (end > 0 && end + 1 < keys.count() && !keys.broken[std::size_t(end)])
                            keys.broken[std::size_t(end)] = 1, change(end);
                }
            }
        // Where the changed and the added keys are once the added ones are in.
        std::reverse(changed.begin(), changed.end());
        std::reverse(added.begin(), added.end());
        std::vector<int> moved;  // ascending
        for (std::size_t c = 0, a = 0; c < changed.size() || a < added.size();) {
            if (a < added.size() && (c == changed.size() || added[a].first <= changed[c]))
                moved.push_back(added[a].first + int(a)), ++a;  // before the key it was added before
            else
                moved.push_back(changed[c] + int(a)), ++c;
        }
        keys.insertAll(added, s);
        // The windows around them, merged where they meet, refitted.
        windows.clear();
        for (auto key = moved.begin(); key != moved.end(); ++key) {
            const int first = std::max(0, *key - kRefitReach), last = std::min(keys.count() - 1, *key + kRefitReach);
            if (!windows.empty() && first <= windows.back().second)
                windows.back().second = last;
            else
                windows.push_back({first, last});
        }
        for (const auto& [first, last] : windows)
            refitKeysMinimax(fitter, s, keys, first, last, first > 0, last + 1 < keys.count(),
                             kRefitHopelessRatio * fitter.target(), fitter.target());
    }
}

// Drops each smooth key whose neighbours still fit without it: the tangents of the keys
// around it refitted (the window's outer tangents kept), every segment there within the target.
void removeSpareKeys(CubicFitter& fitter, const Samples& s, CubicKeys& keys) {
    const int C = s.components;
    // Most tries fail, and the reweighting (4 more fits) brings a window's largest error down by
    // far less than this: on the mocap file's LINEAR conversion none of 18,688 tries whose
    // least-squares error was above 1.39 x the target held after it.
    constexpr double kHopelessRatio = 1.5;
    // The keys are compacted in place as they are tried: the kept ones are keys[0, kept), the
    // ones still to try keys[next, n), so that a dropped key costs no shift of the rest. `at`
    // maps an index of that sequence (kept, then still to try) to its place in the arrays.
    const int n = keys.count();
    int kept = 1, next = 1;
    auto at = [&](int i) { return i < kept ? i : i - kept + next; };
    auto keep = [&] {  // the key tried (keys[next]) stays
        if (kept != next) keys.copyKey(kept, keys, next, C);
        ++kept, ++next;
    };
    CubicKeys window;
    window.freeValues = keys.freeValues;
    while (next + 1 < n) {
        if (keys.broken[std::size_t(next)]) {
            keep();
            continue;
        }
        // The window: up to kRefitReach keys each side of the key tried (index `kept` of the
        // sequence), without it.
        const int count = kept + (n - next);
        const int first = std::max(0, kept - kRefitReach), last = std::min(count - 1, kept + kRefitReach);
        window.resize(last - first, C);
        for (int i = first, g = 0; i <= last; ++i)
            if (i != kept) window.copyKey(g++, keys, at(i), C);
        const bool atStart = first == 0, atEnd = last == count - 1;
        // The question is whether the key can go: the reweighting stops once the window holds
        // (its largest error is the one every segment is checked against).
        const double largest = refitKeysMinimax(fitter, s, window, 0, window.count() - 1, !atStart, !atEnd,
                                                kHopelessRatio * fitter.target(), fitter.target());
        if (!(largest <= fitter.target())) {
            keep();
            continue;
        }
        ++next;  // dropped; the window's keys take their refitted values and tangents
        for (int g = 0; g < window.count(); ++g) {
            const int k = at(first + g);
            std::copy(window.valueAt(g, C), window.valueAt(g, C) + C, keys.valueAt(k, C));
            std::copy(window.inAt(g, C), window.inAt(g, C) + C, keys.inAt(k, C));
            std::copy(window.outAt(g, C), window.outAt(g, C) + C, keys.outAt(k, C));
        }
    }
    while (next < n) keep();
    keys.resize(kept, C);
}

// Smooth keys: the greedy's keys with slack, refitted as one C1 curve (keys added where it
// misses), spare keys dropped. How much slack the smooth refit needs depends on the motion, so
// a few are tried and the fewest keys win (one, chosen by the source's interpolation, on long
// channels).
CubicKeys fitSmoothKeys(const Samples& s, TargetPath path, double target, bool cubicSource) {
    CubicFitter fitter(s, path, target);
    CubicKeys best;
    std::vector<double> slacks(std::begin(kGreedySlacks), std::end(kGreedySlacks));
    if (s.count() > kOneSlackSamples) slacks = {cubicSource ? kOneSlackCubicSource : kOneSlackSampledSource};
    for (double slack : slacks) {
        CubicFitter slackFitter(s, path, slack * target);
        CubicKeys keys = chooseCubicKeys(slackFitter, s);
        keys.freeValues = path != TargetPath::Rotation;
        refitUntilWithin(fitter, s, keys);
        removeSpareKeys(fitter, s, keys);
        if (best.samples.empty() || keys.count() < best.count()) best = std::move(keys);
    }
    return best;
}

Track cubicTrackOf(const Track& source, const Samples& s, const CubicKeys& keys, int first = 0, int last = -1) {
    const int C = s.components;
    if (last < 0) last = keys.count() - 1;
    Track t = emptyLike(source, Interpolation::CubicSpline, last - first + 1);
    for (int k = 0; k < t.keyCount(); ++k) {
        const std::size_t from = std::size_t(first + k);
        t.times[std::size_t(k)] = static_cast<float>(s.times[std::size_t(keys.samples[from])]);
        for (int c = 0; c < C; ++c) {
            const std::size_t at = t.at(k, c);
            t.values[at] = keys.values[from * C + std::size_t(c)];
            t.inTangents[at] = keys.in[from * C + std::size_t(c)];
            t.outTangents[at] = keys.out[from * C + std::size_t(c)];
            t.modes[at] = tangentsMatch(t.inTangents[at], t.outTangents[at]) ? HandleMode::Aligned : HandleMode::Free;
        }
    }
    return t;
}

// The key segment of keys[first..last] holding time t.
int keySegmentAtTime(const Samples& s, const std::vector<int>& keySamples, int first, int last, double t) {
    const auto after = std::upper_bound(keySamples.begin() + first, keySamples.begin() + last + 1, t,
                                        [&](double x, int key) { return x < s.times[std::size_t(key)]; });
    return std::clamp(int(after - keySamples.begin()) - 1, first, last - 1);
}

// Source keys first..last as a track of their own.
Track sourceWindow(const Track& source, int first, int last) {
    Track t = emptyLike(source, source.interpolation, last - first + 1);
    const auto C = std::size_t(source.components);
    const auto from = std::ptrdiff_t(std::size_t(first) * C), to = std::ptrdiff_t(std::size_t(last + 1) * C);
    std::copy(source.times.begin() + first, source.times.begin() + last + 1, t.times.begin());
    std::copy(source.values.begin() + from, source.values.begin() + to, t.values.begin());
    if (!source.inTangents.empty())
        std::copy(source.inTangents.begin() + from, source.inTangents.begin() + to, t.inTangents.begin());
    if (!source.outTangents.empty())
        std::copy(source.outTangents.begin() + from, source.outTangents.begin() + to, t.outTangents.begin());
    return t;
}

// The figures of a result. The largest difference anywhere is certified to a millionth of the
// tolerance: enough digits for a report, and far cheaper than a float's last digit on a fit
// whose error hovers near the tolerance along the whole track (a minimax fit's does). With
// `stopAbove`, the search stops at the first error by the measure above it (the figures are then
// not complete: byMeasure's upperBound is infinite).
SimplifyResult reportOn(const Track& source, const std::vector<char>& atSamples, Track track, double tolerance,
                        double stopAbove = std::numeric_limits<double>::infinity()) {
    SimplifyResult r;
    r.track = std::move(track);
    r.measure = measureOf(atSamples);
    // Measured everywhere, the measure's search is the one anywhere; otherwise both come from
    // one walk.
    if (r.measure == Measure::Everywhere && stopAbove == std::numeric_limits<double>::infinity())
        r.byMeasure = r.anywhere = differenceEverywhere(source, r.track, 1e-6 * tolerance);
    else
        r.byMeasure = measuredDifference(source, atSamples, r.track, 1e-6 * tolerance, &r.anywhere, stopAbove);
    if (r.byMeasure.maxError <= stopAbove) r.atSourceKeys = differenceAtKeys(source, r.track);
    return r;
}

struct Candidate {
    Track track;
    bool faithful = false;
    std::optional<SimplifyResult> report;  // its figures, when they were what confirmed it
};

// Confirms fitted keys everywhere, one window at a time: a window runs between fitted keys
// that sit on source keys, so that the source's keys in between, as a track of their own, are
// the whole source there, and a failing window is refitted and checked again alone (checking
// the whole track after each split costs a pass over it per split). `trackOf(first, last)`
// gives the fitted keys first..last as a track; `split(segment, t, first, last)` adds a key in
// that segment near time t (false when it cannot).
template <typename TrackOf, typename Split>
bool confirmEverywhere(const Track& source, const std::vector<char>& atSamples, const Samples& s,
                       const std::vector<int>& keySamples, double tolerance, TrackOf&& trackOf, Split&& split) {
    for (int first = 0; first + 1 < int(keySamples.size());) {
        int last = first + 1;
        while (last + 1 < int(keySamples.size()) && s.sourceKey[std::size_t(keySamples[std::size_t(last)])] < 0) ++last;
        const int from = s.sourceKey[std::size_t(keySamples[std::size_t(first)])],
                  to = s.sourceKey[std::size_t(keySamples[std::size_t(last)])];
        const Track sourcePart = sourceWindow(source, from, to);
        // The whole source's measure, cut to the window (its own rule could differ).
        const std::vector<char> partAtSamples(atSamples.begin() + from, atSamples.begin() + to);
        for (int round = 0;; ++round) {
            Difference over;
            if (withinMeasure(sourcePart, partAtSamples, trackOf(first, last), tolerance, &over)) break;
            if (round == kMaxSplitsPerWindow) return false;
            const int segment = keySegmentAtTime(s, keySamples, first, last, over.at);
            const int added = split(segment, over.at, first, last);
            if (added < 0) return false;
            last += added;
        }
        first = last;
    }
    return true;
}

Candidate fitCubic(const Track& source, const std::vector<char>& atSamples, const Samples& s, double tolerance) {
    Candidate result;
    if (s.candidates.size() < 2) return result;
    const bool everywhere = measureOf(atSamples) != Measure::AtSamples;
    CubicKeys keys = fitSmoothKeys(s, source.path, everywhere ? 0.9 * tolerance : 0.999 * tolerance,
                                   source.interpolation == Interpolation::CubicSpline);
    if (!everywhere) {
        result.track = cubicTrackOf(source, s, keys);
        zeroUnusedTangents(result.track);  // the ends' unused tangents: 0, as the checks ask
        result.faithful = withinMeasure(source, atSamples, result.track, tolerance);
        return result;
    }
    // A failing segment gets a key near the failure and the tangents of the keys around it
    // are refitted inside the window. Where no key fits in between, the segment's keys break.
    auto split = [&](int segment, double t, int first, int last) {
        const int m = splitSampleNear(s, keys.samples[std::size_t(segment)], keys.samples[std::size_t(segment + 1)], t);
        if (m >= 0) {
            keys.insert(segment + 1, m, s);
            ++last;
        } else {
            bool changed = false;
            for (int end : {segment, segment + 1})
                if (end > 0 && end + 1 < keys.count() && !keys.broken[std::size_t(end)])
                    keys.broken[std::size_t(end)] = 1, changed = true;
            if (!changed) return -1;
        }
        // The window's end tangents that a check already passed (or the next window uses)
        // stay, unless the key is broken (its other side is not touched).
        const int from = std::max(first, segment - 1), to = std::min(last, segment + 3);
        refitKeys(s, keys, from, to, from > 0 && !keys.broken[std::size_t(from)],
                  to + 1 < keys.count() && !keys.broken[std::size_t(to)], keys.freeValues);
        return m >= 0 ? 1 : 0;
    };
    // The fit holds the tolerance nearly always (it aimed at 0.9 of it): the report's search, which
    // stops at the first error over, confirms it whole at no extra cost, as the report is needed
    // anyway. Only a fit that it finds over is confirmed and repaired window by window.
    result.track = cubicTrackOf(source, s, keys);
    zeroUnusedTangents(result.track);
    SimplifyResult report = reportOn(source, atSamples, result.track, tolerance, tolerance);
    if (report.byMeasure.upperBound <= tolerance) {
        result.faithful = true;
        result.report = std::move(report);
        return result;
    }
    auto trackOf = [&](int first, int last) { return cubicTrackOf(source, s, keys, first, last); };
    result.faithful = confirmEverywhere(source, atSamples, s, keys.samples, tolerance, trackOf, split);
    result.track = cubicTrackOf(source, s, keys);
    zeroUnusedTangents(result.track);
    return result;
}

// ---------------------------------------------------------------------------------------------
// Keys at any time (spline_pieces.h): a bake of a spline keyed between its frames, its pieces
// recovered whole. Only where every segment is a bake's: elsewhere the samples include the
// source's own keys, which the fit above can already keep. (Not for rotation: recoverPieces.)

// The runs are cut against this fraction of the target: a bake of a spline is followed to the
// float's last digits inside a piece, and a run must not reach far past its piece's end.
constexpr double kPieceRunSlack = 0.05;
// The runs' target over a quantized rotation's rounding (fitPieces).
constexpr double kQuantizedRunSlack = 2.5;
// A recovered key breaks without a corner found in the source only where its tangents' mismatch
// alone would move the curve by this many tolerances.
constexpr double kClearCorner = 4;

// Whether every value is a multiple of 1/steps (to the float's precision): a source stored as
// normalized integers, whose rounding is noise no cubic follows.
bool quantizedTo(const std::vector<float>& values, double steps) {
    for (float v : values) {
        const double scaled = double(v) * steps;
        if (!(std::abs(scaled - std::round(scaled)) < 1e-2)) return false;
    }
    return !values.empty();
}

Candidate fitPieces(const Track& source, const std::vector<char>& atSamples, const Samples& s, double tolerance,
                    int maxKeys) {
    Candidate result;
    if (measureOf(atSamples) != Measure::AtSamples || s.count() < 8) return result;
    double runTarget = kPieceRunSlack * tolerance;
    // A rotation stored as 16-bit normalized integers (gltfpack writes them so) is off by up to
    // half a step per component: about 0.0035 degrees, near the runs' target. The runs allow
    // that rounding: a few times the rotation one half step in every component makes.
    if (source.path == TargetPath::Rotation && quantizedTo(source.values, 32767)) {
        const double halfStep[4] = {0.5 / 32767, 0.5 / 32767, 0.5 / 32767, 0.5 / 32767}, zero[4] = {0, 0, 0, 1};
        double shifted[4];
        for (int c = 0; c < 4; ++c) shifted[c] = zero[c] + halfStep[c];
        runTarget = std::max(runTarget, kQuantizedRunSlack * pathError(TargetPath::Rotation, 4, zero, shifted));
    }
    detail::RecoveredKeys keys;
    if (!detail::recoverPieces(source.path, s.components, s.times, s.values, runTarget, 0.999 * tolerance, maxKeys,
                               keys))
        return result;
    // Keys stay smooth but at corners (as the other fit keeps them), so that an artist edits the
    // motion as one curve: a key breaks where a source corner is beside it, or where its two
    // tangents differ by far more than the tolerance moves the curve (as a CUBICSPLINE source's
    // corner is told, markCorners).
    const int C = s.components;
    const double limit = componentTolerance(source.path, tolerance);
    for (int k = 1; k + 1 < keys.count(); ++k) {
        if (!keys.broken[std::size_t(k)]) continue;
        const auto next = std::size_t(std::lower_bound(s.times.begin(), s.times.end(), keys.times[std::size_t(k)]) -
                                      s.times.begin());
        bool corner = false;
        for (std::size_t i = next > 0 ? next - 1 : 0; i <= next + 1 && i < s.count(); ++i) corner |= s.corner[i] != 0;
        const double dt = std::min(keys.times[std::size_t(k)] - keys.times[std::size_t(k - 1)],
                                   keys.times[std::size_t(k + 1)] - keys.times[std::size_t(k)]);
        double mismatch = 0;
        for (int c = 0; c < C; ++c) {
            const std::size_t at = std::size_t(k) * std::size_t(C) + std::size_t(c);
            mismatch = std::max(mismatch, std::abs(keys.in[at] - keys.out[at]));
        }
        if (!corner && !(mismatch * dt / 7 > kClearCorner * limit)) return result;
    }
    Track t = emptyLike(source, Interpolation::CubicSpline, keys.count());
    for (int k = 0; k < keys.count(); ++k) {
        t.times[std::size_t(k)] = static_cast<float>(keys.times[std::size_t(k)]);
        if (k > 0 && !(t.times[std::size_t(k)] > t.times[std::size_t(k - 1)])) return result;
        for (int c = 0; c < C; ++c) {
            const std::size_t at = t.at(k, c), from = std::size_t(k) * std::size_t(C) + std::size_t(c);
            t.values[at] = static_cast<float>(keys.values[from]);
            t.inTangents[at] = static_cast<float>(keys.in[from]);
            t.outTangents[at] = static_cast<float>(keys.out[from]);
            t.modes[at] = tangentsMatch(t.inTangents[at], t.outTangents[at]) ? HandleMode::Aligned : HandleMode::Free;
        }
    }
    zeroUnusedTangents(t);
    // A rotation fitted to directions may pass near zero length between the samples, where its
    // direction turns unstably (the checks report it): no candidate then.
    if (source.path == TargetPath::Rotation)
        for (int k = 0; k + 1 < t.keyCount(); ++k)
            if (rotationNearZero(t, k)) return result;
    result.faithful = withinMeasure(source, atSamples, t, tolerance);
    result.track = std::move(t);
    return result;
}

// ---------------------------------------------------------------------------------------------
// Reduced LINEAR: keys at samples, straight (slerp for rotation) in between.

class LinearFitter {
public:
    LinearFitter(const Samples& s, TargetPath path, double target)
        : s_(s), path_(path), C_(s.components), target_(target), fitted_(std::size_t(C_)) {}

    bool reaches(int i, int j) {
        const double t0 = s_.times[std::size_t(i)], dt = s_.times[std::size_t(j)] - t0;
        const float* v0 = &s_.keyValues[std::size_t(i) * C_];
        const float* v1 = &s_.keyValues[std::size_t(j) * C_];
        double angle = 0, sinAngle = 0, d = 0;
        if (path_ == TargetPath::Rotation) {
            for (int c = 0; c < 4; ++c) d += double(v0[c]) * v1[c];
            angle = std::acos(std::min(1.0, std::abs(d)));
            sinAngle = std::sin(angle);
        }
        for (int m = i + 1; m < j; ++m) {
            const double u = (s_.times[std::size_t(m)] - t0) / dt;
            if (path_ == TargetPath::Rotation && sinAngle > 1e-9) {
                // slerp, as evaluate() plays it (the shorter way)
                const double w0 = std::sin((1 - u) * angle) / sinAngle;
                const double w1 = (d < 0 ? -1 : 1) * std::sin(u * angle) / sinAngle;
                for (int c = 0; c < 4; ++c) fitted_[std::size_t(c)] = w0 * v0[c] + w1 * v1[c];
            } else {
                for (int c = 0; c < C_; ++c) fitted_[std::size_t(c)] = v0[c] + u * (double(v1[c]) - v0[c]);
                if (path_ == TargetPath::Rotation) normalize4(fitted_.data());
            }
            if (pathError(path_, C_, s_.value(std::size_t(m)), fitted_.data()) > target_) return false;
        }
        return true;
    }

private:
    const Samples& s_;
    TargetPath path_;
    int C_;
    double target_;
    std::vector<double> fitted_;
};

Track linearTrackOf(const Track& source, const Samples& s, const std::vector<int>& keySamples) {
    const int C = s.components;
    Track t = emptyLike(source, Interpolation::Linear, int(keySamples.size()));
    for (int k = 0; k < t.keyCount(); ++k) {
        t.times[std::size_t(k)] = static_cast<float>(s.times[std::size_t(keySamples[std::size_t(k)])]);
        for (int c = 0; c < C; ++c)
            t.values[t.at(k, c)] = s.keyValues[std::size_t(keySamples[std::size_t(k)]) * C + std::size_t(c)];
    }
    return t;
}

// The greedy's keys: from each key, the farthest sample a straight segment reaches.
// With `stopAtBytes`, the greedy stops once its keys take that many bytes: the keys so far then
// only bound the whole greedy's from below.
std::vector<int> chooseLinearKeys(const Track& source, const std::vector<char>& atSamples, const Samples& s,
                                  double tolerance,
                                  std::uint64_t stopAtBytes = std::numeric_limits<std::uint64_t>::max()) {
    const bool everywhere = measureOf(atSamples) != Measure::AtSamples;
    LinearFitter fitter(s, source.path, everywhere ? 0.9 * tolerance : 0.999 * tolerance);
    const int last = int(s.candidates.size()) - 1;
    std::vector<int> keys{s.candidates.front()};
    int a = 0;
    while (a < last && floatBytesOf(Interpolation::Linear, keys.size(), source.components) < stopAtBytes) {
        const int good = detail::farthestReaching(a + 1, last, [&](int b) {
            return fitter.reaches(s.candidates[std::size_t(a)], s.candidates[std::size_t(b)]);
        });
        keys.push_back(s.candidates[std::size_t(good)]);
        a = good;
    }
    return keys;
}

// The greedy's keys confirmed by the measure; measured everywhere, a window that misses
// between samples gets a key there.
Candidate confirmLinear(const Track& source, const std::vector<char>& atSamples, const Samples& s, double tolerance,
                        std::vector<int> keys) {
    Candidate result;
    result.track = linearTrackOf(source, s, keys);
    if (measureOf(atSamples) == Measure::AtSamples) {
        result.faithful = withinMeasure(source, atSamples, result.track, tolerance);
        return result;
    }
    auto split = [&](int segment, double t, int, int) {
        const int m = splitSampleNear(s, keys[std::size_t(segment)], keys[std::size_t(segment + 1)], t);
        if (m < 0) return -1;
        keys.insert(keys.begin() + segment + 1, m);
        return 1;
    };
    auto trackOf = [&](int from, int to) {
        return linearTrackOf(source, s, std::vector<int>(keys.begin() + from, keys.begin() + to + 1));
    };
    result.faithful = confirmEverywhere(source, atSamples, s, keys, tolerance, trackOf, split);
    result.track = linearTrackOf(source, s, keys);
    return result;
}

// ---------------------------------------------------------------------------------------------
// STEP: the source's keys, dropping each whose value the held one already matches.

Candidate fitStep(const Track& source, const std::vector<char>& atSamples, double tolerance, bool exactOnly) {
    Candidate result;
    const int C = source.components;
    const int n = source.keyCount();
    std::vector<int> kept;
    std::vector<double> held(static_cast<std::size_t>(C)), here(static_cast<std::size_t>(C));
    for (int k = 0; k < n; ++k) {
        for (int c = 0; c < C; ++c) here[std::size_t(c)] = source.value(k, c);
        const bool same =
                exactOnly ? (!kept.empty() && std::equal(here.begin(), here.end(), held.begin()))
                          : (!kept.empty() && pathError(source.path, C, held.data(), here.data()) <= 0.999 * tolerance);
        if (k == 0 || !same) {
            kept.push_back(k);
            held = here;
        }
    }
    const bool heldAtEnd = kept.back() != n - 1;
    if (heldAtEnd) kept.push_back(n - 1);  // keeps the time range
    Track t = emptyLike(source, Interpolation::Step, int(kept.size()));
    for (int k = 0; k < t.keyCount(); ++k) {
        const int from = kept[std::size_t(k)];
        // The last key, kept only to end the time range, goes on holding the value before it.
        const bool rangeEnd = k > 0 && k + 1 == t.keyCount() && heldAtEnd;
        t.times[std::size_t(k)] = source.times[std::size_t(from)];
        for (int c = 0; c < C; ++c) t.values[t.at(k, c)] = rangeEnd ? t.values[t.at(k - 1, c)] : source.value(from, c);
    }
    result.track = std::move(t);
    result.faithful = withinMeasure(source, atSamples, result.track, tolerance);
    return result;
}

}  // namespace

SimplifyResult simplify(const Track& source, const SimplifyOptions& options) {
    const std::vector<char> atSamples = segmentsAtSamples(source, options.strict);
    const double tolerance = options.tolerances.forPath(source.path);
    if (source.keyCount() < 2) return reportOn(source, atSamples, source, tolerance);
    if (source.stepsOnly()) {  // int and bool properties: only repeated values can go
        Candidate step = fitStep(source, atSamples, tolerance, true);
        return reportOn(source, atSamples,
                        step.faithful && floatBytes(step.track) < floatBytes(source) ? step.track : source, tolerance);
    }
    const Samples samples = sampleSource(source, atSamples, tolerance);
    std::vector<Candidate> candidates;
    if (options.to != SimplifyTarget::Linear) {
        candidates.push_back(fitCubic(source, atSamples, samples, tolerance));
        const Candidate& cubic = candidates.back();
        const int fewer = cubic.faithful ? cubic.track.keyCount() - 1 : source.keyCount();
        candidates.push_back(fitPieces(source, atSamples, samples, tolerance, fewer));
    }
    // The source stays when it is already the asked-for form and no larger, or nothing fitted.
    const bool sourceIsTarget =
            options.to == SimplifyTarget::Best ||
            (options.to == SimplifyTarget::CubicSpline && source.interpolation == Interpolation::CubicSpline) ||
            (options.to == SimplifyTarget::Linear && source.interpolation == Interpolation::Linear);
    // The LINEAR candidate waits, unconfirmed, in its place in the order: its confirmation can
    // only add keys, so its greedy's keys bound its bytes from below, and it is confirmed only
    // once a candidate at least that large is next (on dense bakes the cubic fit is smaller
    // and the confirmation, a pass over the whole track, is never needed). A bound the source
    // already meets leaves no candidate (noise: the greedy keeps every sample).
    // A cubic fit its report confirmed is final unless its track fails checkTrack: the greedy
    // stops once it is as large (on a dense bake, half-way), and is run whole only should the
    // LINEAR candidate's turn come after all.
    std::optional<std::vector<int>> linearKeys;
    std::uint64_t linearBound = 0;
    bool linearWhole = true;
    const std::size_t linearAt = candidates.size();
    if (options.to != SimplifyTarget::CubicSpline) {
        const bool cubicFinal = !candidates.empty() && candidates.front().report.has_value();
        const std::uint64_t stopAt =
                cubicFinal ? floatBytes(candidates.front().track) : std::numeric_limits<std::uint64_t>::max();
        linearKeys = chooseLinearKeys(source, atSamples, samples, tolerance, stopAt);
        linearBound = floatBytesOf(Interpolation::Linear, linearKeys->size(), source.components);
        linearWhole = linearBound < stopAt;
        if (sourceIsTarget && floatBytes(source) <= linearBound) linearKeys.reset();
        candidates.emplace_back();
    }
    if (options.to == SimplifyTarget::Best) candidates.push_back(fitStep(source, atSamples, tolerance, false));
    // Smallest first (ties in the order above); each is measured again, whole, by the shared
    // measure (what diff will measure), and the first that holds is the answer: a candidate's own
    // check never has the last word (values near the float range can fool a fitter's
    // arithmetic, and the report must keep the promise).
    auto place = [&](const Candidate* c) { return std::make_pair(floatBytes(c->track), c - candidates.data()); };
    auto byPlace = [&](const Candidate* a, const Candidate* b) { return place(a) < place(b); };
    std::vector<const Candidate*> faithful;
    for (const Candidate& c : candidates)
        if (c.faithful) faithful.push_back(&c);
    std::sort(faithful.begin(), faithful.end(), byPlace);
    for (std::size_t next = 0;;) {
        if (linearKeys && (next == faithful.size() ||
                           std::make_pair(linearBound, std::ptrdiff_t(linearAt)) < place(faithful[next]))) {
            Candidate& linear = candidates[linearAt];
            if (!linearWhole) linearKeys = chooseLinearKeys(source, atSamples, samples, tolerance);
            linear = confirmLinear(source, atSamples, samples, tolerance, std::move(*linearKeys));
            linearKeys.reset();
            if (linear.faithful)
                faithful.insert(
                        std::upper_bound(faithful.begin() + std::ptrdiff_t(next), faithful.end(), &linear, byPlace),
                        &linear);
            continue;
        }
        if (next == faithful.size()) break;
        const Candidate* c = faithful[next++];
        if (sourceIsTarget && floatBytes(source) <= floatBytes(c->track)) break;
        try {
            checkTrack(c->track);
        } catch (const EditError&) {
            continue;
        }
        // The report's certified bound decides most cases (as measureDifference decides); only
        // a largest error within a hair of the tolerance needs the yes-or-no search.
        SimplifyResult r = c->report ? *c->report : reportOn(source, atSamples, c->track, tolerance);
        if (r.byMeasure.upperBound <= tolerance ||
            (r.byMeasure.maxError <= tolerance && withinMeasure(source, atSamples, r.track, tolerance)))
            return r;
    }
    return reportOn(source, atSamples, source, tolerance);
}

}  // namespace tangent
