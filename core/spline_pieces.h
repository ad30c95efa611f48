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
    std::vector<double> values, in, out;  // `components` per key; rotations unit
    std::vector<char> broken;             // per key: its two tangents differ
    int count() const { return int(times.size()); }
};

// From samples (times ascending; values `components` per sample, rotations unit and in one
// hemisphere): runs that one free cubic follows within `runTarget` (the path's error unit,
// pathError), a key where each two neighbouring runs' cubics meet (the time between their
// samples where they come closest), values there, tangents by least squares with the values
// held, and a key's two tangents made one where the samples on both sides stay within
// `target`. False when that needs more than maxKeys keys, or no key fits between two runs.
bool recoverPieces(TargetPath path, int components, const std::vector<double>& times, const std::vector<double>& values,
                   double runTarget, double target, int maxKeys, RecoveredKeys& keys);

}  // namespace tangent::detail
