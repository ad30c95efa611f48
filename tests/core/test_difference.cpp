// The error between played curves (difference.h) against hand-computed maxima, and the
// certified search against brute-force sampling written here with glm.
#include <cmath>
#include <random>

#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>

#include "tangent/difference.h"

using namespace tangent;

namespace {

Track trackOf(TargetPath path, Interpolation interpolation, int components, std::vector<float> times,
              std::vector<float> values, std::vector<float> in = {}, std::vector<float> out = {}) {
    Track t;
    t.path = path;
    t.interpolation = interpolation;
    t.components = components;
    t.times = std::move(times);
    t.values = std::move(values);
    t.inTangents = in.empty() ? std::vector<float>(t.values.size(), 0.0f) : std::move(in);
    t.outTangents = out.empty() ? std::vector<float>(t.values.size(), 0.0f) : std::move(out);
    t.modes.assign(t.values.size(), HandleMode::Free);
    return t;
}

Track quaternionsAbout(glm::dvec3 axis, std::vector<float> times, std::vector<double> degrees) {
    std::vector<float> values;
    for (double d : degrees) {
        const glm::dquat q = glm::angleAxis(glm::radians(d), glm::normalize(axis));
        values.insert(values.end(), {float(q.x), float(q.y), float(q.z), float(q.w)});
    }
    return trackOf(TargetPath::Rotation, Interpolation::Linear, 4, std::move(times), std::move(values));
}

// The largest error over `samples` evenly spaced times of [t0, t1], by evaluate().
double sampledMax(const Track& a, const Track& b, double t0, double t1, int samples) {
    std::vector<double> va(std::size_t(a.components)), vb(std::size_t(b.components));
    double worst = 0;
    for (int i = 0; i <= samples; ++i) {
        const double t = t0 + (t1 - t0) * i / samples;
        evaluate(a, t, va.data());
        evaluate(b, t, vb.data());
        worst = std::max(worst, pathError(a.path, a.components, va.data(), vb.data()));
    }
    return worst;
}

}  // namespace

TEST(PathError, EachPathInItsUnit) {
    const double a[3] = {1, 2, 3}, b[3] = {1, 2 + 3, 3 + 4};
    EXPECT_DOUBLE_EQ(pathError(TargetPath::Translation, 3, a, b), 5.0);  // the 3-4-5 triangle
    EXPECT_DOUBLE_EQ(pathError(TargetPath::Weights, 3, a, b), 4.0);
    const double s1[3] = {2, 0.5, 1}, s2[3] = {2.5, 0.6, 1};
    EXPECT_DOUBLE_EQ(pathError(TargetPath::Scale, 3, s1, s2), 0.5 / 2.5);  // not 0.1 / 1
    // 30 degrees about z against identity, and the same rotation with the opposite sign.
    const glm::dquat q = glm::angleAxis(glm::radians(30.0), glm::dvec3(0, 0, 1));
    const double r1[4] = {q.x, q.y, q.z, q.w}, r2[4] = {0, 0, 0, 1}, r3[4] = {-q.x, -q.y, -q.z, -q.w};
    EXPECT_NEAR(pathError(TargetPath::Rotation, 4, r1, r2), 30.0, 1e-12);
    EXPECT_NEAR(pathError(TargetPath::Rotation, 4, r1, r3), 0.0, 1e-6);
}

TEST(DifferenceEverywhere, FindsACubicPeakBetweenKeysThatTheKeysDoNotShow) {
    // x(s) = h10(s) = s - 2 s^2 + s^3 (out-tangent 1, values 0): the peak is 4/27 at s = 1/3;
    // y is twice x, so the distance peaks at sqrt(5) * 4 / 27.
    const Track bump = trackOf(TargetPath::Translation, Interpolation::CubicSpline, 3, {0, 1}, {0, 0, 0, 0, 0, 0},
                               {0, 0, 0, 0, 0, 0}, {1, 2, 0, 0, 0, 0});
    const Track zero = trackOf(TargetPath::Translation, Interpolation::Linear, 3, {0, 1}, {0, 0, 0, 0, 0, 0});
    EXPECT_EQ(differenceAtKeys(zero, bump).maxError, 0.0);
    const Difference d = differenceEverywhere(zero, bump);
    EXPECT_NEAR(d.maxError, std::sqrt(5.0) * 4 / 27, 1e-7);
    EXPECT_NEAR(d.at, 1.0 / 3, 1e-4);

    Difference over;
    EXPECT_TRUE(withinEverywhere(zero, bump, std::sqrt(5.0) * 4 / 27 * (1 + 1e-6)));
    EXPECT_FALSE(withinEverywhere(zero, bump, std::sqrt(5.0) * 4 / 27 * (1 - 1e-6), &over));
    EXPECT_NEAR(over.at, 1.0 / 3, 1e-2);
}

