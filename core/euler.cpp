#include "tangent/euler.h"

#include <cmath>

#define GLM_ENABLE_EXPERIMENTAL
#include <glm/gtx/euler_angles.hpp>

namespace tangent {

namespace {

constexpr double kPi = 3.14159265358979323846;

// The axes in the order they are applied: XYZ -> {0, 1, 2}.
std::array<int, 3> axesOf(EulerOrder order) {
    switch (order) {
        case EulerOrder::XYZ:
            return {0, 1, 2};
        case EulerOrder::XZY:
            return {0, 2, 1};
        case EulerOrder::YXZ:
            return {1, 0, 2};
        case EulerOrder::YZX:
            return {1, 2, 0};
        case EulerOrder::ZXY:
            return {2, 0, 1};
        case EulerOrder::ZYX:
            return {2, 1, 0};
    }
    return {0, 1, 2};
}

// glm names a matrix by its factors from the left (eulerAngleZYX = Rz · Ry · Rx), which is the
// reverse of the order they are applied in; its first angle belongs to its first letter.
glm::dmat4 matrixOf(const glm::dvec3& a, EulerOrder order) {
    switch (order) {
        case EulerOrder::XYZ:
            return glm::eulerAngleZYX(a.z, a.y, a.x);
        case EulerOrder::XZY:
            return glm::eulerAngleYZX(a.y, a.z, a.x);
        case EulerOrder::YXZ:
            return glm::eulerAngleZXY(a.z, a.x, a.y);
        case EulerOrder::YZX:
            return glm::eulerAngleXZY(a.x, a.z, a.y);
        case EulerOrder::ZXY:
            return glm::eulerAngleYXZ(a.y, a.x, a.z);
        case EulerOrder::ZYX:
            return glm::eulerAngleXYZ(a.x, a.y, a.z);
    }
    return glm::dmat4(1.0);
}

glm::dvec3 anglesOf(const glm::dmat4& m, EulerOrder order) {
    double x = 0, y = 0, z = 0;
    switch (order) {
        case EulerOrder::XYZ:
            glm::extractEulerAngleZYX(m, z, y, x);
            break;
        case EulerOrder::XZY:
            glm::extractEulerAngleYZX(m, y, z, x);
            break;
        case EulerOrder::YXZ:
            glm::extractEulerAngleZXY(m, z, x, y);
            break;
        case EulerOrder::YZX:
            glm::extractEulerAngleXZY(m, x, z, y);
            break;
        case EulerOrder::ZXY:
            glm::extractEulerAngleYXZ(m, y, x, z);
            break;
        case EulerOrder::ZYX:
            glm::extractEulerAngleXYZ(m, x, y, z);
            break;
    }
    return {x, y, z};
}

double wrapNear(double angle, double previous) {
    return angle + 2 * kPi * std::round((previous - angle) / (2 * kPi));
}

double distanceSquared(const glm::dvec3& a, const glm::dvec3& b) {
    const glm::dvec3 d = a - b;
    return glm::dot(d, d);
}

}  // namespace

const char* toString(EulerOrder order) {
    switch (order) {
        case EulerOrder::XYZ:
            return "XYZ";
        case EulerOrder::XZY:
            return "XZY";
        case EulerOrder::YXZ:
            return "YXZ";
        case EulerOrder::YZX:
            return "YZX";
        case EulerOrder::ZXY:
            return "ZXY";
        case EulerOrder::ZYX:
            return "ZYX";
    }
    return "XYZ";
}

std::optional<EulerOrder> eulerOrderFromString(std::string_view text) {
    for (EulerOrder order : kEulerOrders)
        if (text == toString(order)) return order;
    return std::nullopt;
}

glm::dvec3 quatToEuler(const glm::dquat& q, EulerOrder order) {
    const double length = glm::length(q);
    if (!(length > 0) || !std::isfinite(length)) return glm::dvec3(0.0);
    return anglesOf(glm::mat4_cast(q / length), order);
}

glm::dquat eulerToQuat(const glm::dvec3& angles, EulerOrder order) {
    return glm::normalize(glm::quat_cast(matrixOf(angles, order)));
}

glm::dvec3 nearestEuler(const glm::dvec3& angles, const glm::dvec3& previous, EulerOrder order) {
    // R3(c) R2(b) R1(a) is also R3(c + π) R2(π - b) R1(a + π), in every order (the test checks
    // it against the matrices written out by hand).
    const std::array<int, 3> axes = axesOf(order);
    glm::dvec3 second = angles;
    second[axes[0]] += kPi;
    second[axes[1]] = kPi - angles[axes[1]];
    second[axes[2]] += kPi;
    glm::dvec3 best{};
    bool first = true;
    for (const glm::dvec3& candidate : {angles, second}) {
        glm::dvec3 wrapped;
        for (int i = 0; i < 3; ++i) wrapped[i] = wrapNear(candidate[i], previous[i]);
        if (first || distanceSquared(wrapped, previous) < distanceSquared(best, previous)) best = wrapped;
        first = false;
    }
    return best;
}

}  // namespace tangent
