#pragma once
// Baked animation (a key every frame) back into a few editable keys: the fitted CUBICSPLINE,
// the reduced LINEAR or the STEP track with the fewest bytes whose played curve stays within a
// tolerance of the source's (tangent/difference.h for the units).
#include <cstdint>

#include "tangent/difference.h"
#include "tangent/track.h"

namespace tangent {

enum class SimplifyTarget {
    Best,         // the smallest faithful form: fitted CUBICSPLINE, reduced LINEAR or STEP
    CubicSpline,  // fitted CUBICSPLINE keys
    Linear,       // reduced LINEAR keys (glTF-Transform's resample, exactly measured)
};

struct SimplifyOptions {
    Tolerances tolerances;
    SimplifyTarget to = SimplifyTarget::Best;
    // Where the error is measured: the shared measure (difference.h, segmentsAtSamples): a bake's
    // segments at their samples, every other segment everywhere; strict: everywhere.
    bool strict = false;
    bool operator==(const SimplifyOptions& o) const {
        return tolerances == o.tolerances && to == o.to && strict == o.strict;
    }
};

struct SimplifyResult {
    Track track;                            // passes checkTrack; the source itself when nothing smaller is faithful
    Difference atSourceKeys;                // the largest error at the source's key times
    Difference anywhere;                    // the largest error anywhere (differenceEverywhere)
    Difference byMeasure;                   // by the shared measure: what the tolerance held for
    Measure measure = Measure::Everywhere;  // which measure that was
    const Difference& measured() const { return byMeasure; }
};

SimplifyResult simplify(const Track& source, const SimplifyOptions& options = {});

// The bytes a track takes stored as floats: 4 per time, 4 per output number (CUBICSPLINE stores
// in-tangent, value and out-tangent per key).
std::uint64_t floatBytes(const Track&);

}  // namespace tangent
