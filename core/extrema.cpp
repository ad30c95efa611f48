#include "tangent/extrema.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tangent {

namespace {
constexpr float kInf = std::numeric_limits<float>::infinity();

// From i, the first index in [i, n) whose element is not `before(element)` (a sorted
// sequence): a few steps forward, then a binary search, so that a walk over many intervals is
// O(keys per interval) where keys are sparse and O(log) where they are dense.
template <class T, class Pred>
std::size_t advance(const T* data, std::size_t i, std::size_t n, Pred before) {
    for (int step = 0; step < 4; ++step, ++i)
        if (i >= n || !before(data[i])) return i;
    return std::size_t(std::partition_point(data + i, data + n, before) - data);
}

// The same, the first four steps counted without a branch per element (among sorted
// elements, the count of those that are `before` is where the first one that is not lies).
template <class T, class Pred>
std::size_t advanceCounted(const T* data, std::size_t i, std::size_t n, Pred before) {
    if (i + 4 <= n) {
        const std::size_t s = std::size_t(before(data[i])) + std::size_t(before(data[i + 1])) +
                              std::size_t(before(data[i + 2])) + std::size_t(before(data[i + 3]));
        if (s < 4) return i + s;
        i += 4;
    }
    return advance(data, i, n, before);
}
}  // namespace

int hermiteCriticalPoints(const HermiteCubic& p, double s[2]) {
    // p'(s) = A s^2 + B s + C.
    const double A = 3 * p.a, B = 2 * p.b, C = p.c;
    int n = 0;
    auto offer = [&](double r) {
        if (r > 0 && r < 1) s[n++] = r;
    };
    if (std::abs(A) < 1e-300) {
        if (B != 0) offer(-C / B);
        return n;
    }
    const double disc = B * B - 4 * A * C;
    if (disc < 0) return 0;
    const double sq = std::sqrt(disc);
    // Numerically stable pair of roots.
    const double q = -0.5 * (B + (B >= 0 ? sq : -sq));
    offer(q / A);
    if (q != 0) offer(C / q);
    if (n == 2) {
        if (s[0] > s[1]) std::swap(s[0], s[1]);
        if (s[0] == s[1]) n = 1;
    }
    return n;
}

