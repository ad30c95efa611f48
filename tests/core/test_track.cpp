#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tangent/track.h"

using namespace tangent;

namespace {

// Three keys, uneven spacing, broken tangents at the middle key; 3 components.
Track cubicTrack() {
    Track t;
    t.interpolation = Interpolation::CubicSpline;
    t.path = TargetPath::Translation;
    t.components = 3;
    t.resize(3);
    t.times = {0.5f, 1.25f, 3.0f};
    t.values = {0, 1, 2, 4, -1, 0.5f, 2, 2, -3};
    t.inTangents = {0, 0, 0, 1.5f, -2, 0, 0.25f, 1, 7};
    t.outTangents = {3, 0.5f, -1, -0.5f, -2, 4, 0, 0, 0};
    return t;
}

// The spec's formula, written out independently of the library.
double specCubic(const Track& t, double time, int c) {
    int k = 0;
    while (k + 2 < t.keyCount() && t.times[k + 1] <= time) ++k;
    const double tk = t.times[k], tk1 = t.times[k + 1], dt = tk1 - tk, s = (time - tk) / dt;
    const double vk = t.values[k * 3 + c], bk = t.outTangents[k * 3 + c];
    const double vk1 = t.values[(k + 1) * 3 + c], ak1 = t.inTangents[(k + 1) * 3 + c];
    return (2 * s * s * s - 3 * s * s + 1) * vk + dt * (s * s * s - 2 * s * s + s) * bk +
           (-2 * s * s * s + 3 * s * s) * vk1 + dt * (s * s * s - s * s) * ak1;
}

}  // namespace

TEST(Track, CubicMatchesTheSpecFormula) {
    const Track t = cubicTrack();
    for (double time = 0.5; time < 3.0; time += 0.01) {
        double out[3];
        evaluate(t, time, out);
        for (int c = 0; c < 3; ++c) EXPECT_NEAR(out[c], specCubic(t, time, c), 1e-12) << time;
    }
}

TEST(Track, ClampsOutsideTheRangeAndHitsKeysExactly) {
    const Track t = cubicTrack();
    double out[3];
    evaluate(t, 0.0, out);
    EXPECT_EQ(out[0], 0);
    EXPECT_EQ(out[2], 2);
    evaluate(t, 100.0, out);
    EXPECT_EQ(out[0], 2);
    EXPECT_EQ(out[2], -3);
    evaluate(t, 1.25, out);
    EXPECT_EQ(out[0], 4);
    EXPECT_EQ(out[1], -1);
    EXPECT_EQ(out[2], 0.5);
    evaluate(t, std::nan(""), out);  // NaN time: clamped, finite
    EXPECT_EQ(out[0], 0);
}

TEST(Track, SlopeAtKeysIsTheStoredTangent) {
    const Track t = cubicTrack();
    EXPECT_NEAR(slopeAt(t, 0.5, 0), 3, 1e-12);
    EXPECT_NEAR(slopeAt(t, 1.25, 0), -0.5, 1e-12);       // out-going at a key
    EXPECT_NEAR(slopeAt(t, 1.25 - 1e-9, 0), 1.5, 1e-6);  // in-coming just before it
    EXPECT_NEAR(slopeAt(t, 3.0, 2), 7, 1e-12);
}

TEST(Track, BrokenKeysIgnoreUnusedEndTangents) {
    Track t = cubicTrack();
    EXPECT_FALSE(t.isBroken(0));  // in 0 vs out 3: the in-tangent is unused
    EXPECT_TRUE(t.isBroken(1));
    EXPECT_FALSE(t.isBroken(2));
    t.inTangents[3] = t.outTangents[3];
    t.inTangents[5] = t.outTangents[5];
    t.inTangents[4] = t.outTangents[4];
    EXPECT_FALSE(t.isBroken(1));
}

TEST(Track, LinearAndStep) {
    Track t;
    t.interpolation = Interpolation::Linear;
    t.path = TargetPath::Scale;
    t.components = 1;
    t.resize(2);
    t.times = {1, 3};
    t.values = {2, 6};
    double v;
    evaluate(t, 2.5, &v);
    EXPECT_DOUBLE_EQ(v, 5);
    t.interpolation = Interpolation::Step;
    evaluate(t, 2.999, &v);
    EXPECT_EQ(v, 2);
    evaluate(t, 3, &v);
    EXPECT_EQ(v, 6);
}

