#pragma once
// How far apart two played curves are, in the unit of their path. `simplify` keeps a fitted
// curve within a tolerance of its source with these, and `diff` reports them.
//
// The error between two played values:
//   translation  distance in scene units, |a - b|
//   rotation     degrees between the rotations, 2 acos |qa . qb| (normalized, so q and -q agree)
//   scale        per component |a - b| / max(1, |a|, |b|), the largest over the components
//   weights and other properties (KHR_animation_pointer)  per component |a - b|, the largest
#include "tangent/track.h"

namespace tangent {

// A tolerance per path, each in that path's unit (see above). The defaults suit real work:
// a tenth of a millimetre when a unit is a metre, a tenth of a degree.
struct Tolerances {
    double translation = 1e-4;
    double rotationDegrees = 0.1;
    double scale = 1e-3;
    double weights = 1e-3;
    double property = 1e-4;
    double forPath(TargetPath) const;
    // Every path's tolerance set to e (in each path's own unit).
    static Tolerances all(double e);
};

// The error between two played values (track.components numbers each; rotation x y z w).
double pathError(TargetPath, int components, const double* a, const double* b);

// The largest error found and the time where it is.
struct Difference {
    double maxError = 0;
    double at = 0;
    // differenceEverywhere: the true maximum is at most this (maxError plus the search's slack).
    double upperBound = 0;
};

// The error of `other` against `reference` at each of the reference's key times.
Difference differenceAtKeys(const Track& reference, const Track& other);

// The largest error anywhere over the union of both time ranges (each curve clamps outside its
// own range, as players do). Certified: the true maximum is in [maxError, upperBound], where
// upperBound is maxError + max(absolutePrecision, 1e-9 * maxError) unless a search ran out of its
// budget (a pathological pair), when it is the bound that was left. Between the union of both tracks' key times
// both curves are smooth, and each such piece is searched by interval bisection with a bound on
// how fast the error can change there (the two curves' speeds), so no peak is missed.
Difference differenceEverywhere(const Track& a, const Track& b, double absolutePrecision = 1e-9);

// Whether the error of `b` against `a` stays within `tolerance` everywhere, certified as above
// (a piece is given up as "over" when the bisection cannot decide: the error within a
// hair of the tolerance). On false, `over` (if given) receives a time where it is over, or undecided.
bool withinEverywhere(const Track& a, const Track& b, double tolerance, Difference* over = nullptr);

}  // namespace tangent
