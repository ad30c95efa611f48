// detail::recoverPieces: a baked spline's keys found between the bake's frames, hand-computed
// splines as the reference.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "spline_pieces.h"

using namespace tangent;
using tangent::detail::RecoveredKeys;
using tangent::detail::recoverPieces;

namespace {

// One component of a glTF CUBICSPLINE (Appendix C), held past its last key.
struct Spline {
    std::vector<double> times, values, in, out;
    double operator()(double t) const {
        if (t >= times.back()) return values.back();
        std::size_t k = 0;
        while (t > times[k + 1]) ++k;
        const double dt = times[k + 1] - times[k], s = (t - times[k]) / dt, s2 = s * s, s3 = s2 * s;
        return (2 * s3 - 3 * s2 + 1) * values[k] + dt * (s3 - 2 * s2 + s) * out[k] +
               (-2 * s3 + 3 * s2) * values[k + 1] + dt * (s3 - s2) * in[k + 1];
    }
};

// Samples at every frame of [0, seconds], as floats (a file's bake).
void bake(const Spline& spline, double fps, double seconds, std::vector<double>& times, std::vector<double>& values) {
    for (int frame = 0; frame <= int(std::lround(seconds * fps)); ++frame) {
        const float t = float(frame / fps);
        times.push_back(t);
        values.push_back(float(spline(t)));
    }
}

}  // namespace

// The spline ends a quarter frame before the bake's last frame, which holds its value: the
// keys are the spline's, and one more at the last frame for the hold.
TEST(SplinePieces, ASplineEndingBetweenFramesThenHeld) {
    const Spline spline{{0, 0.4, 24.375 / 30}, {1, 2, 0.5}, {0, 1, -3}, {2, 1, 0}};
    std::vector<double> times, values;
    bake(spline, 30, 25.0 / 30, times, values);
    RecoveredKeys keys;
    ASSERT_TRUE(recoverPieces(TargetPath::Scale, 1, times, values, 5e-5, 1e-3, 100, keys));
    ASSERT_EQ(keys.count(), 4);
    EXPECT_NEAR(keys.times[1], 0.4, 1e-4);
    EXPECT_NEAR(keys.times[2], 24.375 / 30, 1e-4);
    EXPECT_EQ(keys.times[3], double(float(25.0 / 30)));  // the last frame, as the file stores it
    EXPECT_NEAR(keys.values[1], 2, 1e-4);
    EXPECT_NEAR(keys.values[2], 0.5, 1e-4);
    EXPECT_NEAR(keys.values[3], 0.5, 1e-6);
    EXPECT_NEAR(keys.in[1], 1, 0.01);  // a smooth key: one slope
    EXPECT_EQ(keys.in[1], keys.out[1]);
    EXPECT_EQ(keys.broken, (std::vector<char>{0, 0, 0, 0}));
    EXPECT_NEAR(keys.in[2], -3, 0.05);  // arriving at the hold
}

// Motion keyed about as often as it is baked (every frame its own cubic piece) has no pieces
// to recover: runs of four samples, which any cubic follows, are not taken as a spline's.
TEST(SplinePieces, MotionKeyedAtEveryFrameIsNoSpline) {
    std::vector<double> times, values;
    for (int frame = 0; frame <= 120; ++frame) {
        times.push_back(float(frame / 30.0));
        values.push_back(float(std::sin(frame * 1.7) + 0.3 * std::cos(frame * 5.3)));
    }
    RecoveredKeys keys;
    EXPECT_FALSE(recoverPieces(TargetPath::Translation, 1, times, values, 5e-6, 1e-4, 1000, keys));
    EXPECT_EQ(keys.count(), 0);
}

// More keys than the budget: no answer (the other fit has fewer).
TEST(SplinePieces, NoMoreKeysThanTheBudget) {
    const Spline spline{{0, 0.4, 24.375 / 30, 1.2}, {1, 2, 0.5, 0}, {0, 1, -3, 0}, {2, 1, 0, 0}};
    std::vector<double> times, values;
    bake(spline, 30, 1.2, times, values);
    RecoveredKeys keys;
    EXPECT_TRUE(recoverPieces(TargetPath::Scale, 1, times, values, 5e-5, 1e-3, 4, keys));
    EXPECT_EQ(keys.count(), 4);
    EXPECT_FALSE(recoverPieces(TargetPath::Scale, 1, times, values, 5e-5, 1e-3, 3, keys));
}
