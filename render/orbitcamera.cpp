#include "orbitcamera.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/constants.hpp>
#include <glm/gtc/matrix_transform.hpp>

namespace tangent::render {

glm::dvec3 OrbitCamera::forward() const {
    // The eye sits at yaw about +Y and pitch above the horizon; forward points back at the target.
    const glm::dvec3 toEye(std::cos(pitch) * std::sin(yaw), std::sin(pitch), std::cos(pitch) * std::cos(yaw));
    return -toEye;
}

glm::dvec3 OrbitCamera::eye() const {
    return target - forward() * distance;
}

glm::dvec3 OrbitCamera::right() const {
    return glm::dvec3(std::cos(yaw), 0.0, -std::sin(yaw));
}

glm::dvec3 OrbitCamera::up() const {
    return glm::cross(right(), forward());
}

glm::dmat4 OrbitCamera::view() const {
    return glm::lookAt(eye(), target, up());
}

glm::dmat4 OrbitCamera::projection(double aspect) const {
    const double nearPlane = std::max(distance * 1e-3, 1e-6);
    const double farPlane = distance * 1e3 + 1.0;
    return glm::perspective(fovY, aspect > 0 ? aspect : 1.0, nearPlane, farPlane);
}

void OrbitCamera::frame(const glm::dvec3& lo, const glm::dvec3& hi, double aspect) {
    target = 0.5 * (lo + hi);
    double radius = 0.5 * glm::length(hi - lo);
    if (!(radius > 1e-9) || !std::isfinite(radius)) radius = 1.0;
    if (!std::isfinite(target.x + target.y + target.z)) target = glm::dvec3(0.0);
    const double halfY = fovY / 2;
    const double halfX = std::atan(std::tan(halfY) * (aspect > 0 ? aspect : 1.0));
    const double margin = 1.1;
    distance = margin * radius / std::sin(std::min(halfX, halfY));
}

void OrbitCamera::orbit(double dxPixels, double dyPixels) {
    yaw = std::remainder(yaw - dxPixels * kRadiansPerPixel, 2 * glm::pi<double>());
    pitch = std::clamp(pitch + dyPixels * kRadiansPerPixel, -kMaxPitch, kMaxPitch);
}

void OrbitCamera::pan(double dxPixels, double dyPixels, double viewportHeight) {
    if (!(viewportHeight > 0)) return;
    const double unitsPerPixel = 2 * distance * std::tan(fovY / 2) / viewportHeight;
    target += (-dxPixels * right() + dyPixels * up()) * unitsPerPixel;
}

void OrbitCamera::zoom(double steps) {
    distance = std::clamp(distance / std::pow(kZoomPerStep, steps), 1e-6, 1e12);
}

}  // namespace tangent::render
