#pragma once
// A motion-capture-like animation made with Tangent's own writer (DocumentBuilder), the input
// of every benchmark here: N joints, each with translation, rotation and scale
// CUBICSPLINE channels of K keys at 30 fps, plus one morph-weights channel.
#include <string>

#include "tangent/document.h"

namespace tangent::bench {

struct MocapOptions {
    int nodes = 100;       // joints
    int keys = 5000;       // per channel (5000 keys at 30 fps: 2 min 47 s)
    int morphTargets = 4;  // of the extra mesh node whose weights are animated
    // false: every joint gets its own input accessor, as exporters write (see mocap.cpp);
    // true: all joints share bit-identical times, so the builder writes one shared accessor.
    bool sharedTimes = false;
    // true: every in- and out-tangent is a different pseudo-random slope, many times the
    // curve's own: the curves overshoot their keys on most segments and every interior key is
    // broken (a stress case for the per-key checks and their reports).
    bool randomTangents = false;
    // N > 0: every Nth key (not the first or last) is a corner: its out-tangent is its in-tangent
    // reversed, so the motion bounces back there, as at a hand-keyed hit or footstep.
    int cornerEvery = 0;
};

// The document, decoded back through the loader (DocumentBuilder::build).
Document makeMocap(const MocapOptions& options);
// makeMocap + tangent::save; the format follows the extension (.glb / .gltf).
void writeMocap(const MocapOptions& options, const std::string& path);
// The reference file's name for these options, e.g. "mocap_100x5000.glb".
std::string mocapFileName(const MocapOptions& options);

}  // namespace tangent::bench
