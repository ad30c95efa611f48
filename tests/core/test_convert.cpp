// Conversion (core/tangent/convert.h) and repairs (core/tangent/repair.h) on small tracks whose
// results are computed by hand.
#include <cmath>
#include <cstdint>

#include <gtest/gtest.h>

#include "tangent/convert.h"
#include "tangent/edit.h"
#include "tangent/repair.h"

using namespace tangent;

namespace {

Track scalarTrack(Interpolation interp, std::vector<float> times, std::vector<float> values) {
    Track t;
    t.interpolation = interp;
    t.path = TargetPath::Weights;
    t.components = 1;
    t.resize(int(times.size()));
    t.times = std::move(times);
    t.values = std::move(values);
    return t;
}

// A rotation track (x y z w per key), tangents zero.
Track rotationTrack(Interpolation interp, std::vector<float> times, std::vector<float> xyzw) {
    Track t;
    t.interpolation = interp;
    t.path = TargetPath::Rotation;
    t.components = 4;
    t.resize(int(times.size()));
    t.times = std::move(times);
    t.values = std::move(xyzw);
    return t;
}

// Straight-line reading of LINEAR scalar keys at t, by hand.
double lerpKeys(const Track& t, double time) {
    for (int k = 0; k + 1 < t.keyCount(); ++k)
        if (time <= t.times[k + 1]) {
            const double s = (time - t.times[k]) / (double(t.times[k + 1]) - t.times[k]);
            return t.values[k] + s * (double(t.values[k + 1]) - t.values[k]);
        }
    return t.values.back();
}

}  // namespace

// ---- conversion --------------------------------------------------------------------------

TEST(Convert, LinearToCubicSplineTakesTheSegmentSlopes) {
    // Slopes: (2 - 0) / 1 = 2 and (1 - 2) / 2 = -0.5.
    const Track linear = scalarTrack(Interpolation::Linear, {0, 1, 3}, {0, 2, 1});
    const Track cubic = converted(linear, Interpolation::CubicSpline, 1e-3);
    ASSERT_EQ(cubic.interpolation, Interpolation::CubicSpline);
    EXPECT_EQ(cubic.times, linear.times);
    EXPECT_EQ(cubic.values, linear.values);
    EXPECT_EQ(cubic.inTangents, (std::vector<float>{0, 2, -0.5f}));   // the first is unused
    EXPECT_EQ(cubic.outTangents, (std::vector<float>{2, -0.5f, 0}));  // the last is unused
    EXPECT_NO_THROW(checkTrack(cubic));
    // The same straight lines: at t = 2 the second segment is halfway, 1.5.
    double v = 0;
    evaluate(cubic, 2.0, &v);
    EXPECT_NEAR(v, 1.5, 1e-6);
}

TEST(Convert, AStraightCubicBecomesTwoLinearKeys) {
    // Values on the line v = t with tangents 1: no key inside is needed.
    Track cubic = scalarTrack(Interpolation::CubicSpline, {0, 1, 2}, {0, 1, 2});
    cubic.inTangents = cubic.outTangents = {1, 1, 1};
    const Track linear = converted(cubic, Interpolation::Linear, 1e-3);
    EXPECT_EQ(linear.interpolation, Interpolation::Linear);
    EXPECT_EQ(linear.times, (std::vector<float>{0, 2}));
    EXPECT_EQ(linear.values, (std::vector<float>{0, 2}));
}

TEST(Convert, ACurvedCubicIsResampledWithinTheTolerance) {
    // Flat tangents from 0 to 1 over one second: v(s) = 3 s^2 - 2 s^3.
    const Track cubic = scalarTrack(Interpolation::CubicSpline, {0, 1}, {0, 1});
    const Track linear = converted(cubic, Interpolation::Linear, 0.01);
    EXPECT_NO_THROW(checkTrack(linear));
    EXPECT_GT(linear.keyCount(), 2);
    EXPECT_LT(linear.keyCount(), 32);  // far fewer than the candidates
    EXPECT_EQ(linear.times.front(), 0.0f);
    EXPECT_EQ(linear.times.back(), 1.0f);
    double worst = 0;
    for (int i = 0; i <= 1000; ++i) {
        const double s = i / 1000.0;
        worst = std::max(worst, std::abs(lerpKeys(linear, s) - (3 * s * s - 2 * s * s * s)));
    }
    EXPECT_LE(worst, 0.01);
    EXPECT_NEAR(maxDifference(cubic, linear), worst, 2e-3);  // both measure the same gap
}

