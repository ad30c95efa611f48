#pragma once
// One animation channel's curve in Hermite form: the stored form of the whole model.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace tangent {

// A key as every sentence a person reads names it: "key 1" is the first (indices count from 0),
// as the editor's inspector and Issues panel count them.
inline std::string keyName(std::int64_t index) {
    return "key " + std::to_string(index + 1);
}

enum class Interpolation { Step, Linear, CubicSpline };
// A node's translation, rotation, scale or morph weights (classic targets, and the same node
// properties by KHR_animation_pointer); Property is any other animated property (a material
// colour, a light's intensity ...), whose values are played as they are.
enum class TargetPath { Translation, Rotation, Scale, Weights, Property };
// What the values are: numbers, or (KHR_animation_pointer int and bool targets, STEP only)
// integers and bools stored as whole numbers in the float arrays.
enum class ValueKind : std::uint8_t { Real, Integer, Bool };

// How a key's tangents are kept up to date. The file stores only tangents; modes are
// inferred on load (inferHandleModes in edit.h: the derived mode the tangents follow exactly,
// else Aligned when in == out, otherwise Free) and live in the editor session.
enum class HandleMode : std::uint8_t {
    Free,         // in and out independent ("broken")
    Aligned,      // in == out (one slope through the key)
    Auto,         // Catmull-Rom: (v(k+1) - v(k-1)) / (t(k+1) - t(k-1)), recomputed on edits
    AutoClamped,  // monotone (Fritsch-Carlson): no overshoot between keys
    Flat,         // zero slope
    Linear,       // in = slope from the previous key, out = slope to the next key
};

const char* toString(Interpolation);
const char* toString(TargetPath);
const char* toString(HandleMode);
bool parseInterpolation(const std::string&, Interpolation*);  // glTF spelling
bool parseTargetPath(const std::string&, TargetPath*);

// Invariants (kept by the edit API, checked on load): times strictly increasing and finite;
// values/inTangents/outTangents/modes hold keyCount() * components() entries, key-major
// (key k, component c at k * components + c). Tangents are value per second; for LINEAR and
// STEP tracks they are zero and unused.
struct Track {
    Interpolation interpolation = Interpolation::Linear;
    TargetPath path = TargetPath::Translation;
    int components = 3;
    ValueKind kind = ValueKind::Real;

    std::vector<float> times;
    std::vector<float> values;
    std::vector<float> inTangents;
    std::vector<float> outTangents;
    std::vector<HandleMode> modes;

    int keyCount() const { return static_cast<int>(times.size()); }
    std::size_t at(int key, int component) const { return static_cast<std::size_t>(key) * components + component; }
    float value(int key, int c) const { return values[at(key, c)]; }
    float inTangent(int key, int c) const { return inTangents[at(key, c)]; }
    float outTangent(int key, int c) const { return outTangents[at(key, c)]; }

    // Rotation is normalized after interpolation, as the spec requires.
    bool normalizesResult() const { return path == TargetPath::Rotation; }
    // Integer and bool values only step from key to key.
    bool stepsOnly() const { return kind != ValueKind::Real; }
    // Tangent's rule for a broken key, the one every count, list and mark of broken keys uses: a
    // key of a CUBICSPLINE track whose in- and out-tangent are not the same slope (tangentsMatch)
    // in a component, for every component alike (rotation's x y z w too). Only interior keys can
    // be broken: the first key's in-tangent and the last key's out-tangent are unused. LINEAR and
    // STEP tracks have no broken keys. Listed by brokenKeys (checks.h).
    bool isBroken(int key) const;
    // The same for one component: its handles are broken (the editor marks them).
    bool isBroken(int key, int component) const;
    double startTime() const { return times.empty() ? 0.0 : times.front(); }
    double endTime() const { return times.empty() ? 0.0 : times.back(); }

    // Resize to n keys of this track's component count (new entries zero, Aligned).
    void resize(int keys);
    // Exactly equal data (bitwise floats); modes are not compared.
    bool sameCurve(const Track& other) const;
};

// The keys [first, first + count) of a track: what an edit changed, in the edited track's key
// indices, so that views redraw only those segments. all() when more than keys changed (the
// key count, the interpolation) or the edit does not say.
struct KeySpan {
    int first = 0;
    int count = -1;  // < 0: every key
    static KeySpan all() { return {}; }
    // Keys [first, last], clamped to a track of keyCount keys.
    static KeySpan keys(int first, int last, int keyCount) {
        first = std::max(first, 0);
        last = std::min(last, keyCount - 1);
        return {first, std::max(0, last - first + 1)};
    }
    bool isAll() const { return count < 0; }
    int last() const { return first + count - 1; }
};

// Whether an in- and out-tangent are the same slope. Exporters compute the two separately, so
// a smooth key often differs in the last bits (Blender 3.4: ~1e-6 relative); a broken handle
// differs visibly. The tolerance is relative, 1e-5 of the larger magnitude (at least 1).
inline bool tangentsMatch(float in, float out) {
    // Without branches (| on the two tests): it runs for every key on load, and on a file of
    // broken keys a branch on the signs mispredicts at random.
    const double a = in, b = out;
    const double scale = std::max(1.0, std::max(std::fabs(a), std::fabs(b)));
    return (in == out) | (std::fabs(a - b) <= 1e-5 * scale);
}

// A track of `keys` keys (zero, Aligned) with the source's path, component count and kind: what
// a conversion or a fit fills in.
Track emptyLike(const Track& source, Interpolation interpolation, int keys);

// The track as a glTF sampler output stores it, key by key: CUBICSPLINE in-tangent, value,
// out-tangent; LINEAR and STEP the value alone.
std::vector<float> samplerOutput(const Track&);

// Index k of the segment [t_k, t_(k+1)] that holds t, for t strictly inside the key range.
int findSegment(const Track&, double t);
// First key index with time >= t (keyCount() if none; binary search).
int firstKeyAtOrAfter(const Track&, double t);
// Number of keys with times in [t0, t1] (0 when t1 < t0).
int keysInTimeRange(const Track&, double t0, double t1);

// The value the spec's evaluation gives at time t: clamped outside the key range, the key's
// value at a key time, Hermite / linear / slerp / step in between; rotation normalized.
// `out` receives track.components values (x y z w for rotation).
void evaluate(const Track&, double t, double* out);
// The same without the final rotation normalization (the raw component curves).
void evaluateRaw(const Track&, double t, double* out);
// Many non-decreasing times at once (plotting, playback): walks the segments forward.
// out receives count * components values. Falls back to a search when times go backwards.
void evaluateSorted(const Track&, const double* times, std::size_t count, double* out, bool normalize = true);
// One component, raw (no normalization); the curve view plots this per component.
double evaluateComponent(const Track&, double t, int component);
// Slope (value per second) of the raw curve at t, one component. At a key time the
// out-going slope (the in-coming slope at the last key).
double slopeAt(const Track&, double t, int component);

// For tests and benchmarks: evaluate with the baseline x86-64 code even where the processor
// has faster instructions (AVX2), to check that both give the same bits. Returns the previous
// setting. Not thread-safe; set it before evaluating.
bool useBaselineEvaluationOnly(bool on);

}  // namespace tangent
