#pragma once
// How far apart two played curves are, in the unit of their path. `simplify` keeps a fitted
// curve within a tolerance of its source with these, and `diff` reports them.
//
// The error between two played values:
//   translation  distance in scene units, |a - b|
//   rotation     degrees between the rotations, 2 acos |qa . qb| (normalized, so q and -q agree)
//   scale        per component |a - b| / max(1, |a|, |b|), the largest over the components
//   weights and other properties (KHR_animation_pointer)  per component |a - b|, the largest
#include <limits>
#include <vector>

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

// The unit of a path's error, as above: "units", "degrees", "relative" or "absolute".
const char* errorUnit(TargetPath);

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

namespace detail {
// The plain search, for tests: every piece searched, also those both tracks play alike (a
// segment whose keys and tangents are the same bits in both, whose error is 0 and which the
// search otherwise skips). Returns the previous setting.
bool searchEveryPiece(bool on);
}  // namespace detail

// Whether the error of `b` against `a` stays within `tolerance` everywhere, certified as above.
// Where the bisection cannot decide (the error within a hair of the tolerance, or the budget
// spent) the answer is false. On false, `over` (if given) receives a time where it is over (or
// differenceEverywhere's answer when undecided). A NaN (values near the float range) is over.
bool withinEverywhere(const Track& a, const Track& b, double tolerance, Difference* over = nullptr);

// ---------------------------------------------------------------------------------------------
// The measure: one rule for where a result is held to its source's tolerance, shared by
// simplify, convert, diff, fix and the editor's dialogs, so that no command fails another's work.
//
// A bake (a key every frame) is a sampled motion: its straight pieces between samples are an
// artifact, and a result is held to the samples there. Everything else is the motion as its author
// set it and is held everywhere. Segment k (keys k and k + 1) of a source is measured at its
// samples (its two keys) when all of these hold:
//  - the source is LINEAR or STEP (a CUBICSPLINE curve is what it plays: everywhere), and the
//    measure is not strict;
//  - its interval is the channel's common step: the interval most of the channel's segments have
//    (equal within 1e-4 of it plus the float rounding of the key times), and that step is at
//    most kMaxSampleInterval (10 samples a second or more: sparse keys are set by hand);
//  - it lies in a run of at least kMinBakeRun consecutive segments of that step (an isolated
//    short segment between holds is a hand-set transition, not a bake);
//  - for STEP, its two keys hold the same value (a STEP jump is played as a jump: everywhere).
// Every other segment, and the time outside the source's keys (it holds its end values there), is
// measured everywhere, certified as differenceEverywhere / withinEverywhere are.
constexpr double kMaxSampleInterval = 0.1;  // seconds
constexpr int kMinBakeRun = 3;

enum class Measure {
    AtSamples,   // every segment of the source is a bake's: measured at its keys
    Everywhere,  // every segment everywhere (CUBICSPLINE, sparse keys, strict, one key)
    Mixed,       // some of each
};
const char* toString(Measure);  // "at samples", "everywhere", "mixed"

// Per segment k of `source` (keyCount() - 1 entries): 1 when it is measured at its samples by
// the rule above, 0 when everywhere. All 0 when strict.
std::vector<char> segmentsAtSamples(const Track& source, bool strict = false);
Measure measureOf(const std::vector<char>& atSamples);

// The error of `result` against `source` by the measure `atSamples` gives (segmentsAtSamples of
// this source, or of the window of a larger one it was cut from): at the keys of the segments
// measured at samples, everywhere else. Certified as differenceEverywhere is. With `anywhere`,
// also differenceEverywhere's figure, certified alike, from the same walk (a piece both look at
// is searched once). The search stops at the first error by the measure above `stopAbove`: it
// returns that error and where, with an infinite upperBound (and `anywhere` unfinished, its
// upperBound infinite too), when a caller only needs the figures of a result within it.
Difference measuredDifference(const Track& source, const std::vector<char>& atSamples, const Track& result,
                              double absolutePrecision = 1e-9, Difference* anywhere = nullptr,
                              double stopAbove = std::numeric_limits<double>::infinity());
// Whether that error stays within `tolerance`, decided as withinEverywhere decides it; over the
// times [from, to] only (a result changed in one place, the rest already found within): the
// pieces between consecutive keys of either track that meet the window, each searched whole, at
// a cost that follows the keys in the window, not the whole track.
bool withinMeasure(const Track& source, const std::vector<char>& atSamples, const Track& result, double tolerance,
                   Difference* over = nullptr, double from = -std::numeric_limits<double>::infinity(),
                   double to = std::numeric_limits<double>::infinity());

struct Measurement {
    Difference difference;
    Measure measure = Measure::Everywhere;
    bool within = false;  // proven within the tolerance (withinMeasure)
};
// Both of the above for `result` against `source`, the measure from segmentsAtSamples(source,
// strict), the difference certified to `absolutePrecision`.
Measurement measureDifference(const Track& source, const Track& result, double tolerance, bool strict = false,
                              double absolutePrecision = 1e-9);

}  // namespace tangent
