#pragma once
// The edit API: every change the editor and the command line make to a curve goes through
// these functions, which keep a Track valid (times strictly increasing, finite numbers, at
// least the keys its interpolation needs). They work on a Track value; the caller hands the
// result to Document::setTrack (the editor does that inside an undo command).
#include <stdexcept>
#include <vector>

#include "tangent/timing.h"
#include "tangent/track.h"

namespace tangent {

// An edit that would make the track invalid; what() says why in one sentence.
class EditError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Keys never come closer than this in time (seconds): no zero-length segments.
constexpr double kMinKeySpacing = 1e-4;

// The largest shift in [0, dt] (or [dt, 0]) that moves the sorted `keys` together without
// crossing or meeting an unselected neighbour, nor going below time 0.
double clampTimeShift(const Track&, const std::vector<int>& keys, double dt);
// Moves keys in time by dt (clamped as above; returns the shift applied), each key then placed
// on `grid` (refused when that makes two keys meet). Tangents are value per second and stay as
// they are; auto-mode keys are recomputed.
double moveKeysInTime(Track&, const std::vector<int>& keys, double dt, const TimeGrid& grid = {});
// Sets one component's value of one key; auto-mode neighbours follow.
void setValue(Track&, int key, int component, double value);
// Sets a key's tangents (value per second) for one component. With `broken` false an Aligned
// key keeps in == out (the tangent given for the handle moved wins, the other follows).
enum class Handle { In, Out };
void setTangent(Track&, int key, int component, Handle which, double tangent, bool breakHandles = false);
void setTangents(Track&, int key, int component, double in, double out);
// Divides one key's value and both tangents, every component, by `divisor` (a rotation key
// made a unit quaternion keeps its tangents in proportion; -1 gives -q, the same rotation).
// Modes stay; auto-mode keys are recomputed. Throws EditError when the result is not finite.
void divideKey(Track&, int key, double divisor);
// Sets the handle mode for a key (one component, or all with component = -1) and applies it.
void setHandleMode(Track&, int key, int component, HandleMode mode);
// Gives each key (per component) of a CUBICSPLINE track the mode its tangents already follow:
// Auto-clamped, Auto, Flat or Linear when recomputing that mode gives exactly the stored floats
// (so the tangents of keys nobody edits never change), else it keeps its mode. The loader calls
// it, so handle modes survive a save and a reopen.
void inferHandleModes(Track&);
namespace detail {
// The plain form of inferHandleModes, mode by mode through modeTangents: the reference the
// tests hold the one-pass version to.
void inferHandleModesByTrying(Track&);
}  // namespace detail
// Whether a handle mode computes a key's tangents from its neighbours (Auto, Auto-clamped,
// Flat, Linear), so that they are recomputed when the neighbours change.
inline bool derivesTangents(HandleMode m) {
    return m == HandleMode::Auto || m == HandleMode::AutoClamped || m == HandleMode::Flat || m == HandleMode::Linear;
}
// Recomputes the tangents of every key whose mode derives them from its neighbours.
void applyAutoTangents(Track&);
// The in- and out-tangent a mode gives key k, component c, from the neighbouring values
// (Free and Aligned give the key's current tangents).
struct TangentPair {
    double in, out;
};
TangentPair modeTangents(const Track&, int key, int component, HandleMode mode);

// Inserts a key at time t strictly inside the range, keeping the curve's shape exactly:
// the new key takes the curve's value and slope there; neighbours keep their tangents
// (a cubic restricted to part of its segment is still a cubic). For rotation the value is
// normalized (the file must hold unit quaternions), which keeps the played curve up to the
// normalization. Returns the new key's index; throws EditError at an existing key's time.
int insertKey(Track&, double t);
// Deletes keys (any order); refuses to leave fewer keys than the interpolation needs.
void deleteKeys(Track&, std::vector<int> keys);
// Changes interpolation. To CUBICSPLINE from LINEAR: tangents are the segment slopes, so the
// motion is kept exactly (for rotation up to slerp vs. normalized lerp). From CUBICSPLINE the
// tangents are dropped (convert --to linear resamples instead, within a tolerance).
void setInterpolation(Track&, Interpolation);

// ---- transforming keys (scaling, retiming, shifting, trimming): each refuses, leaving the
// track as it was, what would make keys cross or meet (closer than kMinKeySpacing), go below
// time 0, or hold a number that is not finite. Every key a transform moves is placed on `grid`
// (its frame, when the grid snaps); keys it does not move stay where they are. Auto-mode keys
// are recomputed afterwards.

// The factor nearest to `factor` (> 0) that scales the times of `keys` about `pivot` without
// any key crossing or meeting a neighbour or going below 0 (an interactive drag clamps to it,
// as a move clamps with clampTimeShift). 1 when even that is not allowed.
double clampTimeScale(const Track&, const std::vector<int>& keys, double pivot, double factor);
// Times of `keys` t -> pivot + (t - pivot)·factor; their tangents ÷ factor, so that a segment
// between two scaled keys keeps its shape stretched (value per second: a slope over a segment
// twice as long is half as steep). A segment between a scaled and an unscaled key only changes
// length. Refuses factor <= 0 or not finite, and a result clampTimeScale would not allow.
void scaleKeysInTime(Track&, const std::vector<int>& keys, double pivot, double factor, const TimeGrid& grid = {});
// Values of `keys`, one component (-1: every component), v -> pivot + (v - pivot)·factor; their
// tangents × factor. Any finite factor (0 flattens, a negative one mirrors). For rotation the
// raw quaternion components are scaled; the curve played stays their normalized result.
void scaleKeysInValue(Track&, const std::vector<int>& keys, int component, double pivot, double factor);
// Retime: the keys in [t0, t1] stretched to [t0, newT1] (tangents ÷ the factor, as above) and
// every key after t1 moved by newT1 - t1, so the motion after the range keeps its timing. Keys
// at t0 and t1 are stretched keys too (both tangents), so the motion's speed has no jump there;
// a key within kMinKeySpacing / 2 of a bound is the key at it (a bound typed to 4 decimals
// names its key) and goes exactly to the bound's new time.
void retimeRange(Track&, double t0, double t1, double newT1, const TimeGrid& grid = {});
// Every key at or after `from` (within kMinKeySpacing / 2) moved by dt (time inserted, dt > 0, or removed, dt < 0);
// refuses to cross or meet the key before `from`, or to go below 0.
void shiftRange(Track&, double from, double dt, const TimeGrid& grid = {});
// Keeps [start, end] only: insertKey where the range cuts a segment (the shape kept exactly; a
// rotation's new key is a unit quaternion, which keeps the played curve at the cut only), keys
// outside removed; a track whose keys all lie outside holds its clamped value with keys at start
// and end. A key nearer start or end than kMinKeySpacing moves onto it. `startAtZero`: every key
// then moves by -start, so that the range plays from time 0 (what engines play). The cuts are
// placed on `grid` first.
void trimTrack(Track&, double start, double end, bool startAtZero, const TimeGrid& grid = {});

// The one rule for a change of interpolation (Channel ▸ Interpolation and Convert…, `convert
// --to`, `simplify`): a track already in `to` is left as it is, and an int or bool property
// (KHR_animation_pointer) keeps STEP, the only interpolation it plays: it is passed over with
// kOnlyStepsReason, not refused, so that the other channels of the same edit still change.
enum class InterpolationChange { AlreadyThere, StaysStep, Changes };
InterpolationChange interpolationChange(const Track&, Interpolation to);
inline constexpr const char* kOnlyStepsReason = "an integer or bool property only steps";

// Checks the invariants; throws EditError naming the first problem.
void checkTrack(const Track&);

}  // namespace tangent