TEST(Track, LinearRotationIsShortestPathSlerp) {
    Track t;
    t.interpolation = Interpolation::Linear;
    t.path = TargetPath::Rotation;
    t.components = 4;
    t.resize(2);
    t.times = {0, 1};
    // Identity and 90 degrees about z, the second written in the opposite hemisphere.
    const float h = float(std::sqrt(0.5));
    t.values = {0, 0, 0, 1, 0, 0, -h, -h};
    double q[4];
    evaluate(t, 0.5, q);
    // Halfway on the short arc: 45 degrees about z (up to the sign of the whole quaternion).
    const double sign = q[3] < 0 ? -1 : 1;
    EXPECT_NEAR(sign * q[2], std::sin(M_PI / 8), 1e-7);
    EXPECT_NEAR(sign * q[3], std::cos(M_PI / 8), 1e-7);
    EXPECT_NEAR(q[0], 0, 1e-12);
}

TEST(Track, CubicRotationIsNormalized) {
    Track t;
    t.interpolation = Interpolation::CubicSpline;
    t.path = TargetPath::Rotation;
    t.components = 4;
    t.resize(2);
    t.times = {0, 1};
    t.values = {0, 0, 0, 1, 0, 0, 1, 0};
    double q[4], raw[4];
    evaluate(t, 0.5, q);
    evaluateRaw(t, 0.5, raw);
    EXPECT_NEAR(std::hypot(std::hypot(q[0], q[1]), std::hypot(q[2], q[3])), 1, 1e-15);
    EXPECT_NEAR(raw[2], 0.5, 1e-15);  // the raw cubic: plain Hermite with zero tangents
    EXPECT_NEAR(q[2], raw[2] / std::sqrt(0.5), 1e-15);
}

TEST(Track, ZeroLengthQuaternionStaysFinite) {
    Track t;
    t.interpolation = Interpolation::CubicSpline;
    t.path = TargetPath::Rotation;
    t.components = 4;
    t.resize(2);
    t.times = {0, 1};
    t.values = {0, 0, 0, 1, 0, 0, 0, -1};  // passes through zero at s = 0.5
    double q[4];
    evaluate(t, 0.5, q);
    for (double x : q) EXPECT_TRUE(std::isfinite(x));
}

TEST(Track, SortedBatchEqualsSingleEvaluationBitForBit) {
    const Track t = cubicTrack();
    std::vector<double> times;
    for (double x = -0.5; x < 3.5; x += 0.003) times.push_back(x);
    times.push_back(1.25);
    times.push_back(0.75);  // goes backwards once: must still be right
    std::vector<double> batch(times.size() * 3);
    evaluateSorted(t, times.data(), times.size(), batch.data());
    for (std::size_t i = 0; i < times.size(); ++i) {
        double one[3];
        evaluate(t, times[i], one);
        for (int c = 0; c < 3; ++c) ASSERT_EQ(batch[i * 3 + c], one[c]) << times[i];
    }
}

TEST(Track, FindSegmentAtBoundaries) {
    const Track t = cubicTrack();
    EXPECT_EQ(findSegment(t, 0.5), 0);
    EXPECT_EQ(findSegment(t, 1.2), 0);
    EXPECT_EQ(findSegment(t, 1.25), 1);
    EXPECT_EQ(findSegment(t, 2.99), 1);
}

