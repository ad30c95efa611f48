// The curves are sums of sines, so every tangent is the curve's true derivative at the key:
// what an exporter that samples a smooth rig writes (in-tangent == out-tangent, no broken keys).
//
// Input accessors: exporters (Blender, Maya2glTF) write one input per joint even when the
// times agree, so each joint is its own input group in the builder. (MocapOptions::sharedTimes
// writes the other layout: one input accessor for the whole file.)
#include "mocap.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/quaternion.hpp>

#include "tangent/builder.h"

namespace tangent::bench {

namespace {

constexpr double kFps = 30.0;
constexpr double kPi = 3.14159265358979323846;

// f(t) = sum_i a_i sin(w_i t + p_i), with f'(t) exact.
struct Wave {
    double a[3], w[3], p[3];
    double offset = 0;
    double value(double t) const {
        double v = offset;
        for (int i = 0; i < 3; ++i) v += a[i] * std::sin(w[i] * t + p[i]);
        return v;
    }
    double slope(double t) const {
        double d = 0;
        for (int i = 0; i < 3; ++i) d += a[i] * w[i] * std::cos(w[i] * t + p[i]);
        return d;
    }
};

// Deterministic, varied parameters per joint and component (no RNG state to keep in sync).
double hash01(int a, int b, int c) {
    unsigned x = unsigned(a) * 73856093u ^ unsigned(b) * 19349663u ^ unsigned(c) * 83492791u;
    x ^= x >> 13;
    x *= 0x5bd1e995u;
    x ^= x >> 15;
    return (x & 0xffffff) / double(0x1000000);
}

Wave makeWave(int node, int channel, int component, double amplitude, double offset) {
    Wave w;
    w.offset = offset;
    for (int i = 0; i < 3; ++i) {
        const int salt = channel * 16 + component * 4 + i;
        // Frequencies 0.2..3 Hz: body motion, a few keys per wiggle at 30 fps at the fastest.
        w.w[i] = 2 * kPi * (0.2 + 2.8 * hash01(node, salt, 1)) / double(1 + i);
        w.a[i] = amplitude * (0.3 + 0.7 * hash01(node, salt, 2)) / double(1 + i);
        w.p[i] = 2 * kPi * hash01(node, salt, 3);
    }
    return w;
}

std::vector<float> keyTimes(int keys) {
    std::vector<float> times(keys);
    for (int k = 0; k < keys; ++k) times[k] = float(k / kFps);
    return times;
}

Track cubicTrack(TargetPath path, int components, const std::vector<float>& times) {
    Track t;
    t.interpolation = Interpolation::CubicSpline;
    t.path = path;
    t.components = components;
    t.times = times;
    t.resize(int(times.size()));
    return t;
}

// A component-wise curve (translation, scale, weights) from one wave per component.
Track waveTrack(TargetPath path, const std::vector<float>& times, const std::vector<Wave>& waves) {
    const int C = int(waves.size());
    Track t = cubicTrack(path, C, times);
    for (int k = 0; k < t.keyCount(); ++k)
        for (int c = 0; c < C; ++c) {
            const double x = times[k];
            t.values[t.at(k, c)] = float(waves[c].value(x));
            t.inTangents[t.at(k, c)] = t.outTangents[t.at(k, c)] = float(waves[c].slope(x));
        }
    // The first in-tangent and the last out-tangent are unused and SHOULD be zero.
    for (int c = 0; c < C; ++c) {
        t.inTangents[t.at(0, c)] = 0;
        t.outTangents[t.at(t.keyCount() - 1, c)] = 0;
    }
    return t;
}

// q(t) = qz(t) qy(t) qx(t) from three Euler-angle waves; q'(t) by the product rule.
Track rotationTrack(int node, const std::vector<float>& times) {
    Wave angle[3];
    for (int axis = 0; axis < 3; ++axis) angle[axis] = makeWave(node, 1, axis, 0.6, 0.0);  // radians
    Track t = cubicTrack(TargetPath::Rotation, 4, times);
    const glm::dvec3 axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    double sign = 1;
    glm::dquat previous(1, 0, 0, 0);
    for (int k = 0; k < t.keyCount(); ++k) {
        const double x = times[k];
        glm::dquat q[3], dq[3];
        for (int axis = 0; axis < 3; ++axis) {
            const double h = angle[axis].value(x) / 2, dh = angle[axis].slope(x) / 2;
            q[axis] = glm::dquat(std::cos(h), axes[axis] * std::sin(h));
            dq[axis] = glm::dquat(-std::sin(h) * dh, axes[axis] * (std::cos(h) * dh));
        }
        glm::dquat r = q[2] * q[1] * q[0];
        glm::dquat dr = dq[2] * q[1] * q[0] + q[2] * dq[1] * q[0] + q[2] * q[1] * dq[0];
        // Keep consecutive keys in the same hemisphere (the curve through them is -q if need be).
        if (k > 0 && glm::dot(previous, sign * r) < 0) sign = -sign;
        r = sign * r;
        dr = sign * dr;
        previous = r;
        const double qv[4] = {r.x, r.y, r.z, r.w}, dv[4] = {dr.x, dr.y, dr.z, dr.w};
        for (int c = 0; c < 4; ++c) {
            t.values[t.at(k, c)] = float(qv[c]);
            t.inTangents[t.at(k, c)] = t.outTangents[t.at(k, c)] = float(dv[c]);
        }
    }
    for (int c = 0; c < 4; ++c) {
        t.inTangents[t.at(0, c)] = 0;
        t.outTangents[t.at(t.keyCount() - 1, c)] = 0;
    }
    return t;
}

// Replaces every tangent by a pseudo-random slope in +-kRandomSlope x the component's range
// per key interval: the tangent term of a segment is then several times the range, so the curve
// overshoots on most segments by more than the checks allow (half the range). The unused first
// in-tangent and last out-tangent stay zero.
void randomizeTangents(Track& t, int salt) {
    constexpr double kRandomSlope = 12;
    const int n = t.keyCount(), C = t.components;
    for (int c = 0; c < C; ++c) {
        double lo = INFINITY, hi = -INFINITY;
        for (int k = 0; k < n; ++k) lo = std::min(lo, double(t.value(k, c))), hi = std::max(hi, double(t.value(k, c)));
        const double scale = kRandomSlope * (hi - lo) * kFps;
        for (int k = 0; k < n; ++k) {
            t.inTangents[t.at(k, c)] = k == 0 ? 0.0f : float(scale * (2 * hash01(salt, k, 2 * c) - 1));
            t.outTangents[t.at(k, c)] = k == n - 1 ? 0.0f : float(scale * (2 * hash01(salt, k, 2 * c + 1) - 1));
        }
    }
}

// Reverses the out-tangent of every `every`-th interior key: a corner the curve bounces off.
void addCorners(Track& t, int every) {
    const int n = t.keyCount(), C = t.components;
    for (int k = every; k < n - 1; k += every)
        for (int c = 0; c < C; ++c) t.outTangents[t.at(k, c)] = -t.inTangents[t.at(k, c)];
}

}  // namespace

Document makeMocap(const MocapOptions& o) {
    DocumentBuilder b;
    const int anim = b.addAnimation("mocap");
    for (int j = 0; j < o.nodes; ++j) {
        const std::vector<float> times = keyTimes(o.keys);
        const int group = o.sharedTimes ? 0 : j;  // one input accessor per joint
        const int node = b.addNode("joint_" + std::to_string(j));
        std::vector<Wave> translation, scale;
        for (int c = 0; c < 3; ++c) {
            translation.push_back(makeWave(j, 0, c, 0.05, c == 1 ? 0.1 : 0.0));  // metres
            scale.push_back(makeWave(j, 2, c, 0.02, 1.0));
        }
        Track tracks[3] = {waveTrack(TargetPath::Translation, times, translation), rotationTrack(j, times),
                           waveTrack(TargetPath::Scale, times, scale)};
        for (int c = 0; c < 3; ++c) {
            if (o.randomTangents) randomizeTangents(tracks[c], j * 4 + c);
            if (o.cornerEvery > 0) addCorners(tracks[c], o.cornerEvery);
            b.addChannel(anim, node, std::move(tracks[c]), group);
        }
    }
    if (o.morphTargets > 0) {
        const int face = b.addMeshNode("face", o.morphTargets);
        std::vector<Wave> weights;
        for (int c = 0; c < o.morphTargets; ++c) weights.push_back(makeWave(o.nodes, 3, c, 0.2, 0.5));
        Track track = waveTrack(TargetPath::Weights, keyTimes(o.keys), weights);
        if (o.randomTangents) randomizeTangents(track, o.nodes * 4);
        if (o.cornerEvery > 0) addCorners(track, o.cornerEvery);
        b.addChannel(anim, face, std::move(track), o.sharedTimes ? 0 : o.nodes);
    }
    return b.build(mocapFileName(o));
}

void writeMocap(const MocapOptions& options, const std::string& path) {
    save(makeMocap(options), path);
}

std::string mocapFileName(const MocapOptions& o) {
    return "mocap_" + std::to_string(o.nodes) + "x" + std::to_string(o.keys) + (o.sharedTimes ? "_shared" : "") +
           (o.randomTangents ? "_random_tangents" : "") +
           (o.cornerEvery > 0 ? "_corners" + std::to_string(o.cornerEvery) : "") + ".glb";
}

}  // namespace tangent::bench
