#pragma once
// The 3D preview's camera: plain math (glm), testable without GL.
#include <glm/glm.hpp>

namespace tangent::render {

// A turntable camera about a target, Y up as glTF: yaw turns about +Y (0 looks down -Z from
// +Z), pitch lifts the eye above the horizon. Pointer deltas are in pixels.
struct OrbitCamera {
    glm::dvec3 target{0.0};
    double yaw = 0.6;                  // radians
    double pitch = 0.35;               // radians, kept inside +-kMaxPitch
    double distance = 5.0;             // eye to target, scene units
    double fovY = 0.7853981633974483;  // vertical field of view, radians (45 degrees)

    static constexpr double kMaxPitch = 1.5533430342749532;  // 89 degrees: never straight down
    static constexpr double kRadiansPerPixel = 0.01;
    static constexpr double kZoomPerStep = 1.2;  // one wheel notch divides the distance by this

    glm::dvec3 eye() const;
    glm::dvec3 forward() const;  // unit, eye to target
    glm::dvec3 right() const;    // unit, screen right
    glm::dvec3 up() const;       // unit, screen up
    glm::dmat4 view() const;
    // Near and far planes follow the distance, so zooming never clips the target.
    glm::dmat4 projection(double aspect) const;

    // Looks at the centre of [lo, hi] from the current direction, at the distance where the
    // box's bounding sphere fits the view both vertically and horizontally (with a margin).
    void frame(const glm::dvec3& lo, const glm::dvec3& hi, double aspect);
    // Turntable: dragging right turns the scene right, dragging down shows it from above.
    void orbit(double dxPixels, double dyPixels);
    // Moves the target so that the point under the pointer at the target's depth follows it.
    void pan(double dxPixels, double dyPixels, double viewportHeight);
    // steps > 0 moves closer (wheel forward), by kZoomPerStep per step.
    void zoom(double steps);
};

}  // namespace tangent::render