TEST(DifferenceEverywhere, AStepHoldsUpToTheNextKey) {
    // STEP 0 then 1 at t = 1, against a line from 0 to 1: just before t = 1 they differ by 1.
    const Track step = trackOf(TargetPath::Weights, Interpolation::Step, 1, {0, 1}, {0, 1});
    const Track line = trackOf(TargetPath::Weights, Interpolation::Linear, 1, {0, 1}, {0, 1});
    EXPECT_EQ(differenceAtKeys(line, step).maxError, 0.0);
    EXPECT_NEAR(differenceEverywhere(line, step).maxError, 1.0, 1e-9);
}

TEST(DifferenceEverywhere, ValuesClampOutsideEachRange) {
    // A holds 0 until t = 2 and rises to 1 at t = 3; B rises 0 -> 1 over [0, 1] and holds 1.
    const Track a = trackOf(TargetPath::Weights, Interpolation::Linear, 1, {2, 3}, {0, 1});
    const Track b = trackOf(TargetPath::Weights, Interpolation::Linear, 1, {0, 1}, {0, 1});
    const Difference d = differenceEverywhere(a, b);
    EXPECT_NEAR(d.maxError, 1.0, 1e-12);
    EXPECT_GE(d.at, 1.0 - 1e-9);
    EXPECT_LE(d.at, 2.0 + 1e-9);
}

TEST(DifferenceEverywhere, RotationAnglesBetweenSlerps) {
    // 0 -> 90 degrees about z over one second against the same over two: 45 t degrees apart
    // until t = 1 (then 90 - 45 t), so 45 degrees at t = 1.
    const Track fast = quaternionsAbout({0, 0, 1}, {0, 1}, {0, 90});
    const Track slow = quaternionsAbout({0, 0, 1}, {0, 2}, {0, 90});
    const Difference d = differenceEverywhere(fast, slow);
    EXPECT_NEAR(d.maxError, 45.0, 1e-4);
    EXPECT_NEAR(d.at, 1.0, 1e-6);
    // Keys written with opposite signs are the same rotations.
    Track negated = fast;
    for (float& v : negated.values) v = -v;
    EXPECT_NEAR(differenceEverywhere(fast, negated).maxError, 0.0, 1e-3);
}

TEST(DifferenceEverywhere, AgreesWithDenseSamplingOnRandomCubics) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> value(-1, 1), slope(-4, 4);
    for (TargetPath path : {TargetPath::Translation, TargetPath::Rotation, TargetPath::Scale}) {
        for (int trial = 0; trial < 6; ++trial) {
            const int components = path == TargetPath::Rotation ? 4 : 3;
            auto randomCubic = [&](std::vector<float> times) {
                std::vector<float> v, in, out;
                for (std::size_t i = 0; i < times.size() * components; ++i) {
                    v.push_back(value(rng) + (path == TargetPath::Scale ? 1.5f : 0.0f));
                    in.push_back(slope(rng));
                    out.push_back(slope(rng));
                }
                return trackOf(path, Interpolation::CubicSpline, components, std::move(times), v, in, out);
            };
            const Track a = randomCubic({0, 0.4f, 1.1f, 1.5f, 2});
            const Track b = randomCubic({0.1f, 0.7f, 1.3f, 2.2f});
            const Difference d = differenceEverywhere(a, b);
            const double sampled = sampledMax(a, b, -0.1, 2.3, 400000);
            // Certified: the bound is never below what sampling sees, and the maximum found is
            // within a float's last digit of it; sampling this dense comes close.
            EXPECT_GE(d.upperBound, sampled) << toString(path) << " trial " << trial;
            EXPECT_LE(d.upperBound - d.maxError, 1e-7 * d.maxError + 1e-9) << toString(path) << " trial " << trial;
            EXPECT_LE(d.maxError, sampled + 1e-4 * std::max(1.0, sampled)) << toString(path) << " trial " << trial;
        }
    }
}

// A repair of a few keys of a long track (fix): the segments whose keys are the same bits in both
// are skipped, and the answer is the one the search of every piece gives and dense sampling sees.
TEST(DifferenceEverywhere, AFewChangedKeysAreMeasuredAsEveryPieceWouldBe) {
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> value(-1, 1), slope(-3, 3), nudge(-0.02f, 0.02f);
    for (Interpolation interpolation : {Interpolation::CubicSpline, Interpolation::Linear, Interpolation::Step})
        for (TargetPath path : {TargetPath::Translation, TargetPath::Rotation}) {
            const int C = path == TargetPath::Rotation ? 4 : 3, n = 200;
            std::vector<float> times, v, in, out;
            for (int k = 0; k < n; ++k) {
                times.push_back(0.05f * float(k));
                for (int c = 0; c < C; ++c)
                    v.push_back(value(rng)), in.push_back(slope(rng)), out.push_back(slope(rng));
            }
            const Track a = trackOf(path, interpolation, C, times, v, in, out);
            Track b = a;
            // Three keys changed: a value at 17, an out-tangent at 90 (only 90 -> 91 plays it) and
            // the last key.
            b.values[b.at(17, 1)] += nudge(rng);
            b.outTangents[b.at(90, 0)] += 0.5f;
            b.values[b.at(n - 1, 2)] += nudge(rng);
            const Difference skipped = differenceEverywhere(a, b);
            const bool before = detail::searchEveryPiece(true);
            const Difference every = differenceEverywhere(a, b);
            detail::searchEveryPiece(before);
            const std::string what = std::string(toString(interpolation)) + " " + toString(path);
            // Both certified: each one's maximum lies under the other's bound.
            EXPECT_LE(skipped.maxError, every.upperBound) << what;
            EXPECT_LE(every.maxError, skipped.upperBound) << what;
            EXPECT_LE(skipped.upperBound - skipped.maxError, 1e-7 * skipped.maxError + 1e-9) << what;
            const double sampled = sampledMax(a, b, 0, 0.05 * (n - 1) + 0.1, 200000);
            EXPECT_GE(skipped.upperBound, sampled) << what;
            EXPECT_GT(skipped.maxError, 0) << what;
            // Where: on a changed key's segments.
            const double at = skipped.at;
            const bool nearAChange =
                    (at >= times[16] && at <= times[18]) ||
                    (interpolation == Interpolation::CubicSpline && at >= times[90] && at <= times[91]) ||
                    at >= times[n - 2];
            EXPECT_TRUE(nearAChange) << what << " at " << at;
        }
}