TEST(Convert, StepHoldsEachValueUntilOneMillisecondBeforeTheNextKey) {
    const Track step = scalarTrack(Interpolation::Step, {0, 1}, {0, 5});
    const Track linear = converted(step, Interpolation::Linear, 1e-3);
    EXPECT_EQ(linear.times, (std::vector<float>{0, 0.999f, 1}));
    EXPECT_EQ(linear.values, (std::vector<float>{0, 0, 5}));
    const Track cubic = converted(step, Interpolation::CubicSpline, 1e-3);
    EXPECT_EQ(cubic.times, (std::vector<float>{0, 0.999f, 1}));
    EXPECT_EQ(cubic.values, (std::vector<float>{0, 0, 5}));
    EXPECT_EQ(cubic.inTangents, (std::vector<float>{0, 0, 0}));  // flat: a smooth step
    EXPECT_EQ(cubic.outTangents, (std::vector<float>{0, 0, 0}));
}

TEST(Convert, ToStepKeepsTheKeysAndDropsTheTangents) {
    Track cubic = scalarTrack(Interpolation::CubicSpline, {0, 1, 2}, {4, 5, 6});
    cubic.inTangents = {1, 2, 3};
    cubic.outTangents = {4, 5, 6};
    const Track step = converted(cubic, Interpolation::Step, 1e-3);
    EXPECT_EQ(step.interpolation, Interpolation::Step);
    EXPECT_EQ(step.times, cubic.times);
    EXPECT_EQ(step.values, cubic.values);
    EXPECT_EQ(step.inTangents, (std::vector<float>{0, 0, 0}));
    EXPECT_EQ(step.outTangents, (std::vector<float>{0, 0, 0}));
}

TEST(Convert, IntAndBoolPropertiesStayStepAndSameInterpolationIsUnchanged) {
    Track flag = scalarTrack(Interpolation::Step, {0, 1}, {1, 0});
    flag.path = TargetPath::Property;
    flag.kind = ValueKind::Bool;
    for (Interpolation to : {Interpolation::Linear, Interpolation::CubicSpline}) {
        const Track out = converted(flag, to, 1e-3);
        EXPECT_EQ(out.interpolation, Interpolation::Step);
        EXPECT_TRUE(out.sameCurve(flag));
    }
    const Track linear = scalarTrack(Interpolation::Linear, {0, 1}, {3, 4});
    EXPECT_TRUE(converted(linear, Interpolation::Linear, 1e-3).sameCurve(linear));
}

TEST(Convert, ALinearRotationBecomesCubicKeysThatFollowTheSlerp) {
    // Identity to 90 degrees about z over one second; slerp halfway is 45 degrees:
    // (0, 0, sin 22.5°, cos 22.5°).
    const double h = std::sqrt(0.5);
    const Track linear = rotationTrack(Interpolation::Linear, {0, 1}, {0, 0, 0, 1, 0, 0, float(h), float(h)});
    const Track cubic = converted(linear, Interpolation::CubicSpline, 1e-4);
    EXPECT_EQ(cubic.interpolation, Interpolation::CubicSpline);
    EXPECT_NO_THROW(checkTrack(cubic));
    EXPECT_GE(cubic.keyCount(), 2);
    double q[4];
    evaluate(cubic, 0.5, q);
    const double angle = M_PI / 8;  // half of 45 degrees
    EXPECT_NEAR(q[0], 0, 1e-6);
    EXPECT_NEAR(q[1], 0, 1e-6);
    EXPECT_NEAR(q[2], std::sin(angle), 1e-4);
    EXPECT_NEAR(q[3], std::cos(angle), 1e-4);
    evaluate(cubic, 0.25, q);  // 22.5 degrees: half angle 11.25
    EXPECT_NEAR(q[2], std::sin(M_PI / 16), 1e-4);
    EXPECT_NEAR(q[3], std::cos(M_PI / 16), 1e-4);
}