void hermiteRange(const HermiteCubic& p, double s0, double s1, double& lo, double& hi) {
    const double a = p.at(s0), b = p.at(s1);
    lo = std::min(a, b);
    hi = std::max(a, b);
    double s[2];
    const int n = hermiteCriticalPoints(p, s);
    for (int i = 0; i < n; ++i)
        if (s[i] > s0 && s[i] < s1) {
            const double v = p.at(s[i]);
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
}

// ---- RangeMinMax -------------------------------------------------------------------------

void RangeMinMax::build(const float* data, std::size_t count, std::size_t stride) {
    count_ = count;
    stride_ = stride;
    blocks_ = count / kBlock;  // whole blocks only; the tail is read from the data
    lo_.clear();
    hi_.clear();
    if (blocks_ == 0) return;
    std::vector<float> lo(blocks_), hi(blocks_);
    for (std::size_t b = 0; b < blocks_; ++b) {
        float l = kInf, h = -kInf;
        const float* p = data + b * kBlock * stride;
        for (std::size_t i = 0; i < kBlock; ++i, p += stride) l = std::min(l, *p), h = std::max(h, *p);
        lo[b] = l, hi[b] = h;
    }
    lo_.push_back(std::move(lo));
    hi_.push_back(std::move(hi));
    for (std::size_t span = 2; span <= blocks_; span *= 2) {
        const std::vector<float>& pl = lo_.back();
        const std::vector<float>& ph = hi_.back();
        const std::size_t half = span / 2, n = blocks_ - span + 1;
        std::vector<float> l(n), h(n);
        for (std::size_t i = 0; i < n; ++i) l[i] = std::min(pl[i], pl[i + half]), h[i] = std::max(ph[i], ph[i + half]);
        lo_.push_back(std::move(l));
        hi_.push_back(std::move(h));
    }
}

void RangeMinMax::query(const float* data, std::size_t begin, std::size_t end, float& lo, float& hi) const {
    end = std::min(end, count_);
    if (begin >= end) return;
    auto scan = [&](std::size_t a, std::size_t b) {
        const float* p = data + a * stride_;
        for (std::size_t i = a; i < b; ++i, p += stride_) lo = std::min(lo, *p), hi = std::max(hi, *p);
    };
    const std::size_t b0 = (begin + kBlock - 1) / kBlock, b1 = end / kBlock;  // whole blocks [b0, b1)
    if (end - begin <= 2 * kBlock || b0 >= b1) {
        scan(begin, end);
        return;
    }
    scan(begin, b0 * kBlock);
    scan(b1 * kBlock, end);
    // Two overlapping power-of-two spans cover [b0, b1).
    const std::size_t n = b1 - b0;
    std::size_t level = 0;
    while ((std::size_t(2) << level) <= n) ++level;
    const std::size_t span = std::size_t(1) << level;
    lo = std::min({lo, lo_[level][b0], lo_[level][b1 - span]});
    hi = std::max({hi, hi_[level][b0], hi_[level][b1 - span]});
}

// ---- TrackExtrema ------------------------------------------------------------------------

void TrackExtrema::build(const Track& track, bool normalized) {
    normalized_ = normalized;
    components_ = track.components;
    const int n = track.keyCount(), comps = track.components;
    const bool rotation = track.normalizesResult();
    sampled_ = rotation && ((normalized && track.interpolation == Interpolation::CubicSpline) ||
                            track.interpolation == Interpolation::Linear);
    maxDt_ = 0;
    for (int k = 0; k + 1 < n; ++k) maxDt_ = std::max(maxDt_, double(track.times[k + 1]) - track.times[k]);
    turns_.assign(std::size_t(std::max(0, comps)), Turns{});
    keys_.assign(std::size_t(std::max(0, comps)), RangeMinMax{});
    keyValues_.clear();
    if (n == 0 || comps <= 0) return;

    const float* values = track.values.data();
    if (sampled_) {
        // The played values at the keys.
        std::vector<double> t(track.times.begin(), track.times.end()), out(std::size_t(n) * comps);
        evaluateSorted(track, t.data(), t.size(), out.data(), normalized);
        keyValues_.assign(out.begin(), out.end());
        values = keyValues_.data();
    }
    for (int c = 0; c < comps; ++c) keys_[c].build(values + c, std::size_t(n), std::size_t(comps));
    segmentTurns(track, 0, n - 1, turns_);
    for (int c = 0; c < comps; ++c) turns_[c].index.build(turns_[c].values.data(), turns_[c].values.size(), 1);
}

void TrackExtrema::update(const Track& track, int firstKey, int lastKey) {
    const int n = track.keyCount(), comps = track.components;
    if (comps != components_ || n < 2 ||
        std::size_t(n) * comps != (sampled_ ? keyValues_.size() : track.values.size()) ||
        keys_.size() != std::size_t(comps) || keys_[0].count() != std::size_t(n)) {
        build(track, normalized_);
        return;
    }
    firstKey = std::clamp(firstKey, 0, n - 1);
    lastKey = std::clamp(lastKey, firstKey, n - 1);
    maxDt_ = 0;
    for (int k = 0; k + 1 < n; ++k) maxDt_ = std::max(maxDt_, double(track.times[k + 1]) - track.times[k]);
    const float* values = track.values.data();
    if (sampled_) {
        const int m = lastKey - firstKey + 1;
        std::vector<double> t(track.times.begin() + firstKey, track.times.begin() + lastKey + 1),
                out(std::size_t(m) * comps);
        evaluateSorted(track, t.data(), t.size(), out.data(), normalized_);
        std::copy(out.begin(), out.end(), keyValues_.begin() + std::size_t(firstKey) * comps);
        values = keyValues_.data();
    }
    for (int c = 0; c < comps; ++c) keys_[c].build(values + c, std::size_t(n), std::size_t(comps));
    // The segments that touch the changed keys: [s0, s1). Their turning points lie strictly
    // inside (t_s0, t_s1), whose ends are keys that did not change.
    const int s0 = std::max(0, firstKey - 1), s1 = std::min(n - 1, lastKey + 1);
    std::vector<Turns> fresh(static_cast<std::size_t>(comps));
    segmentTurns(track, s0, s1, fresh);
    // (The first or last key itself changed: from the start / to the end.)
    const double ta = s0 == firstKey ? -HUGE_VAL : double(track.times[s0]);
    const double tb = s1 == lastKey ? HUGE_VAL : double(track.times[s1]);
    for (int c = 0; c < comps; ++c) {
        Turns& tp = turns_[c];
        const auto b = std::upper_bound(tp.times.begin(), tp.times.end(), ta) - tp.times.begin();
        const auto e = std::lower_bound(tp.times.begin() + b, tp.times.end(), tb) - tp.times.begin();
        tp.times.erase(tp.times.begin() + b, tp.times.begin() + e);
        tp.values.erase(tp.values.begin() + b, tp.values.begin() + e);
        tp.times.insert(tp.times.begin() + b, fresh[c].times.begin(), fresh[c].times.end());
        tp.values.insert(tp.values.begin() + b, fresh[c].values.begin(), fresh[c].values.end());
        tp.index.build(tp.values.data(), tp.values.size(), 1);
    }
}

void TrackExtrema::segmentTurns(const Track& track, int kBegin, int kEnd, std::vector<Turns>& into) const {
    const int comps = track.components;
    const bool normalized = normalized_;
    auto addTurn = [&](int c, double t, double v) {
        into[c].times.push_back(t);
        into[c].values.push_back(float(v));
    };
    if (track.interpolation == Interpolation::CubicSpline && !sampled_) {
        // Exact: the real roots of each segment's cubic derivative.
        for (int k = kBegin; k < kEnd; ++k) {
            const double ta = track.times[k], dt = double(track.times[k + 1]) - ta;
            if (!(dt > 0)) continue;
            for (int c = 0; c < comps; ++c) {
                const double v0 = track.value(k, c), v1 = track.value(k + 1, c);
                const double m0 = dt * track.outTangent(k, c), m1 = dt * track.inTangent(k + 1, c);
                if (hermiteWithinEnds(v0, v1, m0, m1)) continue;
                const HermiteCubic p = HermiteCubic::fromSegment(v0, v1, m0, m1);
                double s[2];
                const int m = hermiteCriticalPoints(p, s);
                for (int i = 0; i < m; ++i) addTurn(c, ta + s[i] * dt, p.at(s[i]));
            }
        }
    } else if (sampled_ && kEnd > kBegin) {
        // Not a polynomial: each segment sampled at 8 equal steps plus the raw components'
        // turning points (normalization couples the components); the local extremes among the
        // interior samples are the turning points.
        // All samples of all segments in one sorted batch (evaluateSorted walks forward).
        constexpr int kSteps = 8;
        std::vector<double> ts, out, refine(static_cast<std::size_t>(comps));
        std::vector<std::size_t> offsets;  // segment k's samples: [offsets[k - kBegin], offsets[k - kBegin + 1])
        std::vector<double> ss;
        ts.reserve(std::size_t(kEnd - kBegin) * (kSteps + 2));
        offsets.reserve(std::size_t(kEnd - kBegin) + 1);
        for (int k = kBegin; k < kEnd; ++k) {
            offsets.push_back(ts.size());
            const double ta = track.times[k], tb = track.times[k + 1], dt = tb - ta;
            if (!(dt > 0)) continue;
            ss.clear();
            for (int i = 1; i < kSteps; ++i) ss.push_back(double(i) / kSteps);
            if (track.interpolation == Interpolation::CubicSpline)
                for (int c = 0; c < comps; ++c) {
                    const double v0 = track.value(k, c), v1 = track.value(k + 1, c);
                    const double m0 = dt * track.outTangent(k, c), m1 = dt * track.inTangent(k + 1, c);
                    if (hermiteWithinEnds(v0, v1, m0, m1)) continue;
                    double s[2];
                    const int m = hermiteCriticalPoints(HermiteCubic::fromSegment(v0, v1, m0, m1), s);
                    for (int i = 0; i < m; ++i) ss.push_back(s[i]);
                }
            std::sort(ss.begin(), ss.end());
            ts.push_back(ta);
            for (double x : ss) ts.push_back(std::clamp(ta + x * dt, ta, tb));
            ts.push_back(tb);
        }
        offsets.push_back(ts.size());
        out.resize(ts.size() * comps);
        evaluateSorted(track, ts.data(), ts.size(), out.data(), normalized);
        for (int k = kBegin; k < kEnd; ++k)
            for (int c = 0; c < comps; ++c)
                for (std::size_t i = offsets[k - kBegin] + 1; i + 1 < offsets[k - kBegin + 1]; ++i) {
                    const double p = out[(i - 1) * comps + c], v = out[i * comps + c], q = out[(i + 1) * comps + c];
                    if ((v > p && v >= q) || (v < p && v <= q)) {
                        // Refined: the vertex of the parabola through the three samples, twice.
                        double t = ts[i], best = v;
                        double ta = ts[i - 1], tb = ts[i + 1], fa = p, fb = q;
                        for (int it = 0; it < 2; ++it) {
                            const double d1 = (t - ta), d2 = (tb - t);
                            const double den = d1 * (best - fb) + d2 * (best - fa);
                            if (!(d1 > 0 && d2 > 0) || den == 0) break;
                            const double tv = t - 0.5 * (d1 * d1 * (best - fb) - d2 * d2 * (best - fa)) / den;
                            if (!(tv > ta && tv < tb) || tv == t) break;
                            evaluate(track, tv, refine.data());  // sampled_: evaluate plays the same curve
                            const double fv = refine[c];
                            const bool better = v > p ? fv > best : fv < best;
                            if (!better) break;
                            // Keep the bracket around the better point.
                            if (tv < t)
                                tb = t, fb = best;
                            else
                                ta = t, fa = best;
                            t = tv, best = fv;
                        }
                        addTurn(c, t, best);
                    }
                }
    }
}

namespace {

// Widens l/h (one entry per component) by the key values of keys [kA, kB): through the range
// index when there are many, by a plain scan when there are few.
inline void includeKeys(const RangeMinMax* keyIndex, const float* keyValues, int comps, std::size_t kA, std::size_t kB,
                        float* l, float* h) {
    if (kB - kA > 4 * RangeMinMax::kBlock) {
        for (int c = 0; c < comps; ++c) keyIndex[c].query(keyValues + c, kA, kB, l[c], h[c]);
        return;
    }
    for (std::size_t k = kA; k < kB; ++k) {
        const float* v = keyValues + k * comps;
        for (int c = 0; c < comps; ++c) l[c] = std::min(l[c], v[c]), h[c] = std::max(h[c], v[c]);
    }
}

// The columns [first, last): the curve at both (clamped) edges te[i], te[i+1] and the key
// values in between. C: the component count when known at compile time (0: `comps`).
template <int C>
void columnsFromKeys(const RangeMinMax* keyIndex, const float* keyValues, int compsIn, const float* times, int n,
                     const double* te, const double* ve, std::size_t first, std::size_t last, float* const* lo,
                     float* const* hi) {
    const int comps = C > 0 ? C : compsIn;
    std::size_t kA = 0, kB = 0;  // keys in [a, b]: [kA, kB)
    // Weights channels may have any number of morph targets: no fixed-size storage here.
    thread_local std::vector<float> lv, hv;
    lv.resize(std::size_t(comps));
    hv.resize(std::size_t(comps));
    float* const l = lv.data();
    float* const h = hv.data();
    for (std::size_t col = first; col < last; ++col) {
        const std::size_t i = col - first;
        const double a = te[i], b = te[i + 1];
        kA = advance(times, kA, std::size_t(n), [a](float t) { return double(t) < a; });
        kB = advance(times, std::max(kA, kB), std::size_t(n), [b](float t) { return double(t) <= b; });
        const double* ea = ve + i * comps;
        const double* eb = ea + comps;
        for (int c = 0; c < comps; ++c) l[c] = float(std::min(ea[c], eb[c])), h[c] = float(std::max(ea[c], eb[c]));
        includeKeys(keyIndex, keyValues, comps, kA, kB, l, h);
        for (int c = 0; c < comps; ++c) lo[c][col] = l[c], hi[c][col] = h[c];
    }
}

// CUBICSPLINE: the same with the edges evaluated on the way (the segment at an edge is the one
// the key walk is at, its data already in cache), the right edge's value reused as the next
// column's left. Norm: normalized (rotation's played curve).
template <int C, bool Norm>
void columnsFused(const Track& track, const RangeMinMax* keyIndex, const float* keyValues, const double* te,
                  std::size_t first, std::size_t last, float* const* lo, float* const* hi) {
    const int comps = C > 0 ? C : track.components;
    const int n = track.keyCount();
    const float* times = track.times.data();
    const float* values = track.values.data();
    const float* ins = track.inTangents.data();
    const float* outs = track.outTangents.data();
    // The curve at t, where j is the first key after t.
    auto evalAt = [&](double t, std::size_t j, double* out)
#if defined(__GNUC__)
            __attribute__((always_inline))  // (one call per column: GCC kept it out of line)
#endif
    {
        const float* v;
        if (j == 0)
            v = values;
        else if (j >= std::size_t(n))
            v = values + std::size_t(n - 1) * comps;
        else {
            const std::size_t k = j - 1;
            const double t0 = times[k], dt = double(times[j]) - t0;
            v = values + k * comps;
            if (t != t0 && dt > 0) {
                const double sp = (t - t0) / dt, s2 = sp * sp, s3 = s2 * sp;
                const double h00 = 2 * s3 - 3 * s2 + 1, h10 = (s3 - 2 * s2 + sp) * dt, h01 = -2 * s3 + 3 * s2,
                             h11 = (s3 - s2) * dt;
                const float* v1 = v + comps;
                const float* b0 = outs + k * comps;
                const float* a1 = ins + j * comps;
                for (int c = 0; c < comps; ++c) out[c] = h00 * v[c] + h10 * b0[c] + h01 * v1[c] + h11 * a1[c];
                v = nullptr;
            } else if (!(dt > 0)) {
                v = values + j * comps;
            }
        }
        if (v)
            for (int c = 0; c < comps; ++c) out[c] = v[c];
        if constexpr (Norm) {
            double len2 = 0;
            for (int c = 0; c < comps; ++c) len2 += out[c] * out[c];
            if (len2 > 0) {
                const double inv = 1 / std::sqrt(len2);
                for (int c = 0; c < comps; ++c) out[c] *= inv;
            }
        }
    };
    double ea[64] = {}, eb[64] = {};  // comps <= 64: the caller checks
    float l[64], h[64];
    std::size_t kA = 0, kB = 0;  // keys in [a, b]: [kA, kB)
    {
        const double a = te[0];
        const std::size_t j = advance(times, 0, std::size_t(n), [a](float t) { return double(t) <= a; });
        evalAt(a, j, ea);
    }
    for (std::size_t col = first; col < last; ++col) {
        const std::size_t i = col - first;
        const double a = te[i], b = te[i + 1];
        if (i == 0) {
            kA = advance(times, kA, std::size_t(n), [a](float t) { return double(t) < a; });
        } else {
            // a is the last column's b: the keys before kB are <= a, so the first key >= a is
            // kB unless keys at exactly a precede it.
            kA = kB;
            while (kA > 0 && !(double(times[kA - 1]) < a)) --kA;
        }
        kB = advanceCounted(times, std::max(kA, kB), std::size_t(n), [b](float t) { return double(t) <= b; });
        evalAt(b, kB, eb);
        for (int c = 0; c < comps; ++c) l[c] = float(std::min(ea[c], eb[c])), h[c] = float(std::max(ea[c], eb[c]));
        includeKeys(keyIndex, keyValues, comps, kA, kB, l, h);
        for (int c = 0; c < comps; ++c) lo[c][col] = l[c], hi[c][col] = h[c], ea[c] = eb[c];
    }
}

}  // namespace

void TrackExtrema::intervalRanges(const Track& track, const double* edges, std::size_t count, float* const* lo,
                                  float* const* hi) const {
    const int comps = components_;
    if (count < 2) return;
    const std::size_t columns = count - 1;
    const int n = track.keyCount();
    // The columns that meet the key range: [first, last); the others are empty.
    std::size_t first = 0, last = columns;
    if (n > 0) {
        const double T0 = track.times.front(), T1 = track.times.back();
        while (first < columns && !(edges[first + 1] > T0)) ++first;
        while (last > first && !(edges[last - 1] <= T1)) --last;
    }
    if (n == 0 || comps != track.components || first >= last) first = last = columns;
    for (int c = 0; c < comps; ++c) {
        std::fill(lo[c], lo[c] + first, kInf);
        std::fill(hi[c], hi[c] + first, -kInf);
        std::fill(lo[c] + last, lo[c] + columns, kInf);
        std::fill(hi[c] + last, hi[c] + columns, -kInf);
    }
    if (first >= last) return;
    const double T0 = track.times.front(), T1 = track.times.back();

    // The edges of those columns, clamped to the key range.
    const std::size_t ne = last - first + 1;
    thread_local std::vector<double> te, ve;
    te.resize(ne);
    for (std::size_t i = 0; i < ne; ++i) te[i] = std::clamp(edges[first + i], T0, T1);
    const float* keyValues = sampled_ ? keyValues_.data() : track.values.data();
    const bool cubic = track.interpolation == Interpolation::CubicSpline && n >= 2;
    const bool norm = normalized_ && track.normalizesResult();
    if (cubic && comps <= 64) {
        if (comps == 3 && !norm)
            columnsFused<3, false>(track, keys_.data(), keyValues, te.data(), first, last, lo, hi);
        else if (comps == 4 && norm)
            columnsFused<4, true>(track, keys_.data(), keyValues, te.data(), first, last, lo, hi);
        else if (comps == 4)
            columnsFused<4, false>(track, keys_.data(), keyValues, te.data(), first, last, lo, hi);
        else if (norm)
            columnsFused<0, true>(track, keys_.data(), keyValues, te.data(), first, last, lo, hi);
        else
            columnsFused<0, false>(track, keys_.data(), keyValues, te.data(), first, last, lo, hi);
    } else {
        // The curve at every edge, in one batch.
        ve.resize(ne * comps);
        evaluateSorted(track, te.data(), ne, ve.data(), normalized_);
    }
    if (cubic && comps <= 64) {
    } else if (comps == 3)
        columnsFromKeys<3>(keys_.data(), keyValues, 3, track.times.data(), n, te.data(), ve.data(), first, last, lo,
                           hi);
    else if (comps == 4)
        columnsFromKeys<4>(keys_.data(), keyValues, 4, track.times.data(), n, te.data(), ve.data(), first, last, lo,
                           hi);
    else
        columnsFromKeys<0>(keys_.data(), keyValues, comps, track.times.data(), n, te.data(), ve.data(), first, last, lo,
                           hi);

    // Turning points: sparse, so each is added to the column(s) it lies in; where they are
    // denser than the columns, a range query per column instead.
    const std::size_t cols = last - first;
    for (int c = 0; c < comps; ++c) {
        const Turns& tp = turns_[c];
        const std::size_t m = tp.times.size();
        if (m == 0) continue;
        float* l = lo[c] + first;
        float* h = hi[c] + first;
        if (m > 4 * cols) {
            std::size_t ta = 0, tb = 0;
            for (std::size_t i = 0; i < cols; ++i) {
                const double a = te[i], b = te[i + 1];
                ta = advance(tp.times.data(), ta, m, [a](double t) { return t < a; });
                tb = advance(tp.times.data(), std::max(ta, tb), m, [b](double t) { return t <= b; });
                tp.index.query(tp.values.data(), ta, tb, l[i], h[i]);
            }
            continue;
        }
        // The column of a turning point: guessed from the mean column width, then moved to
        // the first column whose right edge is not left of it (edges are usually uniform).
        // The interior edges te[1 .. cols - 1] are the caller's (the outer two may be clamped to
        // the key range, which would shift every guess by a fraction of a column and make the
        // corrections below a coin toss): the guess is made from them.
        const bool inner = cols >= 3;
        const double e0 = inner ? te[1] : te[0];
        const double perColumn = inner ? (cols - 2) / (te[cols - 1] - te[1]) : cols / (te[cols] - te[0]);
        const double g0 = inner ? 1 : 0;
        const bool uniform = perColumn > 0 && std::isfinite(perColumn);
        std::size_t i = 0;
        for (std::size_t j = 0; j < m; ++j) {
            const double t = tp.times[j];
            const float v = tp.values[j];
            if (uniform) {
                const double g = g0 + (t - e0) * perColumn;  // truncated below: a guess only
                i = !(g > 0)            ? 0
                    : g >= double(cols) ? cols
                                        : std::size_t(std::ptrdiff_t(g));  // (signed: one instruction)
                while (i > 0 && !(te[i] < t)) --i;                         // te[i] < t <= ... or i = 0
                while (i < cols && te[i + 1] < t) ++i;                     // first column with te[i + 1] >= t
            } else {
                i = advance(te.data() + 1, i, cols, [t](double e) { return e < t; });
            }
            // Column i (and the next ones while t is on their left edge): [te[i], te[i+1]] holds t.
            for (std::size_t k = i; k < cols && te[k] <= t; ++k)
                if (t <= te[k + 1]) l[k] = std::min(l[k], v), h[k] = std::max(h[k], v);
        }
    }
}

}  // namespace tangent
