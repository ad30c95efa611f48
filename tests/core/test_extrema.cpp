// Exact minima and maxima of curves over intervals (tangent/extrema.h): the Hermite cubic's
// critical points against closed forms and dense sampling, the range min/max index against a
// plain scan, and TrackExtrema's interval ranges against dense sampling of the curve.
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "tangent/extrema.h"
#include "tangent/track.h"

using namespace tangent;

namespace {

// min/max of the cubic over [s0, s1] from dense sampling.
std::pair<double, double> sampled(const HermiteCubic& p, double s0, double s1, int n = 20000) {
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i <= n; ++i) {
        const double v = p.at(s0 + (s1 - s0) * i / n);
        lo = std::min(lo, v), hi = std::max(hi, v);
    }
    return {lo, hi};
}

Track wiggly(int keys, TargetPath path, int comps, Interpolation interp = Interpolation::CubicSpline) {
    Track t;
    t.interpolation = interp;
    t.path = path;
    t.components = comps;
    t.resize(keys);
    for (int k = 0; k < keys; ++k) {
        const double time = k / 30.0 + (k % 3) * 0.004;  // slightly uneven
        t.times[k] = float(time);
        for (int c = 0; c < comps; ++c) {
            const double w = 2 + c;
            double v = std::sin(w * time + c) + 0.3 * std::sin(7.3 * w * time);
            double d = w * std::cos(w * time + c) + 0.3 * 7.3 * w * std::cos(7.3 * w * time);
            if (path == TargetPath::Rotation) v = 0.5 + 0.2 * v, d *= 0.2;
            t.values[t.at(k, c)] = float(v);
            if (interp == Interpolation::CubicSpline) {
                t.inTangents[t.at(k, c)] = float(d);
                t.outTangents[t.at(k, c)] = float(k % 7 == 3 ? -3 * d : d);  // broken: overshoot
            }
        }
    }
    return t;
}

}  // namespace

TEST(Extrema, CriticalPointsOfKnownCubics) {
    // p(s) = s^3 - 1.5 s^2 + 0.5 s... as Hermite: v0 = 0, v1 = 0, m0 = p'(0) = 0.5, m1 = p'(1) = 0.5.
    // p'(s) = 3 s^2 - 3 s + 0.5: roots (3 -+ sqrt(3)) / 6.
    const HermiteCubic p = HermiteCubic::fromSegment(0, 0, 0.5, 0.5);
    EXPECT_DOUBLE_EQ(p.a, 1);
    EXPECT_DOUBLE_EQ(p.b, -1.5);
    double s[2];
    ASSERT_EQ(hermiteCriticalPoints(p, s), 2);
    EXPECT_NEAR(s[0], (3 - std::sqrt(3.0)) / 6, 1e-15);
    EXPECT_NEAR(s[1], (3 + std::sqrt(3.0)) / 6, 1e-15);
    // A quadratic (a = 0): v0 = 0, v1 = 0, m0 = 1, m1 = -1 -> p = s - s^2, maximum 1/4 at 1/2.
    const HermiteCubic q = HermiteCubic::fromSegment(0, 0, 1, -1);
    EXPECT_DOUBLE_EQ(q.a, 0);
    ASSERT_EQ(hermiteCriticalPoints(q, s), 1);
    EXPECT_DOUBLE_EQ(s[0], 0.5);
    double lo, hi;
    hermiteRange(q, 0, 1, lo, hi);
    EXPECT_DOUBLE_EQ(lo, 0);
    EXPECT_DOUBLE_EQ(hi, 0.25);
    // Part of it: [0.6, 1] is monotone, the ends are the extremes.
    hermiteRange(q, 0.6, 1, lo, hi);
    EXPECT_DOUBLE_EQ(lo, 0);
    EXPECT_DOUBLE_EQ(hi, 0.6 - 0.36);
    // A straight line: no critical point.
    EXPECT_EQ(hermiteCriticalPoints(HermiteCubic::fromSegment(0, 1, 1, 1), s), 0);
    EXPECT_TRUE(hermiteWithinEnds(0, 1, 1, 1));
    EXPECT_FALSE(hermiteWithinEnds(0, 0, 0.5, 0.5));
}

TEST(Extrema, HermiteRangeMatchesDenseSampling) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> u(-3, 3), us(0, 1);
    for (int i = 0; i < 2000; ++i) {
        const HermiteCubic p = HermiteCubic::fromSegment(u(rng), u(rng), 4 * u(rng), 4 * u(rng));
        double s0 = us(rng), s1 = us(rng);
        if (s0 > s1) std::swap(s0, s1);
        double lo, hi;
        hermiteRange(p, s0, s1, lo, hi);
        const auto [slo, shi] = sampled(p, s0, s1);
        // Exact: never inside the sampled range, and only by the sampling error outside it.
        EXPECT_LE(lo, slo + 1e-12);
        EXPECT_GE(hi, shi - 1e-12);
        EXPECT_NEAR(lo, slo, 1e-6) << i;
        EXPECT_NEAR(hi, shi, 1e-6) << i;
    }
}

