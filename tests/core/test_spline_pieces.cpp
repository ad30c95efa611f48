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

namespace {

// A glTF CUBICSPLINE rotation as it plays: the raw cubic per component, normalized.
std::vector<double> playedRotation(const std::vector<Spline>& components, double t) {
    std::vector<double> q(4);
    double length = 0;
    for (int c = 0; c < 4; ++c) length += (q[std::size_t(c)] = components[std::size_t(c)](t)) * q[std::size_t(c)];
    for (double& x : q) x /= std::sqrt(length);
    return q;
}

// Degrees between two rotations (unit quaternions, either sign).
double degreesBetween(const double* a, const double* b) {
    double dot = 0;
    for (int c = 0; c < 4; ++c) dot += a[c] * b[c];
    return 2 * std::acos(std::min(1.0, std::abs(dot))) * 180 / 3.14159265358979323846;
}

}  // namespace

// A rotation spline keyed between the frames (unit keys; its raw cubic's length dips between
// them, so the played samples are no cubic per component) baked at 60 fps: its three keys
// back, at their times, unit, within the target at every frame.
TEST(SplinePieces, ARotationSplineKeyedBetweenFrames) {
    const double s = std::sqrt(0.5), c30 = std::cos(0.5236 / 2), s30 = std::sin(0.5236 / 2);
    // Keys: identity; 90 degrees about z; 90 about z then 60 about x. Tangents chosen by hand.
    const std::vector<double> times{0, 8.75 / 30, 24.375 / 30};
    std::vector<std::vector<double>> values{{0, 0, 0, 1}, {0, 0, s, s}, {s * s30, -s * s30, s * c30, s * c30}};
    const std::vector<std::vector<double>> tangents{{0, 0, 1.2, -0.1}, {0.3, -0.2, 1.4, -1.0}, {0.4, -0.5, 0, -0.3}};
    std::vector<Spline> components(4);
    for (int c = 0; c < 4; ++c) {
        Spline& spline = components[std::size_t(c)];
        spline.times = times;
        for (std::size_t k = 0; k < 3; ++k) {
            spline.values.push_back(values[k][std::size_t(c)]);
            spline.in.push_back(tangents[k][std::size_t(c)]);
            spline.out.push_back(tangents[k][std::size_t(c)]);
        }
    }
    std::vector<double> sampleTimes, samples;
    for (int frame = 0; frame <= 50; ++frame) {
        const float t = float(frame / 60.0);
        sampleTimes.push_back(t);
        for (double x : playedRotation(components, t)) samples.push_back(float(x));
    }
    const double target = 0.1;  // degrees
    RecoveredKeys keys;
    ASSERT_TRUE(recoverPieces(TargetPath::Rotation, 4, sampleTimes, samples, 0.05 * target, target, 100, keys));
    ASSERT_EQ(keys.count(), 4);  // the three keys, and the last frame where the bake holds
    EXPECT_NEAR(keys.times[1], times[1], 1e-4);
    EXPECT_NEAR(keys.times[2], times[2], 1e-4);
    for (int k = 0; k < keys.count(); ++k) {
        double length = 0;
        for (int c = 0; c < 4; ++c) length += keys.values[std::size_t(4 * k + c)] * keys.values[std::size_t(4 * k + c)];
        EXPECT_NEAR(length, 1, 1e-12) << "key " << k;
    }
    for (int k = 0; k < 3; ++k)
        EXPECT_LT(degreesBetween(&keys.values[std::size_t(4 * k)], values[std::size_t(k)].data()), 0.05);
    // Played as the file plays it, at every frame.
    for (std::size_t i = 0; i < sampleTimes.size(); ++i) {
        std::size_t k = 0;
        while (k + 2 < keys.times.size() && sampleTimes[i] > keys.times[k + 1]) ++k;
        std::vector<Spline> fitted(4);
        for (int c = 0; c < 4; ++c)
            for (std::size_t j = 0; j < keys.times.size(); ++j) {
                fitted[std::size_t(c)].times.push_back(keys.times[j]);
                fitted[std::size_t(c)].values.push_back(keys.values[4 * j + std::size_t(c)]);
                fitted[std::size_t(c)].in.push_back(keys.in[4 * j + std::size_t(c)]);
                fitted[std::size_t(c)].out.push_back(keys.out[4 * j + std::size_t(c)]);
            }
        const std::vector<double> played = playedRotation(fitted, sampleTimes[i]);
        EXPECT_LT(degreesBetween(played.data(), &samples[4 * i]), target) << "frame " << i;
    }
}