TEST(Convert, MaxDifferenceComparesRotationsUpToSign) {
    const Track a = rotationTrack(Interpolation::Linear, {0, 1}, {0, 0, 0, 1, 0, 0, 0, 1});
    const Track b = rotationTrack(Interpolation::Linear, {0, 1}, {0, 0, 0, -1, 0, 0, 0, -1});
    EXPECT_EQ(maxDifference(a, b), 0.0);
    const Track c = scalarTrack(Interpolation::Linear, {0, 1}, {0, 1});
    const Track d = scalarTrack(Interpolation::Linear, {0, 1}, {0, 1.5f});
    EXPECT_DOUBLE_EQ(maxDifference(c, d), 0.5);  // at the last key
}

// ---- repairs -----------------------------------------------------------------------------

TEST(Repair, ZeroUnusedTangentsClearsTheFirstInAndTheLastOut) {
    Track t = scalarTrack(Interpolation::CubicSpline, {0, 1}, {0, 1});
    t.inTangents = {3, 2};
    t.outTangents = {1, -4};
    EXPECT_EQ(zeroUnusedTangents(t), 2);
    EXPECT_EQ(t.inTangents, (std::vector<float>{0, 2}));
    EXPECT_EQ(t.outTangents, (std::vector<float>{1, 0}));
    EXPECT_NO_THROW(checkTrack(t));
    EXPECT_EQ(zeroUnusedTangents(t), 0);  // nothing left to do
    Track linear = scalarTrack(Interpolation::Linear, {0, 1}, {0, 1});
    EXPECT_EQ(zeroUnusedTangents(linear), 0);
}

TEST(Repair, NormalizeDividesAKeyAndItsTangentsByItsLength) {
    // Key 0: (0, 0, 3, 4), length 5; key 1 is already unit.
    Track t = rotationTrack(Interpolation::CubicSpline, {0, 1}, {0, 0, 3, 4, 0, 0, 0, 1});
    t.inTangents = {0, 0, 0, 0, 0, 0, 1, 0};
    t.outTangents = {5, 0, 10, 0, 0, 0, 0, 0};
    EXPECT_EQ(normalizeRotationKeys(t), 1);
    EXPECT_EQ(t.values, (std::vector<float>{0, 0, 0.6f, 0.8f, 0, 0, 0, 1}));
    EXPECT_EQ(t.outTangents, (std::vector<float>{1, 0, 2, 0, 0, 0, 0, 0}));
    EXPECT_EQ(t.inTangents, (std::vector<float>{0, 0, 0, 0, 0, 0, 1, 0}));  // key 1 untouched
    EXPECT_NO_THROW(checkTrack(t));
    EXPECT_EQ(normalizeRotationKeys(t), 0);
    Track scalar = scalarTrack(Interpolation::Linear, {0, 1}, {3, 4});
    EXPECT_EQ(normalizeRotationKeys(scalar), 0);  // only rotations
}

TEST(Repair, HemisphereFlipsEachKeyAgainstThePreviousKeyAsFlipped) {
    // q1 . q0 = -0.8 < 0: q1 flips to (0, 0, -0.6, 0.8); then q2 . q1' = -0.36 - 0.64 < 0: q2
    // flips too. Tangents flip with their key.
    Track t = rotationTrack(Interpolation::CubicSpline, {0, 1, 2}, {0, 0, 0, 1, 0, 0, 0.6f, -0.8f, 0, 0, 0.6f, -0.8f});
    t.inTangents = {0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 3, 0};
    t.outTangents = {0, 0, 0.5f, 0, 0, 0, -1, 0, 0, 0, 0, 0};
    EXPECT_EQ(alignRotationHemispheres(t), 2);
    EXPECT_EQ(t.values, (std::vector<float>{0, 0, 0, 1, 0, 0, -0.6f, 0.8f, 0, 0, -0.6f, 0.8f}));
    EXPECT_EQ(t.inTangents, (std::vector<float>{0, 0, 0, 0, 0, 0, -1, -2, 0, 0, -3, 0}));
    EXPECT_EQ(t.outTangents, (std::vector<float>{0, 0, 0.5f, 0, 0, 0, 1, 0, 0, 0, 0, 0}));
    EXPECT_NO_THROW(checkTrack(t));
    EXPECT_EQ(alignRotationHemispheres(t), 0);
}

