// Writes Tangent's built-in sample with Tangent's own writer: translation, rotation, scale and
// morph-weights channels, broken and smooth handles, uneven key spacing, and a LINEAR and a
// STEP channel beside the CUBICSPLINE ones.
#include <cmath>
#include <cstdio>

#include "tangent/builder.h"
#include "tangent/edit.h"

using namespace tangent;

namespace {

Track makeTrack(TargetPath path, Interpolation interp, int components, const std::vector<float>& times,
                const std::vector<float>& values, HandleMode mode = HandleMode::AutoClamped) {
    Track t;
    t.path = path;
    t.interpolation = interp;
    t.components = components;
    t.resize(int(times.size()));
    t.times = times;
    t.values = values;
    if (interp == Interpolation::CubicSpline) {
        std::fill(t.modes.begin(), t.modes.end(), mode);
        applyAutoTangents(t);
    }
    checkTrack(t);
    return t;
}

std::vector<float> quaternionKeys(const std::vector<float>& degreesAboutZ, float tiltX) {
    std::vector<float> q;
    for (float deg : degreesAboutZ) {
        // Rotation about z, then a small fixed tilt about x: q = qx * qz.
        const double hz = deg * M_PI / 360, hx = tiltX * M_PI / 360;
        const double zs = std::sin(hz), zc = std::cos(hz), xs = std::sin(hx), xc = std::cos(hx);
        q.insert(q.end(), {float(xs * zc), float(-xs * zs), float(xc * zs), float(xc * zc)});
    }
    return q;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: make_sample OUT.gltf\n");
        return 64;
    }
    DocumentBuilder b;
    const int mover = b.addMeshNode("Mover");
    const int blob = b.addMeshNode("Blob", 2);
    const int blinker = b.addMeshNode("Blinker", 0, {2, 0, 0});
    const int anim = b.addAnimation("Showcase");

    const std::vector<float> moverTimes = {0, 0.4f, 1.0f, 1.3f, 2.2f, 3.0f};
    Track translation =
            makeTrack(TargetPath::Translation, Interpolation::CubicSpline, 3, moverTimes,
                      {0, 0, 0, 0.8f, 1.2f, 0, 1.6f, 0.4f, 0.5f, 1.9f, -0.6f, 0.5f, 1.0f, -1.0f, 0, 0, 0, 0});
    // Two broken keys for reviewers: a sharp corner in x at key 2, a kink in y at key 3.
    setTangent(translation, 2, 0, Handle::In, 3.0, true);
    setTangent(translation, 2, 0, Handle::Out, -2.0, true);
    setTangent(translation, 3, 1, Handle::Out, 2.5, true);
    b.addChannel(anim, mover, translation);
    b.addChannel(anim, mover,
                 makeTrack(TargetPath::Rotation, Interpolation::CubicSpline, 4, moverTimes,
                           quaternionKeys({0, 40, 95, 120, 200, 270}, 15), HandleMode::Auto));
    b.addChannel(anim, mover,
                 makeTrack(TargetPath::Scale, Interpolation::CubicSpline, 3, moverTimes,
                           {1, 1, 1, 1.3f, 0.8f, 1, 1, 1, 1, 0.7f, 1.25f, 1, 1.1f, 1.1f, 1.1f, 1, 1, 1}));
    b.addChannel(anim, blob,
                 makeTrack(TargetPath::Weights, Interpolation::CubicSpline, 2, {0, 0.8f, 1.5f, 3.0f},
                           {0, 0, 1, 0.2f, 0.3f, 1, 0, 0}));
    b.addChannel(anim, blinker,
                 makeTrack(TargetPath::Translation, Interpolation::Linear, 3, {0, 0.75f, 1.5f, 2.25f, 3.0f},
                           {2, 0, 0, 2, 1, 0, 2.5f, 1, 0, 2.5f, 0, 0, 2, 0, 0}));
    b.addChannel(anim, blinker,
                 makeTrack(TargetPath::Scale, Interpolation::Step, 3, {0, 0.5f, 1.0f, 1.5f, 2.0f, 2.5f},
                           {1, 1, 1, 0.5f, 0.5f, 0.5f, 1, 1, 1, 0.5f, 0.5f, 0.5f, 1, 1, 1, 0.5f, 0.5f, 0.5f}));
    try {
        save(b.build("sample.gltf"), argv[1], {SaveOptions::Format::Gltf, /*embedBuffers=*/true});
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 2;
    }
    return 0;
}
