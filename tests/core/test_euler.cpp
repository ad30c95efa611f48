#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "tangent/euler.h"

namespace tangent {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kDeg = kPi / 180;

// The reference: a rotation about one axis written out by hand, and the product in the order
// the axes are applied (XYZ: Rz · Ry · Rx), without glm's Euler functions.
glm::dmat3 axisRotation(int axis, double a) {
    const double c = std::cos(a), s = std::sin(a);
    glm::dmat3 m(1.0);  // column-major: m[column][row]
    const int i = (axis + 1) % 3, j = (axis + 2) % 3;
    m[i][i] = c;
    m[i][j] = s;
    m[j][i] = -s;
    m[j][j] = c;
    return m;
}

glm::dmat3 referenceMatrix(const glm::dvec3& angles, const char* order) {
    glm::dmat3 m(1.0);
    for (int n = 0; n < 3; ++n) {
        const int axis = order[n] - 'X';
        m = axisRotation(axis, angles[axis]) * m;
    }
    return m;
}

void expectSameMatrix(const glm::dmat3& a, const glm::dmat3& b, double tolerance = 1e-12) {
    for (int c = 0; c < 3; ++c)
        for (int r = 0; r < 3; ++r) EXPECT_NEAR(a[c][r], b[c][r], tolerance) << c << "," << r;
}

TEST(Euler, NamesRoundTrip) {
    for (EulerOrder order : kEulerOrders) EXPECT_EQ(eulerOrderFromString(toString(order)), order);
    EXPECT_FALSE(eulerOrderFromString("XYX").has_value());
}

TEST(Euler, AxisRotationIsCounterClockwise) {
    // 90° about Z takes +X to +Y.
    const glm::dvec3 v = axisRotation(2, kPi / 2) * glm::dvec3(1, 0, 0);
    EXPECT_NEAR(v.x, 0, 1e-15);
    EXPECT_NEAR(v.y, 1, 1e-15);
}

TEST(Euler, QuaternionOfAnglesIsTheProductInOrder) {
    const glm::dvec3 angles{30 * kDeg, -50 * kDeg, 120 * kDeg};
    for (EulerOrder order : kEulerOrders) {
        SCOPED_TRACE(toString(order));
        expectSameMatrix(glm::mat3_cast(eulerToQuat(angles, order)), referenceMatrix(angles, toString(order)));
    }
}

TEST(Euler, SingleAxisRotationsReadBackInEveryOrder) {
    for (EulerOrder order : kEulerOrders) {
        SCOPED_TRACE(toString(order));
        // 40.1° about X (not 90°: that is gimbal lock where X is the middle axis).
        const glm::dvec3 x = quatToEuler(glm::dquat(std::cos(0.35), std::sin(0.35), 0, 0), order);
        EXPECT_NEAR(x.x, 0.7, 1e-12);
        EXPECT_NEAR(x.y, 0, 1e-12);
        EXPECT_NEAR(x.z, 0, 1e-12);
        const glm::dvec3 z = quatToEuler(glm::dquat(std::cos(0.35), 0, 0, std::sin(0.35)), order);  // 40.1°
        EXPECT_NEAR(z.x, 0, 1e-12);
        EXPECT_NEAR(z.y, 0, 1e-12);
        EXPECT_NEAR(z.z, 0.7, 1e-12);
    }
}

TEST(Euler, AnglesWithinRangeRoundTrip) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> outer(-kPi * 0.999, kPi * 0.999), middle(-kPi / 2 * 0.999, kPi / 2 * 0.999);
    for (EulerOrder order : kEulerOrders) {
        SCOPED_TRACE(toString(order));
        const char* name = toString(order);
        const int mid = name[1] - 'X';
        for (int n = 0; n < 200; ++n) {
            glm::dvec3 angles{outer(rng), outer(rng), outer(rng)};
            angles[mid] = middle(rng);
            const glm::dvec3 back = quatToEuler(eulerToQuat(angles, order), order);
            for (int i = 0; i < 3; ++i) EXPECT_NEAR(back[i], angles[i], 1e-9) << n;
            // A non-unit quaternion reads the same.
            const glm::dvec3 scaled = quatToEuler(eulerToQuat(angles, order) * 3.0, order);
            for (int i = 0; i < 3; ++i) EXPECT_NEAR(scaled[i], angles[i], 1e-9);
        }
    }
    EXPECT_EQ(quatToEuler(glm::dquat(0, 0, 0, 0), EulerOrder::XYZ), glm::dvec3(0.0));
}

TEST(Euler, NearestSolutionUnwrapsTurnsAndKeepsTheRotation) {
    for (EulerOrder order : kEulerOrders) {
        SCOPED_TRACE(toString(order));
        const char* name = toString(order);
        // A turn about the first axis past 180°: read as -170°, unwrapped next to 170° it is 190°.
        glm::dvec3 previous(0.0), angles(0.0);
        const int first = name[0] - 'X';
        previous[first] = 170 * kDeg;
        angles[first] = -170 * kDeg;
        EXPECT_NEAR(nearestEuler(angles, previous, order)[first], 190 * kDeg, 1e-12);

        // The second solution: whichever triple is chosen, it is the same rotation.
        const glm::dvec3 a{0.3, 1.2, -2.5};
        for (const glm::dvec3& p : {glm::dvec3(3.3, 1.9, 0.6), glm::dvec3(-3, 2, -6), glm::dvec3(0.3, 1.2, -2.5)}) {
            const glm::dvec3 n = nearestEuler(a, p, order);
            expectSameMatrix(referenceMatrix(n, name), referenceMatrix(a, name), 1e-12);
        }
        // Near the second solution, it is chosen (each angle within π of the previous one).
        glm::dvec3 second = a;
        second[name[0] - 'X'] += kPi;
        second[name[1] - 'X'] = kPi - a[name[1] - 'X'];
        second[name[2] - 'X'] += kPi;
        const glm::dvec3 chosen = nearestEuler(a, second + glm::dvec3(0.01), order);
        for (int i = 0; i < 3; ++i) EXPECT_NEAR(chosen[i], second[i], 1e-12);
    }
}

}  // namespace
}  // namespace tangent
