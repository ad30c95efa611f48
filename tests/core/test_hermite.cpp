#include <random>

#include <gtest/gtest.h>

#include "tangent/hermite.h"

using namespace tangent;

TEST(Hermite, BasisAtTheEnds) {
    const HermiteBasis b0 = hermiteBasis(0), b1 = hermiteBasis(1);
    EXPECT_EQ(b0.h00, 1);
    EXPECT_EQ(b0.h10, 0);
    EXPECT_EQ(b0.h01, 0);
    EXPECT_EQ(b0.h11, 0);
    EXPECT_EQ(b1.h00, 0);
    EXPECT_EQ(b1.h10, 0);
    EXPECT_EQ(b1.h01, 1);
    EXPECT_EQ(b1.h11, 0);
}

TEST(Hermite, SpecFormulaAtMidpoint) {
    // p(0.5) = 0.5 v0 + dt/8 b0 + 0.5 v1 - dt/8 a1
    EXPECT_DOUBLE_EQ(hermite(1.0, 2.0, 3.0, -4.0, 0.5, 0.5), 0.5 * 1 + 0.5 / 8 * 2 + 0.5 * 3 + 0.5 / 8 * 4);
}

TEST(Hermite, SlopeAtTheEndsIsTheTangent) {
    EXPECT_DOUBLE_EQ(hermiteSlope(1.0, 2.5, 3.0, -4.0, 0.7, 0.0), 2.5);
    EXPECT_DOUBLE_EQ(hermiteSlope(1.0, 2.5, 3.0, -4.0, 0.7, 1.0), -4.0);
}

TEST(Hermite, SlopeMatchesFiniteDifference) {
    const double dt = 1.3, h = 1e-6;
    for (double s : {0.1, 0.37, 0.5, 0.9}) {
        const double numeric =
                (hermite(0.2, 1.5, -0.7, 0.4, dt, s + h) - hermite(0.2, 1.5, -0.7, 0.4, dt, s - h)) / (2 * h * dt);
        EXPECT_NEAR(hermiteSlope(0.2, 1.5, -0.7, 0.4, dt, s), numeric, 1e-6);
    }
}

// The Bézier with handles at thirds is the same polynomial as the Hermite segment.
TEST(Hermite, BezierWithThirdHandlesIsTheHermiteCurve) {
    const double v0 = 0.25, b0 = 3.5, v1 = -1.0, a1 = 0.75, dt = 0.6;
    const double p1 = outHandleValue(v0, b0, dt), p2 = inHandleValue(v1, a1, dt);
    for (double s = 0; s <= 1.0; s += 0.125) {
        const double u = 1 - s;
        const double bezier = u * u * u * v0 + 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s * v1;
        EXPECT_NEAR(bezier, hermite(v0, b0, v1, a1, dt, s), 1e-15);
    }
}

TEST(Hermite, HandleToTangentRoundTripIsExactOnDyadicValues) {
    // dt = 3/4: dt/3 = 1/4, every step exact in binary floating point.
    const double dt = 0.75;
    for (double b : {0.0, 1.0, -2.5, 1024.125}) {
        const double handle = outHandleValue(0.5, b, dt);
        EXPECT_EQ(outTangentFromHandle(0.5, handle, dt), b);
        const double in = inHandleValue(0.5, b, dt);
        EXPECT_EQ(inTangentFromHandle(0.5, in, dt), b);
        EXPECT_EQ(outHandleValue(0.5, outTangentFromHandle(0.5, handle, dt), dt), handle);
    }
}

TEST(Hermite, HandleToTangentRoundTripWithinRounding) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> d(-100, 100), pos(0.01, 5);
    for (int i = 0; i < 1000; ++i) {
        const double v = d(rng), b = d(rng), dt = pos(rng);
        const double back = outTangentFromHandle(v, outHandleValue(v, b, dt), dt);
        EXPECT_NEAR(back, b, 1e-11 * (1 + std::abs(v) / dt));
    }
}
