#pragma once
// The 3D preview: the OpenGL renderer that draws a posed scene (meshes in their materials'
// played colours, skeleton, lights, grid, axes, the highlighted node's motion trail), and an
// offscreen render to a QImage for `tangent render --preview`. OpenGL 3.3 core or GLES 3.
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <QImage>
#include <QSize>

#include "orbitcamera.h"
#include "tangent/scene.h"

namespace tangent {
class Document;
}

namespace tangent::render {

// A node's world position over an animation, and where the selected channel's keys fall on it.
struct MotionTrail {
    std::vector<glm::dvec3> points;
    std::vector<glm::dvec3> keyTicks;
};
// Samples `node`'s world origin at `samples` times evenly over the key range the animations
// span together (played side by side, as evaluatePose plays them), and at each key time of
// `keyTimes`. Empty when the node or every animation does not exist.
MotionTrail motionTrail(const Scene& scene, const Document& doc, const std::vector<int>& animations, int node,
                        const std::vector<double>& keyTimes, int samples = 120);
inline MotionTrail motionTrail(const Scene& scene, const Document& doc, int animation, int node,
                               const std::vector<double>& keyTimes, int samples = 120) {
    return motionTrail(scene, doc, std::vector<int>{animation}, node, keyTimes, samples);
}

// World bounds of the scene over animations played together: the rest pose and 16 poses evenly
// over their key range (none, or -1: the rest pose alone), so that a camera framed on them sees
// all of the motion and stays put while it plays. Unit bounds around the origin when the scene
// is empty.
void motionBounds(const Scene& scene, const Document& doc, const std::vector<int>& animations, glm::dvec3* lo,
                  glm::dvec3* hi);
inline void motionBounds(const Scene& scene, const Document& doc, int animation, glm::dvec3* lo, glm::dvec3* hi) {
    motionBounds(scene, doc, std::vector<int>{animation}, lo, hi);
}

struct PreviewOptions {
    int highlightNode = -1;              // drawn in the accent colour, with its trail
    const MotionTrail* trail = nullptr;  // not owned; may be null
    bool showMeshes = true;
    bool showSkeleton = true;
    bool showGrid = true;  // ground grid and RGB axes
    // KHR_lights_punctual lights: a round marker in the light's played colour whose diameter
    // grows with the log of its intensity (6 + 2 log2(1 + intensity) pixels, 6 to 28), and for a
    // directional or spot light a line along the way it shines.
    bool showLights = true;
};

// Draws with the OpenGL context current at construction; every call needs that context
// current, and the renderer must be destroyed while it is (GL objects are freed then).
class PreviewRenderer {
public:
    PreviewRenderer();
    ~PreviewRenderer();
    PreviewRenderer(const PreviewRenderer&) = delete;
    PreviewRenderer& operator=(const PreviewRenderer&) = delete;

    // Uploads what does not move (indices, texture coordinates, textures) and sizes the grid.
    void setScene(const Scene& scene);
    // Draws the scene at `pose` into the bound framebuffer (viewport and clear included).
    void render(const Scene& scene, const Pose& pose, const OrbitCamera& camera, QSize viewport,
                const PreviewOptions& options);
    // What could not be drawn (an image that does not decode, a primitive over the limits),
    // one sentence each.
    const std::vector<std::string>& problems() const;

    // What the renderer uploads at most: more is left out, with a problem.
    static constexpr std::size_t kMaxVertices = 8'000'000;  // over all primitives, per frame
    static constexpr int kMaxNodesDrawn = 100'000;          // skeleton markers
    static constexpr int kMaxTextureSide = 4096;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// The preview needs an OpenGL context and none could be made (no display).
class PreviewUnavailable : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct PreviewRequest {
    QSize size{1280, 720};
    int animation = 0;  // -1: the rest pose
    // Played side by side with `animation`, as the editor's Play With plays them (evaluatePose
    // of the list, in file order).
    std::vector<int> playedWith;
    std::vector<int> played() const;
    double time = 0.0;
    bool autoFrame = true;  // frame the motion's bounds (the camera stays put across times)
    OrbitCamera camera;     // used as is without autoFrame; its direction is kept with it
    int highlightNode = -1;
    std::vector<double> highlightKeyTimes;  // ticks on the highlighted node's trail
    bool showSkeleton = true;
    bool showGrid = true;
};

// The camera a request draws with: its own, or framed on the animation's motionBounds (as
// autoFrame says).
OrbitCamera requestCamera(const Scene& scene, const Document& doc, const PreviewRequest& request);

// Renders offscreen (QOffscreenSurface + a multisampled framebuffer where available). Needs a
// QGuiApplication. Throws PreviewUnavailable naming the document's file when no OpenGL
// context can be made.
QImage renderPreviewImage(const Document& doc, const Scene& scene, const PreviewRequest& request);

}  // namespace tangent::render
