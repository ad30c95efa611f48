#include "tangent/edit.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "tangent/hermite.h"
#include "text.h"

namespace tangent {

namespace {

void requireKey(const Track& t, int key, int component) {
    if (key < 0 || key >= t.keyCount()) throw EditError(keyName(key) + " does not exist.");
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

// Equal bits, not equal values: -0 and 0 compare equal but are different floats in a file.
bool sameBits(float a, float b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

int minimumKeys(Interpolation i) {
    return i == Interpolation::CubicSpline ? 2 : 1;
}

// A key this near a range's bound is the key at the bound: a bound typed to 4 decimals, or a
// frame's exact time next to its float key, still names that key (keys are kMinKeySpacing apart,
// so at most one key is this near).
constexpr double kBoundSlack = kMinKeySpacing / 2;

// Refuses `after` (the same keys as `before`, some moved) when a pair of neighbours that was
// apart crosses or comes closer than kMinKeySpacing: "<what> would make key 6 and key 7 meet."
void requireKeysApart(const Track& before, const Track& after, const std::string& what) {
    for (int k = 1; k < after.keyCount(); ++k) {
        const bool wasApart = double(before.times[k]) - before.times[k - 1] >= kMinKeySpacing;
        if (!(after.times[k] > after.times[k - 1]) ||
            (wasApart && double(after.times[k]) - after.times[k - 1] < kMinKeySpacing))
            throw EditError(what + " would make " + keyName(k - 1) + " and " + keyName(k) + " meet.");
    }
}

double secant(const Track& t, int k0, int k1, int c) {
    return (double(t.value(k1, c)) - t.value(k0, c)) / (double(t.times[k1]) - t.times[k0]);
}

// An interior key's Auto-clamped slope from the secants before and after it and the central
// difference: flat at an extremum, else the central difference limited to three times the
// smaller secant.
double autoClampedSlope(double left, double right, double central) {
    if (!(left * right > 0)) return 0;
    return std::copysign(std::min(std::fabs(central), 3 * std::min(std::fabs(left), std::fabs(right))), left);
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
        if (!std::isfinite(t.times[k]) || t.times[k] < 0) throw EditError(keyName(k) + " has an invalid time.");
        if (k > 0 && !(t.times[k] > t.times[k - 1]))
            throw EditError(keyName(k) + " is not after " + keyName(k - 1) + ".");
    }
    for (std::size_t i = 0; i < n; ++i)
        if (!std::isfinite(t.values[i]) || !std::isfinite(t.inTangents[i]) || !std::isfinite(t.outTangents[i]))
            throw EditError(keyName(i / t.components) + " holds a number that is not finite.");
    if (t.stepsOnly()) {
        if (t.interpolation != Interpolation::Step)
            throw EditError(std::string("an ") + (t.kind == ValueKind::Bool ? "bool" : "integer") +
                            " property only steps from key to key (STEP).");
        for (std::size_t i = 0; i < n; ++i)
            if (t.values[i] != std::nearbyint(t.values[i]))
                throw EditError(keyName(i / t.components) + " holds a value that is not a whole number.");
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
            const double m = first || last ? 0.0
                                           : autoClampedSlope(secant(t, k - 1, k, c), secant(t, k, k + 1, c),
                                                              secant(t, k - 1, k + 1, c));
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

double moveKeysInTime(Track& t, const std::vector<int>& keys, double dt, const TimeGrid& grid) {
    requireFinite(dt, "the time shift");
    const double shift = clampTimeShift(t, keys, dt);
    if (shift == 0) return 0;
    Track moved = t;
    for (int k : keys) moved.times[k] = grid.place(double(moved.times[k]) + shift);
    if (grid.snaps()) requireKeysApart(t, moved, "moving the keys to the nearest frames");
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
            throw EditError(keyName(key) + " would hold a number that is not finite.");
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

namespace {

// The derived mode key k, component c follows bit for bit, tried in inferHandleModes' order, or
// `kept` when none does.
HandleMode derivedModeByTrying(const Track& t, int k, int c, HandleMode kept) {
    // Tangent's own inserted keys are Auto-clamped, so that mode is tried first; an extremum's
    // flat handles are then Auto-clamped too, which keeps them flat while it stays one.
    constexpr HandleMode kDerived[] = {HandleMode::AutoClamped, HandleMode::Auto, HandleMode::Flat, HandleMode::Linear};
    const std::size_t i = t.at(k, c);
    for (HandleMode mode : kDerived) {
        // Equal bits, as recomputing the mode would store them: a key given a mode here
        // keeps its tangents through every later recomputation until its neighbours move.
        const TangentPair p = modeTangents(t, k, c, mode);
        if (sameBits(toFiniteFloat(p.in), t.inTangents[i]) && sameBits(toFiniteFloat(p.out), t.outTangents[i]))
            return mode;
    }
    return kept;
}

}  // namespace

namespace detail {
void inferHandleModesByTrying(Track& t) {
    if (t.interpolation != Interpolation::CubicSpline || t.keyCount() < 2) return;
    for (int k = 0; k < t.keyCount(); ++k)
        for (int c = 0; c < t.components; ++c) t.modes[t.at(k, c)] = derivedModeByTrying(t, k, c, t.modes[t.at(k, c)]);
}
}  // namespace detail

void inferHandleModes(Track& t) {
    if (t.interpolation != Interpolation::CubicSpline || t.keyCount() < 2) return;
    // The same modes as detail::inferHandleModesByTrying, by the same arithmetic, in one pass
    // that divides once per key and component (each segment's slope, shared by the keys on
    // either side) and once more only where a key's two tangents are equal. Every load runs it
    // over every key. An interior key whose tangents differ can only be Linear (the other
    // derived modes give one slope); the end keys, whose unused tangent any mode keeps, are
    // tried mode by mode.
    const int n = t.keyCount();
    const std::size_t C = std::size_t(t.components);
    const float* values = t.values.data();
    const float* ins = t.inTangents.data();
    const float* outs = t.outTangents.data();
    std::vector<double> left(C), right(C);  // the slopes of the segments before and after key k
    const auto slopes = [&](int k, std::vector<double>& into) {
        const double dt = double(t.times[k + 1]) - t.times[k];
        for (std::size_t c = 0; c < C; ++c) into[c] = (double(values[(k + 1) * C + c]) - values[k * C + c]) / dt;
    };
    slopes(0, right);
    for (int k = 1; k + 1 < n; ++k) {
        std::swap(left, right);
        slopes(k, right);
        for (std::size_t c = 0; c < C; ++c) {
            const std::size_t i = std::size_t(k) * C + c;
            const float in = ins[i], out = outs[i];
            if (sameBits(in, out)) {
                // Auto: the central difference; Auto-clamped: it limited, or flat at an extremum.
                const double central =
                        (double(values[i + C]) - values[i - C]) / (double(t.times[k + 1]) - t.times[k - 1]);
                if (sameBits(toFiniteFloat(autoClampedSlope(left[c], right[c], central)), in)) {
                    t.modes[i] = HandleMode::AutoClamped;
                    continue;
                }
                if (sameBits(toFiniteFloat(central), in)) {
                    t.modes[i] = HandleMode::Auto;
                    continue;
                }
                if (sameBits(0.0f, in)) {
                    t.modes[i] = HandleMode::Flat;
                    continue;
                }
            }
            if (sameBits(toFiniteFloat(left[c]), in) && sameBits(toFiniteFloat(right[c]), out))
                t.modes[i] = HandleMode::Linear;
        }
    }
    for (int k : {0, n - 1})
        for (std::size_t c = 0; c < C; ++c) t.modes[k * C + c] = derivedModeByTrying(t, k, int(c), t.modes[k * C + c]);
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

// ---- transforming keys --------------------------------------------------------------------

namespace {

std::string number(double v) {
    return detail::formatNumber(v);
}

std::vector<int> sortedKeys(const Track& t, std::vector<int> keys) {
    for (int k : keys) requireKey(t, k, 0);
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    return keys;
}

// The factors f > 0 for which scaling `selected` keys about `pivot` keeps every pair of
// neighbours at least kMinKeySpacing apart and the first key at or after 0. Each key's new time
// is c + s·f (selected: c = pivot, s = t - pivot; others: c = t, s = 0), so each condition is
// linear in f and bounds it from one side. A pair already too close allows no change that way.
std::pair<double, double> allowedTimeScales(const Track& t, const std::vector<bool>& selected, double pivot) {
    double lo = 0, hi = INFINITY;
    auto require = [&](double a, double b, double atLeast) {  // a + b·f >= atLeast
        if (b == 0) return;
        const double bound = (atLeast - a) / b;
        if (b > 0)
            lo = std::max(lo, std::min(bound, 1.0));
        else
            hi = std::min(hi, std::max(bound, 1.0));
    };
    auto offset = [&](int k) { return selected[k] ? pivot : double(t.times[k]); };
    auto slope = [&](int k) { return selected[k] ? double(t.times[k]) - pivot : 0.0; };
    for (int k = 0; k < t.keyCount(); ++k) {
        if (k == 0 && selected[0]) require(offset(0), slope(0), 0);
        if (k + 1 < t.keyCount() && (selected[k] || selected[k + 1]))
            require(offset(k + 1) - offset(k), slope(k + 1) - slope(k), kMinKeySpacing);
    }
    return {lo, hi};
}

std::vector<bool> selectionMask(const Track& t, const std::vector<int>& keys) {
    std::vector<bool> selected(t.keyCount(), false);
    for (int k : keys) selected[k] = true;
    return selected;
}

// Divides both tangents of key k, every component, by `divisor`; refuses a result that is not
// finite (a float range overflow).
void divideTangents(Track& t, int k, double divisor) {
    for (int c = 0; c < t.components; ++c) {
        const std::size_t i = t.at(k, c);
        const float in = float(t.inTangents[i] / divisor), out = float(t.outTangents[i] / divisor);
        if (!std::isfinite(in) || !std::isfinite(out))
            throw EditError(keyName(k) + " would hold a tangent that is not finite.");
        t.inTangents[i] = in;
        t.outTangents[i] = out;
    }
}

// Keys that derive their tangents from a neighbour that is about to go keep the tangents they
// have, so that removing the neighbour leaves the curve between the remaining keys as it was.
void freezeDerivedModes(Track& t, int k) {
    for (int c = 0; c < t.components; ++c) {
        HandleMode& m = t.modes[t.at(k, c)];
        if (derivesTangents(m)) m = t.inTangent(k, c) == t.outTangent(k, c) ? HandleMode::Aligned : HandleMode::Free;
    }
}

}  // namespace

double clampTimeScale(const Track& t, const std::vector<int>& keys, double pivot, double factor) {
    const std::vector<int> sorted = sortedKeys(t, keys);
    if (sorted.empty() || !std::isfinite(factor) || !std::isfinite(pivot)) return 1;
    const auto [lo, hi] = allowedTimeScales(t, selectionMask(t, sorted), pivot);
    const double f = std::clamp(factor, lo, hi);
    return f > 0 ? f : std::min(hi, 1e-6);  // a lone key scaled to its pivot: as close as it goes
}

void scaleKeysInTime(Track& t, const std::vector<int>& keys, double pivot, double factor, const TimeGrid& grid) {
    requireFinite(factor, "the time scale factor");
    requireFinite(pivot, "the pivot time");
    if (!(factor > 0)) throw EditError("a time scale factor must be greater than 0.");
    const std::vector<int> sorted = sortedKeys(t, keys);
    if (sorted.empty() || factor == 1) return;
    const auto [lo, hi] = allowedTimeScales(t, selectionMask(t, sorted), pivot);
    if (factor < lo || factor > hi)
        throw EditError("scaling the keys by " + number(factor) + " about " + number(pivot) +
                        " s would make a key cross or meet its neighbour or go before 0 s.");
    Track out = t;
    for (int k : sorted) {
        out.times[k] = grid.place(pivot + (double(t.times[k]) - pivot) * factor);
        divideTangents(out, k, factor);
    }
    if (grid.snaps()) requireKeysApart(t, out, "scaling the keys to the nearest frames");
    applyAutoTangents(out);
    checkTrack(out);
    t = std::move(out);
}

void scaleKeysInValue(Track& t, const std::vector<int>& keys, int component, double pivot, double factor) {
    requireFinite(factor, "the value scale factor");
    requireFinite(pivot, "the pivot value");
    const std::vector<int> sorted = sortedKeys(t, keys);
    if (component >= t.components) throw EditError("component " + std::to_string(component) + " does not exist.");
    const int c0 = component < 0 ? 0 : component, c1 = component < 0 ? t.components : component + 1;
    Track out = t;
    for (int k : sorted)
        for (int c = c0; c < c1; ++c) {
            const std::size_t i = t.at(k, c);
            out.values[i] = storedValue(t, pivot + (double(t.values[i]) - pivot) * factor);
            const float in = float(t.inTangents[i] * factor), o = float(t.outTangents[i] * factor);
            if (!std::isfinite(in) || !std::isfinite(o))
                throw EditError(keyName(k) + " would hold a tangent that is not finite.");
            out.inTangents[i] = in;
            out.outTangents[i] = o;
        }
    applyAutoTangents(out);
    checkTrack(out);
    t = std::move(out);
}

void retimeRange(Track& t, double t0, double t1, double newT1, const TimeGrid& grid) {
    requireFinite(t0, "the range's start");
    requireFinite(t1, "the range's end");
    requireFinite(newT1, "the new end");
    if (t0 < 0) throw EditError("the range cannot start before 0 s.");
    if (!(t1 > t0)) throw EditError("the range's end must be after its start.");
    if (!(newT1 > t0)) throw EditError("the new end must be after the range's start.");
    const double factor = (newT1 - t0) / (t1 - t0), shift = newT1 - t1;
    Track out = t;
    for (int k = 0; k < t.keyCount(); ++k) {
        const double time = t.times[k];
        if (time > t1 + kBoundSlack) {
            out.times[k] = grid.place(time + shift);
        } else if (time >= t0 - kBoundSlack) {
            // A key at a bound goes exactly to the bound's new time.
            const double to = std::abs(time - t0) <= kBoundSlack   ? t0
                              : std::abs(time - t1) <= kBoundSlack ? newT1
                                                                   : t0 + (time - t0) * factor;
            out.times[k] = grid.place(to);
            divideTangents(out, k, factor);
        }
    }
    requireKeysApart(t, out, "retiming to " + number(newT1) + " s");
    applyAutoTangents(out);
    checkTrack(out);
    t = std::move(out);
}

void shiftRange(Track& t, double from, double dt, const TimeGrid& grid) {
    requireFinite(from, "the time");
    requireFinite(dt, "the shift");
    const int first = firstKeyAtOrAfter(t, from - kBoundSlack);
    if (first >= t.keyCount() || dt == 0) return;
    const double moved = double(t.times[first]) + dt;
    if (moved < 0) throw EditError("shifting by " + number(dt) + " s would move a key before 0 s.");
    if (first > 0 && dt < 0 && moved - t.times[first - 1] < kMinKeySpacing)
        throw EditError("shifting by " + number(dt) + " s would make " + keyName(first) +
                        " cross or meet the key before it.");
    Track out = t;
    for (int k = first; k < t.keyCount(); ++k) out.times[k] = grid.place(double(t.times[k]) + dt);
    requireKeysApart(t, out, "shifting by " + number(dt) + " s");
    checkTrack(out);
    t = std::move(out);
}

void trimTrack(Track& t, double start, double end, bool startAtZero, const TimeGrid& grid) {
    requireFinite(start, "the range's start");
    requireFinite(end, "the range's end");
    start = grid.snapped(start);
    end = grid.snapped(end);
    if (start < 0) throw EditError("the range cannot start before 0 s.");
    if (!(end - start >= kMinKeySpacing)) throw EditError("the range's end must be after its start.");
    if (t.keyCount() < 1) throw EditError("the track has no keys.");
    const float startKey = float(start), endKey = float(end);
    Track out = t;
    // A key just beside a boundary becomes the key at the boundary (a shift under kMinKeySpacing).
    for (int k = 0; k < out.keyCount(); ++k)
        for (float boundary : {startKey, endKey})
            if (std::fabs(double(out.times[k]) - boundary) < kMinKeySpacing) out.times[k] = boundary;
    auto hasKeyAt = [&](float time) { return std::find(out.times.begin(), out.times.end(), time) != out.times.end(); };
    for (float boundary : {startKey, endKey})
        if (boundary > out.times.front() && boundary < out.times.back() && !hasKeyAt(boundary))
            insertKey(out, boundary);
    const auto inside = [&](float time) { return time >= startKey && time <= endKey; };
    std::vector<int> outside;
    int kept = 0;
    for (int k = 0; k < out.keyCount(); ++k) {
        if (!inside(out.times[k])) {
            outside.push_back(k);
        } else {
            ++kept;
            if ((k > 0 && !inside(out.times[k - 1])) || (k + 1 < out.keyCount() && !inside(out.times[k + 1])))
                freezeDerivedModes(out, k);
        }
    }
    if (kept < 2) {
        // The range holds at most one key: the curve there is the value it is clamped to.
        std::vector<double> held(t.components);
        evaluateRaw(t, start, held.data());
        Track hold = t;
        hold.resize(2);
        hold.times = {startKey, endKey};
        for (int k = 0; k < 2; ++k)
            for (int c = 0; c < t.components; ++c) {
                hold.values[hold.at(k, c)] = float(held[c]);
                hold.inTangents[hold.at(k, c)] = hold.outTangents[hold.at(k, c)] = 0;
                hold.modes[hold.at(k, c)] = HandleMode::Aligned;
            }
        out = std::move(hold);
    } else if (!outside.empty()) {
        deleteKeys(out, outside);
    }
    if (startAtZero)
        for (float& time : out.times) time = grid.place(double(time) - double(startKey));
    applyAutoTangents(out);
    // The new first in-tangent and last out-tangent are unused, and the spec says they should be 0.
    if (out.interpolation == Interpolation::CubicSpline)
        for (int c = 0; c < out.components; ++c) {
            out.inTangents[out.at(0, c)] = 0;
            out.outTangents[out.at(out.keyCount() - 1, c)] = 0;
        }
    checkTrack(out);
    t = std::move(out);
}

InterpolationChange interpolationChange(const Track& t, Interpolation to) {
    if (t.interpolation == to) return InterpolationChange::AlreadyThere;
    return t.stepsOnly() ? InterpolationChange::StaysStep : InterpolationChange::Changes;
}

}  // namespace tangent
