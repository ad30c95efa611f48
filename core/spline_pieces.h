#pragma once
// Keys at any time (internal to core; simplify's third fit). A bake of a spline whose keys fall
// between the bake's frames (a 24 fps Blender curve baked at 30 fps) has its pieces intact
// between them: each run of samples that one cubic follows is one piece, and its keys lie where
// neighbouring pieces meet, found between the samples. Keys at samples would need two around
// each such meeting point.
#include <vector>

#include "tangent/track.h"

namespace tangent::detail {

struct RecoveredKeys {
    std::vector<double> times;            // strictly increasing, the first and last sample's at the ends
    std::vector<double> values, in, out;  // `components` per key
    std::vector<char> broken;             // per key: its two tangents differ
    int count() const { return int(times.size()); }
};

// From samples of a bake (times ascending; values `components` per sample): runs that one free
// cubic follows within `runTarget` (the path's error unit, pathError), holds at the ends (equal
// samples) as runs of their own, a key where each two neighbouring runs' cubics meet (between
// their samples), each key's time and value refined against the samples between its neighbours,
// tangents by least squares with the values held, a key added at a segment's worst sample where
// it misses `target` and dropped where its neighbours hold without it, and one slope through
// each key where both its segments stay within `target` (`broken` marks the others). False when
// that needs more than maxKeys keys, when the runs are a few samples each (dense motion, no
// spline's pieces) and when keys would come closer than kMinKeySpacing.
// A rotation spline plays its raw cubic normalized: its runs follow the samples' directions,
// each sample gets back the length its run's cubic has there (one scale, chained where runs
// meet), the pieces are recovered from those, and the keys are scaled to unit length with their
// tangents fitted again to the directions (a key added where a segment still misses). Not for
// rotation channels of more than 2000 samples (motion capture: the cost, for no pieces).
bool recoverPieces(TargetPath path, int components, const std::vector<double>& times, const std::vector<double>& values,
                   double runTarget, double target, int maxKeys, RecoveredKeys& keys);

}  // namespace tangent::detail
