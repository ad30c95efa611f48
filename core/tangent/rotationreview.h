#pragma once
// What the editor's rotation review shows of a rotation track: where neighbouring keys lie in
// opposite hemispheres, and the played rotation as unwrapped Euler angles in degrees.
#include <vector>

#include <glm/vec3.hpp>

#include "tangent/euler.h"
#include "tangent/track.h"

namespace tangent {

// Two rotation keys lie in opposite hemispheres when their dot product is below
// -kHemisphereDotRounding. Unit quaternions stored as floats give a dot product off by up to about
// 4 * 2^-24 (and keys are unit only to about that); within this of 0 the two keys are orthogonal,
// rotations 180 degrees apart, and both ways between them are equally long: no flip.
constexpr double kHemisphereDotRounding = 1e-6;
inline bool oppositeHemispheres(double dot) {
    return dot < -kHemisphereDotRounding;
}

// The segments k (keys k and k + 1) of a LINEAR or CUBICSPLINE rotation track whose keys have a
// negative dot product (oppositeHemispheres): the rule TANGENT_ROTATION_HEMISPHERE_FLIP reports (a spline between
// them takes the long way round). Empty for other tracks, and for STEP, which does not blend.
std::vector<int> hemisphereFlips(const Track&);

// The played rotation (normalized, as evaluate() gives it) at each of `times` (non-decreasing)
// as Euler angles in degrees about X, Y and Z in `order`, unwrapped along the times: each sample
// is nearestEuler to the one before (the first to `before`; no rotation: its smaller triple), so a turn
// past ±180° reads on (170, 180, 190) instead of jumping. Sample densely enough that the rotation turns by
// less than 180° from one time to the next. Empty for a track that is not a rotation.
// `before` is the angles (degrees) the first sample is unwrapped towards: a curve's sample before
// `times` when it goes on from there.
std::vector<glm::dvec3> eulerSamples(const Track&, const std::vector<double>& times, EulerOrder,
                                     const glm::dvec3& before = glm::dvec3(0.0));

}  // namespace tangent