// A STEP curve holds its last key's value from that key on: a change there is a difference of
// the whole of it (no piece starts at the last key; it was missed once).
TEST(DifferenceEverywhere, AChangedLastStepKeyIsFound) {
    const Track a = trackOf(TargetPath::Translation, Interpolation::Step, 1, {0, 1, 2}, {0, 0, 0});
    Track b = a;
    b.values[2] = 5;
    const Difference d = differenceEverywhere(a, b);
    EXPECT_EQ(d.maxError, 5);
    EXPECT_EQ(d.at, 2);
    Difference over;
    EXPECT_FALSE(withinEverywhere(a, b, 1, &over));
    EXPECT_EQ(over.at, 2);
    EXPECT_TRUE(withinEverywhere(a, b, 5.5));
}

// The same keys, the same bits: no difference anywhere, whatever the unused tangents hold.
TEST(DifferenceEverywhere, OnlyUnusedTangentsChangedIsNoDifference) {
    const Track a = trackOf(TargetPath::Translation, Interpolation::CubicSpline, 3, {0, 1, 2},
                            {0, 0, 0, 1, 2, 3, 0, 1, 0}, {7, 7, 7, 1, 1, 1, 0, 0, 0}, {1, 0, 1, 2, 2, 2, 9, 9, 9});
    Track b = a;
    for (int c = 0; c < 3; ++c) b.inTangents[b.at(0, c)] = 0, b.outTangents[b.at(2, c)] = 0;
    const Difference d = differenceEverywhere(a, b);
    EXPECT_EQ(d.maxError, 0);
    EXPECT_LE(d.upperBound, 1e-9);
}

TEST(DifferenceEverywhere, ANearZeroQuaternionSwingsFastAndIsStillBounded) {
    // The raw cubic passes close to zero halfway (w goes 1 -> -1, x peaks at 0.01): the played
    // rotation swings through almost 180 degrees about x in a few milliseconds.
    const Track swing = trackOf(TargetPath::Rotation, Interpolation::CubicSpline, 4, {0, 1}, {0, 0, 0, 1, 0, 0, 0, -1},
                                {0, 0, 0, 0, -0.04f, 0, 0, -2}, {0.04f, 0, 0, -2, 0, 0, 0, 0});
    const Track identity = quaternionsAbout({1, 0, 0}, {0, 1}, {0, 0});
    const Difference d = differenceEverywhere(identity, swing);
    EXPECT_GE(d.upperBound, sampledMax(identity, swing, 0, 1, 400000));
    EXPECT_GT(d.maxError, 170.0);
    EXPECT_FALSE(withinEverywhere(identity, swing, 10.0));
}

TEST(DifferenceEverywhere, TwoRotationsAConstantAngleApartOverManyKeys) {
    // Both turn about z at 90 degrees per second over ten seconds, one 2 degrees ahead: 2 degrees
    // apart everywhere (the search must not split a flat error down to nothing).
    std::vector<float> times;
    std::vector<double> behind, ahead;
    for (int k = 0; k <= 40; ++k) {
        times.push_back(float(k * 0.25));
        behind.push_back(22.5 * k);
        ahead.push_back(22.5 * k + 2);
    }
    const Track a = quaternionsAbout({0, 0, 1}, times, behind), b = quaternionsAbout({0, 0, 1}, times, ahead);
    const Difference d = differenceEverywhere(a, b);
    EXPECT_NEAR(d.maxError, 2.0, 1e-4);  // the float keys hold the angle to about 1e-5 degrees
    EXPECT_LE(d.upperBound - d.maxError, 1e-6);
    EXPECT_TRUE(withinEverywhere(a, b, 2.001));
    EXPECT_FALSE(withinEverywhere(a, b, 1.999));
}
