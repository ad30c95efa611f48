#include "tangent/edit.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "tangent/hermite.h"

namespace tangent {

namespace {

bool derivesTangents(HandleMode m) {
    return m == HandleMode::Auto || m == HandleMode::AutoClamped || m == HandleMode::Flat || m == HandleMode::Linear;
}

void requireKey(const Track& t, int key, int component) {
    if (key < 0 || key >= t.keyCount()) throw EditError("key " + std::to_string(key) + " does not exist.");
    if (component < 0 || component >= t.components)
        throw EditError("component " + std::to_string(component) + " does not exist.");
}

void requireFinite(double v, const char* what) {
    if (!std::isfinite(v) || std::fabs(v) > 3.4e38) throw EditError(std::string(what) + " must be a finite number.");
}

// A derived slope can exceed float range (huge values over keys kMinKeySpacing apart); the
// file stores floats, and an infinite tangent would make it invalid: keep the largest float.
float toFiniteFloat(double v) {
    constexpr double kMax = std::numeric_limits<float>::max();
    return float(std::clamp(v, -kMax, kMax));
}

int minimumKeys(Interpolation i) {
    return i == Interpolation::CubicSpline ? 2 : 1;
}

double secant(const Track& t, int k0, int k1, int c) {
    return (double(t.value(k1, c)) - t.value(k0, c)) / (double(t.times[k1]) - t.times[k0]);
}

}  // namespace

void checkTrack(const Track& t) {
    const std::size_t n = t.times.size() * std::size_t(t.components);
    if (t.components < 1 || t.values.size() != n || t.inTangents.size() != n || t.outTangents.size() != n ||
        t.modes.size() != n)
        throw EditError("the track's arrays do not match its key count.");
    if (t.keyCount() < minimumKeys(t.interpolation))
        throw EditError(std::string("a ") + toString(t.interpolation) + " track needs at least " +
                        std::to_string(minimumKeys(t.interpolation)) + " keys.");
    for (int k = 0; k < t.keyCount(); ++k) {
        if (!std::isfinite(t.times[k]) || t.times[k] < 0)
            throw EditError("key " + std::to_string(k) + " has an invalid time.");
        if (k > 0 && !(t.times[k] > t.times[k - 1]))
            throw EditError("key " + std::to_string(k) + " is not after key " + std::to_string(k - 1) + ".");
    }
    for (std::size_t i = 0; i < n; ++i)
        if (!std::isfinite(t.values[i]) || !std::isfinite(t.inTangents[i]) || !std::isfinite(t.outTangents[i]))
            throw EditError("key " + std::to_string(i / t.components) + " holds a number that is not finite.");
    if (t.stepsOnly()) {
        if (t.interpolation != Interpolation::Step)
            throw EditError(std::string("an ") + (t.kind == ValueKind::Bool ? "bool" : "integer") +
                            " property only steps from key to key (STEP).");
        for (std::size_t i = 0; i < n; ++i)
            if (t.values[i] != std::nearbyint(t.values[i]))
                throw EditError("key " + std::to_string(i / t.components) +
                                " holds a value that is not a whole number.");
    }
}

// A value as the track can hold it: whole numbers for integer properties (exact in a float up
// to 2^24), 0 or 1 for bools (the nearer one: a key dragged most of the way down is false).
static float storedValue(const Track& t, double value) {
    requireFinite(value, "a value");
    if (t.kind == ValueKind::Bool) return value >= 0.5 ? 1.0f : 0.0f;
    if (t.kind == ValueKind::Integer) {
        const double whole = std::nearbyint(value);
        if (std::abs(whole) > 16777216.0)
            throw EditError("an integer property holds values from -16777216 to 16777216 here.");
        return float(whole);
    }
    return float(value);
}

TangentPair modeTangents(const Track& t, int k, int c, HandleMode mode) {
    const int n = t.keyCount();
    const bool first = k == 0, last = k == n - 1;
    TangentPair r{t.inTangent(k, c), t.outTangent(k, c)};
    if (n < 2) return {0, 0};
    switch (mode) {
        case HandleMode::Free:
        case HandleMode::Aligned:
            return r;
        case HandleMode::Flat:
            r = {0, 0};
            break;
        case HandleMode::Linear:
            r = {first ? 0.0 : secant(t, k - 1, k, c), last ? 0.0 : secant(t, k, k + 1, c)};
            break;
        case HandleMode::Auto: {
            // Catmull-Rom central difference; one-sided at the ends.
            const double m = secant(t, first ? 0 : k - 1, last ? n - 1 : k + 1, c);
            r = {m, m};
            break;
        }
        case HandleMode::AutoClamped: {
            // Fritsch-Carlson: flat at extrema and ends, otherwise the central difference
            // limited to three times the smaller neighbouring secant, so no segment overshoots.
            double m = 0;
            if (!first && !last) {
                const double left = secant(t, k - 1, k, c), right = secant(t, k, k + 1, c);
                if (left * right > 0) {
                    m = secant(t, k - 1, k + 1, c);
                    const double limit = 3 * std::min(std::fabs(left), std::fabs(right));
                    m = std::copysign(std::min(std::fabs(m), limit), left);
                }
            }
            r = {m, m};
            break;
        }
    }
    // The first in-tangent and the last out-tangent are unused: keep them as they are.
    if (first) r.in = t.inTangent(k, c);
    if (last) r.out = t.outTangent(k, c);
    return r;
}

namespace {
// The auto tangents of keys [first - 1, last + 1] only: an auto tangent depends on its key's and
// its neighbours' values and times, so a change to keys first..last reaches no further. An
// edit of one key (a drag of many, one setValue each) stays linear in the track's length.
void applyAutoTangentsNear(Track& t, int first, int last) {
    if (t.interpolation != Interpolation::CubicSpline) return;
    for (int k = std::max(0, first - 1); k <= std::min(t.keyCount() - 1, last + 1); ++k)
        for (int c = 0; c < t.components; ++c) {
            const HandleMode m = t.modes[t.at(k, c)];
            if (!derivesTangents(m)) continue;
            const TangentPair p = modeTangents(t, k, c, m);
            t.inTangents[t.at(k, c)] = toFiniteFloat(p.in);
            t.outTangents[t.at(k, c)] = toFiniteFloat(p.out);
        }
}
}  // namespace

void applyAutoTangents(Track& t) {
    applyAutoTangentsNear(t, 0, t.keyCount() - 1);
}

double clampTimeShift(const Track& t, const std::vector<int>& keys, double dt) {
    if (keys.empty()) return 0;
    std::vector<bool> selected(t.keyCount(), false);
    for (int k : keys) {
        requireKey(t, k, 0);
        selected[k] = true;
    }
    double lo = -INFINITY, hi = INFINITY;
    for (int k = 0; k < t.keyCount(); ++k) {
        if (!selected[k]) continue;
        if (k == 0 || !selected[k - 1])
            lo = std::max(lo, k == 0 ? -double(t.times[0]) : double(t.times[k - 1]) + kMinKeySpacing - t.times[k]);
        if (k + 1 < t.keyCount() && !selected[k + 1])
            hi = std::min(hi, double(t.times[k + 1]) - kMinKeySpacing - t.times[k]);
    }
    if (lo > 0) lo = 0;  // already closer than the spacing: allow no move that way
    if (hi < 0) hi = 0;
    return std::clamp(dt, lo, hi);
}

double moveKeysInTime(Track& t, const std::vector<int>& keys, double dt) {
    requireFinite(dt, "the time shift");
    const double shift = clampTimeShift(t, keys, dt);
    if (shift == 0) return 0;
    Track moved = t;
    for (int k : keys) moved.times[k] = float(double(moved.times[k]) + shift);
    applyAutoTangents(moved);
    checkTrack(moved);  // float rounding must not have made two keys meet
    t = std::move(moved);
    return shift;
}

void setValue(Track& t, int key, int c, double value) {
    requireKey(t, key, c);
    t.values[t.at(key, c)] = storedValue(t, value);
    applyAutoTangentsNear(t, key, key);
}

void setTangent(Track& t, int key, int c, Handle which, double tangent, bool breakHandles) {
    requireKey(t, key, c);
    requireFinite(tangent, "a tangent");
    const std::size_t i = t.at(key, c);
    HandleMode& mode = t.modes[i];
    const bool interior = key > 0 && key < t.keyCount() - 1;
    if (breakHandles)
        mode = HandleMode::Free;
    else if (derivesTangents(mode))
        mode = HandleMode::Aligned;  // a dragged auto handle stops following
    (which == Handle::In ? t.inTangents : t.outTangents)[i] = float(tangent);
    if (mode == HandleMode::Aligned && interior)
        (which == Handle::In ? t.outTangents : t.inTangents)[i] = float(tangent);
}

void setTangents(Track& t, int key, int c, double in, double out) {
    requireKey(t, key, c);
    requireFinite(in, "a tangent");
    requireFinite(out, "a tangent");
    const std::size_t i = t.at(key, c);
    t.inTangents[i] = float(in);
    t.outTangents[i] = float(out);
    t.modes[i] = t.inTangents[i] == t.outTangents[i] ? HandleMode::Aligned : HandleMode::Free;
}

void divideKey(Track& t, int key, double divisor) {
    requireKey(t, key, 0);
    requireFinite(divisor, "the divisor");
    if (divisor == 0) throw EditError("a key cannot be divided by zero.");
    const auto divided = [divisor](float v) { return float(v / divisor); };
    // Checked before anything is written, so that a refused division leaves the track as it was.
    for (int c = 0; c < t.components; ++c) {
        const std::size_t i = t.at(key, c);
        if (!std::isfinite(divided(t.values[i])) || !std::isfinite(divided(t.inTangents[i])) ||
            !std::isfinite(divided(t.outTangents[i])))
            throw EditError("key " + std::to_string(key) + " would hold a number that is not finite.");
    }
    for (int c = 0; c < t.components; ++c) {
        const std::size_t i = t.at(key, c);
        t.values[i] = divided(t.values[i]);
        t.inTangents[i] = divided(t.inTangents[i]);
        t.outTangents[i] = divided(t.outTangents[i]);
    }
    // A repair that divides every key of a long track stays linear in its length.
    applyAutoTangentsNear(t, key, key);
}

void inferHandleModes(Track& t) {
    if (t.interpolation != Interpolation::CubicSpline || t.keyCount() < 2) return;
    // Tangent's own inserted keys are Auto-clamped, so that mode is tried first; an extremum's
    // flat handles are then Auto-clamped too, which keeps them flat while it stays one.
    constexpr HandleMode kDerived[] = {HandleMode::AutoClamped, HandleMode::Auto, HandleMode::Flat, HandleMode::Linear};
    const int n = t.keyCount();
    for (int k = 0; k < n; ++k)
        for (int c = 0; c < t.components; ++c) {
            const std::size_t i = t.at(k, c);
            for (HandleMode mode : kDerived) {
                // Equal bits, as recomputing the mode would store them: a key given a mode here
                // keeps its tangents through every later recomputation until its neighbours move.
                const TangentPair p = modeTangents(t, k, c, mode);
                if (toFiniteFloat(p.in) == t.inTangents[i] && toFiniteFloat(p.out) == t.outTangents[i]) {
                    t.modes[i] = mode;
                    break;
                }
            }
        }
}

void setHandleMode(Track& t, int key, int c, HandleMode mode) {
    requireKey(t, key, std::max(c, 0));
    const int c0 = c < 0 ? 0 : c, c1 = c < 0 ? t.components : c + 1;
    const bool interior = key > 0 && key < t.keyCount() - 1;
    for (int comp = c0; comp < c1; ++comp) {
        const std::size_t i = t.at(key, comp);
        t.modes[i] = mode;
        if (mode == HandleMode::Aligned && interior) {
            // Both handles take the mean slope: the smallest change that joins them.
            const float mean = float((double(t.inTangents[i]) + t.outTangents[i]) / 2);
            t.inTangents[i] = t.outTangents[i] = mean;
        }
    }
    applyAutoTangents(t);
}

int insertKey(Track& t, double time) {
    requireFinite(time, "the time");
    const int n = t.keyCount();
    if (n < 1 || !(time > t.times.front()) || !(time < t.times.back()))
        throw EditError("a key can only be inserted on the curve, between its first and last key.");
    const int k = findSegment(t, time);
    if (time - t.times[k] < kMinKeySpacing || t.times[k + 1] - time < kMinKeySpacing)
        throw EditError("there is already a key at that time.");
    const int C = t.components;
    std::vector<double> value(C), slope(C, 0.0);
    evaluateRaw(t, time, value.data());
    if (t.interpolation == Interpolation::CubicSpline) {
        for (int c = 0; c < C; ++c) slope[c] = slopeAt(t, time, c);
        if (t.path == TargetPath::Rotation) {
            // Store a unit quaternion; its slope is the derivative of p/|p|.
            double len2 = 0, dot = 0;
            for (int c = 0; c < C; ++c) len2 += value[c] * value[c], dot += value[c] * slope[c];
            const double len = std::sqrt(len2);
            if (len > 0) {
                for (int c = 0; c < C; ++c) {
                    const double unit = value[c] / len;
                    slope[c] = (slope[c] - unit * dot / len) / len;
                    value[c] = unit;
                }
            }
        }
    }
    Track out = t;
    const int at = k + 1;
    out.times.insert(out.times.begin() + at, float(time));
    const auto pos = std::size_t(at) * C;
    out.values.insert(out.values.begin() + pos, C, 0.0f);
    out.inTangents.insert(out.inTangents.begin() + pos, C, 0.0f);
    out.outTangents.insert(out.outTangents.begin() + pos, C, 0.0f);
    out.modes.insert(out.modes.begin() + pos, C, HandleMode::Aligned);
    for (int c = 0; c < C; ++c) {
        out.values[pos + c] = float(value[c]);
        out.inTangents[pos + c] = out.outTangents[pos + c] = float(slope[c]);
    }
    // Neighbours that follow their neighbours would re-shape the curve: freeze them instead.
    for (int nb : {at - 1, at + 1})
        for (int c = 0; c < C; ++c) {
            HandleMode& m = out.modes[out.at(nb, c)];
            if (derivesTangents(m))
                m = out.inTangent(nb, c) == out.outTangent(nb, c) ? HandleMode::Aligned : HandleMode::Free;
        }
    checkTrack(out);
    t = std::move(out);
    return at;
}

int insertKeyWithValue(Track& t, double time, const std::vector<double>& value) {
    requireFinite(time, "the time");
    if (time < 0) throw EditError("a key cannot have a negative time.");
    if (int(value.size()) != t.components) throw EditError("the value has the wrong number of components.");
    for (double v : value) requireFinite(v, "a value");
    const int at =
            int(std::upper_bound(t.times.begin(), t.times.end(), time, [](double x, float key) { return x < key; }) -
                t.times.begin());
    if ((at > 0 && time - t.times[at - 1] < kMinKeySpacing) ||
        (at < t.keyCount() && t.times[at] - time < kMinKeySpacing))
        throw EditError("there is already a key at that time.");
    Track out = t;
    const int C = t.components;
    const auto pos = std::size_t(at) * C;
    out.times.insert(out.times.begin() + at, float(time));
    out.values.insert(out.values.begin() + pos, C, 0.0f);
    out.inTangents.insert(out.inTangents.begin() + pos, C, 0.0f);
    out.outTangents.insert(out.outTangents.begin() + pos, C, 0.0f);
    out.modes.insert(out.modes.begin() + pos, C, HandleMode::AutoClamped);
    for (int c = 0; c < C; ++c) out.values[pos + c] = storedValue(t, value[c]);
    applyAutoTangents(out);
    checkTrack(out);
    t = std::move(out);
    return at;
}

void deleteKeys(Track& t, std::vector<int> keys) {
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    for (int k : keys) requireKey(t, k, 0);
    if (t.keyCount() - int(keys.size()) < minimumKeys(t.interpolation))
        throw EditError(std::string("a ") + toString(t.interpolation) + " channel needs at least " +
                        std::to_string(minimumKeys(t.interpolation)) + " keys.");
    Track out = t;
    const int C = t.components;
    for (auto it = keys.rbegin(); it != keys.rend(); ++it) {
        const auto pos = std::size_t(*it) * C;
        out.times.erase(out.times.begin() + *it);
        out.values.erase(out.values.begin() + pos, out.values.begin() + pos + C);
        out.inTangents.erase(out.inTangents.begin() + pos, out.inTangents.begin() + pos + C);
        out.outTangents.erase(out.outTangents.begin() + pos, out.outTangents.begin() + pos + C);
        out.modes.erase(out.modes.begin() + pos, out.modes.begin() + pos + C);
    }
    applyAutoTangents(out);
    checkTrack(out);
    t = std::move(out);
}

void setInterpolation(Track& t, Interpolation to) {
    if (to == t.interpolation) return;
    if (t.stepsOnly())
        throw EditError(std::string("an ") + (t.kind == ValueKind::Bool ? "bool" : "integer") +
                        " property only steps from key to key (STEP).");
    if (t.keyCount() < minimumKeys(to)) throw EditError(std::string("CUBICSPLINE needs at least two keys."));
    Track out = t;
    const Interpolation from = t.interpolation;
    out.interpolation = to;
    if (to == Interpolation::CubicSpline) {
        // From LINEAR, the segment slopes make each Hermite segment the same straight line;
        // STEP has no cubic equivalent, flat keys are its nearest smooth reading.
        std::fill(out.modes.begin(), out.modes.end(),
                  from == Interpolation::Linear ? HandleMode::Linear : HandleMode::Flat);
        std::fill(out.inTangents.begin(), out.inTangents.end(), 0.0f);
        std::fill(out.outTangents.begin(), out.outTangents.end(), 0.0f);
        applyAutoTangents(out);
    } else {
        std::fill(out.inTangents.begin(), out.inTangents.end(), 0.0f);
        std::fill(out.outTangents.begin(), out.outTangents.end(), 0.0f);
        std::fill(out.modes.begin(), out.modes.end(), HandleMode::Aligned);
    }
    checkTrack(out);
    t = std::move(out);
}

}  // namespace tangent
