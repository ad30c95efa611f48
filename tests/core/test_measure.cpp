// The shared measure (tangent/difference.h): which segments of a source are a bake's samples, and
// the error by that measure. Every expectation is computed by hand from the tracks below.
#include <array>
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "tangent/builder.h"
#include "tangent/checks.h"
#include "tangent/difference.h"
#include "tangent/repair.h"
#include "tangent/rotationreview.h"
#include "tangent/simplify.h"

using namespace tangent;

namespace {

// A translation track whose x follows `xs` at `times` (y = z = 0).
Track translation(Interpolation interpolation, const std::vector<double>& times, const std::vector<double>& xs) {
    Track t;
    t.interpolation = interpolation;
    t.path = TargetPath::Translation;
    t.components = 3;
    t.resize(int(times.size()));
    for (std::size_t k = 0; k < times.size(); ++k) {
        t.times[k] = float(times[k]);
        t.values[k * 3] = float(xs[k]);
    }
    return t;
}

std::vector<double> frames(int count, double fps, double start = 0) {
    std::vector<double> t;
    for (int k = 0; k < count; ++k) t.push_back(start + k / fps);
    return t;
}

std::vector<char> mask(std::initializer_list<int> bits) {
    std::vector<char> m;
    for (int b : bits) m.push_back(char(b));
    return m;
}

}  // namespace

TEST(MeasureRule, DenseEvenLinearIsAtSamples) {
    const Track bake = translation(Interpolation::Linear, frames(6, 30), {0, 1, 4, 9, 16, 25});
    EXPECT_EQ(segmentsAtSamples(bake), mask({1, 1, 1, 1, 1}));
    EXPECT_EQ(measureOf(segmentsAtSamples(bake)), Measure::AtSamples);
    // strict measures everywhere
    EXPECT_EQ(segmentsAtSamples(bake, true), mask({0, 0, 0, 0, 0}));
    EXPECT_EQ(measureOf(segmentsAtSamples(bake, true)), Measure::Everywhere);
}

TEST(MeasureRule, FloatRoundedFrameTimesLateInALongBakeAreStillEvenlySpaced) {
    // Frames 30000..30010 at 30 fps: times near 1000 s, whose float spacing varies in the 4th digit.
    const Track bake = translation(Interpolation::Linear, frames(11, 30, 1000.0), std::vector<double>(11, 1.0));
    bool uneven = false;
    for (int k = 1; k + 1 < bake.keyCount(); ++k)
        uneven |= double(bake.times[k + 1]) - bake.times[k] != double(bake.times[1]) - bake.times[0];
    EXPECT_TRUE(uneven);  // not exactly even as floats
    EXPECT_EQ(measureOf(segmentsAtSamples(bake)), Measure::AtSamples);
}

TEST(MeasureRule, SparseLinearWithHoldsIsEverywhere) {
    // UnityGLTF-style: keys far apart, holds between them.
    const Track sparse = translation(Interpolation::Linear, {0, 1, 1.5, 4, 4.5}, {0, 1, 1, 0, 0});
    EXPECT_EQ(segmentsAtSamples(sparse), mask({0, 0, 0, 0}));
    EXPECT_EQ(measureOf(segmentsAtSamples(sparse)), Measure::Everywhere);
    // Evenly spaced but too far apart to be a bake (a key every 0.25 s).
    const Track quarter = translation(Interpolation::Linear, frames(6, 4), {0, 1, 0, 1, 0, 1});
    EXPECT_EQ(measureOf(segmentsAtSamples(quarter)), Measure::Everywhere);
}

TEST(MeasureRule, HandSetLinearIsEverywhere) {
    const Track hand = translation(Interpolation::Linear, {0, 0.5, 1.25, 2, 2.1}, {0, 3, -1, 2, 2});
    EXPECT_EQ(segmentsAtSamples(hand), mask({0, 0, 0, 0}));
}

TEST(MeasureRule, CubicSplineIsEverywhere) {
    Track cubic = translation(Interpolation::CubicSpline, frames(8, 30), {0, 1, 2, 3, 4, 5, 6, 7});
    EXPECT_EQ(segmentsAtSamples(cubic), mask({0, 0, 0, 0, 0, 0, 0}));
    EXPECT_EQ(measureOf(segmentsAtSamples(cubic)), Measure::Everywhere);
}

TEST(MeasureRule, StepJumpsAreEverywhereAndStepHoldsAtSamples) {
    // A dense STEP bake: segments 1-2 and 3-4 jump, the others hold.
    const Track step = translation(Interpolation::Step, frames(6, 30), {0, 0, 1, 1, 2, 2});
    EXPECT_EQ(segmentsAtSamples(step), mask({1, 0, 1, 0, 1}));
    EXPECT_EQ(measureOf(segmentsAtSamples(step)), Measure::Mixed);
}