namespace {

// A track of `keys` keys with uneven spacing, broken tangents, a few -0 values (copied keys
// must keep their sign) and, for 4 components, quaternion-like values.
Track bigTrack(TargetPath path, int components, int keys, Interpolation interpolation) {
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> u(-2, 2);
    Track t;
    t.interpolation = interpolation;
    t.path = path;
    t.components = components;
    t.resize(keys);
    float time = -1.5f;
    for (int k = 0; k < keys; ++k) {
        t.times[k] = time;
        time += k % 7 == 3 ? 0.5f : 1.0f / 30;
    }
    for (std::size_t i = 0; i < t.values.size(); ++i) {
        t.values[i] = i % 13 == 5 ? -0.0f : u(rng);
        t.inTangents[i] = u(rng);
        t.outTangents[i] = i % 5 == 0 ? t.inTangents[i] : u(rng);
    }
    return t;
}

// Sorted runs at several densities, exact key times, out-of-range times, a few backward
// steps and a NaN.
std::vector<double> awkwardTimes(const Track& t) {
    std::vector<double> times = {-10.0, double(t.times[0])};
    for (int per : {1, 3, 4, 16}) {
        for (int k = 0; k + 1 < t.keyCount(); ++k)
            for (int i = 0; i < per; ++i) times.push_back(t.times[k] + (double(t.times[k + 1]) - t.times[k]) * i / per);
        times.push_back(t.times.back());
        times.push_back(t.times.back() + 1.0);
        times.push_back(t.times[t.keyCount() / 2] + 1e-3);  // backwards
    }
    times.push_back(std::nan(""));
    times.push_back(0.01);
    return times;
}

void expectSortedEqualsSingleBitForBit(const Track& t) {
    const std::vector<double> times = awkwardTimes(t);
    const int C = t.components;
    for (bool normalize : {true, false}) {
        // Every prefix length up to a few chunks, so that each sample is also the last one.
        for (std::size_t count : {times.size(), std::size_t(1), std::size_t(5), std::size_t(129), std::size_t(257)}) {
            count = std::min(count, times.size());
            std::vector<double> batch(count * C + 8, 12345.0);  // a guard after the end
            evaluateSorted(t, times.data(), count, batch.data(), normalize);
            for (std::size_t g = count * C; g < batch.size(); ++g)
                ASSERT_EQ(batch[g], 12345.0) << "wrote past the end, count " << count;
            std::vector<double> one(C);
            for (std::size_t i = 0; i < count; ++i) {
                if (normalize)
                    evaluate(t, times[i], one.data());
                else
                    evaluateRaw(t, times[i], one.data());
                ASSERT_EQ(std::memcmp(&batch[i * C], one.data(), C * sizeof(double)), 0)
                        << "C " << C << " sample " << i << " t " << times[i] << " normalize " << normalize;
            }
        }
    }
}

}  // namespace

// evaluateSorted has its own code per component count (and an AVX2 build of it where the
// processor has AVX2); each must give evaluate()'s bits, with the baseline code too.
TEST(Track, SortedBatchEqualsSingleForEveryKindAndCodePath) {
    for (bool baseline : {false, true}) {
        const bool was = useBaselineEvaluationOnly(baseline);
        for (Interpolation in : {Interpolation::CubicSpline, Interpolation::Linear, Interpolation::Step}) {
            SCOPED_TRACE(std::string(toString(in)) + (baseline ? " baseline" : " default"));
            expectSortedEqualsSingleBitForBit(bigTrack(TargetPath::Translation, 3, 300, in));
            expectSortedEqualsSingleBitForBit(bigTrack(TargetPath::Rotation, 4, 300, in));
            expectSortedEqualsSingleBitForBit(bigTrack(TargetPath::Scale, 4, 300, in));  // 4, raw
            expectSortedEqualsSingleBitForBit(bigTrack(TargetPath::Weights, 5, 300, in));
            expectSortedEqualsSingleBitForBit(bigTrack(TargetPath::Weights, 1, 2, in));
            expectSortedEqualsSingleBitForBit(bigTrack(TargetPath::Translation, 3, 2, in));
            expectSortedEqualsSingleBitForBit(bigTrack(TargetPath::Rotation, 4, 2, in));
        }
        useBaselineEvaluationOnly(was);
    }
}

// The AVX2 and baseline code give the same bits (where the processor has AVX2 at all).
TEST(Track, SortedBatchIsTheSameWithAndWithoutAvx2) {
    for (int C : {3, 4}) {
        const Track t =
                bigTrack(C == 4 ? TargetPath::Rotation : TargetPath::Translation, C, 500, Interpolation::CubicSpline);
        const std::vector<double> times = awkwardTimes(t);
        std::vector<double> fast(times.size() * C), base(times.size() * C);
        evaluateSorted(t, times.data(), times.size(), fast.data());
        const bool was = useBaselineEvaluationOnly(true);
        evaluateSorted(t, times.data(), times.size(), base.data());
        useBaselineEvaluationOnly(was);
        ASSERT_EQ(std::memcmp(fast.data(), base.data(), fast.size() * sizeof(double)), 0);
    }
}

