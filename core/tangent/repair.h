#pragma once
// The QA repairs of `tangent fix` and the editor's Channel > Fix Rotations, made through the
// edit API (edit.h): every track they leave passes checkTrack.
#include "tangent/track.h"

namespace tangent {

// Zeroes the first key's in-tangent and the last key's out-tangent of a CUBICSPLINE track
// (glTF never uses them). Returns the number of tangent components that were not zero.
int zeroUnusedTangents(Track&);
// Makes every key of a rotation track a unit quaternion, its tangents divided by the same
// length (which keeps the normalized curve's shape near the key). Keys already unit in float
// and zero keys stay. Returns the number of keys changed; other paths: 0.
int normalizeRotationKeys(Track&);
// Flips each rotation key (and its tangents) whose dot product with the previous key, as
// already flipped, is negative (oppositeHemispheres: beyond rounding of 0): -q is the same rotation, and the spec's
// slerp and the validator expect neighbours in one hemisphere. Returns the number of keys flipped.
int alignRotationHemispheres(Track&);

struct Repairs {
    bool zeroUnusedTangents = true;
    bool normalizeRotations = true;
    bool hemisphere = true;
};
struct RepairCounts {
    int zeroedTangents = 0;
    int normalizedKeys = 0;
    int flippedKeys = 0;
    RepairCounts& operator+=(const RepairCounts& o) {
        zeroedTangents += o.zeroedTangents;
        normalizedKeys += o.normalizedKeys;
        flippedKeys += o.flippedKeys;
        return *this;
    }
};
// The chosen repairs in the order `fix` applies them: zero, normalize, hemisphere.
RepairCounts repair(Track&, const Repairs&);

}  // namespace tangent
