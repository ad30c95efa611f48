#pragma once
// Interpolation changes, exact where the spec allows it and within a tolerance elsewhere: the
// command line's `convert --to` and the editor's Channel > Convert use these. Every track they
// return passes checkTrack (edit.h).
#include "tangent/track.h"

namespace tangent {

// The track converted to `to`: LINEAR -> CUBICSPLINE exactly (the segment slopes as tangents;
// rotation fitted with added keys, slerp is not a cubic), CUBICSPLINE -> LINEAR resampled with
// as few keys as resampleToLinear finds, STEP -> LINEAR / CUBICSPLINE holding each value (see
// holdSteps), anything -> STEP keeping the keys. An int or bool property (stepsOnly) stays
// STEP: it is returned unchanged, as is a track already in `to`. `tolerance` is in the path's
// unit (difference.h) and held by the shared measure (measureDifference) where the conversion
// is not exact; STEP -> LINEAR / CUBICSPLINE and anything -> STEP are not held to it (a jump is
// not a ramp): measureDifference says by how much they differ.
Track converted(const Track& track, Interpolation to, double tolerance);

// The largest per-component difference between two tracks' evaluated curves (rotations
// compared up to sign, q and -q being the same rotation), over every key time of both and
// `samplesPerSegment` points inside each segment of either.
double maxDifference(const Track& a, const Track& b, int samplesPerSegment = 32);

// LINEAR keys that follow `source` within `tolerance` (in the path's unit, by the shared
// measure) with as few keys as the greedy search finds: dense candidate times (the source's keys
// and points between them), then from each kept key the farthest candidate that a straight
// segment (slerp for rotation) still reaches within a fraction of the tolerance at every
// candidate and midpoint in between; then confirmed by withinMeasure, window by window (a few
// dozen segments each), a candidate added where it misses (up to a limit: measure the result to
// know).
// Linear in the source's keys.
Track resampleToLinear(const Track& source, double tolerance);

namespace detail {
// The same search in its first, plain form (the candidates refined round by round over all of
// them, every confirmation from the last split to the end of the track): the reference that
// resampleToLinear must agree with, key for key.
Track resampleToLinearPlain(const Track& source, double tolerance);
}  // namespace detail

// CUBICSPLINE keys for a LINEAR rotation: normalized lerp of a cubic is not slerp, so keys
// are added (with the slerp's own value and slope) until within `tolerance` (degrees) by the
// shared measure, up to a limit.
Track fitRotationCubic(const Track& source, double tolerance);

// STEP as LINEAR or CUBICSPLINE: each value is held until just before the next key, where the
// curve moves to it within a short transition (1 ms, or a tenth of a short interval).
Track holdSteps(const Track& source, Interpolation to);

}  // namespace tangent
