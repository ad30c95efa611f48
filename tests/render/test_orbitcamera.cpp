// The preview's orbit camera as plain math: no GL. Expectations are worked out by hand from the
// turntable's definition (eye on a sphere about the target, Y up) and from the pinhole model.
#include <cmath>

#include <glm/glm.hpp>
#include <gtest/gtest.h>

#include "orbitcamera.h"

namespace tangent::render {
namespace {

constexpr double kPi = 3.14159265358979323846;

// A world point in pixels of a width x height viewport, y down (as Qt and QImage count).
glm::dvec2 project(const OrbitCamera& camera, const glm::dvec3& p, double width, double height) {
    const glm::dvec4 clip = camera.projection(width / height) * camera.view() * glm::dvec4(p, 1.0);
    const glm::dvec3 ndc = glm::dvec3(clip) / clip.w;
    return {(ndc.x + 1) / 2 * width, (1 - ndc.y) / 2 * height};
}

void expectNear(const glm::dvec3& a, const glm::dvec3& b, double eps = 1e-12) {
    EXPECT_NEAR(a.x, b.x, eps);
    EXPECT_NEAR(a.y, b.y, eps);
    EXPECT_NEAR(a.z, b.z, eps);
}

TEST(OrbitCamera, EyeSitsOnTheTurntableSphere) {
    OrbitCamera camera;
    camera.target = {1, 2, 3};
    camera.distance = 10;
    camera.yaw = 0;
    camera.pitch = 0;
    expectNear(camera.eye(), {1, 2, 13});  // yaw 0 looks down -Z from +Z
    camera.yaw = kPi / 2;
    expectNear(camera.eye(), {11, 2, 3});  // a quarter turn: from +X
    camera.yaw = 0;
    camera.pitch = kPi / 6;  // 30 degrees up: height d/2, horizontal d*sqrt(3)/2
    expectNear(camera.eye(), {1, 2 + 5, 3 + 5 * std::sqrt(3.0)});
}

TEST(OrbitCamera, ViewPutsTheTargetStraightAhead) {
    OrbitCamera camera;
    camera.target = {0.5, -1, 2};
    camera.yaw = 0.8;
    camera.pitch = -0.3;
    camera.distance = 7;
    const glm::dvec4 t = camera.view() * glm::dvec4(camera.target, 1.0);
    expectNear(glm::dvec3(t), {0, 0, -7}, 1e-12);
    // Screen right is horizontal, screen up has a positive world Y (no roll).
    EXPECT_NEAR(camera.right().y, 0.0, 1e-15);
    EXPECT_GT(camera.up().y, 0.0);
    EXPECT_NEAR(glm::dot(camera.up(), camera.forward()), 0.0, 1e-15);
    // The centre of the viewport is the target.
    const glm::dvec2 c = project(camera, camera.target, 800, 600);
    EXPECT_NEAR(c.x, 400, 1e-9);
    EXPECT_NEAR(c.y, 300, 1e-9);
}

TEST(OrbitCamera, ProjectionIsThePinholeModel) {
    // A point one unit right of the target at the target's depth lands f*1/d pixels right of
    // the centre, with f = (height/2) / tan(fov/2).
    OrbitCamera camera;
    camera.yaw = 0;
    camera.pitch = 0;
    camera.distance = 4;
    camera.fovY = kPi / 3;
    const double height = 600, width = 900;
    const double f = height / 2 / std::tan(kPi / 6);
    const glm::dvec2 p = project(camera, {1, 0, 0}, width, height);
    EXPECT_NEAR(p.x, width / 2 + f / 4, 1e-9);
    EXPECT_NEAR(p.y, height / 2, 1e-9);
    const glm::dvec2 q = project(camera, {0, 1, 0}, width, height);
    EXPECT_NEAR(q.y, height / 2 - f / 4, 1e-9);
}

TEST(OrbitCamera, FrameFitsTheBoundingSphere) {
    OrbitCamera camera;
    camera.yaw = 0.3;
    camera.pitch = 0.4;
    const glm::dvec3 lo(-1, 0, -2), hi(3, 2, 2);
    camera.frame(lo, hi, 16.0 / 9.0);
    expectNear(camera.target, {1, 1, 0});
    const double radius = std::sqrt(16.0 + 4.0 + 16.0) / 2;                         // half the box diagonal
    EXPECT_NEAR(camera.distance, 1.1 * radius / std::sin(camera.fovY / 2), 1e-12);  // tall: vertical fov binds
    for (int corner = 0; corner < 8; ++corner) {
        const glm::dvec3 p(corner & 1 ? hi.x : lo.x, corner & 2 ? hi.y : lo.y, corner & 4 ? hi.z : lo.z);
        const glm::dvec2 px = project(camera, p, 1600, 900);
        EXPECT_GT(px.x, 0);
        EXPECT_LT(px.x, 1600);
        EXPECT_GT(px.y, 0);
        EXPECT_LT(px.y, 900);
    }
    // A narrow viewport: the horizontal fov binds.
    camera.frame(lo, hi, 0.5);
    const double halfX = std::atan(std::tan(camera.fovY / 2) * 0.5);
    EXPECT_NEAR(camera.distance, 1.1 * radius / std::sin(halfX), 1e-12);
    // Nothing to frame (a point) still gives a usable camera.
    camera.frame(glm::dvec3(2.0), glm::dvec3(2.0), 1.0);
    EXPECT_GT(camera.distance, 0.0);
    expectNear(camera.target, glm::dvec3(2.0));
}

TEST(OrbitCamera, ZoomDividesTheDistanceByTheStepFactor) {
    OrbitCamera camera;
    camera.distance = 10;
    camera.zoom(1);
    EXPECT_DOUBLE_EQ(camera.distance, 10 / 1.2);
    camera.zoom(-3);
    EXPECT_NEAR(camera.distance, 10 * 1.2 * 1.2, 1e-12);
    camera.zoom(0.5);  // a fine-grained wheel's half notch
    EXPECT_NEAR(camera.distance, 10 * 1.2 * 1.2 / std::sqrt(1.2), 1e-12);
}

TEST(OrbitCamera, OrbitTurnsByTheDragAndStopsAtThePoles) {
    OrbitCamera camera;
    camera.yaw = 0;
    camera.pitch = 0;
    camera.orbit(100, 0);  // drag right: the scene turns right, so the eye goes left (-X)
    EXPECT_NEAR(camera.yaw, -1.0, 1e-15);
    EXPECT_LT(camera.eye().x, 0);
    camera.orbit(0, 50);  // drag down: seen from above
    EXPECT_NEAR(camera.pitch, 0.5, 1e-15);
    EXPECT_GT(camera.eye().y, 0);
    camera.orbit(0, 100000);
    EXPECT_DOUBLE_EQ(camera.pitch, OrbitCamera::kMaxPitch);
    camera.orbit(0, -100000);
    EXPECT_DOUBLE_EQ(camera.pitch, -OrbitCamera::kMaxPitch);
}

TEST(OrbitCamera, PanKeepsTheGrabbedPointUnderThePointer) {
    OrbitCamera camera;
    camera.yaw = 0.7;
    camera.pitch = 0.25;
    camera.distance = 6;
    camera.target = {0.2, 0.1, -0.3};
    const double width = 1000, height = 700;
    const glm::dvec3 grabbed = camera.target;
    const glm::dvec2 before = project(camera, grabbed, width, height);
    camera.pan(37, -21, height);
    const glm::dvec2 after = project(camera, grabbed, width, height);
    EXPECT_NEAR(after.x - before.x, 37, 1e-9);
    EXPECT_NEAR(after.y - before.y, -21, 1e-9);
}

}  // namespace
}  // namespace tangent::render
