#include "tangent/simplify.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "tangent/edit.h"
#include "tangent/hermite.h"

// How the fit works (issue 14):
//  1. Samples of the source's played curve: its keys for a bake measured at its keys; for the
//     everywhere measure its keys, points inside each segment and, where the curve bends
//     between two samples, more points (rotation hemisphere-aligned into one continuous run).
//  2. Keys are chosen among the samples by a forward greedy search: from each key the farthest
//     sample that one segment still reaches within the tolerance at every sample in between
//     (gallop, then bisect). A CUBICSPLINE segment keeps the sampled values at its ends and
//     fits its two tangents by least squares (per component a 2x2 system); its out-tangent
//     continues the previous segment's in-tangent (an Aligned key) unless that reaches much
//     less far than a free tangent: then the key is broken (a corner of the source).
//  3. Values, tangents and times are floats in the file, so every test uses the float-rounded
//     numbers. For the everywhere measure the float track is confirmed by withinEverywhere;
//     a segment that fails is split at the failure and the split key's one tangent refitted.
//  4. The smallest faithful form wins: fitted CUBICSPLINE, reduced LINEAR, STEP, the source.

namespace tangent {

std::uint64_t floatBytes(const Track& t) {
    const std::uint64_t perKey = t.interpolation == Interpolation::CubicSpline ? 3 : 1;
    return 4 * std::uint64_t(t.keyCount()) * (1 + perKey * std::uint64_t(t.components));
}

namespace {

// The played curve at sample times, and which samples may become keys.
struct Samples {
    int components = 0;
    std::vector<double> times;      // float-exact
    std::vector<double> values;     // played values, components per sample
    std::vector<float> keyValues;   // the same as floats: what a key there stores
    std::vector<int> candidates;    // sample indices that may be keys (spaced >= kMinKeySpacing)
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

Samples sampleSource(const Track& source, bool everywhere, double tolerance) {
    Samples s;
    const int C = s.components = source.components;
    const int n = source.keyCount();
    for (int k = 0; k < n; ++k) {
        s.times.push_back(source.times[std::size_t(k)]);
        if (!everywhere || k + 1 == n) continue;
        const double t0 = source.times[std::size_t(k)], t1 = source.times[std::size_t(k + 1)];
        for (int q = 1; q < 4; ++q) {
            const double t = floatTimeBetween(t0, t1, q / 4.0);
            if (t > s.times.back()) s.times.push_back(t);
        }
    }
    s.values.resize(s.times.size() * std::size_t(C));
    evaluateSorted(source, s.times.data(), s.times.size(), s.values.data(), true);
    // Where the curve bends between two samples more than a straight line follows, add the
    // midpoint: a fast swing (a rotation whose raw components pass near zero) between two
    // samples would otherwise go unseen until the final check.
    for (int round = 0; everywhere && round < 8; ++round) {
        std::vector<double> times, values;
        std::vector<double> mid(std::size_t(C) * 2);
        bool added = false;
        for (std::size_t i = 0; i < s.count(); ++i) {
            times.push_back(s.times[i]);
            values.insert(values.end(), s.value(i), s.value(i) + C);
            if (i + 1 == s.count()) break;
            const double t = floatTimeBetween(s.times[i], s.times[i + 1], 0.5);
            if (t < 0) continue;
            double* actual = mid.data();
            double* chord = mid.data() + C;
            evaluate(source, t, actual);
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
    if (source.path == TargetPath::Rotation)
        for (std::size_t i = 1; i < s.count(); ++i)
            if (dot4(s.value(i - 1), s.value(i)) < 0)
                for (int c = 0; c < 4; ++c) s.values[i * 4 + std::size_t(c)] = -s.values[i * 4 + std::size_t(c)];
    s.keyValues.assign(s.values.begin(), s.values.end());
    for (std::size_t i = 0; i < s.count(); ++i)
        if (s.candidates.empty() || s.times[i] - s.times[std::size_t(s.candidates.back())] >= kMinKeySpacing)
            s.candidates.push_back(int(i));
    // The last sample ends the range: it replaces a candidate too close before it.
    if (s.candidates.back() != int(s.count()) - 1) {
        if (s.candidates.size() > 1) s.candidates.back() = int(s.count()) - 1;
    }
    return s;
}

Track emptyTrack(const Track& source, Interpolation interpolation, int keys) {
    Track t;
    t.interpolation = interpolation;
    t.path = source.path;
    t.components = source.components;
    t.kind = source.kind;
    t.resize(keys);
    return t;
}

// ---------------------------------------------------------------------------------------------
// CUBICSPLINE segments fitted by least squares.

class CubicFitter {
public:
    CubicFitter(const Samples& s, TargetPath path, double target)
        : s_(s), path_(path), C_(s.components), target_(target), sums_(std::size_t(2 * C_)), fitted_(std::size_t(C_)) {}

    // Fits the segment from sample i to sample j. `fixedOut` (C floats, or null): the out-
    // tangent at i is given, only the in-tangent at j is fitted. Writes the float tangents to
    // out / in and says whether every sample in between is within the target.
    bool fit(int i, int j, const float* fixedOut, float* out, float* in) {
        solve(i, j, fixedOut, out, in);
        return within(i, j, out, in);
    }

    // The least-squares tangents of segment [i, j] (dt-scaled unknowns B = dt b, A = dt a).
    void solve(int i, int j, const float* fixedOut, float* out, float* in) {
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
        constexpr double lambda = 1e-9;
        for (int c = 0; c < C_; ++c) {
            const double chord = double(v1[c]) - v0[c];
            const double pr = sums_[std::size_t(c)] + lambda * chord, qr = sums_[std::size_t(C_ + c)] + lambda * chord;
            double B, A;
            if (fixedOut) {
                B = dt * fixedOut[c];
                A = (qr - B * pq) / (qq + lambda);
                out[c] = fixedOut[c];
            } else {
                const double det = (pp + lambda) * (qq + lambda) - pq * pq;
                B = ((qq + lambda) * pr - pq * qr) / det;
                A = ((pp + lambda) * qr - pq * pr) / det;
                out[c] = static_cast<float>(B / dt);
            }
            in[c] = static_cast<float>(A / dt);
            if (!std::isfinite(out[c])) out[c] = 0;
            if (!std::isfinite(in[c])) in[c] = 0;
        }
    }

    // Whether the float segment stays within the target at every sample strictly inside.
    bool within(int i, int j, const float* out, const float* in) {
        const double t0 = s_.times[std::size_t(i)], dt = s_.times[std::size_t(j)] - t0;
        const float* v0 = &s_.keyValues[std::size_t(i) * C_];
        const float* v1 = &s_.keyValues[std::size_t(j) * C_];
        for (int m = i + 1; m < j; ++m) {
            const HermiteBasis h = hermiteBasis((s_.times[std::size_t(m)] - t0) / dt);
            const double h10 = dt * h.h10, h11 = dt * h.h11;
            for (int c = 0; c < C_; ++c)
                fitted_[std::size_t(c)] = h.h00 * v0[c] + h10 * out[c] + h.h01 * v1[c] + h11 * in[c];
            if (path_ == TargetPath::Rotation) normalize4(fitted_.data());
            if (pathError(path_, C_, s_.value(std::size_t(m)), fitted_.data()) > target_) return false;
        }
        return true;
    }

    int components() const { return C_; }

private:
    const Samples& s_;
    TargetPath path_;
    int C_;
    double target_;
    std::vector<double> sums_, fitted_;
};

// The chosen keys (sample indices) and their float tangents.
struct CubicKeys {
    std::vector<int> samples;
    std::vector<float> in, out;  // components per key
};

// The farthest candidate (an index into s.candidates, > a) that one segment from candidate a
// reaches within the target; -1 when even the next one fails with a fixed out-tangent.
int farthestCubic(CubicFitter& fitter, const Samples& s, int a, const float* fixedOut, std::vector<float>& scratch) {
    const int last = int(s.candidates.size()) - 1;
    const int C = fitter.components();
    scratch.resize(std::size_t(2 * C));
    float* out = scratch.data();
    float* in = scratch.data() + C;
    auto reaches = [&](int b) { return fitter.fit(s.candidates[std::size_t(a)], s.candidates[std::size_t(b)], fixedOut, out, in); };
    int good = a + 1;
    if (!reaches(good)) {
        if (fixedOut) return -1;
    }
    int bad = last + 1, step = 1;
    while (good < last) {
        const int probe = std::min(good + step, last);
        if (!reaches(probe)) {
            bad = probe;
            break;
        }
        good = probe;
        step *= 2;
    }
    while (bad <= last && bad - good > 1) {
        const int mid = good + (bad - good) / 2;
        if (reaches(mid))
            good = mid;
        else
            bad = mid;
    }
    return good;
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

// Keys by the forward greedy search, each segment with its own free tangents (broken keys).
CubicKeys chooseCubicKeys(CubicFitter& fitter, const Samples& s) {
    const int C = fitter.components();
    const int last = int(s.candidates.size()) - 1;
    CubicKeys keys;
    keys.samples.push_back(s.candidates.front());
    keys.in.assign(static_cast<std::size_t>(C), 0.0f);
    std::vector<float> scratch, out(static_cast<std::size_t>(C)), in(static_cast<std::size_t>(C));
    for (int a = 0; a < last;) {
        const int b = farthestCubic(fitter, s, a, nullptr, scratch);
        fitter.solve(s.candidates[std::size_t(a)], s.candidates[std::size_t(b)], nullptr, out.data(), in.data());
        keys.out.insert(keys.out.end(), out.begin(), out.end());
        keys.samples.push_back(s.candidates[std::size_t(b)]);
        keys.in.insert(keys.in.end(), in.begin(), in.end());
        a = b;
    }
    keys.out.insert(keys.out.end(), static_cast<std::size_t>(C), 0.0f);
    return keys;
}

// Whether key k of the greedy's free fits is a corner of the source: its two tangents differ
// by more than a smooth curve's fit leaves (that difference moves the curve by about
// |in - out| dt / 7 over a segment dt, far beyond the tolerance at a corner).
bool isCorner(const CubicKeys& keys, const Samples& s, int k, double tolerance) {
    const int C = s.components;
    const double dt = std::min(s.times[std::size_t(keys.samples[std::size_t(k)])] - s.times[std::size_t(keys.samples[std::size_t(k - 1)])],
                               s.times[std::size_t(keys.samples[std::size_t(k + 1)])] - s.times[std::size_t(keys.samples[std::size_t(k)])]);
    double mismatch = 0;
    for (int c = 0; c < C; ++c)
        mismatch = std::max(mismatch, std::abs(double(keys.in[std::size_t(k) * C + c]) - keys.out[std::size_t(k) * C + c]));
    return mismatch * dt / 7 > 4 * tolerance;
}

// All tangents of the chosen keys refitted at once by least squares, one tangent per smooth
// key (C1, Aligned) and two at a broken one: per component a tridiagonal system over the
// unknowns out_0, in_1 (= out_1 when smooth), ..., in_last. Returns the failing segments.
std::vector<int> refitTangents(CubicFitter& fitter, const Samples& s, CubicKeys& keys, const std::vector<char>& broken) {
    const int C = s.components;
    const int segments = int(keys.samples.size()) - 1;
    // Unknown index of each segment's out-tangent (its in-tangent is the next one).
    std::vector<int> outIndex(static_cast<std::size_t>(segments));
    int unknowns = 0;
    for (int g = 0; g < segments; ++g) {
        outIndex[std::size_t(g)] = unknowns;
        unknowns += broken[std::size_t(g + 1)] || g + 1 == segments ? 2 : 1;
    }
    unknowns = outIndex.back() + 2;
    std::vector<double> diag(std::size_t(unknowns), 1e-9), off(std::size_t(unknowns), 0.0);  // off[u]: u with u+1
    std::vector<double> rhs(std::size_t(unknowns) * C, 0.0);
    for (int g = 0; g < segments; ++g) {
        const int i = keys.samples[std::size_t(g)], j = keys.samples[std::size_t(g + 1)];
        const double t0 = s.times[std::size_t(i)], dt = s.times[std::size_t(j)] - t0;
        const float* v0 = &s.keyValues[std::size_t(i) * C];
        const float* v1 = &s.keyValues[std::size_t(j) * C];
        const int u = outIndex[std::size_t(g)];
        for (int c = 0; c < C; ++c) {  // the faint pull to the chord, as in the segment fit
            const double chord = (double(v1[c]) - v0[c]) / dt;
            rhs[std::size_t(u) * C + c] += 1e-9 * chord;
            rhs[std::size_t(u + 1) * C + c] += 1e-9 * chord;
        }
        for (int m = i + 1; m < j; ++m) {
            const HermiteBasis h = hermiteBasis((s.times[std::size_t(m)] - t0) / dt);
            const double P = dt * h.h10, Q = dt * h.h11;
            diag[std::size_t(u)] += P * P, diag[std::size_t(u + 1)] += Q * Q, off[std::size_t(u)] += P * Q;
            const double* y = s.value(std::size_t(m));
            for (int c = 0; c < C; ++c) {
                const double r = y[c] - h.h00 * v0[c] - h.h01 * v1[c];
                rhs[std::size_t(u) * C + c] += P * r;
                rhs[std::size_t(u + 1) * C + c] += Q * r;
            }
        }
    }
    // Thomas algorithm, every component at once (the matrix is shared).
    std::vector<double> cPrime(std::size_t(unknowns), 0.0);
    for (int u = 0; u < unknowns; ++u) {
        const double below = u > 0 ? off[std::size_t(u - 1)] : 0.0;
        const double denom = diag[std::size_t(u)] - (u > 0 ? below * cPrime[std::size_t(u - 1)] : 0.0);
        cPrime[std::size_t(u)] = off[std::size_t(u)] / denom;
        for (int c = 0; c < C; ++c) {
            double& d = rhs[std::size_t(u) * C + c];
            d = (d - (u > 0 ? below * rhs[std::size_t(u - 1) * C + c] : 0.0)) / denom;
        }
    }
    for (int u = unknowns - 2; u >= 0; --u)
        for (int c = 0; c < C; ++c)
            rhs[std::size_t(u) * C + c] -= cPrime[std::size_t(u)] * rhs[std::size_t(u + 1) * C + c];
    auto tangent = [&](int u, int c) {
        const float x = static_cast<float>(rhs[std::size_t(u) * C + c]);
        return std::isfinite(x) ? x : 0.0f;
    };
    std::vector<int> failing;
    for (int g = 0; g < segments; ++g) {
        const int u = outIndex[std::size_t(g)];
        for (int c = 0; c < C; ++c) {
            keys.out[std::size_t(g) * C + c] = tangent(u, c);
            keys.in[std::size_t(g + 1) * C + c] = tangent(u + 1, c);
        }
        if (!fitter.within(keys.samples[std::size_t(g)], keys.samples[std::size_t(g + 1)], &keys.out[std::size_t(g) * C],
                           &keys.in[std::size_t(g + 1) * C]))
            failing.push_back(g);
    }
    return failing;
}

// The greedy's keys made smooth where that costs no key: corners stay broken and the rest
// get one tangent each (a global refit). When that misses anywhere, the greedy's own segment
// fits stay, and each key whose two tangents can become their mean (both neighbouring
// segments still within the target) is made Aligned.
CubicKeys smoothKeys(CubicFitter& fitter, const Samples& s, CubicKeys greedy, double tolerance) {
    const int n = int(greedy.samples.size());
    const int C = s.components;
    std::vector<char> broken(static_cast<std::size_t>(n), 0);
    for (int k = 1; k + 1 < n; ++k) broken[std::size_t(k)] = isCorner(greedy, s, k, tolerance);
    CubicKeys keys = greedy;
    if (refitTangents(fitter, s, keys, broken).empty()) return keys;
    std::vector<float> in(static_cast<std::size_t>(C)), out(static_cast<std::size_t>(C));
    for (int k = 1; k + 1 < n; ++k) {
        if (broken[std::size_t(k)]) continue;
        float* a = &greedy.in[std::size_t(k) * C];
        float* b = &greedy.out[std::size_t(k) * C];
        std::copy(a, a + C, in.begin());
        std::copy(b, b + C, out.begin());
        for (int c = 0; c < C; ++c) a[c] = b[c] = static_cast<float>(0.5 * (double(in[std::size_t(c)]) + out[std::size_t(c)]));
        const int h = greedy.samples[std::size_t(k - 1)], i = greedy.samples[std::size_t(k)], j = greedy.samples[std::size_t(k + 1)];
        if (!fitter.within(h, i, &greedy.out[std::size_t(k - 1) * C], a) || !fitter.within(i, j, b, &greedy.in[std::size_t(k + 1) * C])) {
            std::copy(in.begin(), in.end(), a);
            std::copy(out.begin(), out.end(), b);
        }
    }
    return greedy;
}

Track cubicTrackOf(const Track& source, const Samples& s, const CubicKeys& keys) {
    const int C = s.components;
    Track t = emptyTrack(source, Interpolation::CubicSpline, int(keys.samples.size()));
    for (int k = 0; k < t.keyCount(); ++k) {
        t.times[std::size_t(k)] = static_cast<float>(s.times[std::size_t(keys.samples[std::size_t(k)])]);
        for (int c = 0; c < C; ++c) {
            const std::size_t at = t.at(k, c);
            t.values[at] = s.keyValues[std::size_t(keys.samples[std::size_t(k)]) * C + std::size_t(c)];
            t.inTangents[at] = keys.in[at];
            t.outTangents[at] = keys.out[at];
            const bool end = k == 0 || k + 1 == t.keyCount();
            t.modes[at] = end || tangentsMatch(t.inTangents[at], t.outTangents[at]) ? HandleMode::Aligned : HandleMode::Free;
        }
    }
    return t;
}

// Splits the key segment [k, k+1] at sample m: the new key takes the sample's value and one
// tangent (Aligned) fitted by least squares on both halves, the outer tangents kept.
void splitCubicSegment(CubicKeys& keys, const Samples& s, int k, int m) {
    const int C = s.components;
    const int i = keys.samples[std::size_t(k)], j = keys.samples[std::size_t(k + 1)];
    const double ti = s.times[std::size_t(i)], tm = s.times[std::size_t(m)], tj = s.times[std::size_t(j)];
    const double dl = tm - ti, dr = tj - tm;
    const float* vi = &s.keyValues[std::size_t(i) * C];
    const float* vm = &s.keyValues[std::size_t(m) * C];
    const float* vj = &s.keyValues[std::size_t(j) * C];
    const float* bi = &keys.out[std::size_t(k) * C];
    const float* aj = &keys.in[std::size_t(k + 1) * C];
    std::vector<float> x(static_cast<std::size_t>(C));
    for (int c = 0; c < C; ++c) {
        // Unknown x (the key's tangent): left column dl h11, right column dr h10.
        double xx = 1e-9, xr = 1e-9 * (double(vj[c]) - vi[c]) / (tj - ti);
        for (int q = i + 1; q < j; ++q) {
            if (q == m) continue;
            const double t = s.times[std::size_t(q)], y = s.value(std::size_t(q))[c];
            double col, rest;
            if (q < m) {
                const HermiteBasis h = hermiteBasis((t - ti) / dl);
                col = dl * h.h11, rest = h.h00 * vi[c] + dl * h.h10 * bi[c] + h.h01 * vm[c];
            } else {
                const HermiteBasis h = hermiteBasis((t - tm) / dr);
                col = dr * h.h10, rest = h.h00 * vm[c] + h.h01 * vj[c] + dr * h.h11 * aj[c];
            }
            xx += col * col, xr += col * (y - rest);
        }
        x[std::size_t(c)] = static_cast<float>(xr / xx);
        if (!std::isfinite(x[std::size_t(c)])) x[std::size_t(c)] = 0;
    }
    const std::size_t at = std::size_t(k + 1) * C;
    keys.samples.insert(keys.samples.begin() + k + 1, m);
    keys.in.insert(keys.in.begin() + std::ptrdiff_t(at), x.begin(), x.end());
    keys.out.insert(keys.out.begin() + std::ptrdiff_t(at), x.begin(), x.end());
}

// The sample-time key segment holding time t.
int keySegmentAtTime(const Samples& s, const std::vector<int>& keySamples, double t) {
    const auto after = std::upper_bound(keySamples.begin(), keySamples.end(), t,
                                        [&](double x, int key) { return x < s.times[std::size_t(key)]; });
    return std::clamp(int(after - keySamples.begin()) - 1, 0, int(keySamples.size()) - 2);
}

struct Candidate {
    Track track;
    bool faithful = false;
};

// Confirms a fitted track everywhere, splitting failing segments until it holds.
template <typename Split>
bool confirmEverywhere(const Track& source, double tolerance, int maxRounds, Split&& split, Track& track) {
    for (int round = 0; round < maxRounds; ++round) {
        Difference over;
        if (withinEverywhere(source, track, tolerance, &over)) return true;
        if (!split(over.at)) return false;
    }
    return false;
}

Candidate fitCubic(const Track& source, const Samples& s, double tolerance, bool everywhere) {
    Candidate result;
    if (s.candidates.size() < 2) return result;
    CubicFitter fitter(s, source.path, everywhere ? 0.9 * tolerance : 0.999 * tolerance);
    CubicKeys keys = smoothKeys(fitter, s, chooseCubicKeys(fitter, s), tolerance);
    result.track = cubicTrackOf(source, s, keys);
    if (!everywhere) {
        result.faithful = differenceAtKeys(source, result.track).maxError <= tolerance;
        return result;
    }
    auto split = [&](double t) {
        const int k = keySegmentAtTime(s, keys.samples, t);
        const int m = splitSampleNear(s, keys.samples[std::size_t(k)], keys.samples[std::size_t(k + 1)], t);
        if (m < 0) return false;
        splitCubicSegment(keys, s, k, m);
        result.track = cubicTrackOf(source, s, keys);
        return true;
    };
    result.faithful = confirmEverywhere(source, tolerance, 64 + result.track.keyCount(), split, result.track);
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
    Track t = emptyTrack(source, Interpolation::Linear, int(keySamples.size()));
    for (int k = 0; k < t.keyCount(); ++k) {
        t.times[std::size_t(k)] = static_cast<float>(s.times[std::size_t(keySamples[std::size_t(k)])]);
        for (int c = 0; c < C; ++c)
            t.values[t.at(k, c)] = s.keyValues[std::size_t(keySamples[std::size_t(k)]) * C + std::size_t(c)];
    }
    return t;
}

Candidate fitLinear(const Track& source, const Samples& s, double tolerance, bool everywhere) {
    Candidate result;
    LinearFitter fitter(s, source.path, everywhere ? 0.9 * tolerance : 0.999 * tolerance);
    const int last = int(s.candidates.size()) - 1;
    std::vector<int> keys{s.candidates.front()};
    int a = 0;
    while (a < last) {
        auto reaches = [&](int b) { return fitter.reaches(s.candidates[std::size_t(a)], s.candidates[std::size_t(b)]); };
        int good = a + 1, bad = last + 1, step = 1;
        while (good < last) {
            const int probe = std::min(good + step, last);
            if (!reaches(probe)) {
                bad = probe;
                break;
            }
            good = probe;
            step *= 2;
        }
        while (bad <= last && bad - good > 1) {
            const int mid = good + (bad - good) / 2;
            (reaches(mid) ? good : bad) = mid;
        }
        keys.push_back(s.candidates[std::size_t(good)]);
        a = good;
    }
    result.track = linearTrackOf(source, s, keys);
    if (!everywhere) {
        result.faithful = differenceAtKeys(source, result.track).maxError <= tolerance;
        return result;
    }
    auto split = [&](double t) {
        const int k = keySegmentAtTime(s, keys, t);
        const int m = splitSampleNear(s, keys[std::size_t(k)], keys[std::size_t(k + 1)], t);
        if (m < 0) return false;
        keys.insert(keys.begin() + k + 1, m);
        result.track = linearTrackOf(source, s, keys);
        return true;
    };
    result.faithful = confirmEverywhere(source, tolerance, 64 + result.track.keyCount(), split, result.track);
    return result;
}

// ---------------------------------------------------------------------------------------------
// STEP: the source's keys, dropping each whose value the held one already matches.

Candidate fitStep(const Track& source, double tolerance, bool everywhere, bool exactOnly) {
    Candidate result;
    const int C = source.components;
    const int n = source.keyCount();
    std::vector<int> kept;
    std::vector<double> held(static_cast<std::size_t>(C)), here(static_cast<std::size_t>(C));
    for (int k = 0; k < n; ++k) {
        for (int c = 0; c < C; ++c) here[std::size_t(c)] = source.value(k, c);
        const bool same = exactOnly ? (!kept.empty() && std::equal(here.begin(), here.end(), held.begin()))
                                    : (!kept.empty() && pathError(source.path, C, held.data(), here.data()) <= 0.999 * tolerance);
        if (k == 0 || !same) {
            kept.push_back(k);
            held = here;
        }
    }
    const bool heldAtEnd = kept.back() != n - 1;
    if (heldAtEnd) kept.push_back(n - 1);  // keeps the time range
    Track t = emptyTrack(source, Interpolation::Step, int(kept.size()));
    for (int k = 0; k < t.keyCount(); ++k) {
        const int from = kept[std::size_t(k)];
        // The last key, kept only to end the time range, goes on holding the value before it.
        const bool rangeEnd = k > 0 && k + 1 == t.keyCount() && heldAtEnd;
        t.times[std::size_t(k)] = source.times[std::size_t(from)];
        for (int c = 0; c < C; ++c) t.values[t.at(k, c)] = rangeEnd ? t.values[t.at(k - 1, c)] : source.value(from, c);
    }
    result.track = std::move(t);
    result.faithful = everywhere ? withinEverywhere(source, result.track, tolerance)
                                 : differenceAtKeys(source, result.track).maxError <= tolerance;
    return result;
}

SimplifyResult reportOn(const Track& source, Track track, bool everywhere) {
    SimplifyResult r;
    r.track = std::move(track);
    r.atSourceKeys = differenceAtKeys(source, r.track);
    r.anywhere = differenceEverywhere(source, r.track);
    r.measuredEverywhere = everywhere;
    return r;
}

}  // namespace

SimplifyResult simplify(const Track& source, const SimplifyOptions& options) {
    const bool everywhere = options.strict || source.interpolation == Interpolation::CubicSpline;
    if (source.keyCount() < 2) return reportOn(source, source, everywhere);
    const double tolerance = options.tolerances.forPath(source.path);
    if (source.stepsOnly()) {  // int and bool properties: only repeated values can go
        Candidate step = fitStep(source, tolerance, everywhere, true);
        return reportOn(source, step.faithful && floatBytes(step.track) < floatBytes(source) ? step.track : source,
                        everywhere);
    }
    const Samples samples = sampleSource(source, everywhere, tolerance);
    std::vector<Candidate> candidates;
    if (options.to != SimplifyTarget::Linear) candidates.push_back(fitCubic(source, samples, tolerance, everywhere));
    if (options.to != SimplifyTarget::CubicSpline) candidates.push_back(fitLinear(source, samples, tolerance, everywhere));
    if (options.to == SimplifyTarget::Best) candidates.push_back(fitStep(source, tolerance, everywhere, false));
    const Track* best = nullptr;
    for (const Candidate& c : candidates)
        if (c.faithful && (!best || floatBytes(c.track) < floatBytes(*best))) best = &c.track;
    // The source stays when it is already the asked-for form and no larger, or nothing fitted.
    const bool sourceIsTarget =
        options.to == SimplifyTarget::Best ||
        (options.to == SimplifyTarget::CubicSpline && source.interpolation == Interpolation::CubicSpline) ||
        (options.to == SimplifyTarget::Linear && source.interpolation == Interpolation::Linear);
    if (!best || (sourceIsTarget && floatBytes(source) <= floatBytes(*best))) return reportOn(source, source, everywhere);
    checkTrack(*best);
    return reportOn(source, *best, everywhere);
}

}  // namespace tangent