TEST(MeasureRule, MixedChannelAndAnIsolatedTransition) {
    // Five frames at 30 fps, a hold of 1 s, a one-frame transition, a hold, then four frames.
    std::vector<double> t = frames(5, 30);  // 0 .. 4/30
    t.push_back(t.back() + 1.0);            // hold
    t.push_back(t.back() + 1.0 / 30);       // a single short segment: hand-set, not a bake
    t.push_back(t.back() + 1.0);            // hold
    for (int k = 1; k <= 4; ++k) t.push_back(t[7] + k / 30.0);
    const Track mixed = translation(Interpolation::Linear, t, {0, 1, 2, 3, 4, 4, 7, 7, 8, 9, 10, 11});
    EXPECT_EQ(segmentsAtSamples(mixed), mask({1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1}));
    EXPECT_EQ(measureOf(segmentsAtSamples(mixed)), Measure::Mixed);
}

TEST(MeasureDifference, AtSamplesIgnoresASwingBetweenSamplesButNotInASparseSegment) {
    // Source: four frames at 30 fps at 0, then a hold to 1.1 s. Segments 0-2 at samples, 3 everywhere.
    const std::vector<double> t{0, 1.0 / 30, 2.0 / 30, 3.0 / 30, 1.1};
    const Track source = translation(Interpolation::Linear, t, {0, 0, 0, 0, 0});
    ASSERT_EQ(segmentsAtSamples(source), mask({1, 1, 1, 0}));
    // Result: the same keys plus a swing of 0.5 at 1/60 s (between samples) and one of 0.25 at 0.6 s
    // (inside the hold).
    const Track result = translation(Interpolation::Linear, {0, 1.0 / 60, 1.0 / 30, 2.0 / 30, 3.0 / 30, 0.6, 1.1},
                                     {0, 0.5, 0, 0, 0, 0.25, 0});
    const Measurement m = measureDifference(source, result, 0.3);
    EXPECT_EQ(m.measure, Measure::Mixed);
    EXPECT_NEAR(m.difference.maxError, 0.25, 1e-7);
    EXPECT_NEAR(m.difference.at, 0.6, 1e-6);
    EXPECT_TRUE(m.within);
    EXPECT_FALSE(measureDifference(source, result, 0.2).within);
    // Everywhere (strict) the swing between samples counts.
    const Measurement strict = measureDifference(source, result, 0.3, true);
    EXPECT_EQ(strict.measure, Measure::Everywhere);
    EXPECT_NEAR(strict.difference.maxError, 0.5, 1e-7);
    EXPECT_NEAR(strict.difference.at, 1.0 / 60, 1e-6);
    EXPECT_FALSE(strict.within);
}

TEST(MeasureDifference, OneWalkGivesTheMeasuredAndTheAnywhereFigures) {
    // The source and result above: by the measure 0.25 at 0.6 s, anywhere the swing of 0.5 at 1/60 s.
    const std::vector<double> t{0, 1.0 / 30, 2.0 / 30, 3.0 / 30, 1.1};
    const Track source = translation(Interpolation::Linear, t, {0, 0, 0, 0, 0});
    const Track result = translation(Interpolation::Linear, {0, 1.0 / 60, 1.0 / 30, 2.0 / 30, 3.0 / 30, 0.6, 1.1},
                                     {0, 0.5, 0, 0, 0, 0.25, 0});
    const std::vector<char> atSamples = segmentsAtSamples(source);
    Difference anywhere;
    const Difference measured = measuredDifference(source, atSamples, result, 1e-9, &anywhere);
    EXPECT_NEAR(measured.maxError, 0.25, 1e-7);
    EXPECT_NEAR(measured.at, 0.6, 1e-6);
    EXPECT_NEAR(anywhere.maxError, 0.5, 1e-7);
    EXPECT_NEAR(anywhere.at, 1.0 / 60, 1e-6);
    EXPECT_LE(anywhere.upperBound, 0.5 + 1e-7);
    // A larger swing in the hold is the largest by both figures.
    const Track swing = translation(Interpolation::Linear, {0, 1.0 / 60, 1.0 / 30, 2.0 / 30, 3.0 / 30, 0.6, 1.1},
                                    {0, 0.5, 0, 0, 0, 0.75, 0});
    EXPECT_NEAR(measuredDifference(source, atSamples, swing, 1e-9, &anywhere).maxError, 0.75, 1e-7);
    EXPECT_NEAR(anywhere.maxError, 0.75, 1e-7);
    EXPECT_NEAR(anywhere.at, 0.6, 1e-6);
    // Asked to stop above 0.5, it stops at an error over 0.5 in the hold, uncertified; above the
    // largest error it gives the whole figures.
    const Difference stopped = measuredDifference(source, atSamples, swing, 1e-9, &anywhere, 0.5);
    EXPECT_GT(stopped.maxError, 0.5);
    EXPECT_LE(stopped.maxError, 0.75 + 1e-7);
    EXPECT_GT(stopped.at, 3.0 / 30);
    EXPECT_LT(stopped.at, 1.1);
    EXPECT_TRUE(std::isinf(stopped.upperBound));
    EXPECT_TRUE(std::isinf(anywhere.upperBound));
    const Difference whole = measuredDifference(source, atSamples, swing, 1e-9, &anywhere, 0.76);
    EXPECT_NEAR(whole.maxError, 0.75, 1e-7);
    EXPECT_LE(whole.upperBound, 0.75 + 1e-7);
    EXPECT_NEAR(anywhere.maxError, 0.75, 1e-7);
}