// findSegment is upper_bound - 1 (clamped) whatever the spacing: its first guess assumes even
// spacing, and a wrong guess must only cost time.
TEST(Track, FindSegmentIsUpperBoundMinusOne) {
    for (int keys : {2, 3, 4, 50, 1000}) {
        Track t = bigTrack(TargetPath::Translation, 3, keys, Interpolation::CubicSpline);
        if (keys == 1000)  // very uneven: a long gap, then dense keys
            for (int k = 1; k < keys; ++k) t.times[k] = 100.0f + 0.001f * k;
        std::mt19937_64 rng(3);
        std::uniform_real_distribution<double> u(t.times.front() - 1.0, t.times.back() + 1.0);
        std::vector<double> times = {std::nan(""), double(t.times.front()), double(t.times.back())};
        for (float key : t.times) times.push_back(key);
        for (int i = 0; i < 5000; ++i) times.push_back(u(rng));
        for (double x : times) {
            const auto it = std::upper_bound(t.times.begin(), t.times.end(), x,
                                             [](double a, float b) { return a < double(b); });
            int expected = int(it - t.times.begin()) - 1;
            if (std::isnan(x)) expected = keys - 2;
            expected = std::clamp(expected, 0, std::max(0, keys - 2));
            if (keys < 3) expected = 0;
            ASSERT_EQ(findSegment(t, x), expected) << keys << " keys, t " << x;
        }
    }
}

TEST(Track, FirstKeyAtOrAfterAndKeysInTimeRange) {
    const Track t = cubicTrack();  // keys at 0.5, 1.25, 3
    EXPECT_EQ(firstKeyAtOrAfter(t, 0.0), 0);
    EXPECT_EQ(firstKeyAtOrAfter(t, 0.5), 0);
    EXPECT_EQ(firstKeyAtOrAfter(t, 0.6), 1);
    EXPECT_EQ(firstKeyAtOrAfter(t, 1.25), 1);
    EXPECT_EQ(firstKeyAtOrAfter(t, 3.0), 2);
    EXPECT_EQ(firstKeyAtOrAfter(t, 3.5), 3);     // none: keyCount()
    EXPECT_EQ(keysInTimeRange(t, 0.5, 3.0), 3);  // closed at both ends
    EXPECT_EQ(keysInTimeRange(t, 0.6, 3.0), 2);
    EXPECT_EQ(keysInTimeRange(t, 0.6, 2.9), 1);
    EXPECT_EQ(keysInTimeRange(t, 1.25, 1.25), 1);
    EXPECT_EQ(keysInTimeRange(t, 2.0, 1.0), 0);  // reversed range
    EXPECT_EQ(keysInTimeRange(t, 4.0, 5.0), 0);
    EXPECT_EQ(keysInTimeRange(Track{}, 0.0, 1.0), 0);
    EXPECT_EQ(firstKeyAtOrAfter(Track{}, 0.0), 0);

    // Times are floats: 0.1f is a little above 0.1, so the key at 0.1f is after 0.1 and
    // not at or after 0.1000001.
    Track f;
    f.components = 1;
    f.resize(3);
    f.times = {0.0f, 0.1f, 0.2f};
    EXPECT_EQ(firstKeyAtOrAfter(f, 0.1), 1);
    EXPECT_EQ(firstKeyAtOrAfter(f, 0.1000001), 2);
    EXPECT_EQ(keysInTimeRange(f, 0.1, 0.1), 0);  // [0.1, 0.1] holds no float key
    EXPECT_EQ(keysInTimeRange(f, 0.1, 0.2), 1);  // 0.2f is above 0.2 too

    // Repeated times (a step made with two keys at one time): all of them count.
    Track d;
    d.components = 1;
    d.resize(5);
    d.times = {0.0f, 1.0f, 1.0f, 1.0f, 2.0f};
    EXPECT_EQ(firstKeyAtOrAfter(d, 1.0), 1);
    EXPECT_EQ(keysInTimeRange(d, 1.0, 1.0), 3);
    EXPECT_EQ(keysInTimeRange(d, 0.5, 1.5), 3);
}
