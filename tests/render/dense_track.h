#pragma once
// Test data at motion-capture density, shared by the drawing layer's and the editor's tests.
#include <cmath>

#include "tangent/track.h"

namespace tangent::test {

// A wiggly CUBICSPLINE track of `keys` keys at 30 fps with `components` components; tangents
// from the true derivative, some of them broken so that segments overshoot their keys.
inline Track denseTrack(int keys, TargetPath path, int components, double phase = 0) {
    Track t;
    t.interpolation = Interpolation::CubicSpline;
    t.path = path;
    t.components = components;
    t.resize(keys);
    for (int k = 0; k < keys; ++k) {
        const double time = k / 30.0;
        t.times[k] = float(time);
        for (int c = 0; c < components; ++c) {
            const double w = 2 + c + phase;
            double v = std::sin(w * time + c) + 0.3 * std::sin(7.3 * w * time);
            double d = w * std::cos(w * time + c) + 0.3 * 7.3 * w * std::cos(7.3 * w * time);
            if (path == TargetPath::Rotation) v = 0.5 + 0.2 * v, d *= 0.2;
            t.values[t.at(k, c)] = float(v);
            t.inTangents[t.at(k, c)] = float(d);
            t.outTangents[t.at(k, c)] = float(k % 7 == 3 ? -3 * d : d);  // broken: overshoot
        }
    }
    return t;
}

}  // namespace tangent::test