TEST(MeasureDifference, OneWalkCertifiesWhatTheTwoSearchesCertify) {
    // A mixed source (a 30 fps bake of a wave, a one-second hold, another bake) against a
    // cubic: each figure of the shared walk must lie in the
    // interval [maxError, upperBound] its own search certifies, and the other way round.
    std::vector<double> t = frames(40, 30), x;
    const double holdEnd = t.back() + 1.0;
    t.push_back(holdEnd);
    for (int k = 1; k < 40; ++k) t.push_back(holdEnd + k / 30.0);
    for (double time : t) x.push_back(std::sin(3 * time) + 0.2 * std::sin(17 * time));
    const Track source = translation(Interpolation::Linear, t, x);
    const std::vector<char> atSamples = segmentsAtSamples(source);
    ASSERT_EQ(measureOf(atSamples), Measure::Mixed);
    // A cubic through every key whose handles bend it between them: off between the bake's
    // samples (seen anywhere, not by the measure) and a little in the hold (seen by both).
    Track result = translation(Interpolation::CubicSpline, t, x);
    for (std::size_t k = 0; k + 1 < t.size(); ++k) {
        const float slope = float((x[k + 1] - x[k]) / (t[k + 1] - t[k]));
        const bool hold = k == 39;
        result.outTangents[k * 3] = hold ? slope : 4.0f * slope;
        result.inTangents[(k + 1) * 3] = hold ? 0.98f * slope : -2.0f * slope;
    }
    const double precision = 1e-6;
    Difference anywhere;
    const Difference measured = measuredDifference(source, atSamples, result, precision, &anywhere);
    const Difference measuredAlone = measuredDifference(source, atSamples, result, precision);
    const Difference anywhereAlone = differenceEverywhere(source, result, precision);
    auto overlap = [](const Difference& a, const Difference& b) {
        return a.maxError <= b.upperBound && b.maxError <= a.upperBound;
    };
    EXPECT_TRUE(overlap(measured, measuredAlone)) << measured.maxError << " " << measuredAlone.maxError;
    EXPECT_TRUE(overlap(anywhere, anywhereAlone)) << anywhere.maxError << " " << anywhereAlone.maxError;
    EXPECT_GT(measured.maxError, 1e-3);                      // the hold's bend
    EXPECT_GT(anywhere.maxError, measured.maxError + 0.01);  // the swings between samples count anywhere
    EXPECT_LE(anywhere.upperBound, anywhere.maxError + precision * 1.0001);
    EXPECT_LE(measured.upperBound, measured.maxError + precision * 1.0001);
}

TEST(MeasureDifference, AStepJumpPlayedAsARampIsOverByThePartOfTheJump) {
    // A dense STEP bake jumping by 1 at 2/30 s; a LINEAR result through the same keys ramps from 0
    // to 1 over [1/30, 2/30]: at the keys it agrees, but just before 2/30 the STEP still holds 0.
    const Track step = translation(Interpolation::Step, frames(5, 30), {0, 0, 1, 1, 1});
    const Track ramp = translation(Interpolation::Linear, frames(5, 30), {0, 0, 1, 1, 1});
    const Measurement m = measureDifference(step, ramp, 0.1);
    EXPECT_EQ(m.measure, Measure::Mixed);
    EXPECT_NEAR(m.difference.maxError, 1.0, 1e-6);  // the limit at 2/30 from the left
    EXPECT_FALSE(m.within);
    EXPECT_EQ(differenceAtKeys(step, ramp).maxError, 0.0);  // what measuring at the keys admitted
}

