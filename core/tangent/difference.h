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
    bool operator==(const Tolerances& o) const {
        return translation == o.translation && rotationDegrees == o.rotationDegrees && scale == o.scale &&
               weights == o.weights && property == o.property;
    }
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
// upperBound is maxError + max(absolutePrecision, 1e-7 * maxError), a float's last digit, unless
// the search ran out of its budget (a pathological pair), when it is the bound that was left.
// Between the union of both tracks' key times both curves are smooth; each such piece is
// searched by interval bisection with Taylor bounds of the difference (exact derivatives at an
// interval's middle, the third bounded), so no peak is missed. The same curve is 0 at once.
Difference differenceEverywhere(const Track& a, const Track& b, double absolutePrecision = 1e-9);

// Whether the error of `b` against `a` stays within `tolerance` everywhere, certified as above.
// Where the bisection cannot decide (the error within a hair of the tolerance, or the budget
// spent) the answer is false. On false, `over` (if given) receives a time where it is over (or
// differenceEverywhere's answer when undecided). A NaN (values near the float range) is over.
bool withinEverywhere(const Track& a, const Track& b, double tolerance, Difference* over = nullptr);

}  // namespace tangent