TEST(Repair, AllThreeInTheOrderFixMakesThem) {
    // Key 1 is (0, 0, 0, -2): normalized to (0, 0, 0, -1), then flipped to (0, 0, 0, 1).
    Track t = rotationTrack(Interpolation::CubicSpline, {0, 1}, {0, 0, 0, 1, 0, 0, 0, -2});
    t.inTangents = {0, 0, 0, 7, 0, 0, 0, 4};
    t.outTangents = {0, 0, 0, 0, 0, 0, 0, 6};
    const RepairCounts counts = repair(t, Repairs{});
    EXPECT_EQ(counts.zeroedTangents, 2);  // key 0's in (w), key 1's out (w)
    EXPECT_EQ(counts.normalizedKeys, 1);
    EXPECT_EQ(counts.flippedKeys, 1);
    EXPECT_EQ(t.values, (std::vector<float>{0, 0, 0, 1, 0, 0, 0, 1}));
    EXPECT_EQ(t.inTangents, (std::vector<float>{0, 0, 0, 0, 0, 0, 0, -2}));
    EXPECT_EQ(t.outTangents, (std::vector<float>{0, 0, 0, 0, 0, 0, 0, 0}));
    EXPECT_NO_THROW(checkTrack(t));
}

TEST(Repair, DivideKeyRefusesAResultThatIsNotFinite) {
    Track t = rotationTrack(Interpolation::CubicSpline, {0, 1}, {0, 0, 0, 1e-30f, 0, 0, 0, 1});
    t.outTangents = {0, 0, 1e10f, 0, 0, 0, 0, 0};
    const Track before = t;
    EXPECT_THROW(divideKey(t, 0, 1e-30), EditError);
    EXPECT_TRUE(t.sameCurve(before));
    EXPECT_THROW(divideKey(t, 0, 0), EditError);
    EXPECT_THROW(divideKey(t, 2, 2), EditError);
}

// resampleToLinear (candidates refined depth first, each segment confirmed over its own window)
// against its plain form (refined round by round, each confirmation to the end of the track):
// the same keys, bit for bit, on random CUBICSPLINE tracks of every path. Wild tangents make
// curves that the candidates sample too coarsely, so that the confirmation adds keys; a
// tolerance near float resolution runs into the closest keys the edit API allows.
TEST(Convert, ResamplingAgreesKeyForKeyWithThePlainForm) {
    std::uint32_t seed = 777;
    const auto next = [&] {
        seed = seed * 1664525u + 1013904223u;
        return seed >> 8;
    };
    const auto uniform = [&](double lo, double hi) { return lo + (hi - lo) * (next() / double(1u << 24)); };
    const TargetPath paths[] = {TargetPath::Translation, TargetPath::Rotation, TargetPath::Scale, TargetPath::Weights};
    long keys = 0;
    for (int trial = 0; trial < 120; ++trial) {
        Track t;
        t.interpolation = Interpolation::CubicSpline;
        t.path = paths[trial % 4];
        t.components = t.path == TargetPath::Rotation ? 4 : t.path == TargetPath::Weights ? 1 + int(next() % 5) : 3;
        const int n = 2 + int(next() % 30);
        t.resize(n);
        double time = uniform(0, 1);
        const double wildness = next() % 3 == 0 ? 40.0 : 2.0;
        for (int k = 0; k < n; ++k) {
            t.times[k] = float(time);
            time += next() % 7 == 0 ? uniform(3e-4, 2e-3) : uniform(1.0 / 60, 0.5);
            for (int c = 0; c < t.components; ++c) {
                const std::size_t i = t.at(k, c);
                t.values[i] = float(uniform(-1, 1));
                t.inTangents[i] = float(uniform(-wildness, wildness));
                t.outTangents[i] = next() % 2 ? t.inTangents[i] : float(uniform(-wildness, wildness));
            }
        }
        const double tolerances[] = {1e-2, 1e-3, 1e-4, 1e-6};
        const double tolerance = tolerances[next() % 4] * (t.path == TargetPath::Rotation ? 100 : 1);
        const Track fast = resampleToLinear(t, tolerance);
        const Track plain = detail::resampleToLinearPlain(t, tolerance);
        ASSERT_EQ(fast.times, plain.times) << "trial " << trial;
        ASSERT_EQ(fast.values, plain.values) << "trial " << trial;
        EXPECT_NO_THROW(checkTrack(fast));
        keys += fast.keyCount();
    }
    EXPECT_GT(keys, 20000);  // the tracks are not trivially straight
}