TEST(Extrema, RangeMinMaxMatchesAScan) {
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> u(-100, 100);
    for (std::size_t n : {0u, 1u, 15u, 16u, 17u, 100u, 1000u, 4099u}) {
        const int stride = 3;
        std::vector<float> data(n * stride);
        for (float& x : data) x = u(rng);
        for (int c = 0; c < stride; ++c) {
            RangeMinMax index;
            index.build(data.data() + c, n, stride);
            std::uniform_int_distribution<std::size_t> ui(0, n);
            for (int q = 0; q < 500; ++q) {
                std::size_t a = ui(rng), b = ui(rng);
                if (a > b) std::swap(a, b);
                float lo = INFINITY, hi = -INFINITY;
                index.query(data.data() + c, a, b, lo, hi);
                float elo = INFINITY, ehi = -INFINITY;
                for (std::size_t i = a; i < b; ++i)
                    elo = std::min(elo, data[i * stride + c]), ehi = std::max(ehi, data[i * stride + c]);
                EXPECT_EQ(lo, elo) << n << " [" << a << ", " << b << ")";
                EXPECT_EQ(hi, ehi) << n << " [" << a << ", " << b << ")";
            }
        }
    }
}

namespace {

// The curve's range over [t0, t1] by dense sampling plus the keys inside.
std::pair<double, double> curveRange(const Track& t, int comp, bool normalized, double t0, double t1) {
    double lo = INFINITY, hi = -INFINITY;
    std::vector<double> out(t.components);
    auto at = [&](double time) {
        if (normalized)
            evaluate(t, time, out.data());
        else
            evaluateRaw(t, time, out.data());
        lo = std::min(lo, out[comp]), hi = std::max(hi, out[comp]);
    };
    // 400 samples per key interval, the keys, and the interval's ends.
    at(t0);
    at(t1);
    for (int k = 0; k + 1 < t.keyCount(); ++k) {
        const double a = t.times[k], b = t.times[k + 1];
        if (b < t0 || a > t1) continue;
        for (int i = 0; i <= 400; ++i)
            if (const double time = a + (b - a) * i / 400; time >= t0 && time <= t1) at(time);
    }
    return {lo, hi};
}

void checkIntervals(const Track& t, bool normalized, double left, double width, int count, double relTol) {
    TrackExtrema x;
    x.build(t, normalized);
    std::vector<double> edges(count + 1);
    for (int i = 0; i <= count; ++i) edges[i] = left + width * i;
    const int comps = t.components;
    std::vector<std::vector<float>> lo(comps, std::vector<float>(count)), hi(comps, std::vector<float>(count));
    std::vector<float*> lp, hp;
    for (int c = 0; c < comps; ++c) lp.push_back(lo[c].data()), hp.push_back(hi[c].data());
    x.intervalRanges(t, edges.data(), edges.size(), lp.data(), hp.data());
    int checked = 0;
    for (int i = 0; i < count; ++i) {
        const double a = edges[i], b = edges[i + 1];
        for (int c = 0; c < comps; ++c) {
            if (b <= t.startTime() || a > t.endTime()) {
                EXPECT_GT(lo[c][i], hi[c][i]) << "interval " << i << " is outside the keys";
                continue;
            }
            const auto [slo, shi] = curveRange(t, c, normalized, std::max(a, t.startTime()), std::min(b, t.endTime()));
            const double tol = relTol * (1 + std::abs(slo) + std::abs(shi));
            EXPECT_NEAR(lo[c][i], slo, tol) << "interval " << i << " component " << c;
            EXPECT_NEAR(hi[c][i], shi, tol) << "interval " << i << " component " << c;
            ++checked;
        }
    }
    EXPECT_GT(checked, count / 2);
}

}  // namespace

TEST(Extrema, IntervalRangesOfCubicsAreExact) {
    const Track t = wiggly(400, TargetPath::Translation, 3);
    EXPECT_GT(TrackExtrema().maxSegmentDuration(), -1);
    // Several keys per interval, fewer keys than intervals, and intervals beyond both ends.
    checkIntervals(t, false, -0.3, 0.1, 150, 2e-6);
    checkIntervals(t, false, 1.0, 0.013, 200, 2e-6);
    // One interval over everything (a range query over all keys and turning points).
    checkIntervals(t, false, -1, 20, 1, 2e-6);
    TrackExtrema x;
    x.build(t, false);
    EXPECT_GT(x.turningPointCount(0), 10u);  // the broken keys overshoot
    EXPECT_NEAR(x.maxSegmentDuration(), 1 / 30.0 + 0.004, 1e-6);
}