TEST(MeasureDifference, OutsideTheSourceRangeIsEverywhere) {
    const Track bake = translation(Interpolation::Linear, frames(5, 30), {0, 0, 0, 0, 0});
    // The result goes on past the source's last key (4/30 s) to 1 at 1.0 s.
    const Track longer = translation(Interpolation::Linear, {0, 4.0 / 30, 1.0}, {0, 0, 1});
    const Measurement m = measureDifference(bake, longer, 1e-3);
    EXPECT_NEAR(m.difference.maxError, 1.0, 1e-7);
    EXPECT_NEAR(m.difference.at, 1.0, 1e-6);
}

// ----------------------------------------------------------------------------- hemisphere

namespace {
Track rotation(Interpolation interpolation, const std::vector<std::array<float, 4>>& keys) {
    Track t;
    t.interpolation = interpolation;
    t.path = TargetPath::Rotation;
    t.components = 4;
    t.resize(int(keys.size()));
    for (std::size_t k = 0; k < keys.size(); ++k) {
        t.times[k] = float(k);
        for (int c = 0; c < 4; ++c) t.values[k * 4 + std::size_t(c)] = keys[k][std::size_t(c)];
    }
    return t;
}

int hemisphereFindings(const Track& track) {
    DocumentBuilder b;
    const int node = b.addNode("n");
    const int anim = b.addAnimation("a");
    b.addChannel(anim, node, track);
    int n = 0;
    for (const Finding& f : checkDocument(b.build("hemisphere.glb")))
        n += f.code == "TANGENT_ROTATION_HEMISPHERE_FLIP" ? 1 : 0;
    return n;
}
}  // namespace

TEST(Hemisphere, NoFlipWithinRoundingOfZero) {
    // Keys 180 degrees apart (orthogonal quaternions), dot -4.4e-8: both ways are as long.
    const Track orthogonal = rotation(Interpolation::Linear, {{0, 0, 0, 1}, {1, 0, 0, -4.4e-8f}});
    EXPECT_TRUE(hemisphereFlips(orthogonal).empty());
    EXPECT_EQ(hemisphereFindings(orthogonal), 0);
    Track repaired = orthogonal;
    EXPECT_EQ(alignRotationHemispheres(repaired), 0);
    // A clear flip (dot -0.01) is still one.
    const Track flipped = rotation(Interpolation::Linear, {{0, 0, 0, 1}, {0.99995f, 0, 0, -0.01f}});
    EXPECT_EQ(hemisphereFlips(flipped), std::vector<int>{0});
    EXPECT_EQ(hemisphereFindings(flipped), 1);
    repaired = flipped;
    EXPECT_EQ(alignRotationHemispheres(repaired), 1);
    EXPECT_FLOAT_EQ(repaired.value(1, 3), 0.01f);
}

// ----------------------------------------------------------------------------- simplify

TEST(MeasureSimplify, SparseKeysWithHoldsAreHeldEverywhereAndStepJumpsStayJumps) {
    // Hand-set LINEAR keys 0.5 to 1.2 s apart with holds: the fit is held between the keys.
    const Track sparse = translation(Interpolation::Linear, {0, 0.6, 0.9, 1.2, 1.8, 2.4, 3.6}, {0, 0, 1, 2, 4, 4, -1});
    SimplifyOptions options;
    const SimplifyResult r = simplify(sparse, options);
    EXPECT_EQ(r.measure, Measure::Everywhere);
    // Keys 0.9 and 1.2 lie on the line from 0.6 to 1.8 (x = (t - 0.6) / 1.2 * 4): they go, the
    // holds and corners stay: 5 LINEAR keys.
    EXPECT_EQ(r.track.interpolation, Interpolation::Linear);
    EXPECT_EQ(r.track.keyCount(), 5);
    EXPECT_LE(differenceEverywhere(sparse, r.track).maxError, options.tolerances.translation);
    // A dense STEP bake whose value jumps: a ramp is not a jump, so the result still steps.
    const Track steps = translation(Interpolation::Step, frames(12, 30), {0, 0, 0, 0, 2, 2, 2, 2, 2, -1, -1, -1});
    const SimplifyResult s = simplify(steps, options);
    EXPECT_EQ(s.measure, Measure::Mixed);
    EXPECT_EQ(s.track.interpolation, Interpolation::Step);
    EXPECT_LE(differenceEverywhere(steps, s.track).maxError, options.tolerances.translation);
}