TEST(Extrema, IntervalRangesOfNormalizedRotationLinearAndStep) {
    // Normalized rotation is sampled (8 steps per segment plus the raw turning points).
    const Track rot = wiggly(300, TargetPath::Rotation, 4);
    checkIntervals(rot, true, 0, 0.1, 110, 2e-4);
    checkIntervals(rot, false, 0, 0.1, 110, 2e-6);  // the raw cubics: exact
    checkIntervals(wiggly(300, TargetPath::Translation, 3, Interpolation::Linear), false, 0.01, 0.07, 150, 1e-6);
    checkIntervals(wiggly(300, TargetPath::Rotation, 4, Interpolation::Linear), true, 0.01, 0.07, 150, 2e-4);
    checkIntervals(wiggly(300, TargetPath::Translation, 2, Interpolation::Step), false, 0.01, 0.07, 150, 1e-6);
}

// Facial rigs have well over a hundred morph targets: no fixed-size per-component storage.
// (The reference is dense sampling; the higher components oscillate at up to 100 rad/s, so it
// trails the exact extrema by ~1e-4.)
TEST(Extrema, IntervalRangesOfManyMorphTargets) {
    checkIntervals(wiggly(40, TargetPath::Weights, 100), false, -0.1, 0.02, 80, 1e-3);
    checkIntervals(wiggly(40, TargetPath::Weights, 100, Interpolation::Linear), false, -0.1, 0.02, 80, 1e-3);
}

// After an edit of a few keys, updating the index for those keys gives what a full build gives:
// the same ranges over every interval (tangent edits, value edits, the first and last keys,
// raw and normalized rotation).
TEST(Extrema, UpdatingTheEditedSegmentsEqualsAFullBuild) {
    struct Case {
        TargetPath path;
        int comps;
        bool normalized;
    };
    for (const Case& cs : {Case{TargetPath::Translation, 3, false}, Case{TargetPath::Rotation, 4, true},
                           Case{TargetPath::Rotation, 4, false}}) {
        Track t = wiggly(400, cs.path, cs.comps);
        TrackExtrema incremental;
        incremental.build(t, cs.normalized);
        std::mt19937 rng(7);
        for (int edit = 0; edit < 12; ++edit) {
            // Keys [k0, k1]: tangents turned steeply (new turning points), or values moved.
            const int k0 = edit == 0 ? 0 : edit == 1 ? 398 : int(rng() % 390), k1 = std::min(399, k0 + int(rng() % 3));
            for (int k = k0; k <= k1; ++k)
                for (int c = 0; c < cs.comps; ++c) {
                    if (edit % 3 == 2)
                        t.values[t.at(k, c)] += 0.05f * float(c + 1);
                    else
                        t.outTangents[t.at(k, c)] = t.inTangents[t.at(k, c)] = (edit % 2 ? -4.0f : 5.0f) * float(c + 1);
                }
            incremental.update(t, k0, k1);
            TrackExtrema full;
            full.build(t, cs.normalized);
            ASSERT_EQ(incremental.maxSegmentDuration(), full.maxSegmentDuration());
            for (int c = 0; c < cs.comps; ++c)
                ASSERT_EQ(incremental.turningPointCount(c), full.turningPointCount(c)) << edit;
            // Columns of 0.05 s and of 2 s over the whole track.
            for (double width : {0.05, 2.0}) {
                std::vector<double> edges;
                for (double e = -0.1; e < t.endTime() + 0.2; e += width) edges.push_back(e);
                const std::size_t cols = edges.size() - 1;
                std::vector<std::vector<float>> lo1(cs.comps, std::vector<float>(cols)), hi1 = lo1, lo2 = lo1,
                                                                                         hi2 = lo1;
                std::vector<float*> l1, h1, l2, h2;
                for (int c = 0; c < cs.comps; ++c)
                    l1.push_back(lo1[c].data()), h1.push_back(hi1[c].data()), l2.push_back(lo2[c].data()),
                            h2.push_back(hi2[c].data());
                incremental.intervalRanges(t, edges.data(), edges.size(), l1.data(), h1.data());
                full.intervalRanges(t, edges.data(), edges.size(), l2.data(), h2.data());
                for (int c = 0; c < cs.comps; ++c)
                    for (std::size_t i = 0; i < cols; ++i) {
                        ASSERT_EQ(lo1[c][i], lo2[c][i]) << "edit " << edit << " comp " << c << " column " << i;
                        ASSERT_EQ(hi1[c][i], hi2[c][i]) << "edit " << edit << " comp " << c << " column " << i;
                    }
            }
        }
    }
}
